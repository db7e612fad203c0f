import { expect, test, type Page } from '@playwright/test';
import { newContext, signIn, submitLogin, useLanguage } from '../helpers';

/**
 * Grants end to end: an administrator creates a department, a role limited to some menus and
 * buttons, and a user in that department with that role; the new user sees only what was granted,
 * and a direct API call outside the grant is refused with code 510.
 */
const suffix = Date.now().toString(36).slice(-5);
const DEPART = `E2E冷链部${suffix}`;
const ROLE = { name: `E2E查看员${suffix}`, code: `e2e_viewer_${suffix}` };
const USER = { username: `e2e_${suffix}`, password: 'E2e-User#2026', realname: `测试${suffix}`, phone: '13800138000' };

/** Ticks the checkbox of the permission-tree node titled exactly `title`. */
async function tick(page: Page, title: string): Promise<void> {
  const node = page
    .getByTestId('permission-tree')
    .locator('.ant-tree-treenode')
    .filter({ has: page.locator('.ant-tree-title', { hasText: new RegExp(`^${title.replace(/[()]/g, '\\$&')}$`) }) });
  await node.first().locator('.ant-tree-checkbox').click();
  await expect(node.first().locator('.ant-tree-checkbox')).toHaveClass(/ant-tree-checkbox-checked/);
}

async function openMenu(page: Page, path: string): Promise<void> {
  await page.goto(`/#${path}`);
}

test.beforeEach(async ({ page }) => {
  await useLanguage(page, 'zh-CN');
});

test('admin grants a department, a role and a user; the user sees only the grant', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await signIn(page);
  await expect(page.getByTestId('dashboard')).toBeVisible();

  // 1. Department
  await openMenu(page, '/system/depart');
  await page.getByTestId('depart-add-root').click();
  await page.locator('#depart_departName').fill(DEPART);
  await page.getByTestId('depart-save').click();
  await expect(page.getByText('保存成功')).toBeVisible();
  await expect(page.locator('.ant-tree-title', { hasText: DEPART })).toBeVisible();

  // 2. Role limited to the dashboard and the user list (no add, no other menus)
  await openMenu(page, '/system/role');
  await page.getByTestId('list-add').click();
  await page.locator('#role_roleName').fill(ROLE.name);
  await page.locator('#role_roleCode').fill(ROLE.code);
  await page
    .locator('.ant-modal')
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  await expect(page.getByRole('cell', { name: ROLE.name })).toBeVisible();
  await page
    .getByRole('row', { name: new RegExp(ROLE.name) })
    .getByTestId('row-auth')
    .click();
  await expect(page.getByTestId('permission-tree')).toBeVisible();
  for (const title of ['首页', '分析页', '系统管理', '用户管理', '查询用户 (user:list)']) await tick(page, title);
  // the role's own "saved" toast must be gone, so the next one is this save's
  await expect(page.locator('.ant-message-notice')).toHaveCount(0, { timeout: 10_000 });
  await page.getByTestId('role-auth-save').click();
  await expect(page.getByText('保存成功')).toBeVisible();

  // 3. User in that department with that role
  await openMenu(page, '/system/user');
  await page.getByTestId('list-add').click();
  const form = page.getByTestId('user-form');
  await form.locator('#user_username').fill(USER.username);
  await form.locator('#user_password').fill(USER.password);
  await form.locator('#user_confirmPassword').fill(USER.password);
  await form.locator('#user_realname').fill(USER.realname);
  await form.locator('#user_phone').fill(USER.phone);
  await form.locator('#user_selectedroles').getByRole('button').click();
  const rolePicker = page.locator('.ant-modal').filter({ hasText: '选择角色' });
  await rolePicker.getByPlaceholder('请输入关键字搜索').fill(ROLE.name);
  await rolePicker.getByPlaceholder('请输入关键字搜索').press('Enter');
  await rolePicker.getByRole('row', { name: new RegExp(ROLE.name) }).click();
  await rolePicker.getByRole('button', { name: /确\s*定|OK/ }).click();
  await form.locator('#user_selecteddeparts').getByRole('button').click();
  const departPicker = page.locator('.ant-modal').filter({ hasText: '选择部门' });
  await departPicker.getByPlaceholder('搜索部门').fill(DEPART);
  await departPicker.locator('.ant-tree-treenode', { hasText: DEPART }).locator('.ant-tree-checkbox').click();
  await departPicker.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(form.getByText(DEPART)).toBeVisible();
  await page
    .locator('.ant-modal')
    .filter({ hasText: '新增用户' })
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  await expect(page.getByRole('cell', { name: USER.username, exact: true })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(USER.username) })).toContainText(DEPART);

  // 4. The new user signs in and sees only the grant
  const context = await newContext(browser);
  const userPage = await context.newPage();
  await useLanguage(userPage, 'zh-CN');
  await userPage.goto('/#/user/login');
  await submitLogin(userPage, USER.username, USER.password);
  await expect(userPage.getByTestId('dashboard')).toBeVisible({ timeout: 20_000 });
  const menu = userPage.locator('.ant-menu');
  await expect(menu.getByText('系统管理')).toBeVisible();
  await expect(menu.getByText('设备管理')).toHaveCount(0);
  await openMenu(userPage, '/system/user');
  await expect(userPage.getByTestId('user-list')).toBeVisible();
  await expect(userPage.getByRole('cell', { name: USER.username, exact: true })).toBeVisible();
  await expect(userPage.getByTestId('list-add')).toHaveCount(0);
  await expect(userPage.getByTestId('list-batch-delete')).toHaveCount(0);
  await expect(menu.getByText('部门管理')).toHaveCount(0);

  // 5. A direct API call outside the grant is refused (code 510)
  const token = await userPage.evaluate(
    () => JSON.parse(localStorage.getItem('pro__Access-Token') ?? '{}').value as string,
  );
  const tenant = await userPage.evaluate(
    () => JSON.parse(localStorage.getItem('pro__TENANT_ID') ?? '{"value":0}').value as number,
  );
  const refused = await userPage.request.get('/ztj-iot/sys/role/list', {
    headers: { 'X-Access-Token': token, 'tenant-id': String(tenant) },
  });
  expect((await refused.json()).code).toBe(510);
  const added = await userPage.request.post('/ztj-iot/sys/user/add', {
    headers: { 'X-Access-Token': token, 'tenant-id': String(tenant) },
    data: { username: `x_${suffix}`, password: USER.password, realname: 'xx', phone: USER.phone },
  });
  expect((await added.json()).code).toBe(510);
  const allowed = await userPage.request.get('/ztj-iot/sys/user/list', {
    headers: { 'X-Access-Token': token, 'tenant-id': String(tenant) },
  });
  expect((await allowed.json()).success).toBe(true);
  await context.close();
});
