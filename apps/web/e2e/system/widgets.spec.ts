import { expect, test, type Locator, type Page } from '@playwright/test';
import { nextFrames, noSidewaysScroll, signIn, useLanguage } from '../helpers';

/**
 * Shared widgets of SPEC §2 in their real screens: the editable table as the
 * check-rule dialog's rows (cell rules, add, move, drag; the saved order is the order the server
 * checks), and the province/city/district picker in the location dialog (it fills the start of
 * the address), in both languages and at 375 px.
 */
const SHOTS = process.env.ZTJ_E2E_SHOTS_DIR;
const shot = async (page: Page, name: string): Promise<void> => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

test('check-rule rows are an editable table: cell rules, add, reorder, save, and the server checks the rows in the saved order', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await useLanguage(page, 'zh-CN');
  await signIn(page);
  await expect(page.getByTestId('dashboard')).toBeVisible();
  await page.goto('/#/system/checkrule');
  await page.getByTestId('list-add').click();
  const code = `wt${Date.now().toString(36).slice(-6)}`;
  await page.getByTestId('checkrule-code').fill(code);
  await page.getByTestId('checkrule-name').fill('组件测试');
  const table = page.getByTestId('checkrule-rows');
  const rows = table.getByTestId('checkrule-rows-row');
  await expect(rows).toHaveCount(1);

  // the empty pattern and message of the first row fail their cell rules; the form says so
  await page
    .locator('.ant-modal')
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  await expect(page.locator('.ant-modal')).toContainText('部分规则填写有误');
  const patternCell = rows.nth(0).locator('[data-cell$=":pattern"]');
  await expect(patternCell).toHaveAttribute('data-error', '正则表达式不能为空');
  await patternCell.hover();
  await expect(page.locator('.ant-tooltip')).toContainText('正则表达式不能为空');

  // row 1: the whole value; a second row added, then moved up: it checks the first two characters
  await rows.nth(0).getByTestId('checkrule-pattern').fill('[A-Z]{2}\\d+');
  await rows.nth(0).getByTestId('checkrule-message').fill('两个字母加数字');
  await table.getByTestId('checkrule-rows-add').click();
  await expect(rows).toHaveCount(2);
  await rows.nth(1).getByTestId('checkrule-digits').fill('x');
  await expect(rows.nth(1).locator('[data-cell$=":digits"]')).toHaveAttribute('aria-invalid', 'true');
  await rows.nth(1).getByTestId('checkrule-digits').fill('2');
  await expect(rows.nth(1).locator('[data-cell$=":digits"]')).toHaveAttribute('data-error', '');
  await rows.nth(1).getByTestId('checkrule-pattern').fill('[A-Z]{2}');
  await rows.nth(1).getByTestId('checkrule-message').fill('前两位须为大写字母');
  await rows.nth(1).getByTestId('checkrule-rows-up').click();
  await expect(rows.nth(0).getByTestId('checkrule-pattern')).toHaveValue('[A-Z]{2}');
  // drag the first row below the second, then back with the handle
  await rows.nth(0).getByTestId('checkrule-rows-drag').dragTo(rows.nth(1));
  await expect(rows.nth(0).getByTestId('checkrule-pattern')).toHaveValue('[A-Z]{2}\\d+');
  await rows.nth(1).getByTestId('checkrule-rows-drag').dragTo(rows.nth(0));
  await expect(rows.nth(0).getByTestId('checkrule-pattern')).toHaveValue('[A-Z]{2}');
  await shot(page, 'checkrule-rows-zh');
  await page
    .locator('.ant-modal')
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  await expect(page.locator('.ant-modal')).toBeHidden();

  // reopened, the rows keep their order, and the server checks them in it
  await page
    .getByRole('row', { name: new RegExp(code) })
    .getByText('编辑')
    .click();
  await expect(rows.nth(0).getByTestId('checkrule-pattern')).toHaveValue('[A-Z]{2}');
  await expect(rows.nth(1).getByTestId('checkrule-pattern')).toHaveValue('[A-Z]{2}\\d+');
  await page.getByTestId('checkrule-test-value').fill('ab12');
  await page.getByTestId('checkrule-test-run').click();
  await expect(page.getByTestId('checkrule-test-outcome')).toContainText('前两位须为大写字母');
  await page.getByTestId('checkrule-test-value').fill('AB12');
  await page.getByTestId('checkrule-test-run').click();
  await expect(page.getByTestId('checkrule-test-outcome')).not.toContainText('前两位');

  await page.setViewportSize({ width: 375, height: 812 });
  await nextFrames(page);
  await noSidewaysScroll(page);
  await shot(page, 'checkrule-rows-375');
});

