import { expect, test } from '@playwright/test';
import { chooseTenantIfAsked, submitLogin } from '../helpers';
import {
  codeFromSink,
  dragSlider,
  openPage,
  sentTo,
  shots,
  startSelfServiceServer,
  type SelfServiceEnv,
} from './selfService';

/**
 * Registration on a demo server of its own (port 18502) whose self-service
 * tenant is the demo tenant: from the login page's link, the SPEC §5 rules and the strength meter,
 * the SMS code read from the local provider, the slider dragged with the mouse, the result page,
 * then a sign-in with the new account. Both languages, 1280 and 375 px.
 */
const PORT = 18_502;
const PASSWORD = 'Reg-E2e#2026';
let env: SelfServiceEnv | null = null;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  env = await startSelfServiceServer(PORT);
});
test.afterAll(async () => {
  env?.server.stop();
  await env?.peer.close();
});

test('registers with the slider and an SMS code, lands on the result page and signs in (zh-CN)', async ({ page }) => {
  const { base, peer } = env!;
  const phone = '13700138001';
  await openPage(page, base, '/user/login', 'zh-CN');
  await page.getByTestId('login-register').click();
  await expect(page.getByTestId('register-form')).toBeVisible();
  await expect(page.getByTestId('slider-captcha-text')).toHaveText('请按住滑块拖动到最右边');

  // SPEC §5 rules on submit, the slider required
  await page.getByTestId('register-username').fill('ab');
  await page.getByTestId('register-password').fill('weakpass');
  await expect(page.getByTestId('password-strength')).toHaveAttribute('data-level', 'weak');
  await page.getByTestId('register-confirm').fill('other');
  await page.getByTestId('register-mobile').fill('12345678901');
  await page.getByTestId('register-submit').click();
  await expect(page.getByTestId('register-username-error')).toHaveText('用户名由6到18位字母、数字、下划线组成');
  await expect(page.getByTestId('register-password-error')).toHaveText('密码由8位数字、大小写字母和特殊符号组成!');
  await expect(page.getByTestId('register-confirmPassword-error')).toHaveText('两次输入的密码不一致!');
  await expect(page.getByTestId('register-mobile-error')).toHaveText('请输入正确的手机号码!');
  await expect(page.getByTestId('register-slider-error')).toHaveText('请先拖动滑块完成验证');

  await page.getByTestId('register-username').fill('e2e_reg_zh');
  await page.getByTestId('register-password').fill(PASSWORD);
  await expect(page.getByTestId('password-strength')).toHaveAttribute('data-level', 'strong');
  await page.getByTestId('register-confirm').fill(PASSWORD);
  await page.getByTestId('register-mobile').fill(phone);
  const before = sentTo(peer, phone);
  await page.getByTestId('register-send-code').click();
  await expect(page.getByTestId('register-send-code')).toHaveText(/^\d{1,2} 秒后重新获取$/);
  await page.getByTestId('register-code').fill(await codeFromSink(peer, phone, before));
  await dragSlider(page);
  await expect(page.getByTestId('slider-captcha-text')).toHaveText('验证通过');
  await expect(page.getByTestId('register-slider-error')).toBeEmpty();
  await shots(page, 'register-zh-CN');
  await page.getByTestId('register-submit').click();

  await expect(page.getByTestId('register-result-title')).toHaveText('你的账户：e2e_reg_zh 注册成功');
  await expect(page).toHaveURL(/#\/user\/register-result\?account=e2e_reg_zh/);
  await shots(page, 'register-result-zh-CN');
  await page.getByTestId('register-result-login').click();
  await submitLogin(page, 'e2e_reg_zh', PASSWORD);
  await chooseTenantIfAsked(page);
  await expect(page.getByTestId('dashboard')).toBeVisible({ timeout: 20_000 });
});

test('a taken user name is refused in the server words and the slider must be dragged again (en-US)', async ({
  page,
}) => {
  const { base, peer } = env!;
  const phone = '13700138002';
  await openPage(page, base, '/user/register', 'en-US');
  await expect(page.getByTestId('slider-captcha-text')).toHaveText('Drag the slider to the right');
  await page.getByTestId('register-username').fill('e2e_reg_zh');
  await page.getByTestId('register-password').fill(PASSWORD);
  await page.getByTestId('register-confirm').fill(PASSWORD);
  await page.getByTestId('register-mobile').fill(phone);
  const before = sentTo(peer, phone);
  await page.getByTestId('register-send-code').click();
  await expect(page.getByTestId('register-send-code')).toHaveText(/^Again in \d{1,2} s$/);
  await page.getByTestId('register-code').fill(await codeFromSink(peer, phone, before));
  await dragSlider(page);
  await expect(page.getByTestId('slider-captcha-text')).toHaveText('Verified');
  await shots(page, 'register-en-US');
  await page.getByTestId('register-submit').click();
  await expect(page.getByTestId('register-error')).toContainText('User name already exists');
  await expect(page.getByTestId('register-username-error')).toHaveText('User name already exists');
  await expect(page.getByTestId('slider-captcha')).toHaveAttribute('data-phase', 'idle');

  // another name: a new slider drag and the same code (not used up by the refused name) register it
  await page.getByTestId('register-username').fill('e2e_reg_en');
  await dragSlider(page);
  await page.getByTestId('register-submit').click();
  await expect(page.getByTestId('register-result-title')).toHaveText('Your account e2e_reg_en is registered');
  await shots(page, 'register-result-en-US');
});
