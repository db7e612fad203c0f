import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT, loadConfig } from '../config/config';
import { openConfiguredDb } from '../db/configured-db';
import type { Db } from '../db/db';
import { migrate } from '../db/migrate';
import { seed } from '../../modules/system/seed/seed';
import { DEMO_TENANT_ID } from '../tenancy/tenant-ids';
import { provisionDevice } from '../../modules/devices/device-provision';

/**
 * The real server as a child process (`node --import tsx apps/server/src/main.ts`) for the
 * shutdown and crash tests: a temporary DATA_DIR (or a fresh schema of DATABASE_URL),
 * free ports, devices provisioned beforehand. {@link stopServers} kills what is left and removes
 * the data (call it from `afterAll`).
 */
const children: ChildProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];

/** Kills every server child still running (SIGKILL) and removes their data folders and schemas. */
export async function stopServers(): Promise<void> {
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const f of cleanups.splice(0)) await f().catch(() => undefined);
}

/** A TCP port free at the time of the call on 127.0.0.1. */
export async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

/** A running server child. */
export interface ServerProcess {
  child: ChildProcess;
  /** `http://127.0.0.1:<port>/ztj-iot`. */
  base: string;
  env: Record<string, string>;
  /** Everything the child wrote to stdout and stderr so far. */
  output: () => string;
  exited: Promise<number | null>;
}

/**
 * Environment of a server on a new database (temporary DATA_DIR, or a fresh schema when the test
 * runs with DATABASE_URL), migrated and seeded, with `devices` (id, secret) in the demo tenant.
 * `extra` overrides the defaults (embedded broker off, demo off, captcha off, JSON logs).
 */
export async function prepareServer(
  extra: Record<string, string>,
  devices: readonly { id: string; secret: string }[],
): Promise<Record<string, string>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ztj-proc-'));
  const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ztj-proc-web-'));
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    WEB_DIR: webDir,
    PORT: String(await freePort()),
    HOST: '127.0.0.1',
    MQTT_PORT: 'off',
    DEMO: 'off',
    LOGIN_CAPTCHA: 'off',
    ADMIN_PASSWORD: 'Test-Admin#2026',
    LOG_LEVEL: 'info',
    LOG_FORMAT: 'json',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL, DATABASE_SCHEMA: schema } : {}),
    ...extra,
  };
  const db = await openConfiguredDb(loadConfig(env));
  await migrate(db);
  await seed(db, { adminPassword: env.ADMIN_PASSWORD, dataDir });
  for (const d of devices)
    await provisionDevice(db, {
      id: d.id,
      secret: d.secret,
      tenantId: DEMO_TENANT_ID,
      model: 'P23-2IN1',
      orgCode: 'B01',
    });
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
  return env;
}

/**
 * Starts the server with `env` (see {@link prepareServer}) and waits up to 240 s until /health
 * answers: a start-up wait (a few seconds idle, over two minutes seen on a loaded 2-core machine).
 */
export async function spawnServer(env: Record<string, string>): Promise<ServerProcess> {
  const { MQTT_URL: _m, DATABASE_URL: _d, DATABASE_SCHEMA: _s, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: { ...inherited, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const base = `http://127.0.0.1:${env.PORT}/ztj-iot`;
  for (const until = Date.now() + 240_000; ;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited at start:\n${out}`);
    if (
      await fetch(`${base}/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > until) throw new Error(`server not up within 240 s:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, base, env, output: () => out, exited };
}

/** {@link prepareServer} with one device, then {@link spawnServer}. */
export async function startServer(
  extra: Record<string, string>,
  deviceId: string,
  secret: string,
): Promise<ServerProcess> {
  return spawnServer(await prepareServer(extra, [{ id: deviceId, secret }]));
}

/** Exit code of the child, or throws when it has not exited within `ms` (the test's own bound). */
export async function exitWithin(s: ServerProcess, ms: number): Promise<number | null> {
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<never>(
    (_, reject) =>
      (timer = setTimeout(() => reject(new Error(`server did not exit within ${ms} ms:\n${s.output()}`)), ms)),
  );
  try {
    return await Promise.race([s.exited, bound]);
  } finally {
    clearTimeout(timer);
  }
}

/** Opens the database the server of `env` uses (close it after use). */
export function openServerDb(env: Record<string, string>): Promise<Db> {
  return openConfiguredDb(loadConfig(env));
}
