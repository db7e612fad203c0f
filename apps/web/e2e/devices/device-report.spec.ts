import { readFile } from 'node:fs/promises';
import { type Page } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { chooseTenantIfAsked, selectByText, submitLogin } from '../helpers';
import { expect, test as demoTest } from '../demoTest';

/**
 * Device report from the device detail page on a demo-mode server: the dialog
 * (range presets, PDF/Excel), the job's progress, then the download and the download-center link;
 * both languages, 1280 px and 375 px (screenshots under /tmp/reports-shots). And from the device
 * list: two devices selected, the list's report action lists the SPEC §9 device-family reports the
 * product has no devices for and the server refuses one with a clear message on the field; the
 * terminal report then queues a multiple-terminal PDF whose progress finishes and whose file is
 * listed in the download center, where at 1280 px every column (Status and the actions too) is in
 * view without sideways scrolling, and at 375 px the page does not scroll sideways either; the file
 * downloaded from the download center is the PDF of both devices. The meter report (SPEC §9 type b)
 * of an ammeter: Excel only, queued in the download center like the others, its file the meters
 * module's daily-energy workbook; the same type for a cold-chain logger is refused on the field.
 */
/**
 * REPORT_E2E_BASE: an already running demo-mode server instead of the worker's (a loaded machine
 * may need longer than the fixture's start-up wait).
 */
const REPORT_BASE = process.env.REPORT_E2E_BASE;
const test = REPORT_BASE
  ? demoTest.extend<object, { demoBase: string }>({
      // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from its first parameter
      demoBase: [async ({}, use) => use(REPORT_BASE), { scope: 'worker' }],
    })
  : demoTest;
const SHOTS = '/tmp/reports-shots';

/** The download center's table fits the viewport: the last headers are in view, nothing scrolls sideways. */
async function expectCenterFits(page: Page, headers: readonly string[]): Promise<void> {
  const center = page.getByTestId('download-center');
  await expect(center.locator('tr.ant-table-row').first()).toBeVisible({ timeout: 30_000 });
  const viewport = page.viewportSize()!;
  for (const name of headers) {
    const box = await center
      .locator('thead th')
      .filter({ hasText: new RegExp(`^${name}$`) })
      .first()
      .boundingBox();
    expect(box, `header ${name}`).not.toBeNull();
    expect(box!.x, `header ${name} left`).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, `header ${name} right`).toBeLessThanOrEqual(viewport.width);
  }
  const sideways = await center
    .locator('.ant-table-content, .ant-table-body')
    .first()
    .evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(sideways).toBeLessThanOrEqual(0);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Signs in to the demo tenant with outside requests refused (long waits: report tests run on a loaded machine). */
async function signIn(page: Page, base: string): Promise<void> {
  await page.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort());
  await page.goto(`${base}/#/user/login`);
  await expect(page.getByTestId('login-username')).toBeVisible({ timeout: 60_000 });
  await submitLogin(page);
  await chooseTenantIfAsked(page, 'last');
  await expect(page.getByTestId('dashboard')).toBeVisible({ timeout: 60_000 });
}