test('the province/city/district picker fills the start of a location address (English, 375 px)', async ({ page }) => {
  test.setTimeout(120_000);
  await useLanguage(page, 'en-US');
  await signIn(page);
  await expect(page.getByTestId('dashboard')).toBeVisible();
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/#/settings/points');
  await page.getByTestId('list-add').click();
  const form = page.getByTestId('point-form');
  await expect(form).toBeVisible();
  await expect(form).toContainText('Region');
  const pick = async (...names: string[]): Promise<void> => {
    await form.getByTestId('point-area').locator('.ant-select').click();
    const item = (name: string) => page.locator(`.ant-cascader-menu-item[title="${name}"]`);
    for (const [i, name] of names.entries()) {
      await item(name).click();
      // each region but the last opens the column of its children
      if (i < names.length - 1) await expect(item(names[i + 1]!)).toBeVisible();
    }
    // the picker shows the chosen region; its dropdown closes by itself on a last level, else Escape
    // closes it (only then: with the dropdown gone, Escape would close the dialog)
    await expect(form.getByTestId('point-area')).toContainText(names[names.length - 1]!);
    const dropdown = page.locator('.ant-cascader-dropdown:visible');
    if ((await dropdown.count()) > 0) await page.keyboard.press('Escape');
    await expect(dropdown).toHaveCount(0);
  };
  await pick('广东省', '深圳市', '南山区');
  const address = form.getByTestId('point-address');
  await expect(address).toHaveValue('广东省深圳市南山区');
  await expect(form.getByTestId('point-area')).toContainText('广东省 / 深圳市 / 南山区');
  await address.fill('广东省深圳市南山区科技园 1 号');
  // another region replaces the previous region's names, the rest of the address stays
  await pick('北京市', '东城区');
  await expect(address).toHaveValue('北京市东城区科技园 1 号');
  await noSidewaysScroll(page);
  await shot(page, 'area-picker-375-en');
});

test('dictionary widgets: the user list filters status with the search-select, the user form reads sex, identity and push types from dictionaries (English)', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await useLanguage(page, 'en-US');
  await signIn(page);
  await expect(page.getByTestId('dashboard')).toBeVisible();
  await page.goto('/#/system/user');
  const query = page.getByTestId('list-query-form');
  await expect(query).toBeVisible();
  await query.getByRole('button', { name: 'More' }).click();
  const status = query.locator('.ant-select').filter({ has: page.locator('#listQuery_status') });
  await status.click();
  await page.locator('#listQuery_status').fill('froz');
  // the search settles 800 ms after the last keystroke: only the matching item is offered then
  await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option')).toHaveCount(1, { timeout: 5_000 });
  await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option')).toHaveText('Frozen');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').click();
  await expect(status).toContainText('Frozen');

  await page.getByTestId('list-add').click();
  const dialog = page.locator('.ant-modal');
  await dialog.getByTestId('user-sex').click();
  await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option')).toHaveText(['Male', 'Female']);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Female' }).click();
  await expect(dialog.getByTestId('user-sex')).toContainText('Female');
  await expect(dialog.getByTestId('user-identity').locator('.ant-radio-button-wrapper')).toHaveText([
    'Normal user',
    'Upper level',
  ]);
  await expect(dialog.getByTestId('user-push-types').locator('.ant-checkbox-wrapper')).toHaveText([
    'SMS',
    'WeChat',
    'Email',
  ]);
  await dialog.getByTestId('user-push-types').getByText('Email').click();
  await expect(dialog.getByTestId('user-push-types').getByRole('checkbox', { name: 'Email' })).toBeChecked();
  await shot(page, 'user-form-dicts-en');
});

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

