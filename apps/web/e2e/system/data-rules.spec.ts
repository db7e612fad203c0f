import { expect, test } from '@playwright/test';
import { signIn, useLanguage } from '../helpers';

/**
 * SPEC §2 system view "data rules": the seeded menu opens a real screen (not the "not available
 * yet" page); choosing a button permission lists and adds its data rules.
 */
test('the data-rule screen manages the rules of a chosen permission', async ({ page }) => {
  test.setTimeout(120_000);
  await useLanguage(page, 'zh-CN');
  await signIn(page);
  await expect(page.getByTestId('dashboard')).toBeVisible();
  await page.goto('/#/system/datarule');
  await expect(page.getByTestId('datarule-page')).toBeVisible();
  await page.getByTestId('datarule-page').getByPlaceholder('搜索菜单或权限编码').fill('user:list');
  await page.getByTestId('datarule-tree').getByText('查询用户 (user:list)').click();
  const rules = page.getByTestId('data-rules');
  await expect(rules).toBeVisible();
  await rules.getByRole('button', { name: /新增|Add/ }).click();
  const name = `本部门${Date.now().toString(36).slice(-4)}`;
  await page.locator('#entity_ruleName').fill(name);
  await page.locator('#entity_ruleColumn').fill('orgCode');
  await page.locator('#entity_ruleValue').fill('#{sys_org_code}');
  await page
    .locator('.ant-modal')
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  await expect(rules.getByRole('cell', { name })).toBeVisible();
  await expect(rules.getByRole('cell', { name: 'orgCode' })).toBeVisible();
});
