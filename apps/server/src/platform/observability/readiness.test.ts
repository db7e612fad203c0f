// @module-tag embedded: readiness on PGlite, where the job queue shares the database
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { buildApp, type App } from '../../app';
import type { Db } from '../db/db';
import { checkReadiness } from './readiness';
import net from 'node:net';

/** `db` whose queries fail while `state.down` (the database unreachable after start-up). */
function switchableDb(db: Db, state: { down: boolean }): Db {
  return new Proxy(db, {
    get(target, prop) {
      if (prop === 'query' && state.down) return () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432'));
      const v = Reflect.get(target, prop, target) as unknown;
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  });
}

/** A TCP port nothing listens on. */
async function closedPort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

describe('health: live and ready', () => {
  let t: TestApp;
  let app: App;
  const state = { down: false };
  beforeAll(async () => {
    t = await createTestApp();
    app = await buildApp({ config: t.config, db: switchableDb(t.db, state) });
    await app.fastify.ready();
  });
  afterAll(async () => {
    await app?.fastify.close();
    await t?.close();
  });

  it('answers ready (200) when the database answers and nothing fails', async () => {
    const res = await app.fastify.inject({ url: '/ztj-iot/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      code: 200,
      result: {
        status: 'ready',
        failing: [],
        parts: {
          database: { state: 'ok' },
          broker: { state: 'off' },
          ingestStore: { state: 'ok' },
          jobQueue: { state: 'ok' },
        },
      },
    });
  });

  it('answers 503 naming the database when it does not answer, while liveness stays 200', async () => {
    state.down = true;
    try {
      const ready = await app.fastify.inject({ url: '/ztj-iot/health/ready' });
      expect(ready.statusCode).toBe(503);
      const body = ready.json();
      expect(body).toMatchObject({ success: false, code: 503, result: { status: 'not ready' } });
      // on PGlite the job queue shares the database and fails with it; on PostgreSQL it has its own pool
      expect(body.result.failing[0]).toBe('database');
      expect(body.message).toContain('database');
      expect(body.result.parts.database.detail).toContain('ECONNREFUSED');
      const live = await app.fastify.inject({ url: '/ztj-iot/health' });
      expect(live.statusCode).toBe(200);
      expect(live.json()).toMatchObject({ success: true, result: { status: 'up' } });
    } finally {
      state.down = false;
    }
    expect((await app.fastify.inject({ url: '/ztj-iot/health/ready' })).statusCode).toBe(200);
  });

  it('answers 503 naming the ingest store while its writes fail', async () => {
    Object.defineProperty(app.devices, 'storeFailing', { get: () => true, configurable: true });
    try {
      const res = await app.fastify.inject({ url: '/ztj-iot/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        success: false,
        message: 'not ready: ingestStore',
        result: { failing: ['ingestStore'] },
      });
    } finally {
      delete (app.devices as { storeFailing?: boolean }).storeFailing;
    }
    expect((await app.fastify.inject({ url: '/ztj-iot/health/ready' })).statusCode).toBe(200);
  });

  it('answers 503 naming the job queue once it is stopped', async () => {
    await app.jobs.stop();
    const res = await app.fastify.inject({ url: '/ztj-iot/health/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      success: false,
      message: 'not ready: jobQueue',
      result: { failing: ['jobQueue'], parts: { jobQueue: { state: 'failing' } } },
    });
  });

  it('names a hung database, an unreachable broker and a failing ingest store', async () => {
    const hung = { query: () => new Promise<never>(() => undefined) } as unknown as Db;
    const r = await checkReadiness({
      db: hung,
      devices: { storeFailing: true, mqttPort: undefined },
      brokerUrl: `mqtt://127.0.0.1:${await closedPort()}`,
      embeddedBroker: false,
      timeoutMs: 200,
    });
    expect(r.ready).toBe(false);
    expect(r.failing).toEqual(['database', 'broker', 'ingestStore']);
    expect(r.parts.database.detail).toContain('did not answer within 200 ms');
    const embedded = await checkReadiness({
      db: t.db,
      devices: { storeFailing: false, mqttPort: undefined },
      brokerUrl: undefined,
      embeddedBroker: true,
    });
    expect(embedded.failing).toEqual(['broker']);
    expect(
      (
        await checkReadiness({
          db: t.db,
          devices: { storeFailing: false, mqttPort: 1883 },
          brokerUrl: undefined,
          embeddedBroker: true,
        })
      ).ready,
    ).toBe(true);
  });
});
