import { type Browser, type Page } from '@playwright/test';
import { signInToDemoTenant } from '../devices/demoServer';
import { expect, test } from '../demoTest';
import { newContext, noSidewaysScroll } from '../helpers';

/**
 * Announcements end to end on the worker's demo-mode server: a console signed
 * in in one browser context stays open; the administrator, in a second context, writes an
 * announcement for all users and publishes it after confirmation. Without a
 * reload the first context's bell shows it in its messages tab with an unread count; opening it
 * shows the dialog with the sanitised content and marks it read, so it leaves the unread list.
 * Then the list in English at 375 px.
 */

async function signedIn(browser: Browser, base: string, lang: 'zh-CN' | 'en-US' = 'zh-CN'): Promise<Page> {
  const context = await newContext(browser, { viewport: { width: 1280, height: 860 } });
  const page = await context.newPage();
  await signInToDemoTenant(page, base, lang);
  return page;
}

test('published to all users, it reaches an open console live; opening it marks it read', async ({
  browser,
  demoBase,
}) => {
  test.setTimeout(150_000);
  const title = `E2E 通告 ${Date.now()}`;
  const reader = await signedIn(browser, demoBase);
  const author = await signedIn(browser, demoBase);

  await author.goto(`${demoBase}/#/system/announcement`);
  await author.getByTestId('list-add').click();
  await author.getByTestId('annt-title').fill(title);
  await author.getByTestId('annt-abstract').fill('冷库除霜维护');
  await author.getByTestId('annt-content-editor').click();
  await author.keyboard.type('今晚 22:00 冷库 A 除霜，温度短时升高属正常。');
  await author.getByTestId('annt-save').click();
  const row = author.locator('tr', { hasText: title });
  await expect(row.getByTestId('annt-status')).toHaveText('未发布');
  await row.getByTestId('row-release').click();
  await author.getByTestId('confirm-ok').click();
  await expect(author.getByTestId('confirm-ok')).toBeHidden();
  await expect(row.getByTestId('annt-status')).toHaveText('已发布');

  // the reader's console, never reloaded: the bell's messages tab lists it as unread
  await reader.getByTestId('notice-bell').click();
  const panel = reader.getByTestId('announcement-bell-panel');
  await expect(reader.getByRole('tab', { name: /消息 \(\d+\)/ })).toBeVisible({ timeout: 15_000 });
  await reader.getByRole('tab', { name: /消息/ }).click();
  const item = panel.locator('[data-testid^="bell-annt-"]', { hasText: title });
  await expect(item).toBeVisible();
  await item.click();
  const dialog = reader.getByTestId('announcement-dialog');
  await expect(dialog).toContainText(title);
  // the content is shown in a sandboxed frame without scripts (sanitised HTML as its document)
  await expect(dialog.getByTestId('announcement-content')).toHaveAttribute('srcdoc', /今晚 22:00 冷库 A 除霜/);
  await reader.getByTestId('announcement-close').click();
  await expect(dialog).toHaveCount(0);

  // read: no longer among the unread messages of the bell
  await reader.getByTestId('notice-bell').click();
  await reader.getByRole('tab', { name: /消息/ }).click();
  await expect(panel.locator('[data-testid^="bell-annt-"]', { hasText: title })).toHaveCount(0);
  await reader.context().close();
  await author.context().close();
});

test('the announcement list in English fits a 375 px phone', async ({ browser, demoBase }) => {
  const page = await signedIn(browser, demoBase, 'en-US');
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`${demoBase}/#/system/announcement`);
  await expect(page.getByTestId('announcement-list')).toBeVisible();
  await expect(page.getByTestId('list-add')).toContainText('Add');
  await noSidewaysScroll(page);
  await page.context().close();
});
