import { expect, test, type Locator, type Page } from '@playwright/test';
import { ADMIN, signIn, useLanguage } from '../helpers';

/**
 * Department roles (SPEC §6): the department holds permissions; its own role can only be
 * granted those; a member given the role gains them (here the user list), nothing else.
 */
const suffix = Date.now().toString(36).slice(-5);
const DEPART = `E2E部门角色${suffix}`;
const USER = {
  username: `drole_${suffix}`,
  password: 'E2e-User#2026',
  realname: `部门成员${suffix}`,
  phone: '13800138002',
};

function node(page: Page, title: string): Locator {
  return page
    .getByTestId('permission-tree')
    .locator('.ant-tree-treenode')
    .filter({ has: page.locator('.ant-tree-title', { hasText: new RegExp(`^${title.replace(/[()]/g, '\\$&')}$`) }) })
    .first();
}

test('a department role grants its members what the department holds', async ({ page, request }) => {
  test.setTimeout(180_000);
  const login = await (
    await request.post('/ztj-iot/sys/login', { data: { username: ADMIN.username, password: ADMIN.password } })
  ).json();
  const headers = { 'X-Access-Token': login.result.token as string, 'tenant-id': '1000' };
  const depart = await (
    await request.post('/ztj-iot/sys/sysDepart/add', { headers, data: { departName: DEPART } })
  ).json();
  const roles = await (await request.get('/ztj-iot/sys/role/queryall', { headers })).json();
  const viewer = (roles.result as { id: string; roleCode: string }[]).find((r) => r.roleCode === 'viewer')!;
  expect(
    (
      await (
        await request.post('/ztj-iot/sys/user/add', {
          headers,
          data: { ...USER, selectedroles: viewer.id, selecteddeparts: depart.result.id },
        })
      ).json()
    ).success,
  ).toBe(true);
  await request.post('/ztj-iot/sys/permission/saveDepartPermission', {
    headers,
    data: { departId: depart.result.id, permissionIds: 'system,system-user,btn:user:list' },
  });
  const userLogin = await (
    await request.post('/ztj-iot/sys/login', { data: { username: USER.username, password: USER.password } })
  ).json();
  const userHeaders = { 'X-Access-Token': userLogin.result.token as string };
  expect((await (await request.get('/ztj-iot/sys/user/list', { headers: userHeaders })).json()).code).toBe(510);

  await useLanguage(page, 'zh-CN');
  await signIn(page);
  await expect(page.getByTestId('dashboard')).toBeVisible();
  await page.goto('/#/system/depart');
  await page.locator('.ant-tree-title', { hasText: DEPART }).click();
  await page.getByRole('tab', { name: '部门角色' }).click();
  await page.getByTestId('depart-role-add').click();
  await page.locator('#entity_roleName').fill(`用户查看${suffix}`);
  await page.locator('#entity_roleCode').fill(`dview_${suffix}`);
  await page
    .locator('.ant-modal')
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  const roles$ = page.getByTestId('depart-roles');
  await expect(roles$.getByRole('cell', { name: `dview_${suffix}` })).toBeVisible();
  await roles$
    .getByRole('row', { name: new RegExp(`dview_${suffix}`) })
    .getByTestId('row-auth')
    .click();
  await expect(page.getByTestId('permission-tree')).toBeVisible();
  // Outside the department's permissions: cannot be ticked.
  await expect(node(page, '新增用户 (user:add)').locator('.ant-tree-checkbox')).toHaveClass(
    /ant-tree-checkbox-disabled/,
  );
  for (const title of ['系统管理', '用户管理', '查询用户 (user:list)']) {
    const n = node(page, title);
    await n.locator('.ant-tree-checkbox').click();
    await expect(n.locator('.ant-tree-checkbox')).toHaveClass(/ant-tree-checkbox-checked/);
  }
  await page
    .locator('.ant-modal')
    .filter({ hasText: '授权' })
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  await expect(page.locator('.ant-message-notice', { hasText: '保存成功' }).first()).toBeVisible();

  await page.getByRole('tab', { name: '部门用户' }).click();
  await page
    .getByRole('row', { name: new RegExp(USER.username) })
    .getByTestId('row-member-roles')
    .click();
  await page.getByTestId('depart-member-roles').getByText(`用户查看${suffix} (dview_${suffix})`).click();
  await expect(
    page.getByTestId('depart-member-roles').getByRole('checkbox', { name: `用户查看${suffix} (dview_${suffix})` }),
  ).toBeChecked();
  await page
    .locator('.ant-modal')
    .filter({ hasText: '的部门角色' })
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  await expect(page.locator('.ant-modal').filter({ hasText: '的部门角色' })).toHaveCount(0);

  expect((await (await request.get('/ztj-iot/sys/user/list', { headers: userHeaders })).json()).success).toBe(true);
  expect((await (await request.get('/ztj-iot/sys/role/list', { headers: userHeaders })).json()).code).toBe(510);
});

