import { cpSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end flows in Debian's Chromium against the real server (CONVENTIONS §7), which serves the
 * built console (`npm run build -w @ztj/web` first; `npm run test:e2e` does both).
 * Each run gets a fresh data directory (or, with DATABASE_URL, a fresh schema). The config is
 * evaluated again in worker processes, so the chosen values travel in the environment.
 */
/** Port of the e2e server; E2E_PORT lets two runs on one machine stay apart. */
const PORT = Number(process.env.E2E_PORT ?? 18080);
process.env.ZTJ_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'ztj-e2e-'));
process.env.ZTJ_E2E_SCHEMA ??= `e2e_${randomBytes(6).toString('hex')}`;
process.env.ZTJ_E2E_WEB_DIR ??= snapshotOfBuild();

/**
 * The server gets a copy of the built console taken when the run starts, so another build of
 * `apps/web/dist` during the run (the server lists static files at start-up) cannot break it.
 */
function snapshotOfBuild(): string {
  const dist = join(dirname(fileURLToPath(import.meta.url)), 'dist');
  if (!existsSync(join(dist, 'index.html')))
    throw new Error('apps/web/dist is missing: run `npm run build -w @ztj/web` first');
  const copy = mkdtempSync(join(tmpdir(), 'ztj-e2e-web-'));
  cpSync(dist, copy, { recursive: true });
  return copy;
}

const serverEnv: Record<string, string> = {
  PORT: String(PORT),
  DATA_DIR: process.env.ZTJ_E2E_DATA_DIR,
  WEB_DIR: process.env.ZTJ_E2E_WEB_DIR,
  LOGIN_CAPTCHA: 'off',
  ADMIN_PASSWORD: 'E2e-Admin#2026',
  DEMO: 'off',
  LOG_LEVEL: 'warn',
  // The machine may already run an MQTT broker on 1883; the browser flows do not need one.
  MQTT_PORT: 'off',
  PATH: process.env.PATH ?? '',
};
if (process.env.DATABASE_URL) {
  serverEnv.DATABASE_URL = process.env.DATABASE_URL;
  serverEnv.DATABASE_SCHEMA = process.env.ZTJ_E2E_SCHEMA;
}

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  outputDir: '../../test-results/e2e',
  // Two spec files at a time (the tests of a file stay in order on one worker); E2E_WORKERS=1 runs
  // one file at a time. Measured on the 2-core machine, whole run: one worker with trace
  // screencasts 17.0 min; two workers without them 12.1 min, CPU about 70 % busy.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  fullyParallel: false,
  // No retries: a test that passes only on a second try is a flake to fix, not to hide
  // (`npm run test:e2e:stress -- <spec…>` finds them before they land, see docs/development.md).
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  // the 10 slowest spec files of every run, named after its summary
  reportSlowTests: { max: 10, threshold: 0 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // No animation can swallow a click: the console turns antd's motion off when the system asks for
    // reduced motion (AntdRoot, useReducedMotion), and so does its own CSS. A context a spec opens
    // itself (`browser.newContext`) does not inherit this: use `newContext` of e2e/helpers.ts.
    contextOptions: { reducedMotion: 'reduce' },
    // DOM snapshots and actions only: the screencast of every test (kept only for a failure) cost
    // Chromium's browser and GPU processes about a third of the run's CPU
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    locale: 'zh-CN',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1440, height: 900 },
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: [
            '--headless',
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
  webServer: {
    command: 'node --import tsx apps/server/src/main.ts',
    cwd: '../..',
    url: `http://127.0.0.1:${PORT}/ztj-iot/health`,
    env: serverEnv,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
