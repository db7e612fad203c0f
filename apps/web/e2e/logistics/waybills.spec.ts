import { type Page } from '@playwright/test';
import { signInToDemoTenant } from '../devices/demoServer';
import { expect, test } from '../demoTest';

/**
 * Waybills against the demo tenant on the worker's demo-mode server (demo mode:
 * the seeded routes on the replayed Twizy drives and the three demo waybills): create a waybill in
 * four steps with the truck SIM-VH-001 and its route, start it after the spec's confirmation, see
 * the truck on the detail map; the seeded un-started waybill on the same truck cannot start ("this
 * device is already on"); the track playback coloured by temperature; both languages; no sideways
 * scroll at 375 px; the list refetches by itself while a waybill runs.
 */
/** Named uniquely: the worker's demo server outlives this file. */
const WAYBILL = `e2e 冷链测试运单 ${Date.now().toString(36).slice(-5)}`;
const SHOTS = process.env.ZTJ_E2E_SHOTS ?? '/tmp/ztj-e2e-shots/waybills';

/** Picks one device in the device picker (searched by its number). */
async function pickDevice(page: Page, id: string): Promise<void> {
  await page
    .getByTestId('waybill-form')
    .getByRole('button', { name: /选择|Choose/ })
    .click();
  const picker = page.locator('.ant-modal', { hasText: /选择设备|Choose devices/ }).last();
  await picker.getByPlaceholder(/Search|搜索/).fill(id);
  await picker.getByPlaceholder(/Search|搜索/).press('Enter');
  await picker.getByRole('cell', { name: id, exact: true }).first().click();
  await picker.getByRole('button', { name: /OK|确\s*定/ }).click();
  await expect(picker).toBeHidden();
}

/** Neither the page nor any table on it scrolls sideways. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    tables: [...document.querySelectorAll('.ant-table-content, .ant-table-body')].map(
      (e) => e.scrollWidth - e.clientWidth,
    ),
  }));
  expect(overflow.page).toBeLessThanOrEqual(0);
  for (const t of overflow.tables) expect(t).toBeLessThanOrEqual(1);
}

test('create a waybill in four steps, start it and see the truck on the detail map', async ({ page, demoBase }) => {
  test.setTimeout(120_000);
  await signInToDemoTenant(page, demoBase);
  await page.goto(`${demoBase}/#/task/list`);
  const list = page.getByTestId('waybills');
  await expect(list.getByText('Reefer run West yard to hub')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('waybill-stats')).toContainText('全部 3');
  // a demo waybill is running: the list asks the server again by itself, with no user action
  const again = await page.waitForRequest((r) => new URL(r.url()).pathname.endsWith('/wlx/task/list'), {
    timeout: 20_000,
  });
  expect(new URL(again.url()).searchParams.get('pageNo')).toBe('1');
  await expect(list.getByText('Reefer run West yard to hub')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/list-zh-1280.png`, fullPage: true });

  await page.getByTestId('list-add').click();
  const edit = page.getByTestId('waybill-edit');
  await expect(edit).toBeVisible();
  // step 1: the name is required (SPEC §5)
  await page.getByTestId('waybill-next').click();
  await expect(edit.getByText('必填项').first()).toBeVisible();
  await page.getByTestId('waybill-name').fill(WAYBILL);
  await page.getByTestId('waybill-next').click();
  // step 2: a device first
  await page.getByTestId('waybill-next').click();
  await expect(edit.getByText('请先关联设备')).toBeVisible();
  await pickDevice(page, 'SIM-VH-001');
  await page.getByTestId('waybill-next').click();
  // step 3: the preset route
  await page.getByTestId('waybill-route').click();
  await page.locator('.ant-select-dropdown').getByText('T1 枢纽环线 Hub loop').click();
  await page.getByTestId('waybill-next').click();
  // step 4: confirm and save
  await expect(page.getByTestId('waybill-confirm')).toContainText('SIM-VH-001');
  await page.getByTestId('waybill-save').click();

  const detail = page.getByTestId('waybill-detail');
  await expect(detail).toContainText(WAYBILL);
  await expect(detail.getByTestId('waybill-status')).toHaveText('未开始');
  await page.getByTestId('detail-start').click();
  await expect(page.locator('.ant-modal-confirm')).toContainText('是否开始该运单？');
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByTestId('confirm-ok')).toBeHidden();
  await expect(detail.getByTestId('waybill-status')).toHaveText('进行中');
  const map = detail.getByTestId('waybill-map');
  await expect(map.locator('.ztj-waybill-route')).toBeVisible();
  await expect(map.locator('.ztj-waybill-truck')).toBeVisible({ timeout: 20_000 });
  // its report goes to the download center
  await detail.getByTestId('waybill-report').click();
  await page.getByRole('menuitem', { name: '运单报告（PDF）' }).click();
  await expect(page.getByText('导出任务已提交').first()).toBeVisible();

  // the seeded un-started waybill of the same truck cannot start now
  await page.goto(`${demoBase}/#/task/list`);
  const hubLoop = list.getByRole('row', { name: /Hub loop round/ });
  await hubLoop.getByTestId('row-more').hover();
  await page.getByRole('menuitem', { name: '开始' }).click();
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByTestId('confirm-ok')).toBeHidden();
  await expect(page.locator('.ant-message')).toContainText('该设备已开启：SIM-VH-001');
});

test('English and a 375 px phone: list, editor, detail and map list without sideways scroll', async ({
  page,
  demoBase,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 375, height: 812 });
  await signInToDemoTenant(page, demoBase, 'en-US');
  await page.goto(`${demoBase}/#/task/list`);
  const list = page.getByTestId('waybills');
  await expect(list.getByText('Reefer run West yard to hub')).toBeVisible({ timeout: 20_000 });
  await expect(list.getByTestId('waybill-status').first()).toHaveText(/Ongoing|Un-started|Completed/);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: `${SHOTS}/list-en-375.png`, fullPage: true });

  await page.goto(`${demoBase}/#/task/edit/new`);
  await expect(page.getByTestId('waybill-edit')).toContainText('Basic information');
  await expectNoSidewaysScroll(page);

  await page.goto(`${demoBase}/#/task/list`);
  await list.getByText('Reefer run West yard to hub').click();
  const detail = page.getByTestId('waybill-detail');
  await expect(detail.getByTestId('waybill-status')).toHaveText('Ongoing');
  await expect(detail).toContainText('Estimated arrival');
  await expect(detail.getByTestId('waybill-map').locator('.ztj-waybill-truck')).toBeVisible({ timeout: 20_000 });
  await expectNoSidewaysScroll(page);
  // the trip's track playback, coloured by temperature
  await detail.getByRole('button', { name: 'Track playback' }).click();
  await expect(page.getByTestId('waybill-history-map').locator('.ztj-waybill-history-run').first()).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByTestId('waybill-history-legend')).toContainText('°C');
  await expectNoSidewaysScroll(page);

  await page.goto(`${demoBase}/#/task/maplist`);
  await expect(page.getByTestId('waybill-maplist')).toContainText('Running waybills');
  await expect(page.getByTestId('waybill-map').locator('.ztj-waybill-truck').first()).toBeVisible({ timeout: 20_000 });
  await expectNoSidewaysScroll(page);
});