/**
 * Department roles and data rules (SPEC §6): in the department role's authorisation
 * dialog, clicking a permission's title opens its data rules; the rule chosen there narrows the
 * member's list, and clearing it widens the list again.
 */
test('a department role carries data rules chosen in its authorisation dialog', async ({ page, request }) => {
  test.setTimeout(180_000);
  const tag = `${suffix}r`;
  const login = await (
    await request.post('/ztj-iot/sys/login', { data: { username: ADMIN.username, password: ADMIN.password } })
  ).json();
  const headers = { 'X-Access-Token': login.result.token as string, 'tenant-id': '1000' };
  const post = async (url: string, data: unknown): Promise<{ success: boolean; result: { id: string } }> =>
    (await request.post(`/ztj-iot${url}`, { headers, data })).json();
  const depart = await post('/sys/sysDepart/add', { departName: `E2E部门规则${tag}` });
  const member = {
    username: `drule_${tag}`,
    password: 'E2e-User#2026',
    realname: `规则成员${tag}`,
    phone: '13800138003',
  };
  const user = await post('/sys/user/add', { ...member, selecteddeparts: depart.result.id });
  expect(user.success).toBe(true);
  await post('/sys/permission/saveDepartPermission', {
    departId: depart.result.id,
    permissionIds: 'system,system-user,btn:user:list',
  });
  const role = await post('/sys/sysDepartRole/add', {
    departId: depart.result.id,
    roleName: `规则角色${tag}`,
    roleCode: `drule_${tag}`,
  });
  expect(
    (
      await post('/sys/sysDepartPermission/saveDeptRolePermission', {
        roleId: role.result.id,
        permissionIds: 'system,system-user,btn:user:list',
      })
    ).success,
  ).toBe(true);
  expect(
    (
      await post('/sys/sysDepartRole/deptRoleUserAdd', {
        departId: depart.result.id,
        userId: user.result.id,
        newRoleId: role.result.id,
      })
    ).success,
  ).toBe(true);
  const ruleName = `仅本人${tag}`;
  expect(
    (
      await post('/sys/permission/addPermissionRule', {
        permissionId: 'btn:user:list',
        ruleName,
        ruleColumn: 'username',
        ruleConditions: '=',
        ruleValue: '#{sys_user_code}',
      })
    ).success,
  ).toBe(true);
  const userLogin = await (
    await request.post('/ztj-iot/sys/login', { data: { username: member.username, password: member.password } })
  ).json();
  const total = async (): Promise<number> =>
    (
      await (
        await request.get('/ztj-iot/sys/user/list', { headers: { 'X-Access-Token': userLogin.result.token as string } })
      ).json()
    ).result.total as number;
  expect(await total()).toBeGreaterThan(1);

  await useLanguage(page, 'zh-CN');
  await signIn(page);
  await expect(page.getByTestId('dashboard')).toBeVisible();
  await page.goto('/#/system/depart');
  await page.locator('.ant-tree-title', { hasText: `E2E部门规则${tag}` }).click();
  await page.getByRole('tab', { name: '部门角色' }).click();
  const roles$ = page.getByTestId('depart-roles');
  await roles$
    .getByRole('row', { name: new RegExp(`drule_${tag}`) })
    .getByTestId('row-auth')
    .click();
  await expect(node(page, '查询用户 (user:list)').locator('.ant-tree-checkbox')).toHaveClass(
    /ant-tree-checkbox-checked/,
  );
  const panel = page.getByTestId('role-datarule');
  const choose = async (): Promise<void> => {
    await node(page, '查询用户 (user:list)').locator('.ant-tree-title').click();
    await expect(panel).toBeVisible();
    await expect(panel.getByText(ruleName)).toBeVisible();
  };
  await choose();
  await panel.getByRole('checkbox', { name: ruleName }).check();
  await panel.getByRole('button', { name: '保存数据规则' }).click();
  await expect(page.locator('.ant-message-notice', { hasText: '保存成功' }).first()).toBeVisible();
  await expect.poll(total).toBe(1);

  await panel.getByRole('checkbox', { name: ruleName }).uncheck();
  await panel.getByRole('button', { name: '保存数据规则' }).click();
  await expect.poll(total).toBeGreaterThan(1);
  // Chosen state is read back from the server when the dialog opens again.
  await page
    .locator('.ant-modal')
    .filter({ hasText: '授权' })
    .getByRole('button', { name: /^(取\s*消|Cancel)$/ })
    .click();
  await roles$
    .getByRole('row', { name: new RegExp(`drule_${tag}`) })
    .getByTestId('row-auth')
    .click();
  await choose();
  await expect(panel.getByRole('checkbox', { name: ruleName })).not.toBeChecked();
});
