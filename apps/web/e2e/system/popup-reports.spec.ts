import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { noSidewaysScroll, signIn, useLanguage } from '../helpers';

/**
 * Popup reports end to end: the administrator defines the report
 * `waybill_vehicle` over the product's own database (12 vehicles with their driver's phone and
 * carrier, a query field, a parameter), previews it in the popup report picker (1200 px, 10 a page,
 * quick jumper, "please select one record" on OK with nothing picked, query field filter), then
 * uses it through the popup input of the waybill editor's vehicle field, which fills the vehicle,
 * the driver's phone and the carrier. Screenshots in both languages and at 375 px go to
 * $POPUP_REPORT_SHOTS (default /tmp/popup-report-shots).
 */
const SHOTS = process.env.POPUP_REPORT_SHOTS ?? '/tmp/popup-report-shots';

const VEHICLES = Array.from({ length: 12 }, (_, i) => [
  `沪A${String(10001 + i)}`,
  `1380000${String(1001 + i)}`,
  i % 2 ? '冷链二队' : '冷链一队',
]);
const SQL = `SELECT vehicle, driver_phone, company, kind FROM (VALUES ${VEHICLES.map(([v, p, c]) => `('${v}', '${p}', '${c}', 'reefer')`).join(', ')})
  AS v(vehicle, driver_phone, company, kind) WHERE kind = \${kind} ORDER BY vehicle`;

/** Fills column row `i` of the report form. */
async function column(page: Page, i: number, field: string, title: string, query = false): Promise<void> {
  if (i > 0) await page.getByTestId('report-add-column').click();
  await page.getByTestId(`report-column-field-${i}`).fill(field);
  await page.getByTestId(`report-column-title-${i}`).fill(title);
  if (query) await page.getByTestId(`report-column-query-${i}`).check();
}

test('defines a popup report, previews it in the picker and fills the waybill form through the popup input', async ({
  page,
}) => {
  test.setTimeout(240_000);
  mkdirSync(SHOTS, { recursive: true });
  await useLanguage(page, 'zh-CN');
  await page.setViewportSize({ width: 1280, height: 860 });
  await signIn(page);
  await page.goto('/#/system/popupreport');
  await expect(page.getByTestId('popup-report-list')).toBeVisible();

  // define: a query that is not one SELECT is refused beside the field, then the real one is saved
  await page.getByTestId('list-add').click();
  const form = page.getByTestId('popup-report-form');
  await page.getByTestId('report-code').fill('waybill_vehicle');
  await page.getByTestId('report-name').fill('车辆');
  await page.getByTestId('report-sql').fill('DELETE FROM sys_user');
  await column(page, 0, 'vehicle', '车牌号', true);
  await column(page, 1, 'driver_phone', '司机电话');
  await column(page, 2, 'company', '承运公司');
  await form.getByRole('button', { name: /确\s*定/ }).click();
  await expect(form).toContainText('只能是 SELECT 或 WITH 开头的查询语句');
  await page.getByTestId('report-sql').fill(SQL);
  await form.getByRole('button', { name: /确\s*定/ }).click();
  await expect(form).toContainText('查询使用了未定义的参数：kind');
  await page.getByTestId('report-detect-params').click();
  await form.getByPlaceholder('默认值').fill('reefer');
  await page.screenshot({ path: `${SHOTS}/form-zh-CN.png`, fullPage: true });
  await form.getByRole('button', { name: /确\s*定/ }).click();
  await expect(form).toBeHidden();
  const row = page.getByTestId('popup-report-list').getByRole('row', { name: /waybill_vehicle/ });
  await expect(row).toContainText('本系统数据库');

  // preview: 1200 px, 10 a page with a quick jumper, OK with nothing picked warns, a filter narrows
  await row.getByText('预览').click();
  const picker = page.getByTestId('popup-report-modal');
  await expect(picker.getByTestId('popup-report-table').locator('tbody tr.ant-table-row')).toHaveCount(10);
  // measured once the opening animation (a scale transform) has settled
  await expect.poll(async () => Math.round((await picker.boundingBox())?.width ?? 0), { intervals: [100] }).toBe(1200);
  await expect(picker.locator('.ant-pagination-options-quick-jumper')).toBeVisible();
  await expect(picker).toContainText('共 12 条');
  await picker.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.locator('.ant-modal-confirm')).toContainText('请选择一条记录');
  await page.locator('.ant-modal-confirm').getByRole('button').click();
  await picker.locator('.ant-pagination-options-quick-jumper input').fill('2');
  await picker.locator('.ant-pagination-options-quick-jumper input').press('Enter');
  await expect(picker.getByTestId('popup-report-table').locator('tbody tr.ant-table-row')).toHaveCount(2);
  await picker.getByPlaceholder(/车牌号/).fill('10005');
  await picker.getByTestId('popup-report-search').click();
  await expect(picker.getByTestId('popup-report-table').locator('tbody tr.ant-table-row')).toHaveCount(1);
  await page.screenshot({ path: `${SHOTS}/preview-zh-CN.png` });
  await picker.getByRole('row', { name: /沪A10005/ }).click();
  await picker.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByTestId('popup-report-picked')).toContainText('13800001005');
  await page.locator('.ant-modal-confirm').getByRole('button').click();

  // the waybill editor's vehicle field: the picked row fills vehicle, driver's phone and carrier
  await page.goto('/#/task/edit/new');
  await expect(page.getByTestId('waybill-edit')).toBeVisible();
  await page.getByTestId('waybill-vehicle-pick').click();
  const vehiclePicker = page.getByTestId('popup-report-modal');
  await expect(vehiclePicker.getByTestId('popup-report-table').locator('tbody tr.ant-table-row')).toHaveCount(10);
  await vehiclePicker.getByRole('row', { name: /沪A10008/ }).click();
  await vehiclePicker.getByRole('button', { name: /确\s*定/ }).click();
  await expect(vehiclePicker).toBeHidden();
  await expect(page.getByTestId('waybill-vehicle')).toHaveValue('沪A10008');
  await expect(page.locator('#driverPhone')).toHaveValue('13800001008');
  await expect(page.locator('#company')).toHaveValue('冷链二队');
  await page.screenshot({ path: `${SHOTS}/waybill-zh-CN.png` });
});

test('the report list and the picker read in English and fit 375 px', async ({ page }) => {
  test.setTimeout(180_000);
  mkdirSync(SHOTS, { recursive: true });
  await useLanguage(page, 'en-US');
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page);
  await page.goto('/#/system/popupreport');
  const list = page.getByTestId('popup-report-list');
  await expect(list).toContainText('waybill_vehicle');
  await noSidewaysScroll(page);
  await page.screenshot({ path: `${SHOTS}/list-en-US-375.png`, fullPage: true });
  await list
    .getByRole('row', { name: /waybill_vehicle/ })
    .getByText('Preview')
    .click();
  const picker = page.getByTestId('popup-report-modal');
  await expect(picker).toContainText('12 records');
  await expect(picker.getByTestId('popup-report-table').locator('tbody tr.ant-table-row')).toHaveCount(10);
  await page.screenshot({ path: `${SHOTS}/preview-en-US-375.png` });
  await picker.getByRole('button', { name: 'OK' }).click();
  await expect(page.locator('.ant-modal-confirm')).toContainText('Please select one record');
  await page.locator('.ant-modal-confirm').getByRole('button').click();
  await page.setViewportSize({ width: 1280, height: 860 });
  await page.screenshot({ path: `${SHOTS}/preview-en-US.png` });
});
