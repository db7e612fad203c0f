#!/usr/bin/env node
/**
 * Screenshots of the console: login page and signed-in shell, zh-CN and en-US,
 * desktop 1440×900 and mobile 375×812, written to ./screenshots/; with the demo on (the demo
 * tenant is chosen), also the waybill map, the detail of the first ongoing waybill and
 * the warehouse list (waybill-map-*, waybill-detail-*, warehouses-*).
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

/** The waybill map, the first ongoing waybill's detail and the warehouse list, when the tenant has waybills. */
async function logistics(page, suffix) {
  await page.goto(`${BASE_URL}/#/task/maplist`);
  if (
    !(await page
      .getByTestId('waybill-maplist')
      .waitFor({ timeout: 20_000 })
      .then(
        () => true,
        () => false,
      ))
  )
    return;
  await page.waitForTimeout(3_000); // tiles and tracks
  await page.screenshot({ path: join(OUT, `waybill-map-${suffix}.png`) });
  await page.goto(`${BASE_URL}/#/task/list`);
  await page
    .getByTestId('waybill-stats')
    .getByText(/^(进行中|Ongoing)/)
    .click({ timeout: 20_000 })
    .catch(() => undefined);
  // the list reloads with the filter: wait until its first row is an ongoing one (if there is any)
  await page
    .locator('.ant-table-row')
    .first()
    .getByTestId('waybill-status')
    .filter({ hasText: /进行中|Ongoing/ })
    .waitFor({ timeout: 10_000 })
    .catch(() => undefined);
  const detail = page.locator('.ant-table-row').first().getByTestId('row-detail'); // RowActions' first action
  if (await detail.isVisible().catch(() => false)) {
    await detail.click();
    await page.getByTestId('waybill-detail').waitFor({ timeout: 20_000 });
    await page.waitForTimeout(3_000);
    await page.screenshot({ path: join(OUT, `waybill-detail-${suffix}.png`), fullPage: true });
  }
  await page.goto(`${BASE_URL}/#/warehouse/list`);
  await page.waitForTimeout(2_000);
  await page.screenshot({ path: join(OUT, `warehouses-${suffix}.png`) });
}

try {
  for (const lang of LANGS) {
    for (const vp of VIEWPORTS) {
      const context = await browser.newContext({
        viewport: { width: vp.width, height: vp.height },
        deviceScaleFactor: 1,
      });
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
      await logistics(page, `${lang}-${vp.name}`);
      console.log(`screenshots: ${lang} ${vp.name}`);
      await context.close();
    }
  }
} finally {
  await browser.close();
}
