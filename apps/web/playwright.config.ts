import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end flows in Debian's Chromium against the real server (CONVENTIONS §7), which serves the
 * built console (`npm run build -w @ztj/web` first; `npm run test:e2e` does both).
 * Each run gets a fresh data directory (or, with DATABASE_URL, a fresh schema). The config is
 * evaluated again in worker processes, so the chosen values travel in the environment.
 */
const PORT = 18080;
process.env.ZTJ_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'ztj-e2e-'));
process.env.ZTJ_E2E_SCHEMA ??= `e2e_${randomBytes(6).toString('hex')}`;

const serverEnv: Record<string, string> = {
  PORT: String(PORT),
  DATA_DIR: process.env.ZTJ_E2E_DATA_DIR,
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
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
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
