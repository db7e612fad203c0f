import { signInToDemoTenant } from './demoServer';
import { expect, test } from '../demoTest';

/**
 * Device screens against a live fleet on the worker's demo-mode server (see
 * `demoServer.ts`): map tiles are refused, the track must still draw on the blank background.
 */
/** Named uniquely: the worker's demo server outlives this file. */
const GROUP = `E2E冷库分组 ${Date.now().toString(36).slice(-5)}`;

test('the device list updates live while the demo fleet reports; chart and track draw', async ({ page, demoBase }) => {
  test.setTimeout(120_000);
  await signInToDemoTenant(page, demoBase);

  await page.goto(`${demoBase}/#/device/list`);
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
        chart
          .locator('canvas')
          .first()
          .evaluate((canvas: HTMLCanvasElement) => {
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
  // a line through the replayed positions: at least two vertices (how many depends on how far
  // the 60x replay has got when the tab opens)
  expect((await line.getAttribute('d'))?.match(/[ML]\s*-?\d/g)?.length ?? 0).toBeGreaterThanOrEqual(2);
  await page.getByTestId('track-play').click();
  await expect(page.getByTestId('track-pause')).toBeVisible();
});

test('device, group and gateway lists run on the list machinery: query, selection export, add, drawer, phone layout', async ({
  page,
  demoBase,
}) => {
  test.setTimeout(120_000);
  await signInToDemoTenant(page, demoBase);

  await page.goto(`${demoBase}/#/device/list`);
  const list = page.getByTestId('device-list');
  await expect(list.getByTestId('report-time-SIM-TAG-001')).toBeVisible({ timeout: 20_000 });
  // Query by id with the operator input (default "like"): one row, then export needs a selection.
  const form = list.getByTestId('list-query-form');
  await form.getByPlaceholder('请输入编号').fill('TAG-002');
  await form.getByTestId('list-search').click();
  await expect(list.locator('tbody tr.ant-table-row')).toHaveCount(1);
  await expect(list.getByTestId('report-time-SIM-TAG-002')).toBeVisible();
  const exportButton = list.getByTestId('device-export');
  await expect(exportButton).toBeDisabled();
  await list.locator('tbody tr.ant-table-row').first().getByRole('checkbox').check();
  await expect(exportButton).toBeEnabled();
  await expect(exportButton).toContainText('1');
  // Export is asynchronous (SPEC §1): the console says where the file goes, offers it when ready,
  // and the download center lists it with its progress, then the download.
  await exportButton.click();
  await expect(page.locator('.ant-message')).toContainText('下载中心');
  const ready = page.getByTestId('export-ready-download');
  await expect(ready).toBeVisible({ timeout: 30_000 });
  const fromToast = page.waitForEvent('download');
  await ready.click();
  expect((await fromToast).suggestedFilename()).toBe('设备数据.xls');
  await page.goto(`${demoBase}/#/account/downcenter`);
  const center = page.getByTestId('download-center');
  const row = center.locator('tbody tr.ant-table-row').first();
  await expect(row).toContainText('设备数据.xls');
  await expect(row).toContainText('生成成功');
  await expect(row).toContainText('已选 1 条');
  const fromCenter = page.waitForEvent('download');
  await row.getByTestId('row-download').click();
  expect((await fromCenter).suggestedFilename()).toBe('设备数据.xls');

  // Groups: add one through the toolbar; it shows in the list.
  await page.goto(`${demoBase}/#/device/group`);
  const groups = page.getByTestId('device-groups');
  await groups.getByTestId('list-add').click();
  await page.locator('.ant-modal').getByRole('textbox').fill(GROUP);
  await page
    .locator('.ant-modal')
    .getByRole('button', { name: /确\s*定|保\s*存|OK|Save/ })
    .click();
  await expect(groups.getByRole('cell', { name: GROUP })).toBeVisible();

  // Gateways: the detail drawer lists the sub-devices.
  await page.goto(`${demoBase}/#/device/gateway`);
  const gateways = page.getByTestId('gateway-list');
  await gateways.getByTestId('gateway-detail-SIM-GW-001').click();
  await expect(page.getByTestId('gateway-detail')).toContainText('SIM-TAG-001');
  await page.keyboard.press('Escape');

  // Phone: one query field until expanded, no sideways page scroll.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`${demoBase}/#/device/list`);
  const phoneForm = page.getByTestId('device-list').getByTestId('list-query-form');
  await expect(phoneForm.getByPlaceholder('请输入编号')).toBeHidden();
  await phoneForm.getByRole('button', { name: /展\s*开/ }).click();
  await expect(phoneForm.getByPlaceholder('请输入编号')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // Phone: device groups and gateways keep their row actions on screen (their tables asked for
  // 640 and 900 px and hid the actions behind a sideways scroll of the table)
  for (const [path, testId] of [
    ['/device/group', 'device-groups'],
    ['/device/gateway', 'gateway-list'],
  ] as const) {
    await page.goto(`${demoBase}/#${path}`);
    const action = page.getByTestId(testId).locator('tbody tr.ant-table-row').first().locator('button, a').last();
    await expect(action).toBeVisible();
    await expect(async () => {
      const box = await action.boundingBox();
      expect((box?.x ?? 999) + (box?.width ?? 0)).toBeLessThanOrEqual(375);
    }).toPass({ timeout: 5_000 });
  }
});
