import { expect, test } from '@playwright/test';
import { chooseTenantIfAsked, signIn, signOut, statValue, submitLogin, useLanguage } from '../helpers';

test.beforeEach(async ({ page }) => {
  await useLanguage(page, 'zh-CN');
});

test('signs in through the tenant choice and shows real figures on the dashboard', async ({ page }) => {
  await signIn(page);
  await expect(page).toHaveURL(/#\/dashboard\/analysis$/);
  await expect(page.getByTestId('stat-users')).toBeVisible();
  expect(await statValue(page, 'users')).toBeGreaterThanOrEqual(1);
  expect(await statValue(page, 'tenants')).toBeGreaterThanOrEqual(2);
  expect(await statValue(page, 'loginsToday')).toBeGreaterThanOrEqual(1);
  await expect(page.getByTestId('login-trend').locator('li')).toHaveCount(7);
  await expect(page).toHaveTitle('ZTJ IOT');
});

test('the tenant dialog preselects the tenant used last', async ({ page }) => {
  await page.goto('/#/user/login');
  await submitLogin(page);
  await chooseTenantIfAsked(page, 'last');
  // a fresh start of the console in this browser, signed out
  await page.evaluate(() => window.localStorage.clear());
  await page.goto('/#/user/login');
  await page.reload();
  await submitLogin(page);
  const radios = page.getByTestId('tenant-choice').getByRole('radio');
  await expect(radios.last()).toBeChecked();
  await chooseTenantIfAsked(page, 'first');
});

test('switches the language to English and back', async ({ page }) => {
  await signIn(page);
  const sider = page.getByTestId('side-menu');
  await expect(sider).toContainText('设备管理');
  await expect(page.getByText('用户数', { exact: true })).toBeVisible();

  await page.getByTestId('language-switch').click();
  await page.getByTestId('lang-en-US').click();
  await expect(sider).toContainText('Devices');
  await expect(page.getByText('Users', { exact: true })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');

  await page.getByTestId('language-switch').click();
  await page.getByTestId('lang-zh-CN').click();
  await expect(sider).toContainText('设备管理');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
});

test('opens menu entries as tabs; the homepage tab cannot be closed', async ({ page }) => {
  await signIn(page);
  const tabs = page.locator('[data-testid="multi-tabs"] .ant-tabs-tab');
  await expect(tabs).toHaveCount(1);

  await page.getByRole('menuitem', { name: '推送记录' }).click();
  await page.locator('[data-menu-path="/push/list"]').click();
  await expect(page).toHaveURL(/#\/push\/list$/);
  await expect(page.getByTestId('page-title')).toHaveText('推送列表');
  await page.getByRole('menuitem', { name: '共享管理' }).click();
  await expect(page.locator('[data-menu-path="/share/devices"]')).toBeVisible();
  await page.locator('[data-menu-path="/share/devices"]').click();
  await expect(page).toHaveURL(/#\/share\/devices$/);
  await expect(page.getByTestId('page-title')).toHaveText('共享设备');
  await expect(tabs).toHaveCount(3);
  await expect(page.getByTestId('breadcrumb')).toContainText('首页');

  const homeTab = page.locator('[data-testid="multi-tabs"] [data-node-key="/dashboard/analysis"]');
  await homeTab.locator('.ant-tabs-tab-remove').click();
  await expect(page.getByText('首页不能关闭!')).toBeVisible();
  await expect(tabs).toHaveCount(3);
  await expect(homeTab).toBeVisible();

  await page.locator('[data-testid="multi-tabs"] [data-node-key="/share/devices"] .ant-tabs-tab-remove').click();
  await expect(tabs).toHaveCount(2);
  await expect(page).toHaveURL(/#\/push\/list$/);
});

test('collapses the sidebar to 80 px and opens it again at 200 px', async ({ page }) => {
  await signIn(page);
  const sider = page.getByTestId('sider');
  await expect.poll(async () => (await sider.boundingBox())?.width).toBe(200);
  await page.getByTestId('sider-toggle').click();
  await expect.poll(async () => (await sider.boundingBox())?.width).toBe(80);
  await page.getByTestId('sider-toggle').click();
  await expect.poll(async () => (await sider.boundingBox())?.width).toBe(200);
});

test('at 375 px the menu is a 200 px drawer', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page);
  await expect(page.getByTestId('stat-users')).toBeVisible();
  await expect(page.getByTestId('sider')).toHaveCount(0);
  await expect(page.getByTestId('header-welcome')).toHaveText('ZTJ');
  await page.getByTestId('sider-toggle').click();
  const drawer = page.locator('.ant-drawer-content-wrapper').filter({ has: page.getByTestId('side-menu') });
  await expect(drawer).toBeVisible();
  await expect.poll(async () => (await drawer.boundingBox())?.width).toBe(200);
});

test('logs out after confirmation and lands on the login page', async ({ page }) => {
  await signIn(page);
  await expect(page.getByTestId('stat-users')).toBeVisible();
  await signOut(page);
  expect(await page.evaluate(() => localStorage.getItem('pro__Access-Token'))).toBeNull();
});
