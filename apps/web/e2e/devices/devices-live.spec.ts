import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, submitLogin } from '../helpers';

/**
 * Device screens against a live fleet: the shared e2e server runs without demo mode and without
 * MQTT, so this file starts its own server (fresh data folder, demo simulator on, broker on a random
 * port) and drives it with absolute URLs. Nothing outside 127.0.0.1 is fetched: map tiles are
 * refused, the track must still draw on the blank background.
 */
const PORT = 18_094;
const BASE = `http://127.0.0.1:${PORT}`;
const ROOT = resolve(import.meta.dirname, '..', '..', '..', '..');
let server: ChildProcess | null = null;

async function waitForHealth(deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${BASE}/ztj-iot/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('demo server did not start');
}

test.beforeAll(async () => {
  test.setTimeout(150_000);
  server = spawn('node', ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    stdio: 'ignore',
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(PORT),
      DATA_DIR: mkdtempSync(join(tmpdir(), 'ztj-e2e-devices-')),
      LOGIN_CAPTCHA: 'off',
      ADMIN_PASSWORD: ADMIN.password,
      DEMO: 'on',
      MQTT_PORT: '0',
      LOG_LEVEL: 'warn',
    },
  });
  await waitForHealth(Date.now() + 120_000);
});

test.afterAll(() => {
  // Ended by its own id; it may have exited already.
  if (server && server.exitCode === null) server.kill();
});

/** Signs in as admin and takes the demo tenant, where the simulator's fleet lives. */
async function signInToDemoTenant(page: Page): Promise<void> {
  await page.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort());
  await page.addInitScript(() => localStorage.setItem('pro__LANGUAGE', JSON.stringify({ value: 'zh-CN', expire: null })));
  await page.goto(`${BASE}/#/user/login`);
  await submitLogin(page);
  const tenantChoice = page.getByTestId('tenant-choice');
  await expect(tenantChoice.or(page.getByTestId('dashboard'))).toBeVisible({ timeout: 20_000 });
  if (await tenantChoice.isVisible()) {
    await tenantChoice.getByRole('radio').last().check();
    await page.locator('.ant-modal').getByRole('button', { name: /确\s*定|OK/ }).click();
  }
  await expect(page.getByTestId('dashboard')).toBeVisible({ timeout: 20_000 });
}

test('the device list updates live while the demo fleet reports; chart and track draw', async ({ page }) => {
  test.setTimeout(120_000);
  await signInToDemoTenant(page);

  await page.goto(`${BASE}/#/device/list`);
  const list = page.getByTestId('device-list');
  await expect(list).toBeVisible();
  const time = list.getByTestId('report-time-SIM-TAG-001');
  await expect(time).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, { timeout: 20_000 });
  const first = await time.innerText();
  const values = await list.getByTestId('values-SIM-TAG-001').innerText();
  expect(values).toMatch(/°C/);
  // The simulator replays at 60x: the time (and usually the values) move within seconds, no reload.
  await expect.poll(() => time.innerText(), { timeout: 30_000, intervals: [1_000] }).not.toBe(first);

  await list.getByTestId('detail-SIM-VH-001').click();
  const detail = page.getByTestId('device-detail');
  await expect(detail).toBeVisible();

  await detail.getByRole('tab', { name: '历史曲线' }).click();
  const chart = page.getByTestId('history-chart');
  await expect(chart.locator('canvas').first()).toBeVisible({ timeout: 20_000 });
  await expect
    .poll(
      () =>
        chart.locator('canvas').first().evaluate((canvas: HTMLCanvasElement) => {
          const ctx = canvas.getContext('2d');
          if (!ctx) return 0;
          const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
          let blue = 0;
          for (let i = 0; i < data.length; i += 4) if (data[i + 3] > 0 && data[i + 2] > 150 && data[i] < 150) blue++;
          return blue;
        }),
      { timeout: 15_000 },
    )
    .toBeGreaterThan(200);

  await detail.getByRole('tab', { name: '轨迹' }).click();
  const line = page.getByTestId('track-map').locator('path.ztj-track-line');
  await expect(line).toBeVisible({ timeout: 20_000 });
  expect((await line.getAttribute('d'))?.length ?? 0).toBeGreaterThan(50);
  await page.getByTestId('track-play').click();
  await expect(page.getByTestId('track-pause')).toBeVisible();
});