test('image upload popup on the file storage list: no file, not an image, moves at both ends, stored images listed (Chinese)', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await useLanguage(page, 'zh-CN');
  await signIn(page);
  await expect(page.getByTestId('dashboard')).toBeVisible();
  await page.goto('/#/modules/files');
  await page.getByTestId('files-upload-images').click();
  const popup = page.getByTestId('upload-popup');
  await expect(popup).toBeVisible();
  await page.getByTestId('upload-popup-ok').click();
  await expect(page.locator('.ant-message')).toContainText('没有上传文件');

  const input = popup.locator('input[type=file]');
  await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
  await expect(page.locator('.ant-message')).toContainText('请上传图片');
  const stamp = Date.now().toString(36);
  await input.setInputFiles([
    { name: `a-${stamp}.png`, mimeType: 'image/png', buffer: PNG },
    { name: `b-${stamp}.png`, mimeType: 'image/png', buffer: PNG },
  ]);
  const items = popup.getByTestId('upload-popup-images-item');
  await expect(items).toHaveCount(2);
  await items.nth(0).getByTestId('upload-popup-images-first').click();
  await expect(page.locator('.ant-message')).toContainText('未知操作');
  await items.nth(1).getByTestId('upload-popup-images-last').click();
  await expect(page.locator('.ant-message')).toContainText('已到最后');
  const before = [await items.nth(0).getAttribute('data-path'), await items.nth(1).getAttribute('data-path')];
  await items.nth(0).getByTestId('upload-popup-images-last').click();
  await expect(items.nth(0)).toHaveAttribute('data-path', before[1]!);
  await expect(items.nth(1)).toHaveAttribute('data-path', before[0]!);
  await expect(items.nth(0).locator('img')).toBeVisible();
  await shot(page, 'image-popup-zh');
  await page.getByTestId('upload-popup-ok').click();
  await expect(popup).toBeHidden();
  await expect(page.getByTestId('files-list')).toContainText(`a-${stamp}.png`);
  await expect(page.getByTestId('files-list')).toContainText(`b-${stamp}.png`);
});

/** Opens the node `title` of a tree-select dropdown (unless it is open) and waits for its child `child` (children load by pid). */
async function openNode(tree: Locator, title: string, child: string): Promise<void> {
  const switcher = tree
    .locator('.ant-select-tree-treenode')
    .filter({ has: tree.page().locator(`[title="${title}"]`) })
    .locator('.ant-select-tree-switcher');
  await expect(switcher).toBeVisible();
  if (!(await switcher.getAttribute('class'))?.includes('switcher_open')) await switcher.click();
  await expect(tree.locator(`[title="${child}"]`)).toBeVisible();
}

test('category tree select: a top-level add picks its parent from the lazily loaded tree (English)', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await useLanguage(page, 'en-US');
  await signIn(page);
  await expect(page.getByTestId('dashboard')).toBeVisible();
  await page.goto('/#/system/category');
  const list = page.getByTestId('category-list');
  await expect(list).toBeVisible();
  const stamp = Date.now().toString(36).slice(-5);
  const add = async (name: string, parentPath: string[]): Promise<void> => {
    await list.getByRole('button', { name: 'Add' }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: 'Add category' });
    await dialog.locator('#entity_name').fill(name);
    if (parentPath.length > 0) {
      await dialog.getByTestId('category-parent').click();
      const tree = page.locator('.ant-select-dropdown:visible');
      for (const [i, title] of parentPath.entries()) {
        const node = tree.locator('.ant-select-tree-treenode').filter({ has: page.locator(`[title="${title}"]`) });
        // open each ancestor (its children load by pid), then pick the last one
        if (i < parentPath.length - 1) await openNode(tree, title, parentPath[i + 1]);
        else await node.locator(`[title="${title}"]`).click();
      }
      await expect(dialog.getByTestId('category-parent')).toContainText(parentPath[parentPath.length - 1]);
    }
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog).toBeHidden();
  };
  await add(`Cold ${stamp}`, []);
  await add(`Vaccines ${stamp}`, [`Cold ${stamp}`]);
  await add(`Flu ${stamp}`, [`Cold ${stamp}`, `Vaccines ${stamp}`]);

  // the third category sits under the second: opening both shows it
  await list.getByRole('button', { name: 'Add' }).click();
  await page.getByTestId('category-parent').click();
  const tree = page.locator('.ant-select-dropdown:visible');
  await openNode(tree, `Cold ${stamp}`, `Vaccines ${stamp}`);
  await openNode(tree, `Vaccines ${stamp}`, `Flu ${stamp}`);
  await shot(page, 'category-tree-select-en');
});
