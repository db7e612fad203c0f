import { expect, test } from '@playwright/test';
import { newContext, signIn, submitLogin, useLanguage } from '../helpers';

/**
 * Tenant creation end to end: the platform administrator creates a tenant together with its
 * first administrator (a name that cannot be used is shown beside the field); the creator does
 * not join the tenant, so its administrator signs in straight into it and its user list holds
 * only itself — never `admin`.
 */
const suffix = Date.now().toString(36).slice(-5);
const TENANT = `E2E租户${suffix}`;
const FIRST = { username: `tadm_${suffix}`, realname: `租管${suffix}`, password: 'E2e-Tenant#2026' };

test('the platform creates a tenant with its first administrator, who sees only its own tenant', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await useLanguage(page, 'zh-CN');
  await signIn(page);
  await expect(page.getByTestId('dashboard')).toBeVisible();

  await page.goto('/#/system/tenant');
  await page.getByTestId('list-add').click();
  const form = page.getByTestId('tenant-form');
  const ok = page
    .locator('.ant-modal')
    .filter({ hasText: '新增租户' })
    .getByRole('button', { name: /确\s*定|OK/ });
  await form.locator('#tenant_name').fill(TENANT);
  await form.locator('#tenant_adminUsername').fill('admin');
  await form.locator('#tenant_adminRealname').fill(FIRST.realname);
  await form.locator('#tenant_adminPassword').fill(FIRST.password);
  await form.locator('#tenant_adminConfirmPassword').fill(FIRST.password);
  await ok.click();
  // The server's answer, beside the account field.
  await expect(form.getByText('该用户名不可用，请换一个')).toBeVisible();
  await form.locator('#tenant_adminUsername').fill(FIRST.username);
  await ok.click();
  await expect(page.getByRole('cell', { name: TENANT, exact: true })).toBeVisible();

  const context = await newContext(browser);
  const own = await context.newPage();
  await useLanguage(own, 'zh-CN');
  await own.goto('/#/user/login');
  await submitLogin(own, FIRST.username, FIRST.password);
  await expect(own.getByTestId('dashboard')).toBeVisible({ timeout: 20_000 });
  await own.goto('/#/system/user');
  await expect(own.getByTestId('user-list')).toBeVisible();
  await expect(own.getByRole('cell', { name: FIRST.username, exact: true })).toBeVisible();
  await expect(own.getByTestId('user-list').locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);
  await expect(own.getByRole('cell', { name: 'admin', exact: true })).toHaveCount(0);
  await context.close();
});
