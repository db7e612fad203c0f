import { expect, test } from '@playwright/test';
import { chooseTenantIfAsked, submitLogin } from '../helpers';
import { useDemoServer } from './demoServer';

/**
 * Device report (issue 11 item 3) from the device detail page on a demo-mode server: the dialog
 * (range presets, PDF/Excel), the job's progress, then the download and the download-center link;
 * both languages, 1280 px and 375 px (screenshots under /tmp/reports-shots).
 */
// REPORT_E2E_BASE: an already running demo-mode server (a loaded machine may need longer than the helper's start-up wait)
const BASE = process.env.REPORT_E2E_BASE ?? useDemoServer(18_297);
const SHOTS = '/tmp/reports-shots';

test('report from the device detail page, in both languages', async ({ page }) => {
  test.setTimeout(400_000);
  await page.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort());
  await page.goto(`${BASE}/#/user/login`);
  await expect(page.getByTestId('login-username')).toBeVisible({ timeout: 60_000 });
  await submitLogin(page);
  await chooseTenantIfAsked(page, 'last');
  await expect(page.getByTestId('dashboard')).toBeVisible({ timeout: 60_000 });
  for (const lang of ['zh-CN', 'en-US'] as const) {
    await page.evaluate((l) => localStorage.setItem('pro__LANGUAGE', JSON.stringify({ value: l, expire: null })), lang);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${BASE}/#/device/detail/SIM-VH-001`);
    await page.reload();
    await expect(page.getByTestId('device-detail')).toBeVisible({ timeout: 60_000 });
    await page.getByTestId('report-open').click();
    const dialog = page.getByTestId('report-dialog');
    await expect(dialog.getByTestId('report-range').first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/dialog-${lang}-1280.png` });
    await page.getByTestId('report-submit').click();
    await expect(page.getByTestId('report-status')).toBeVisible();
    await expect(page.getByTestId('report-download').or(page.getByTestId('report-failed'))).toBeVisible({ timeout: 120_000 });
    await page.screenshot({ path: `${SHOTS}/done-${lang}-1280.png` });
    await expect(page.getByTestId('report-download')).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByTestId('report-download').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.pdf$/);
    await file.saveAs(`${SHOTS}/demo-${lang}.pdf`);

    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByTestId('report-open-center').click();
    await expect(page).toHaveURL(/account\/downcenter/);
    await page.goto(`${BASE}/#/device/detail/SIM-VH-001`);
    await page.getByTestId('report-open').click();
    await expect(page.getByTestId('report-range').first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/dialog-${lang}-375.png` });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.keyboard.press('Escape');
  }
});
