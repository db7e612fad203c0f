import { expect, test, type Page } from '@playwright/test';
import { selectByText, signIn, useLanguage } from '../helpers';

/**
 * Scheduled jobs end to end: add a job whose cron expression is made with the
 * builder (day tab "last day of the month", hour tab specific hours), see its description and its
 * next five fire times, save it, see it running, stop it; at 375 px every field tab is on screen
 * and opens its panel. Screenshots at 1280 and 375 px in both languages go to $QUARTZ_SHOTS
 * (default /tmp/quartz-shots).
 */
const SHOTS = process.env.QUARTZ_SHOTS ?? '/tmp/quartz-shots';
const suffix = Date.now().toString(36).slice(-5);

/**
 * At 375 px every field tab of the builder is on screen (no overflow "…" menu, no sideways
 * scroll) and opens its panel; the day tab's "last day" mode is picked from there.
 */
async function allTabsOnPhone(page: Page, tabs: [string, string][], lastDay: string, shot: string): Promise<void> {
  const builder = page.locator('.cron-builder .ant-modal');
  await expect(builder.getByTestId('cron-tabbar')).toBeVisible();
  await expect(builder.locator('.ant-tabs-nav-more')).toHaveCount(0);
  // measured once the dialog's opening animation (a scale transform) has settled
  let last = '';
  await expect
    .poll(
      async () => {
        const now = JSON.stringify(await builder.boundingBox());
        const settled = now === last;
        last = now;
        return settled;
      },
      { intervals: [100] },
    )
    .toBe(true);
  const box = (await builder.boundingBox())!;
  for (const [name, panelText] of tabs) {
    const tab = builder.getByRole('tab', { name, exact: true });
    await expect(tab).toBeVisible();
    const t = (await tab.boundingBox())!;
    expect(t.x).toBeGreaterThanOrEqual(box.x);
    expect(t.x + t.width).toBeLessThanOrEqual(box.x + box.width);
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await expect(builder.getByRole('radio', { name: panelText, exact: true })).toBeVisible();
  }
  await builder.getByRole('tab', { name: tabs[3]![0], exact: true }).click();
  await builder.getByRole('radio', { name: lastDay, exact: true }).check();
  await expect(builder.getByTestId('cron-expression')).toHaveValue('0 0 0 L * ? *');
  await noSideScroll(page);
  await page.screenshot({ path: `${SHOTS}/${shot}` });
}

async function noSideScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test('adds a job with the cron builder, sees description and next runs, stops it', async ({ page }) => {
  test.setTimeout(180_000);
  await useLanguage(page, 'zh-CN');
  await page.setViewportSize({ width: 1280, height: 860 });
  await signIn(page);
  await page.goto('/#/system/quartz');
  await expect(page.getByTestId('quartz-list')).toBeVisible();

  await page.getByTestId('list-add').click();
  const form = page.locator('.ant-modal').filter({ hasText: '新增定时任务' }).first();
  await selectByText(page, form.getByTestId('quartz-class'), 'exportFileRetention');
  const builder = page.locator('.cron-builder .ant-modal');
  await form.getByTestId('cron-open').click();
  await expect(builder).toBeVisible();
  await builder.getByRole('tab', { name: '时' }).click();
  await builder.getByRole('radio', { name: '指定' }).check();
  await builder.getByRole('checkbox', { name: '03' }).check();
  await builder.getByRole('tab', { name: '日' }).click();
  await builder.getByRole('radio', { name: '每月最后一日' }).check();
  await expect(builder.getByTestId('cron-expression')).toHaveValue('0 0 0,3 L * ? *');
  await expect(builder.getByTestId('cron-description')).toContainText('每月的最后一天');
  await expect(builder.getByTestId('cron-next-fires').locator('li')).toHaveCount(5);
  await page.screenshot({ path: `${SHOTS}/builder-1280-zh.png` });
  // opening the builder again reads the expression back into the modes
  await builder.getByTestId('cron-ok').click();
  await expect(form.getByTestId('cron-input')).toHaveValue('0 0 0,3 L * ? *');
  await form.getByTestId('cron-open').click();
  await expect(builder).toBeVisible();
  await builder.getByRole('tab', { name: '日' }).click();
  await expect(builder.getByRole('radio', { name: '每月最后一日' })).toBeChecked();
  await builder.getByRole('tab', { name: '时' }).click();
  await expect(builder.getByRole('checkbox', { name: '03' })).toBeChecked();
  await builder.getByTestId('cron-ok').click();

  await form.locator('#quartz_description').fill(`E2E 清理 ${suffix}`);
  await form.getByRole('button', { name: /确\s*定/ }).click();
  const row = page.locator('tr.ant-table-row').filter({ hasText: `E2E 清理 ${suffix}` });
  await expect(row).toBeVisible();
  await expect(row.getByTestId('quartz-status')).toHaveText('正常');
  await page.screenshot({ path: `${SHOTS}/list-1280-zh.png`, fullPage: true });

  await row.getByTestId('row-pause').click();
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByTestId('confirm-ok')).toBeHidden();
  await expect(row.getByTestId('quartz-status')).toHaveText('停止');

  // 375 px, both languages: the list and the builder stay usable without sideways scroll
  await page.setViewportSize({ width: 375, height: 760 });
  await page.reload();
  await expect(page.getByTestId('quartz-list')).toBeVisible();
  await noSideScroll(page);
  await page.screenshot({ path: `${SHOTS}/list-375-zh.png`, fullPage: true });
  await page.getByTestId('list-add').click();
  await page.getByTestId('cron-open').click();
  await expect(builder).toBeVisible();
  await expect(page.locator('.cron-builder').getByTestId('cron-next-fires').locator('li')).toHaveCount(5);
  await page.screenshot({ path: `${SHOTS}/builder-375-zh.png` });
  await allTabsOnPhone(
    page,
    [
      ['秒', '每秒'],
      ['分', '每分钟'],
      ['时', '每小时'],
      ['日', '每日'],
      ['月', '每月'],
      ['年', '每年'],
    ],
    '每月最后一日',
    'builder-375-zh-tabs.png',
  );

  await page.evaluate(() => localStorage.setItem('pro__LANGUAGE', JSON.stringify({ value: 'en-US', expire: null })));
  await page.reload();
  await expect(page.getByTestId('quartz-list')).toBeVisible();
  // phones show job class and status (the description column is from tablets up)
  await expect(
    page.locator('tr.ant-table-row').filter({ hasText: 'Delete expired export files' }).getByTestId('quartz-status'),
  ).toHaveText('Stopped');
  await noSideScroll(page);
  await page.screenshot({ path: `${SHOTS}/list-375-en.png`, fullPage: true });
  await page.getByTestId('list-add').click();
  await page.getByTestId('cron-open').click();
  await expect(builder).toBeVisible();
  await expect(page.locator('.cron-builder').getByTestId('cron-description')).toHaveText('At 00:00');
  await page.screenshot({ path: `${SHOTS}/builder-375-en.png` });
  await allTabsOnPhone(
    page,
    [
      ['Second', 'Every second(s)'],
      ['Minute', 'Every minute(s)'],
      ['Hour', 'Every hour(s)'],
      ['Day', 'Every day'],
      ['Month', 'Every month(s)'],
      ['Year', 'Every year(s)'],
    ],
    'Last day of the month',
    'builder-375-en-tabs.png',
  );
  await page.setViewportSize({ width: 1280, height: 860 });
  await page.screenshot({ path: `${SHOTS}/builder-1280-en.png` });
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await page.screenshot({ path: `${SHOTS}/list-1280-en.png`, fullPage: true });
});
