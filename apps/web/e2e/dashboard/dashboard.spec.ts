import { mkdirSync } from 'node:fs';
import { type Page } from '@playwright/test';
import { nextFrames, noSidewaysScroll } from '../helpers';
import { signInToDemoTenant } from '../devices/demoServer';
import { expect, test } from '../demoTest';

/**
 * Dashboard analysis and big-data screen against the demo tenant on the worker's demo-mode server
 * (demo fleet reporting, demo alarm rules raising): the tenant's figures, the
 * 7/14/30-day trend switch, the scroll info bar opening the alarm list on an alarm, the big screen
 * opening full-screen with its map and figures and closing again; both languages, 375 px without
 * sideways scroll. Screenshots go to DASHBOARD_SHOTS (default /tmp/dashboard-shots).
 */
const SHOTS = process.env.DASHBOARD_SHOTS ?? '/tmp/dashboard-shots';
mkdirSync(SHOTS, { recursive: true });

async function number(page: Page, testId: string): Promise<number> {
  return Number((await page.getByTestId(testId).innerText()).replace(/[^\d]/g, ''));
}

for (const lang of ['zh-CN', 'en-US'] as const) {
  test(`analysis page shows the tenant's figures and switches the trend (${lang})`, async ({ page, demoBase }) => {
    test.setTimeout(120_000);
    await signInToDemoTenant(page, demoBase, lang);
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(page.getByTestId('dashboard-greeting')).toContainText(lang === 'zh-CN' ? '，admin' : ', admin');
    await expect(page.getByTestId('bigscreen-hint')).toBeVisible();
    // the demo fleet: devices exist and report (online ones once the simulator has sent readings)
    await expect.poll(() => number(page, 'devices-total'), { timeout: 20_000 }).toBeGreaterThan(0);
    await expect
      .poll(
        async () => {
          await page.reload();
          return number(page, 'devices-online');
        },
        { timeout: 60_000, intervals: [3_000] },
      )
      .toBeGreaterThan(0);
    expect(await number(page, 'waybills-total')).toBeGreaterThanOrEqual(3);
    await expect(page.getByTestId('stat-warehousesOutOfLimits')).toBeVisible();

    const card = page.getByTestId('trend-card');
    await expect(page.getByTestId('trend-chart')).toBeVisible({ timeout: 20_000 });
    await expect(card).toHaveAttribute('data-days', '7');
    await card.getByText(lang === 'zh-CN' ? '近两周' : 'Two weeks').click();
    await expect(card).toHaveAttribute('data-days', '14');
    await card.getByText(lang === 'zh-CN' ? '近一月' : 'One month').click();
    await expect(card).toHaveAttribute('data-days', '30');
    await expect(card).toContainText(lang === 'zh-CN' ? '近30日趋势' : 'Trend of the last 30 days');
    await expect(page.getByTestId('alarm-ticker')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/analysis-1280-${lang}.png`, fullPage: true });

    await page.setViewportSize({ width: 375, height: 812 });
    await expect(page.getByTestId('card-devices')).toBeVisible();
    await noSidewaysScroll(page);
    await page.screenshot({ path: `${SHOTS}/analysis-375-${lang}.png`, fullPage: true });
  });
}

test('the scroll info bar opens the alarm list on the alarm clicked', async ({ page, demoBase }) => {
  test.setTimeout(180_000);
  await signInToDemoTenant(page, demoBase);
  // the demo rules raise their first alarms within a few minutes of the fleet's start
  await expect
    .poll(
      async () => {
        await page.reload();
        await expect(page.getByTestId('alarm-ticker')).toBeVisible({ timeout: 20_000 });
        return page.getByTestId('ticker-item').count();
      },
      { timeout: 150_000, intervals: [5_000] },
    )
    .toBeGreaterThan(0);
  // the pointer over the bar stops its scrolling; an item shown inside the bar is clicked where it
  // stands, so the pointer never leaves the bar (the items may be moving when there are many)
  const ticker = page.getByTestId('alarm-ticker');
  await ticker.hover();
  const bar = (await ticker.boundingBox())!;
  const items = ticker.locator('button[data-alarm-id]');
  let target: { x: number; y: number; id: string | null } | null = null;
  for (let i = 0; i < (await items.count()) && !target; i += 1) {
    const b = await items.nth(i).boundingBox();
    if (b && b.x >= bar.x && b.x + Math.min(b.width, 120) <= bar.x + bar.width) {
      target = {
        x: b.x + Math.min(b.width, 120) / 2,
        y: b.y + b.height / 2,
        id: await items.nth(i).getAttribute('data-alarm-id'),
      };
    }
  }
  expect(target).not.toBeNull();
  const id = target!.id;
  await page.mouse.click(target!.x, target!.y);
  await expect(page).toHaveURL(new RegExp(`#/alarm/list\\?alarmId=${id}`));
  await expect(page.getByTestId('alarm-list')).toBeVisible();
});

test('the big screen opens full-screen with its map and figures, and closes', async ({ page, demoBase }) => {
  test.setTimeout(120_000);
  await signInToDemoTenant(page, demoBase);
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.getByTestId('open-bigscreen').click();
  await expect(page).toHaveURL(/#\/dashboard\/bigscreen$/);
  const screen = page.getByTestId('bigscreen');
  await expect(screen).toBeVisible();
  await expect(page.getByTestId('bigscreen-map')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('bigscreen-map').locator('path.leaflet-interactive').first()).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByTestId('kpi-compliance')).toContainText(/%|—/);
  await expect(page.getByTestId('bigscreen-devices')).toBeVisible();
  await expect(page.getByTestId('bigscreen-pushes')).toBeVisible();
  // covers the console: nothing of the layout's header shows above it
  const box = await screen.boundingBox();
  expect(box).toMatchObject({ x: 0, y: 0, width: 1920, height: 1080 });
  await nextFrames(page); // (charts and maps are not animated with reduced motion)
  await page.screenshot({ path: `${SHOTS}/bigscreen-1920.png` });
  await page.setViewportSize({ width: 1440, height: 900 });
  await nextFrames(page);
  await page.screenshot({ path: `${SHOTS}/bigscreen-1440.png` });
  await page.getByTestId('bigscreen-exit').click();
  await expect(page).toHaveURL(/#\/dashboard\/analysis$/);
  await expect(page.getByTestId('dashboard')).toBeVisible();
});
