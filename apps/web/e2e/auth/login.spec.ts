import { expect, test } from '@playwright/test';
import { signIn, submitLogin, useLanguage } from '../helpers';

test.beforeEach(async ({ page }) => {
  await useLanguage(page, 'zh-CN');
});

test('empty fields show translated field errors in both languages', async ({ page }) => {
  await page.goto('/#/user/login');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('login-username-error')).toHaveText('请输入账户');
  await expect(page.getByTestId('login-password-error')).toHaveText('请输入密码');
  await page.getByTestId('lang-en-US').click();
  await expect(page.getByTestId('login-username-error')).toHaveText('Please enter the Account');
  await expect(page.getByTestId('login-submit')).toHaveText('Sign in');
});

test('a wrong account shows the server message and stays on the login page', async ({ page }) => {
  await page.goto('/#/user/login');
  await submitLogin(page, 'nobody_here', 'Wrong-Pass#1');
  await expect(page.getByTestId('login-error')).toContainText('用户名或密码错误');
  await expect(page).toHaveURL(/#\/user\/login$/);
});

test('a private path without a token goes to login with redirect, then back after sign-in', async ({ page }) => {
  await page.goto('/#/share/list');
  await expect(page).toHaveURL(/#\/user\/login\?redirect=%2Fshare%2Flist$/);
  await signIn(page, page.url().replace(/^.*?#/, '/#'));
  await expect(page).toHaveURL(/#\/share\/list$/);
  await expect(page.getByTestId('shares')).toBeVisible();
  await expect(page).toHaveTitle('共享列表 - ZTJ IOT');
});

test('an unknown path with a token goes to 404', async ({ page }) => {
  await signIn(page);
  await expect(page.getByTestId('dashboard')).toBeVisible();
  await page.goto('/#/no/such/page');
  await expect(page).toHaveURL(/#\/404$/);
  await expect(page.getByTestId('back-home')).toBeVisible();
});
