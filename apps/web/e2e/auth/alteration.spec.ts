import { expect, test } from '@playwright/test';
import { ADMIN, chooseTenantIfAsked, submitLogin } from '../helpers';
import { codeFromSink, openPage, sentTo, shots, startSelfServiceServer, type SelfServiceEnv } from './selfService';

/**
 * Password recovery (/user/alteration steps 1-4) on a demo server of its own
 * (port 18503): the admin gets a mobile number; an unknown account gets the same answer as a known
 * one (and no SMS); the admin recovers by user name with the code read from the local SMS
 * provider, sets a new password (SPEC §5, confirmation) and signs in with it. Both languages,
 * 1280 and 375 px.
 */
const PORT = 18_503;
const PHONE = '13800138555';
const NEW_PASSWORD = 'Recovered-E2e#1';
let env: SelfServiceEnv | null = null;

async function api<T>(
  method: string,
  path: string,
  token: string | null,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const res = await fetch(`${env!.base}/ztj-iot${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { 'x-access-token': token } : {}), ...headers },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const json = (await res.json()) as { success: boolean; message: string; result: T };
  if (!json.success) throw new Error(`${path}: ${json.message}`);
  return json.result;
}

test.beforeAll(async () => {
  test.setTimeout(150_000);
  env = await startSelfServiceServer(PORT);
  // the admin's mobile number, edited from the platform tenant (as the phone sign-in spec does)
  const { token } = await api<{ token: string }>(
    'POST',
    '/sys/login',
    null,
    { username: ADMIN.username, password: ADMIN.password },
    { 'tenant-id': '1000' },
  );
  const page = await api<{ records: { id: string; username: string; realname: string; userIdentity: 1 | 2 }[] }>(
    'GET',
    '/sys/user/list?username=admin',
    token,
  );
  const admin = page.records.find((u) => u.username === 'admin')!;
  await api('PUT', '/sys/user/edit', token, {
    id: admin.id,
    realname: admin.realname,
    phone: PHONE,
    userIdentity: admin.userIdentity,
  });
});
test.afterAll(async () => {
  env?.server.stop();
  await env?.peer.close();
});

test('an unknown account gets the same step 2 as a known one, and no SMS (en-US)', async ({ page }) => {
  await openPage(page, env!.base, '/user/login', 'en-US');
  await page.getByTestId('login-forgot').click();
  await expect(page.getByTestId('alteration-step1')).toBeVisible();
  await page.getByTestId('alteration-next').click();
  await expect(page.getByTestId('alteration-account-error')).toHaveText('Please enter the User name or mobile number');
  await shots(page, 'alteration-step1-en-US');
  await page.getByTestId('alteration-account').fill('nobody_here');
  await page.getByTestId('alteration-next').click();
  await expect(page.getByTestId('alteration-code-sent')).toHaveText(
    'If this account exists and has a mobile number, an SMS code has been sent to it. It is valid for 5 minutes.',
  );
  await page.getByTestId('alteration-code').fill('123456');
  await page.getByTestId('alteration-verify').click();
  await expect(page.getByTestId('alteration-error')).toContainText('Wrong mobile number or SMS code');
  await shots(page, 'alteration-step2-en-US');
});

test('recovers the password by SMS and signs in with the new one (zh-CN)', async ({ page }) => {
  const { base, peer } = env!;
  await openPage(page, base, '/user/alteration', 'zh-CN');
  await page.getByTestId('alteration-account').fill(ADMIN.username);
  const before = sentTo(peer, PHONE);
  await page.getByTestId('alteration-next').click();
  await expect(page.getByTestId('alteration-code-sent')).toHaveText(
    '如果该账户存在并绑定了手机号，短信验证码已发送，5分钟内有效。',
  );
  await expect(page.getByTestId('alteration-send-code')).toHaveText(/^\d{1,2} 秒后重新获取$/);
  await page.getByTestId('alteration-code').fill(await codeFromSink(peer, PHONE, before));
  await shots(page, 'alteration-step2-zh-CN');
  await page.getByTestId('alteration-verify').click();

  await expect(page.getByTestId('alteration-step3')).toBeVisible();
  await page.getByTestId('alteration-password').fill('short');
  await page.getByTestId('alteration-confirm').fill('other');
  await page.getByTestId('alteration-submit').click();
  await expect(page.getByTestId('alteration-password-error')).toHaveText('密码由8位数字、大小写字母和特殊符号组成!');
  await expect(page.getByTestId('alteration-confirmPassword-error')).toHaveText('两次输入的密码不一致!');
  await page.getByTestId('alteration-password').fill(NEW_PASSWORD);
  await expect(page.getByTestId('password-strength')).toHaveAttribute('data-level', 'strong');
  await page.getByTestId('alteration-confirm').fill(NEW_PASSWORD);
  await shots(page, 'alteration-step3-zh-CN');
  await page.getByTestId('alteration-submit').click();
  await expect(page.getByTestId('alteration-done')).toContainText('密码已修改');
  await shots(page, 'alteration-done-zh-CN');

  await page.getByTestId('alteration-login').click();
  await submitLogin(page, ADMIN.username, ADMIN.password);
  await expect(page.getByTestId('login-error')).toContainText('用户名或密码错误');
  await submitLogin(page, ADMIN.username, NEW_PASSWORD);
  await chooseTenantIfAsked(page);
  await expect(page.getByTestId('dashboard')).toBeVisible({ timeout: 20_000 });
});
