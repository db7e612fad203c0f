import { type Page } from '@playwright/test';
import { consoleApi } from '../helpers';
import { signInToDemoTenant } from '../devices/demoServer';
import { expect, test } from '../demoTest';

/**
 * Alarms end to end on the worker's demo-mode server: the simulator
 * replays its real series, the spec writes a rule template through the server's API and binds it
 * to SIM-TAG-001; the next replayed reading raises an alarm that appears in the open alarm list
 * and the notice bell without a reload; the operator processes it with a record. Then the same
 * screens in English at 375 px. Screenshots go to /tmp/shots-alarms/.
 */
const SHOTS = '/tmp/shots-alarms';
const DEVICE = 'SIM-TAG-001';
// named uniquely: the worker's demo server outlives this file
const RULE = `E2E冷链温度 ${Date.now().toString(36).slice(-5)}`;

/** Calls the server's API with the page's session (token and tenant of the console). */
const api = <T>(page: Page, base: string, method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown): Promise<T> =>
  consoleApi<T>(page, base, method, path, data);

/** Id of the alarm raised by the spec's rule on the tag, once there is one. */
async function ruleAlarmId(page: Page, base: string): Promise<string | undefined> {
  const page1 = await api<{ records: { id: string; ruleName: string }[] }>(
    page,
    base,
    'GET',
    `/wlx/device/alarmList?deviceId=${DEVICE}&pageSize=50`,
  );
  return page1.records.find((a) => a.ruleName === RULE)?.id;
}

/** The number on the notice bell (0 when the badge shows none). */
async function bellCount(page: Page): Promise<number> {
  const text = await page
    .getByTestId('notice-count')
    .locator('.ant-scroll-number')
    .first()
    .getAttribute('title')
    .catch(() => null);
  return text ? Number(text) : 0;
}

test('a replayed reading raises an alarm that appears live in the list and the bell; the operator processes it', async ({
  page,
  demoBase,
}) => {
  test.setTimeout(180_000);
  await signInToDemoTenant(page, demoBase, 'zh-CN');

  await page.goto(`${demoBase}/#/alarm/list`);
  const list = page.getByTestId('alarm-list');
  await expect(list).toBeVisible();
  await expect(page.getByTestId('notice-bell')).toBeVisible();
  const before = await bellCount(page);
  // a marker that a reload would wipe: everything below must arrive live
  await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));

  // temperature above −80 °C (the bottom of its range): true for every replayed reading of the tag
  const template = await api<{ id: string }>(page, demoBase, 'POST', '/wlx/paramTemplate/add', {
    name: RULE,
    category: 'environment',
    severity: 'H',
    conditions: [{ type: 'threshold', param: 'P003', comparison: 0, value: -80 }],
  });
  await api(page, demoBase, 'POST', '/wlx/paramTemplate/importDevs', { id: template.id, deviceIds: [DEVICE] });

  // the alarm of this rule, as the server has it (the demo may carry other alarms of the tag)
  await expect.poll(() => ruleAlarmId(page, demoBase), { timeout: 90_000, intervals: [1_000] }).toBeTruthy();
  const alarmId = (await ruleAlarmId(page, demoBase))!;
  const row = list.locator('tbody tr.ant-table-row', { has: page.getByTestId(`alarm-type-${alarmId}`) });
  await expect(row).toBeVisible({ timeout: 15_000 });
  await expect(row).toContainText(DEVICE);
  await expect(row).toContainText('温度');
  await expect(row.locator('.ant-tag', { hasText: '紧急' })).toBeVisible();
  await expect(row).toContainText('告警中');
  await expect(row).toContainText('未处理');
  await expect.poll(() => bellCount(page), { timeout: 15_000 }).toBeGreaterThan(before);
  await page.getByTestId('notice-bell').click();
  const popover = page.getByTestId('notice-popover');
  await expect(popover).toContainText(DEVICE);
  await page.screenshot({ path: `${SHOTS}/bell-zh.png` });
  await page.getByTestId('notice-bell').click();
  await expect(popover).toBeHidden();
  expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
  await page.screenshot({ path: `${SHOTS}/alarm-list-zh.png`, fullPage: true });

  // process: an empty record is refused beside the field, then a record is saved
  await row.getByTestId('row-process').click();
  const drawer = page.getByTestId('process-drawer');
  await expect(drawer.getByTestId('alarm-summary')).toContainText(RULE);
  await expect(drawer).toContainText('暂无处理记录');
  await drawer.getByTestId('process-submit').click();
  await expect(drawer.locator('.ant-form-item-explain-error')).toContainText('必填项');
  await drawer.getByTestId('process-content').fill('已联系司机，冷机已重启，温度回落中');
  await drawer.getByRole('radio', { name: '告警', exact: true }).check();
  await page.screenshot({ path: `${SHOTS}/process-drawer-zh.png` });
  await drawer.getByTestId('process-submit').click();
  await expect(drawer).toBeHidden();
  await expect(row).toContainText('已处理');

  // the record shows who and when in the process record list
  await page.goto(`${demoBase}/#/alarm/process`);
  const records = page.getByTestId('process-record-list');
  await expect(records.locator('tbody tr.ant-table-row', { hasText: '已联系司机' }).first()).toContainText('admin');

  // a push message's console link (PUSH_CONSOLE_URL) opens the alarm's view drawer
  await page.goto(`${demoBase}/#/alarm/list?alarmId=${alarmId}`);
  await expect(page.getByTestId('alarm-view-drawer')).toContainText(RULE, { timeout: 15_000 });

  // device detail: alarms tab and shaded alarm period on the chart
  await page.goto(`${demoBase}/#/device/detail/${DEVICE}`);
  const detail = page.getByTestId('device-detail');
  await detail.getByRole('tab', { name: '告警' }).click();
  await expect(
    page.getByTestId('device-alarms').locator('tbody tr.ant-table-row', { hasText: '温度' }).first(),
  ).toContainText('已处理');
  await detail.getByRole('tab', { name: '历史曲线' }).click();
  await expect(page.getByTestId('chart-alarm-marks')).toBeVisible({ timeout: 20_000 });
  await page.screenshot({ path: `${SHOTS}/chart-marks-zh.png` });

  // dashboard counts the active alarm
  await page.goto(`${demoBase}/#/dashboard/analysis`);
  await expect
    .poll(
      async () =>
        Number(
          (await page.getByTestId('stat-activeAlarms').locator('.ant-statistic-content-value').innerText()).replace(
            /[^\d]/g,
            '',
          ),
        ),
      { timeout: 15_000 },
    )
    .toBeGreaterThan(0);
});

