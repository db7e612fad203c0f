import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { buildApp, type App } from '../../app';
import { requestLogLine } from './request-log';

describe('request logging at an operator level', () => {
  let t: TestApp;
  let app: App;
  const lines: Record<string, unknown>[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    app = await buildApp({
      config: { ...t.config, logLevel: 'info', logSlowMs: 60_000 },
      db: t.db,
      logStream: { write: (l) => lines.push(JSON.parse(l)) },
    });
    app.fastify.get('/boom', async () => {
      throw new Error('kaput');
    });
    await app.fastify.ready();
  });
  afterAll(async () => {
    await app.fastify.close();
    await t.close();
  });

  it('logs nothing for ordinary requests at info, one line for a failed one', async () => {
    await app.fastify.inject({ url: '/ztj-iot/health' });
    await app.fastify.inject({ url: '/ztj-iot/sys/user/list' }); // 401: the client's problem, not the operator's
    expect(lines.filter((l) => /request/.test(String(l.msg)))).toEqual([]);
    await app.fastify.inject({ url: '/boom' });
    const failed = lines.filter((l) => l.msg === 'request failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ level: 50, req: { method: 'GET', url: '/boom' }, res: { statusCode: 500 } });
  });

  it('chooses the level by outcome and time', () => {
    expect(requestLogLine(200, 5, 1000)).toEqual({ level: 'debug', msg: 'request completed' });
    expect(requestLogLine(404, 5, 1000).level).toBe('debug');
    expect(requestLogLine(200, 1000, 1000)).toEqual({ level: 'warn', msg: 'slow request' });
    expect(requestLogLine(503, 1, 1000)).toEqual({ level: 'error', msg: 'request failed' });
  });
});
