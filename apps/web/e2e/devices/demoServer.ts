import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { ADMIN, chooseTenantIfAsked, submitLogin } from '../helpers';

/**
 * A demo-mode server: the shared e2e server runs without demo mode and without MQTT, so the flows
 * on the demo fleet start one with a fresh data folder (or a fresh schema of DATABASE_URL), the
 * demo simulator on and the broker on a random port, and drive it with absolute URLs. Most specs
 * get it through the worker fixture `demoBase` (e2e/demoTest.ts). Nothing outside 127.0.0.1 is
 * fetched: map tiles are refused, maps must still draw on the blank background.
 */
export interface DemoServer {
  /** `http://127.0.0.1:<port>` */
  base: string;
  /** Ends the server (by its own process id); it may have exited already. */
  stop: () => void;
  /** Ends the server and resolves once its process has exited, so that its port is free again. */
  close: () => Promise<void>;
}

const ROOT = resolve(import.meta.dirname, '..', '..', '..', '..');

/**
 * The server prints its start banner once the demo tenant is seeded and the simulator runs, which
 * comes after its health check first answers: a spec that started on the first answer could find
 * the demo's waybills, warehouse or orders still missing.
 */
const STARTED = 'ZTJ IoT is running';

/**
 * Waits for the health check and the start banner; fails at once when the process has exited, with
 * the end of its log.
 */
async function waitForHealth(base: string, deadline: number, server: ChildProcess, logFile: string): Promise<void> {
  const tail = (): string => readFileSync(logFile, 'utf8').split('\n').slice(-15).join('\n');
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null) {
      throw new Error(
        `demo server exited (${server.exitCode ?? server.signalCode}) before it answered; its log ends:\n${tail()}`,
      );
    }
    try {
      const res = await fetch(`${base}/ztj-iot/health`);
      if (res.ok && readFileSync(logFile, 'utf8').includes(STARTED)) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`demo server did not answer its health check and start in time; its log ends:\n${tail()}`);
}

/** Linux's range of ports handed to outgoing connections (32768–60999 unless the machine says otherwise). */
function ephemeralPorts(): [number, number] {
  try {
    const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    return [low ?? 32_768, high ?? 60_999];
  } catch {
    return [32_768, 60_999];
  }
}

/** True when something already answers a health check on `base` (a server left over by another run). */
async function answers(base: string): Promise<boolean> {
  return fetch(`${base}/ztj-iot/health`).then(
    () => true,
    () => false,
  );
}

/**
 * The database of a new demo server: with DATABASE_URL (as the e2e config) a fresh schema of its
 * own, named after the run's schema; without it the server keeps PGlite in its data folder.
 */
function databaseEnv(): Record<string, string> {
  const url = process.env.DATABASE_URL;
  if (!url) return {};
  const run = process.env.ZTJ_E2E_SCHEMA ?? 'e2e';
  return { DATABASE_URL: url, DATABASE_SCHEMA: `${run}_demo_${randomBytes(4).toString('hex')}` };
}

/**
 * Starts a demo-mode server on `port` (plus `env`, e.g. `MAP_TILES`) and waits until it answers its
 * health check and has seeded the demo. The port must lie outside the ephemeral range: there any client connection of the
 * machine (database, broker, browser) may hold it at that moment, and the server refuses to start
 * on a busy port (seen in a CI run on 47310). A port where another server already answers is
 * refused at once: the health check would otherwise pass against that server.
 */
export async function startDemoServer(port: number, env: Record<string, string> = {}): Promise<DemoServer> {
  const [low, high] = ephemeralPorts();
  if (port >= low && port <= high)
    throw new Error(`demo server port ${port} lies in the ephemeral range ${low}-${high}: choose one below ${low}`);
  const base = `http://127.0.0.1:${port}`;
  if (await answers(base))
    throw new Error(`a server already answers on ${base}: stop it, or give this run another E2E_PORT`);
  const dataDir = mkdtempSync(join(tmpdir(), 'ztj-e2e-devices-'));
  // the server's own output, kept for the error when it does not come up
  const logFile = join(dataDir, 'server.out');
  const out = openSync(logFile, 'a');
  const server: ChildProcess = spawn('node', ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', out, out],
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOGIN_CAPTCHA: 'off',
      ADMIN_PASSWORD: ADMIN.password,
      DEMO: 'on',
      MQTT_PORT: '0',
      LOG_LEVEL: 'warn',
      // the build the e2e run serves (a server without WEB_DIR rebuilds the console when its sources changed)
      WEB_DIR: process.env.ZTJ_E2E_WEB_DIR ?? join(ROOT, 'apps/web/dist'),
      ...databaseEnv(),
      ...env,
    },
  });
  const exited = new Promise<void>((done) => server.once('exit', () => done()));
  const running = (): boolean => server.exitCode === null && server.signalCode === null;
  const stop = (): void => {
    if (running()) server.kill();
  };
  const close = async (): Promise<void> => {
    if (!running()) return;
    server.kill();
    // the graceful drain takes a few seconds; a server still there after 30 s is killed outright
    const timer = setTimeout(() => server.kill('SIGKILL'), 30_000);
    await exited;
    clearTimeout(timer);
  };
  try {
    // a start-up wait only: 20–60 s usually, over three minutes seen on a machine loaded by other jobs
    await waitForHealth(base, Date.now() + 300_000, server, logFile);
  } catch (error) {
    stop();
    throw error;
  }
  return { base, stop, close };
}

/** Signs in as admin and takes the demo tenant, where the simulator's fleet lives. */
export async function signInToDemoTenant(
  page: Page,
  base: string,
  language: 'zh-CN' | 'en-US' = 'zh-CN',
): Promise<void> {
  await page.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort());
  await page.addInitScript(
    (lang) => localStorage.setItem('pro__LANGUAGE', JSON.stringify({ value: lang, expire: null })),
    language,
  );
  await page.goto(`${base}/#/user/login`);
  await submitLogin(page);
  await chooseTenantIfAsked(page, 'last');
  await expect(page.getByTestId('dashboard')).toBeVisible({ timeout: 20_000 });
}