test('report from the device detail page, in both languages', async ({ page, demoBase }) => {
  test.setTimeout(400_000);
  await signIn(page, demoBase);
  for (const lang of ['zh-CN', 'en-US'] as const) {
    await page.evaluate((l) => localStorage.setItem('pro__LANGUAGE', JSON.stringify({ value: l, expire: null })), lang);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${demoBase}/#/device/detail/SIM-VH-001`);
    await page.reload();
    await expect(page.getByTestId('device-detail')).toBeVisible({ timeout: 60_000 });
    await page.getByTestId('report-open').click();
    const dialog = page.getByTestId('report-dialog');
    await expect(dialog.getByTestId('report-range').first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/dialog-${lang}-1280.png` });
    await page.getByTestId('report-submit').click();
    await expect(page.getByTestId('report-status')).toBeVisible();
    await expect(page.getByTestId('report-download').or(page.getByTestId('report-failed'))).toBeVisible({
      timeout: 120_000,
    });
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
    // phones: the file with its status under it, and the actions
    await expectCenterFits(page, []);
    await expect(page.getByTestId('download-center').locator('[data-testid^="export-status-"]').first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/center-${lang}-375.png` });
    await page.setViewportSize({ width: 1280, height: 900 });
    await expectCenterFits(page, lang === 'zh-CN' ? ['状态', '操作'] : ['Status', 'Actions']);
    await page.screenshot({ path: `${SHOTS}/center-${lang}-1280.png` });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${demoBase}/#/device/detail/SIM-VH-001`);
    await page.getByTestId('report-open').click();
    await expect(page.getByTestId('report-range').first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/dialog-${lang}-375.png` });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.keyboard.press('Escape');
  }
});

test('report of two devices selected in the device list: multiple-terminal PDF, progress, download center', async ({
  page,
  demoBase,
}) => {
  test.setTimeout(400_000);
  await page.addInitScript(() =>
    localStorage.setItem('pro__LANGUAGE', JSON.stringify({ value: 'en-US', expire: null })),
  );
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, demoBase);
  await page.goto(`${demoBase}/#/device/list`);
  const list = page.getByTestId('device-list');
  await expect(list.locator('tr.ant-table-row').first()).toBeVisible({ timeout: 60_000 });
  const action = page.getByTestId('report-open');
  await expect(action).toBeDisabled();
  // the demo fleet holds more than a page of devices (equipment first): search the cold-chain ones by id
  await page.getByPlaceholder('Enter ID').fill('SIM-VH-00');
  await page.getByRole('button', { name: 'Search' }).first().click();
  await expect(list.locator('tr.ant-table-row').filter({ hasText: 'SIM-VH-002' })).toBeVisible({ timeout: 30_000 });
  for (const id of ['SIM-VH-001', 'SIM-VH-002'])
    await list.locator('tr.ant-table-row').filter({ hasText: id }).locator('input[type="checkbox"]').check();
  await expect(action).toBeEnabled();
  await expect(action).toContainText('2');
  await action.click();
  const dialog = page.getByTestId('report-dialog');
  await expect(dialog).toContainText('SIM-VH-001, SIM-VH-002');
  await expect(dialog.getByTestId('report-range').first()).toBeVisible();
  // a report type whose device family does not exist yet is listed, and refused with a clear message
  await selectByText(page, dialog.getByTestId('report-type'), 'Medical report (no such devices yet)');
  await expect(dialog).toContainText('The platform has no devices of this kind yet');
  await dialog.getByTestId('report-submit').click();
  await expect(dialog.locator('.ant-form-item-explain-error')).toHaveText(
    '“Medical report” cannot be generated yet: the platform has no devices of this kind',
  );
  await expect(dialog.getByTestId('report-status')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/list-dialog-refused-en-1280.png` });
  await selectByText(page, dialog.getByTestId('report-type'), 'Terminal report');
  await page.screenshot({ path: `${SHOTS}/list-dialog-en-1280.png` });
  await dialog.getByTestId('report-submit').click();
  await expect(dialog.getByTestId('report-status')).toBeVisible();
  // generating: the progress bar, until the download button replaces it
  await expect(dialog.getByTestId('report-progress').or(dialog.getByTestId('report-download'))).toBeVisible();
  await expect(dialog.getByTestId('report-download').or(dialog.getByTestId('report-failed'))).toBeVisible({
    timeout: 180_000,
  });
  await expect(dialog.getByTestId('report-download')).toBeVisible();
  await expect(dialog.getByTestId('report-status')).toContainText('multi-terminal-report.pdf');
  await page.screenshot({ path: `${SHOTS}/list-done-en-1280.png` });
  await dialog.getByTestId('report-open-center').click();
  await expect(page).toHaveURL(/account\/downcenter/);
  const entry = page
    .getByTestId('download-center')
    .locator('tr.ant-table-row')
    .filter({ hasText: 'multi-terminal-report.pdf' })
    .first();
  await expect(entry).toBeVisible({ timeout: 30_000 });
  await expect(entry).toContainText('SIM-VH-001, SIM-VH-002');
  await expect(entry.locator('[data-testid^="export-status-"]')).toHaveText('Generated');
  // every column in view at 1280 px, the long description ends in an ellipsis and states its zone
  await expectCenterFits(page, ['No.', 'File type', 'Description', 'Requested', 'Status', 'Result', 'Actions']);
  await expect(entry).toContainText('(UTC+8)');
  await page.screenshot({ path: `${SHOTS}/list-center-en-1280.png`, fullPage: true });
  // downloaded from the download center: the multiple-terminal PDF of both devices
  const download = page.waitForEvent('download');
  await entry.getByTestId('row-download').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('multi-terminal-report.pdf');
  const body = await readFile((await file.path())!);
  expect(body.subarray(0, 5).toString()).toBe('%PDF-');
  const text = (await new PDFParse({ data: new Uint8Array(body) }).getText()).text;
  expect(text).toContain('(multiple terminals)');
  for (const id of ['SIM-VH-001', 'SIM-VH-002']) expect(text).toContain(id);
});

test('meter report (type b) of an ammeter: Excel in the download center; refused for a logger', async ({
  page,
  demoBase,
}) => {
  test.setTimeout(300_000);
  await page.addInitScript(() =>
    localStorage.setItem('pro__LANGUAGE', JSON.stringify({ value: 'en-US', expire: null })),
  );
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, demoBase);
  const pickMeter = async (): Promise<void> => {
    await page.getByTestId('report-open').click();
    const dialog = page.getByTestId('report-dialog');
    await expect(dialog.getByTestId('report-range').first()).toBeVisible();
    await selectByText(page, dialog.getByTestId('report-type'), 'Meter report (ammeters and plugs)');
    await expect(dialog).toContainText('Daily energy (kWh, × CT × PT) of each ammeter or plug');
    // Excel only
    await expect(dialog.getByTestId('report-format').locator('input[value="pdf"]')).toBeDisabled();
    await expect(dialog.getByTestId('report-format').locator('input[value="xlsx"]')).toBeChecked();
  };
  // a cold-chain logger is not a meter: refused on the report type
  await page.goto(`${demoBase}/#/device/detail/SIM-VH-001`);
  await expect(page.getByTestId('device-detail')).toBeVisible({ timeout: 60_000 });
  await pickMeter();
  const dialog = page.getByTestId('report-dialog');
  await dialog.getByTestId('report-submit').click();
  await expect(dialog.locator('.ant-form-item-explain-error')).toHaveText('This device is not an ammeter or plug');
  await expect(dialog.getByTestId('report-status')).toHaveCount(0);
  await page.keyboard.press('Escape');
  // the demo ammeter: the meter workbook, through the download center
  await page.goto(`${demoBase}/#/device/detail/SIM-AM1-001`);
  await expect(page.getByTestId('device-detail')).toBeVisible({ timeout: 60_000 });
  await pickMeter();
  await page.screenshot({ path: `${SHOTS}/meter-dialog-en-1280.png` });
  await dialog.getByTestId('report-submit').click();
  await expect(dialog.getByTestId('report-download').or(dialog.getByTestId('report-failed'))).toBeVisible({
    timeout: 120_000,
  });
  await expect(dialog.getByTestId('report-download')).toBeVisible();
  await expect(dialog.getByTestId('report-status')).toContainText('Daily meter energy.xlsx');
  await dialog.getByTestId('report-open-center').click();
  await expect(page).toHaveURL(/account\/downcenter/);
  const entry = page
    .getByTestId('download-center')
    .locator('tr.ant-table-row')
    .filter({ hasText: 'Daily meter energy.xlsx' })
    .first();
  await expect(entry).toBeVisible({ timeout: 30_000 });
  await expect(entry).toContainText('Meter report');
  await expect(entry.locator('[data-testid^="export-status-"]')).toHaveText('Generated');
  await page.screenshot({ path: `${SHOTS}/meter-center-en-1280.png` });
  const download = page.waitForEvent('download');
  await entry.getByTestId('row-download').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('Daily meter energy.xlsx');
  const body = await readFile((await file.path())!);
  expect(body.subarray(0, 2).toString()).toBe('PK');
  expect(body.length).toBeGreaterThan(1000);
});
