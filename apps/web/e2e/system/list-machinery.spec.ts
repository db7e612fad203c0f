import { expect, test } from '@playwright/test';
import { selectByText, signIn, useLanguage } from '../helpers';

/** The one list machinery on a real list (roles): advanced query, saved queries, page size, operators. */
test.beforeEach(async ({ page }) => {
  await useLanguage(page, 'zh-CN');
});

test('advanced query, saved queries and remembered page size on the role list', async ({ page }) => {
  await signIn(page);
  await expect(page.getByTestId('dashboard')).toBeVisible();
  await page.goto('/#/system/role');
  const list = page.getByTestId('role-list');
  await expect(list.locator('.ant-table-row').first()).toBeVisible();
  const rows = await list.locator('.ant-table-row').count();

  // Operator prefix: 'ne' on role code excludes one role.
  const code = (await list.locator('.ant-table-row').first().locator('td').nth(2).innerText()).trim();
  await page.locator('#listQuery_roleCode').fill(code);
  await selectByText(
    page,
    list
      .locator('.ant-form-item')
      .filter({ has: page.locator('#listQuery_roleCode') })
      .locator('.ant-select'),
    '不等于',
  );
  await page.getByTestId('list-search').click();
  await expect(list.locator('.ant-table-row')).toHaveCount(rows - 1);
  await list.getByRole('button', { name: /重\s*置/ }).click();
  await expect(list.locator('.ant-table-row')).toHaveCount(rows);

  // Empty conditions warn; a condition applies and shows the active flag.
  await list.getByRole('button', { name: '高级查询' }).click();
  const dialog = page.locator('.ant-modal').filter({ hasText: '高级查询构造器' });
  await dialog.getByTestId('super-search').click();
  await expect(page.getByText('空条件不能查询')).toBeVisible();
  const row = dialog.getByTestId('super-row').first();
  // the condition must be complete before searching (a click during the dropdown's closing once ran the old query)
  await selectByText(page, row.locator('.ant-select').first(), '角色编码');
  await row.getByPlaceholder('请输入值').fill(code);
  await expect(row.getByPlaceholder('请输入值')).toHaveValue(code);
  await dialog.getByTestId('super-search').click();
  await expect(list.locator('.ant-table-row')).toHaveCount(1);
  await expect(page.getByTestId('super-active')).toBeVisible();

  // Save it, saving again under the same name asks to overwrite, then delete it.
  await list.getByRole('button', { name: '已有高级查询条件生效' }).click();
  await dialog.getByRole('button', { name: '保存查询条件' }).click();
  const nameOk = page
    .locator('.ant-modal')
    .filter({ hasText: '请输入保存的名称' })
    .getByRole('button', { name: /确\s*定|OK/ });
  await page.locator('#title').fill('只看一个');
  await nameOk.click();
  await expect(nameOk).toBeHidden();
  await expect(dialog.getByTestId('saved-queries').getByText('只看一个')).toBeVisible();
  await dialog.getByRole('button', { name: '保存查询条件' }).click();
  await page.locator('#title').fill('只看一个');
  await nameOk.click();
  const overwrite = page
    .locator('.ant-modal-confirm')
    .filter({ has: page.locator('.ant-modal-confirm-title', { hasText: '名称已存在' }) });
  await expect(overwrite).toBeVisible();
  await overwrite.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(overwrite).toBeHidden();
  await expect(dialog.getByTestId('saved-queries').getByText('只看一个')).toHaveCount(1);
  await dialog.getByRole('button', { name: '删除 只看一个' }).click();
  const popconfirmOk = page.locator('.ant-popconfirm').getByRole('button', { name: /确\s*定|OK/ });
  await popconfirmOk.click();
  await expect(popconfirmOk).toBeHidden();
  await expect(dialog.getByTestId('saved-queries').getByText('只看一个')).toHaveCount(0);

  // Reset clears and re-runs.
  await dialog.getByRole('button', { name: /重\s*置/ }).click();
  await expect(list.locator('.ant-table-row')).toHaveCount(rows);
  await expect(page.getByTestId('super-active')).toHaveCount(0);
  await dialog.locator('.ant-modal-close').click();

  // Page size is remembered for this list.
  await selectByText(page, list.locator('.ant-pagination-options .ant-select'), '20');
  await page.reload();
  await expect(page.getByTestId('role-list').locator('.ant-pagination-options')).toContainText('20');

  // Batch delete without a selection asks for one.
  await page.getByTestId('list-batch-delete').click();
  await expect(page.getByText('请选择一条记录！')).toBeVisible();
});
