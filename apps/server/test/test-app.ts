import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import type { ApiResponse } from '@ztj/contracts';
import { buildApp, type App } from '../src/app';
import { loadConfig, type Config } from '../src/platform/config/config';
import { openDb, type Db } from '../src/platform/db/db';
import { migrate } from '../src/platform/db/migrate';
import { seed } from '../src/modules/system/seed/seed';
import { pgliteTemplate } from './pglite-template';

/** Password of the seeded administrator in tests. */
export const ADMIN_PASSWORD = 'Test-Admin#2026';

export interface TestApp extends App {
  db: Db;
  config: Config;
  /** Signs in (captcha off) and returns the token. */
  login(username?: string, password?: string, headers?: Record<string, string>): Promise<string>;
  /** Sends a request through app.inject and parses the envelope. */
  call<T = unknown>(
    method: string,
    url: string,
    opts?: { token?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<{ status: number; body: ApiResponse<T> }>;
  close(): Promise<void>;
}

/**
 * A server on a fresh database (CONVENTIONS §7 integration tier): PGlite in memory by default
 * (started from the migrated template of test/pglite-template.ts), or a new schema on the PostgreSQL of DATABASE_URL (dropped on close).
 * `opts.logStream` receives the app's log lines (pino JSON; raise `LOG_LEVEL` in `env` to get any).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  opts: { logStream?: { write(line: string): void } } = {},
): Promise<TestApp> {
  const schema = process.env.DATABASE_URL ? `t_${crypto.randomBytes(6).toString('hex')}` : 'public';
  const config = loadConfig({
    LOGIN_CAPTCHA: 'off',
    LOG_LEVEL: 'silent',
    DATA_DIR: path.join(os.tmpdir(), `ztj-test-${process.pid}`),
    ADMIN_PASSWORD,
    DEMO: 'off',
    MQTT_PORT: 'off',
    // parallel test apps on one broker must not take over each other's ingest session
    MQTT_CLIENT_ID: 'random',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL, DATABASE_SCHEMA: schema } : {}),
    ...env,
  });
  const db = await openDb({
    url: config.databaseUrl,
    schema: config.databaseSchema,
    poolSize: 4,
    ...(config.databaseUrl ? {} : { pgliteTemplate: await pgliteTemplate() }),
  });
  await migrate(db);
  await seed(db, { adminPassword: ADMIN_PASSWORD, dataDir: config.dataDir });
  // push channels read the test's own variables only (a developer's SMTP_URL never gets test mail)
  const app = await buildApp({ config, db, pushEnv: env, ...(opts.logStream ? { logStream: opts.logStream } : {}) });
  await app.fastify.ready();

  const call: TestApp['call'] = async (method, url, opts = {}) => {
    const res = await app.fastify.inject({
      method: method as 'GET',
      url: `/ztj-iot${url}`,
      headers: { ...(opts.token ? { 'x-access-token': opts.token } : {}), ...opts.headers },
      ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
    });
    return { status: res.statusCode, body: res.json() };
  };
  return {
    ...app,
    db,
    config,
    call,
    async login(username = 'admin', password = ADMIN_PASSWORD, headers = {}) {
      const res = await call<{ token: string }>('POST', '/sys/login', { body: { username, password }, headers });
      if (!res.body.success) throw new Error(`login failed: ${res.body.message}`);
      return res.body.result.token;
    },
    async close() {
      await app.fastify.close();
      if (process.env.DATABASE_URL) {
        await db.query(`DROP SCHEMA "${schema}" CASCADE`);
        await db.query(`DROP SCHEMA IF EXISTS "${schema}_jobs" CASCADE`);
      }
      await db.close();
    },
  };
}
