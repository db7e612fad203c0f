import { expect, test, type APIRequestContext } from '@playwright/test';
import { ADMIN, submitLogin, useLanguage } from '../helpers';

/**
 * Account center: a user without any administration permission edits their own profile
 * in "base setting" (field errors beside the fields) and stores notification preferences on the
 * server; both survive a reload.
 */
const suffix = Date.now().toString(36).slice(-5);
const USER = { username: `acct_${suffix}`, password: 'E2e-User#2026', realname: `账户${suffix}`, phone: '13800138001' };

async function createUser(request: APIRequestContext): Promise<void> {
  const login = await (
    await request.post('/ztj-iot/sys/login', { data: { username: ADMIN.username, password: ADMIN.password } })
  ).json();
  const headers = { 'X-Access-Token': login.result.token as string, 'tenant-id': '1000' };
  const roles = await (await request.get('/ztj-iot/sys/role/queryall', { headers })).json();
  const viewer = (roles.result as { id: string; roleCode: string }[]).find((r) => r.roleCode === 'viewer')!;
  const added = await (
    await request.post('/ztj-iot/sys/user/add', { headers, data: { ...USER, selectedroles: viewer.id } })
  ).json();
  expect(added.success).toBe(true);
}

test('a user edits their own profile and notification preferences', async ({ page, request }) => {
  test.setTimeout(120_000);
  await createUser(request);
  await useLanguage(page, 'zh-CN');
  await page.goto('/#/user/login');
  await submitLogin(page, USER.username, USER.password);
  await expect(page.getByTestId('dashboard')).toBeVisible({ timeout: 20_000 });

  await page.goto('/#/account/settings');
  const form = page.getByTestId('account-base');
  await expect(form.locator('#profile_realname')).toHaveValue(USER.realname);
  await form.locator('#profile_email').fill('not-an-email');
  await form.locator('#profile_phone').fill('123');
  await page.getByTestId('account-profile-save').click();
  await expect(form.getByText('请输入正确的邮箱地址')).toBeVisible();
  await expect(form.locator('#profile_phone_help')).toBeVisible();
  await form.locator('#profile_email').fill(`me_${suffix}@example.com`);
  await form.locator('#profile_phone').fill('13900139000');
  await form.locator('#profile_realname').fill(`新名${suffix}`);
  await page.getByTestId('account-profile-save').click();
  await expect(page.getByText('保存成功')).toBeVisible();

  await page.getByRole('tab', { name: '新消息通知' }).click();
  const todo = page.getByTestId('notification-todoTask');
  await expect(todo).toBeChecked();
  await todo.click();
  await expect(todo).not.toBeChecked();
  await expect(page.locator('.ant-message-notice', { hasText: '保存成功' }).first()).toBeVisible();

  await page.reload();
  await expect(page.getByTestId('account-base').locator('#profile_realname')).toHaveValue(`新名${suffix}`);
  await expect(page.getByTestId('account-base').locator('#profile_email')).toHaveValue(`me_${suffix}@example.com`);
  await page.getByRole('tab', { name: '新消息通知' }).click();
  await expect(page.getByTestId('notification-todoTask')).not.toBeChecked();
  await expect(page.getByTestId('notification-systemMessage')).toBeChecked();
});