test('alarm screens in English at 375 px: no sideways page scroll, tables scroll inside', async ({
  page,
  demoBase,
}) => {
  test.setTimeout(120_000);
  await signInToDemoTenant(page, demoBase, 'en-US');
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`${demoBase}/#/alarm/list`);
  const list = page.getByTestId('alarm-list');
  // the alarm processed by the first test; a phone shows device, type (with the severity colour) and actions
  const alarmId = await ruleAlarmId(page, demoBase);
  expect(alarmId).toBeTruthy();
  const row = list.locator('tbody tr.ant-table-row', { has: page.getByTestId(`alarm-type-${alarmId}`) });
  await expect(row).toBeVisible({ timeout: 30_000 });
  await expect(row).toContainText(DEVICE);
  await expect(row).toContainText('Temperature');
  await expect(list.getByRole('button', { name: /Search/ })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  // "Process | More ▾" on one line: the chevron does not wrap under "More"
  const process = await row.getByTestId('row-process').boundingBox();
  const more = await row.getByTestId('row-more').boundingBox();
  expect(more!.height).toBeLessThanOrEqual(process!.height + 2);
  await page.screenshot({ path: `${SHOTS}/alarm-list-en-375.png`, fullPage: true });

  await page.getByTestId('notice-bell').click();
  await expect(page.getByTestId('notice-popover')).toContainText('View all alarms');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: `${SHOTS}/bell-en-375.png` });
  await page.getByTestId('notice-view-all').click();

  await row.getByTestId('row-process').click();
  const drawer = page.getByTestId('process-drawer');
  await expect(drawer).toContainText('Process records');
  await expect(drawer.getByTestId('alarm-summary')).toContainText('Urgent');
  await expect(drawer).toContainText('Recorded by admin');
  await expect(drawer.locator('.ant-radio-button-wrapper', { hasText: 'Non-alarm' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: `${SHOTS}/process-drawer-en-375.png` });
  await page.keyboard.press('Escape');

  await page.goto(`${demoBase}/#/alarm/gateway`);
  await expect(page.getByTestId('gateway-alarm-list')).toBeVisible();
  await page.goto(`${demoBase}/#/alarm/process`);
  await expect(page.getByTestId('process-record-list')).toContainText('Processed by');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: `${SHOTS}/process-records-en-375.png`, fullPage: true });
});
