import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, chooseTenantIfAsked, submitLogin } from '../helpers';

/**
 * A server of its own for the device flows: the shared e2e server runs without demo mode and
 * without MQTT, so device specs start one with a fresh data folder, the demo simulator on and the
 * broker on a random port, and drive it with absolute URLs. Nothing outside 127.0.0.1 is fetched:
 * map tiles are refused, maps must still draw on the blank background.
 */
export interface DemoServer {
  /** `http://127.0.0.1:<port>` */
  base: string;
  /** Ends the server (by its own process id); it may have exited already. */
  stop: () => void;
}

const ROOT = resolve(import.meta.dirname, '..', '..', '..', '..');

async function waitForHealth(base: string, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${base}/ztj-iot/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('demo server did not start');
}

/** Starts a demo-mode server on `port` (plus `env`, e.g. `MAP_TILES`) and waits until it answers its health check. */
export async function startDemoServer(port: number, env: Record<string, string> = {}): Promise<DemoServer> {
  const base = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn('node', ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    stdio: 'ignore',
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      DATA_DIR: mkdtempSync(join(tmpdir(), 'ztj-e2e-devices-')),
      LOGIN_CAPTCHA: 'off',
      ADMIN_PASSWORD: ADMIN.password,
      DEMO: 'on',
      MQTT_PORT: '0',
      LOG_LEVEL: 'warn',
      // the build the e2e run serves (a server without WEB_DIR rebuilds the console when its sources changed)
      WEB_DIR: process.env.ZTJ_E2E_WEB_DIR ?? join(ROOT, 'apps/web/dist'),
      ...env,
    },
  });
  const stop = (): void => {
    if (server.exitCode === null) server.kill();
  };
  try {
    await waitForHealth(base, Date.now() + 120_000);
  } catch (error) {
    stop();
    throw error;
  }
  return { base, stop };
}

/** Signs in as admin and takes the demo tenant, where the simulator's fleet lives. */
export async function signInToDemoTenant(page: Page, base: string, language: 'zh-CN' | 'en-US' = 'zh-CN'): Promise<void> {
  await page.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort());
  await page.addInitScript((lang) => localStorage.setItem('pro__LANGUAGE', JSON.stringify({ value: lang, expire: null })), language);
  await page.goto(`${base}/#/user/login`);
  await submitLogin(page);
  await chooseTenantIfAsked(page, 'last');
  await expect(page.getByTestId('dashboard')).toBeVisible({ timeout: 20_000 });
}

/**
 * Gives the spec file its own demo server on `port` for all its tests (started before them,
 * stopped after them); returns the base URL.
 */
export function useDemoServer(port: number, env: Record<string, string> = {}): string {
  let server: DemoServer | null = null;
  test.beforeAll(async () => {
    test.setTimeout(150_000);
    server = await startDemoServer(port, env);
  });
  test.afterAll(() => {
    server?.stop();
  });
  return `http://127.0.0.1:${port}`;
}
