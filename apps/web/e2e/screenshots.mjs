#!/usr/bin/env node
/**
 * Screenshots of the console (issue #2): login page and signed-in shell, zh-CN and en-US,
 * desktop 1440×900 and mobile 375×812, written to ./screenshots/.
 * Starts nothing: point it at a running server.
 *   BASE_URL (default http://127.0.0.1:8080), ADMIN_USER (default admin), ADMIN_PASSWORD.
 * Uses playwright-core with Debian's Chromium (/usr/bin/chromium, or CHROMIUM_PATH).
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';

const BASE_URL = (process.env.BASE_URL ?? 'http://127.0.0.1:8080').replace(/\/$/, '');
const USER = process.env.ADMIN_USER ?? 'admin';
const PASSWORD = process.env.ADMIN_PASSWORD;
const OUT = resolve(process.env.SCREENSHOT_DIR ?? 'screenshots');
const LANGS = ['zh-CN', 'en-US'];
const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'mobile', width: 375, height: 812 },
];

if (!PASSWORD) {
  console.error('ADMIN_PASSWORD is required');
  process.exit(2);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
mkdirSync(OUT, { recursive: true });

async function signIn(page) {
  await page.getByTestId('login-username').fill(USER);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  const tenantDialog = page.getByTestId('tenant-choice');
  const dashboard = page.getByTestId('dashboard');
  await Promise.race([tenantDialog.waitFor({ timeout: 20_000 }), dashboard.waitFor({ timeout: 20_000 })]);
  if (await tenantDialog.isVisible()) {
    await page.locator('.ant-modal').getByRole('button').last().click();
  }
  await page.getByTestId('stat-users').waitFor({ timeout: 20_000 });
  await page.waitForLoadState('networkidle');
}

try {
  for (const lang of LANGS) {
    for (const vp of VIEWPORTS) {
      const context = await browser.newContext({ viewport: { width: vp.width, height: vp.height }, deviceScaleFactor: 1 });
      await context.addInitScript((language) => {
        localStorage.setItem('pro__LANGUAGE', JSON.stringify({ value: language, expire: null }));
      }, lang);
      const page = await context.newPage();
      await page.goto(`${BASE_URL}/#/user/login`);
      await page.getByTestId('login-form').waitFor();
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: join(OUT, `login-${lang}-${vp.name}.png`) });
      await signIn(page);
      await page.screenshot({ path: join(OUT, `shell-${lang}-${vp.name}.png`) });
      console.log(`screenshots: ${lang} ${vp.name}`);
      await context.close();
    }
  }
} finally {
  await browser.close();
}
