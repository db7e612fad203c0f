import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { buildApp, type App } from '../../app';
import { DEMO_TENANT_ID } from '../tenancy/tenant-ids';

describe('request log lines carry the request id and the tenant', () => {
  let t: TestApp;
  let app: App;
  const lines: Record<string, unknown>[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    app = await buildApp({
      config: { ...t.config, logLevel: 'debug' },
      db: t.db,
      logStream: { write: (l) => lines.push(JSON.parse(l) as Record<string, unknown>) },
    });
    await app.fastify.ready();
  });
  afterAll(async () => {
    await app?.fastify.close();
    await t?.close();
  });

  it('names tenant and user on the line of an authenticated request, not on an anonymous one', async () => {
    const token = await t.login();
    const [admin] = await t.db.query<{ id: string }>("SELECT id FROM sys_user WHERE username = 'admin'");
    const res = await app.fastify.inject({
      url: '/ztj-iot/sys/user/list?pageNo=1',
      headers: { 'x-access-token': token, 'tenant-id': String(DEMO_TENANT_ID) },
    });
    expect(res.statusCode).toBe(200);
    const done = lines.filter(
      (l) =>
        l.msg === 'request completed' &&
        String((l.req as { url?: string } | undefined)?.url).startsWith('/ztj-iot/sys/user/list'),
    );
    expect(done).toHaveLength(1);
    expect(done[0]).toMatchObject({ reqId: expect.any(String), userId: String(admin!.id), tenantId: DEMO_TENANT_ID });
    await app.fastify.inject({ url: '/ztj-iot/health' });
    const health = lines.find(
      (l) => l.msg === 'request completed' && (l.req as { url?: string } | undefined)?.url === '/ztj-iot/health',
    );
    expect(health).toMatchObject({ reqId: expect.any(String) });
    expect(health).not.toHaveProperty('tenantId');
  });
});
