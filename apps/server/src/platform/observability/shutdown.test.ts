import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HEADER_DEVICE_SECRET, topics } from '@ztj/contracts';
import { connectAsync } from 'mqtt';
import { REPO_ROOT, loadConfig } from '../config/config';
import { openConfiguredDb } from '../db/configured-db';
import { migrate } from '../db/migrate';
import { seed } from '../../modules/system/seed/seed';
import { DEMO_TENANT_ID } from '../../modules/system/seed/seed';
import { provisionDevice } from '../../modules/devices/device-provision';

/**
 * SIGTERM drain of the real server (issue #15 item 6): `node --import tsx apps/server/src/main.ts`
 * as a child process on a temporary DATA_DIR (or a fresh schema of DATABASE_URL), free ports,
 * HTTP ingest, and MQTT through the embedded broker.
 */
const children: ChildProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const f of cleanups) await f().catch(() => undefined);
});

async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

interface Server {
  child: ChildProcess;
  base: string;
  env: Record<string, string>;
  /** Everything the child wrote to stdout and stderr so far. */
  output: () => string;
  exited: Promise<number | null>;
}

/** Prepares a database with one device, starts the server on it and waits until it answers. */
async function startServer(extra: Record<string, string>, deviceId: string, secret: string): Promise<Server> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ztj-drain-'));
  const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ztj-drain-web-'));
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
  const port = await freePort();
  const env: Record<string, string> = {
    DATA_DIR: dataDir, WEB_DIR: webDir, PORT: String(port), HOST: '127.0.0.1', MQTT_PORT: 'off', DEMO: 'off',
    LOGIN_CAPTCHA: 'off', ADMIN_PASSWORD: 'Test-Admin#2026', LOG_LEVEL: 'info', LOG_FORMAT: 'json',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL, DATABASE_SCHEMA: schema } : {}),
    ...extra,
  };
  const db = await openConfiguredDb(loadConfig(env));
  await migrate(db);
  await seed(db, { adminPassword: env.ADMIN_PASSWORD, dataDir });
  await provisionDevice(db, { id: deviceId, secret, tenantId: DEMO_TENANT_ID, model: 'P23-2IN1', orgCode: 'B01' });
  await db.close();
  cleanups.push(async () => {
    if (process.env.DATABASE_URL) {
      const admin = await openConfiguredDb(loadConfig({ ...env, DATABASE_SCHEMA: 'public' }));
      await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await admin.close();
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  const { MQTT_URL: _m, DATABASE_URL: _d, DATABASE_SCHEMA: _s, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { cwd: REPO_ROOT, env: { ...inherited, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const base = `http://127.0.0.1:${port}/ztj-iot`;
  for (const until = Date.now() + 60_000; ; ) {
    if (child.exitCode !== null) throw new Error(`server exited at start:\n${out}`);
    if (await fetch(`${base}/health`).then((r) => r.ok, () => false)) break;
    if (Date.now() > until) throw new Error(`server not up within 60 s:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, base, env, output: () => out, exited };
}

/** Exit code of the child, or throws when it has not exited within `ms` (the test's own bound). */
async function exitWithin(s: Server, ms: number): Promise<number | null> {
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`server did not exit within ${ms} ms:\n${s.output()}`)), ms)));
  try {
    return await Promise.race([s.exited, bound]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The server exited 0 after a complete drain, and every reading it acknowledged (at least
 * `min`, ms-epoch device times) is in the database it left behind.
 */
async function expectDrained(s: Server, code: number | null, deviceId: string, acknowledged: number[], min: number): Promise<void> {
  expect(s.output()).toContain('shutdown complete');
  expect(code).toBe(0);
  const db = await openConfiguredDb(loadConfig(s.env));
  try {
    const rows = await db.query<{ ts: string | number }>('SELECT ts FROM telemetry WHERE device_id = $1', [deviceId]);
    const stored = new Set(rows.map((r) => Number(r.ts)));
    expect(acknowledged.length).toBeGreaterThanOrEqual(min);
    expect(acknowledged.filter((ts) => !stored.has(ts))).toEqual([]);
  } finally {
    await db.close();
  }
}

describe('SIGTERM drain of the real server (issue #15 item 6)', () => {
  it('stops accepting, commits what is in flight, exits 0, and every acknowledged reading is stored', async () => {
    const id = `DRAIN-${crypto.randomBytes(3).toString('hex').toUpperCase()}`;
    const secret = 'drain-secret-0123456789';
    const s = await startServer({ SHUTDOWN_TIMEOUT_MS: '20000' }, id, secret);
    const acknowledged: number[] = [];
    let seq = 0;
    let stop = false;
    let signalled: (() => void) | undefined;
    const sigterm = new Promise<void>((r) => (signalled = r));
    const t0 = Date.now() - 3_600_000;
    // 8 devices' worth of concurrent posters: readings keep arriving while SIGTERM lands
    const poster = async (): Promise<void> => {
      while (!stop) {
        const ts = t0 + ++seq * 1000;
        const ok = await fetch(`${s.base}/ingest/devices/${id}/telemetry`, {
          method: 'POST',
          headers: { [HEADER_DEVICE_SECRET]: secret, 'content-type': 'application/json' },
          body: JSON.stringify({ ts, values: { P003: 4.5 } }),
        }).then(async (r) => r.status === 200 && ((await r.json()) as { success: boolean }).success, () => false);
        if (ok) acknowledged.push(ts);
        else stop = true;
        if (acknowledged.length >= 50 || stop) signalled?.();
      }
    };
    const posters = Array.from({ length: 8 }, () => poster());
    await sigterm;
    s.child.kill('SIGTERM');
    const code = await exitWithin(s, 30_000);
    stop = true;
    await Promise.all(posters);
    await expectDrained(s, code, id, acknowledged, 50);
  });

  it('drains MQTT too: every reading the embedded broker acknowledged is stored, exit 0', async () => {
    const id = `DRAIN-${crypto.randomBytes(3).toString('hex').toUpperCase()}`;
    const secret = 'drain-secret-0123456789';
    const mqttPort = await freePort();
    const s = await startServer({ SHUTDOWN_TIMEOUT_MS: '20000', MQTT_PORT: String(mqttPort), MQTT_RATE: '0' }, id, secret);
    const client = await connectAsync(`mqtt://127.0.0.1:${mqttPort}`, { protocolVersion: 4, clientId: id, username: id, password: secret, reconnectPeriod: 0, connectTimeout: 5000 });
    client.on('error', () => undefined);
    const acknowledged: number[] = [];
    let seq = 0;
    let stop = false;
    let signalled: (() => void) | undefined;
    const sigterm = new Promise<void>((r) => (signalled = r));
    const t0 = Date.now() - 3_600_000;
    // 10 QoS 1 publishes in flight at any time; a lane stops at its first unacknowledged publish
    const lane = async (): Promise<void> => {
      while (!stop) {
        const ts = t0 + ++seq * 1000;
        const ok = await client.publishAsync(topics.telemetry(id), JSON.stringify({ ts, values: { P003: 4.5 } }), { qos: 1 }).then(() => true, () => false);
        if (ok) acknowledged.push(ts);
        else stop = true;
        if (acknowledged.length >= 100 || stop) signalled?.();
      }
    };
    for (let i = 0; i < 10; i++) void lane();
    await sigterm;
    s.child.kill('SIGTERM');
    const code = await exitWithin(s, 30_000);
    stop = true;
    client.end(true);
    await expectDrained(s, code, id, acknowledged, 100);
  });

  it('exits non-zero with a log line when the drain does not finish within SHUTDOWN_TIMEOUT_MS', async () => {
    const id = `DRAIN-${crypto.randomBytes(3).toString('hex').toUpperCase()}`;
    const s = await startServer({ SHUTDOWN_TIMEOUT_MS: '1000' }, id, 'drain-secret-0123456789');
    // a request whose body never ends keeps the HTTP server from closing
    const url = new URL(s.base);
    const socket = net.connect({ host: url.hostname, port: Number(url.port) });
    await new Promise<void>((r) => socket.once('connect', () => r()));
    socket.write(`POST /ztj-iot/ingest/devices/${id}/telemetry HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"ts":`);
    await new Promise((r) => setTimeout(r, 200));
    s.child.kill('SIGTERM');
    try {
      const code = await exitWithin(s, 30_000);
      expect(code).toBe(1);
      expect(s.output()).toMatch(/shutdown timed out after 1000 ms/);
    } finally {
      socket.destroy();
    }
  });
});
