import { type Page } from '@playwright/test';
import { signInToDemoTenant } from '../devices/demoServer';
import { expect, test } from '../demoTest';

/**
 * Warehouses against the demo tenant on the worker's demo-mode server (demo mode:
 * the seeded cool store on the warehouse sensors SIM-WH-001..003 with the cool-store template):
 * create a warehouse in three steps (required fields, "associate a device first", a sensor that
 * already belongs to the demo warehouse refused by the server on its field, then the mote
 * SIM-TAG-001 with a rule template), see it in the list, open its view, delete it after
 * confirmation; the demo warehouse's view with the live readings against the 20 °C limit; both
 * languages; no sideways scroll at 375 px. WAREHOUSE_SHOTS=<folder> saves screenshots.
 */
/** Named uniquely: the worker's demo server outlives this file. */
const RUN = Date.now().toString(36).slice(-5);
const WAREHOUSE = `e2e 冷库 ${RUN}`;
const NUMBER = `E2E-WH-${RUN}`;
const SHOTS = process.env.WAREHOUSE_SHOTS;

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** Picks one device in the device picker (searched by its number). */
async function pickDevice(page: Page, id: string): Promise<void> {
  await page
    .getByTestId('warehouse-form')
    .getByRole('button', { name: /选择|Choose/ })
    .click();
  const picker = page.locator('.ant-modal', { hasText: /选择设备|Choose devices/ }).last();
  await picker.getByPlaceholder(/Search|搜索/).fill(id);
  await picker.getByPlaceholder(/Search|搜索/).press('Enter');
  await picker.getByRole('cell', { name: id, exact: true }).first().click();
  await picker.getByRole('button', { name: /OK|确\s*定/ }).click();
  await expect(picker).toBeHidden();
}

/**
 * Opens the warehouse list until the seeded demo warehouse shows: the demo is seeded after the
 * server answers its health check, so the first list may come before it (reload, bounded).
 */
async function openListWithDemo(page: Page, base: string): Promise<void> {
  const list = page.getByTestId('warehouses');
  const row = list.getByText('演示阴凉库 Demo cool store');
  await page.goto(`${base}/#/warehouse/list`);
  await expect(async () => {
    // the list must have answered (its table or its empty text) before a missing row counts
    await expect(list.locator('.ant-table-row, .ant-empty').first()).toBeVisible({ timeout: 60_000 });
    if (await row.isVisible()) return;
    await page.reload();
    await expect(list.locator('.ant-table-row, .ant-empty').first()).toBeVisible({ timeout: 60_000 });
    await expect(row).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 180_000 });
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

test('create a warehouse in three steps, see it in the list, open its view and delete it', async ({
  page,
  demoBase,
}) => {
  test.setTimeout(360_000);
  await signInToDemoTenant(page, demoBase);
  await openListWithDemo(page, demoBase);
  const list = page.getByTestId('warehouses');
  await shot(page, 'list-zh-1280');

  await page.getByTestId('list-add').click();
  const edit = page.getByTestId('warehouse-edit');
  await expect(edit).toContainText('填写信息并配置设备');
  // step 1: name, number and a device are required
  await page.getByTestId('warehouse-next').click();
  await expect(edit.getByText('必填项').first()).toBeVisible();
  await expect(edit.getByText('请先关联设备')).toBeVisible();
  await page.getByTestId('warehouse-name').fill(WAREHOUSE);
  await page.getByTestId('warehouse-number').fill(NUMBER);
  await pickDevice(page, 'SIM-WH-001');
  await expect(edit).toContainText('所选设备可接受 1 到 60 分钟');
  await page.getByTestId('warehouse-period').fill('5');
  await page.getByTestId('warehouse-next').click();
  // step 2: monitoring rules
  await expect(page.getByTestId('warehouse-templates')).toBeVisible();
  await shot(page, 'create-step2-zh-1280');
  await page.getByTestId('warehouse-templates').getByText('标签温湿度异常 Tag T&RH excursion').click();
  await page.getByTestId('warehouse-save').click();
  // the server refuses the sensor of the demo warehouse on the devices field of step 1
  await expect(edit.getByText('设备 SIM-WH-001 已属于仓库 演示阴凉库 Demo cool store')).toBeVisible();
  await shot(page, 'create-error-zh-1280');
  await page
    .getByTestId('warehouse-form')
    .locator('.ant-tag', { hasText: 'SIM-WH-001' })
    .locator('.ant-tag-close-icon')
    .click();
  await pickDevice(page, 'SIM-TAG-001');
  await page.getByTestId('warehouse-next').click();
  await page.getByTestId('warehouse-save').click();
  // step 3: completed, with links
  await expect(page.getByTestId('warehouse-done')).toContainText('仓库已保存');
  await shot(page, 'create-done-zh-1280');
  await page.getByTestId('warehouse-done-view').click();
  const view = page.getByTestId('warehouse-view');
  await expect(view).toContainText(WAREHOUSE);
  await expect(view.getByTestId('warehouse-sensor')).toHaveCount(1);
  await expect(view.getByTestId('warehouse-sensor')).toContainText('SIM-TAG-001');
  await expect(view.getByTestId('warehouse-sensor')).toContainText('≤ 35 °C');

  await page.goto(`${demoBase}/#/warehouse/list`);
  const row = list.getByRole('row', { name: new RegExp(WAREHOUSE) });
  await expect(row).toContainText(NUMBER);
  await row.getByTestId('warehouse-delete').click();
  await expect(page.locator('.ant-modal-confirm')).toContainText('是否删除该仓库？');
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByTestId('confirm-ok')).toBeHidden();
  await expect(list.getByText(WAREHOUSE)).toBeHidden();
});

for (const lang of ['zh-CN', 'en-US'] as const) {
  test(`the demo warehouse view (${lang}): live sensor cards against the 20 °C limit, at 1280 and 375 px`, async ({
    page,
    demoBase,
  }) => {
    test.setTimeout(360_000);
    await signInToDemoTenant(page, demoBase, lang);
    await openListWithDemo(page, demoBase);
    const list = page.getByTestId('warehouses');
    await list.getByText('演示阴凉库 Demo cool store').click();
    const view = page.getByTestId('warehouse-view');
    await expect(view.getByTestId('warehouse-sensor')).toHaveCount(3);
    await expect(view.getByTestId('warehouse-sensor').first()).toContainText('≤ 20 °C');
    // the replayed office series reaches the sensors within the refresh interval
    await expect(view.locator('[data-code="P003"]').first()).toContainText('°C', { timeout: 30_000 });
    await expect(view.locator('[data-code="P003"]').first()).not.toContainText('—', { timeout: 30_000 });
    await expect(view).toContainText(lang === 'zh-CN' ? '每 6 秒刷新' : 'refreshes every 6 s');
    await shot(page, `view-${lang}-1280`);
    // the daily report of a picked day goes to the download center
    await view.getByRole('button', { name: lang === 'zh-CN' ? '仓库日报' : 'Daily report' }).click();
    await page
      .getByTestId('warehouse-daily-report')
      .getByRole('button', { name: lang === 'zh-CN' ? /生\s?成/ : 'Generate' })
      .click();
    await expect(page.getByText(lang === 'zh-CN' ? '导出任务已提交' : 'Export started').first()).toBeVisible();
    await page.goto(`${demoBase}/#/warehouse/list`);
    await expect(list.getByText('演示阴凉库 Demo cool store')).toBeVisible();
    if (lang === 'en-US') await shot(page, 'list-en-1280');

    await page.setViewportSize({ width: 375, height: 812 });
    await expect(list.getByText('演示阴凉库 Demo cool store')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await shot(page, `list-${lang}-375`);
    await page.goto(`${demoBase}/#/warehouse/create`);
    await expect(page.getByTestId('warehouse-edit')).toContainText(
      lang === 'zh-CN' ? '填写信息并配置设备' : 'Fill information and configure devices',
    );
    await expectNoSidewaysScroll(page);
    await shot(page, `create-${lang}-375`);
    await page.goto(`${demoBase}/#/warehouse/list`);
    await list.getByText('演示阴凉库 Demo cool store').click();
    await expect(view.getByTestId('warehouse-sensor')).toHaveCount(3);
    await expect(view.locator('[data-code="P003"]').first()).not.toContainText('—', { timeout: 30_000 });
    await expectNoSidewaysScroll(page);
    await shot(page, `view-${lang}-375`);
  });
}
