import { mkdirSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { startOidcPeer, type OidcPeer } from '../../../server/src/modules/auth/sso/sso-peers.fixture';
import { startDemoServer, type DemoServer } from '../devices/demoServer';
import { ADMIN, chooseTenantIfAsked, newContext, noSidewaysScroll, shotsAt } from '../helpers';

/**
 * Single sign-on and the customer monitoring screen on a demo server of
 * its own (port 18522, simulator on) whose generic OIDC provider is a real oidc-provider started
 * here (port 18523): an administrator issues a login-free link from the user list, a fresh browser
 * opens it and lands signed in on /yakult/index with the tenant's branding and live devices (both
 * languages, 375 px without sideways scroll); the link does not work twice; a sign-in through the
 * OIDC provider's own login page binds the identity to the admin by password, and the next one
 * goes straight in. Screens into SSO_SHOTS=<dir> when set.
 */
const PORT = 18_522;
const OIDC_PORT = 18_523;
const BASE = `http://127.0.0.1:${PORT}`;
const DEMO_TENANT = '1001';
const SHOTS = process.env.SSO_SHOTS;
const CLIENT = {
  clientId: 'ztj-e2e',
  clientSecret: 'e2e-oidc-secret-0123456789abcdef',
  redirectUri: `${BASE}/ztj-iot/sys/thirdLogin/callback/2`,
};

let server: DemoServer | null = null;
let oidc: OidcPeer | null = null;

async function api<T>(method: string, path: string, token: string | null, body?: unknown): Promise<T> {
  const res = await fetch(`${BASE}/ztj-iot${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      'tenant-id': DEMO_TENANT,
      ...(token ? { 'x-access-token': token } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const json = (await res.json()) as { success: boolean; message: string; result: T };
  if (!json.success) throw new Error(`${path}: ${json.message}`);
  return json.result;
}

test.beforeAll(async () => {
  test.setTimeout(150_000);
  oidc = await startOidcPeer(OIDC_PORT, CLIENT);
  server = await startDemoServer(PORT, {
    SSO_PUBLIC_URL: BASE,
    SSO_OIDC_ISSUER: `http://127.0.0.1:${OIDC_PORT}`,
    SSO_OIDC_CLIENT_ID: CLIENT.clientId,
    SSO_OIDC_CLIENT_SECRET: CLIENT.clientSecret,
    SSO_OIDC_NAME: 'Corp SSO',
  });
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  // the demo tenant's branding, as its administrator sets it
  const { token } = await api<{ token: string }>('POST', '/sys/login', null, {
    username: ADMIN.username,
    password: ADMIN.password,
  });
  await api('PUT', '/sys/branding', token, {
    nameZh: '优鲜乳业冷链',
    nameEn: 'FreshDairy Cold Chain',
    logo: '',
    primaryColor: '#e60012',
    backgroundColor: '#14213d',
  });
});

test.afterAll(async () => {
  server?.stop();
  await oidc?.close();
});

async function freshPage(browser: Browser, lang: 'zh-CN' | 'en-US'): Promise<Page> {
  const context = await newContext(browser, { viewport: { width: 1280, height: 860 } });
  const page = await context.newPage();
  await page.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort());
  await page.addInitScript(
    (l) => localStorage.setItem('pro__LANGUAGE', JSON.stringify({ value: l, expire: null })),
    lang,
  );
  return page;
}

/** A login-free link for the admin in the demo tenant, issued through the API. */
async function issuedLink(): Promise<string> {
  const login = await api<{ token: string; userInfo: { id: string } }>('POST', '/sys/login', null, {
    username: ADMIN.username,
    password: ADMIN.password,
  });
  const link = await api<{ path: string }>('POST', '/sys/user/loginFreeLink', login.token, {
    userId: login.userInfo.id,
    minutes: 10,
    target: '/yakult/index',
  });
  return `${BASE}/#${link.path}`;
}

/** The monitoring screen with the brand and at least one device with a reading. */
async function expectLiveScreen(page: Page, brand: string): Promise<void> {
  await expect(page).toHaveURL(/#\/yakult\/index$/, { timeout: 30_000 });
  await expect(page.getByTestId('yakult-brand')).toHaveText(brand);
  await expect(page.getByTestId('yakult-device').first()).toBeVisible({ timeout: 30_000 });
  // gateways are listed too (without readings of their own): some sensor shows a live value
  await expect(
    page
      .getByTestId('yakult-device')
      .filter({ hasText: /°C|%RH/ })
      .first(),
  ).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('bigscreen-map')).toBeVisible();
}

test('an administrator issues a login-free link from the user list; a fresh browser opens it onto the live branded screen; it works once', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await page.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort());
  await page.goto(`${BASE}/#/user/login`);
  await page.getByTestId('login-username').fill(ADMIN.username);
  await page.getByTestId('login-password').fill(ADMIN.password);
  await page.getByTestId('login-submit').click();
  await chooseTenantIfAsked(page, 'last');
  await expect(page.getByTestId('dashboard')).toBeVisible({ timeout: 30_000 });
  await page.goto(`${BASE}/#/system/user`);
  const row = page.locator('tr', { has: page.getByRole('cell', { name: 'admin', exact: true }) }).first();
  await expect(row).toBeVisible({ timeout: 20_000 });
  await row.getByTestId('row-more').hover();
  await page.getByText('免登录链接', { exact: true }).click();
  await expect(page.getByTestId('login-free-modal')).toBeVisible();
  await page.getByTestId('login-free-issue').click();
  const url = await page.getByTestId('login-free-url').inputValue();
  expect(url).toMatch(/#\/user\/login\?at=[\w-]{43}&guid=[\w-]+&uid=[\w-]+&redirect=%2Fyakult%2Findex$/);
  if (SHOTS) await page.getByTestId('login-free-modal').screenshot({ path: `${SHOTS}/login-free-modal.png` });

  const wall = await freshPage(browser, 'zh-CN');
  await wall.goto(url);
  await expectLiveScreen(wall, '优鲜乳业冷链');
  if (SHOTS) await shotsAt(wall, SHOTS, 'yakult-zh');
  await wall.setViewportSize({ width: 375, height: 812 });
  await expect(wall.getByTestId('yakult-device').first()).toBeVisible();
  await noSidewaysScroll(wall);
  await wall.context().close();

  // the same link a second time: refused, the login page says so
  const again = await freshPage(browser, 'zh-CN');
  await again.goto(url);
  await expect(again.getByTestId('sso-error')).toContainText('免登录链接无效、已使用或已过期');
  await expect(again).toHaveURL(/#\/user\/login\?redirect=/);
  await again.context().close();
});

test('in English: a login-free link lands on the branded screen, readable at 375 px', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await freshPage(browser, 'en-US');
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(await issuedLink());
  await expectLiveScreen(page, 'FreshDairy Cold Chain');
  await expect(page.getByText('Devices online')).toBeVisible();
  await noSidewaysScroll(page);
  if (SHOTS) await shotsAt(page, SHOTS, 'yakult-en');
  await page.context().close();
});

test('without a session /yakult/index asks to sign in (both languages)', async ({ browser }) => {
  for (const [lang, text] of [
    ['zh-CN', '登录'],
    ['en-US', 'Sign in'],
  ] as const) {
    const page = await freshPage(browser, lang);
    await page.goto(`${BASE}/#/yakult/index`);
    await expect(page.getByTestId('yakult-signin-button')).toContainText(text);
    await page.setViewportSize({ width: 375, height: 812 });
    await noSidewaysScroll(page);
    await page.context().close();
  }
});

test('OIDC: the provider button signs in through the provider; an unbound identity binds by password, the next sign-in goes straight in', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  for (const [round, lang] of [
    [1, 'zh-CN'],
    [2, 'en-US'],
  ] as const) {
    const page = await freshPage(browser, lang);
    await page.goto(`${BASE}/#/user/login`);
    const button = page.getByTestId('sso-provider-2');
    await expect(button).toHaveText(/Corp SSO/);
    if (SHOTS && round === 1) await shotsAt(page, SHOTS, 'login-sso-zh');
    await button.click();
    // oidc-provider's own login page
    await page.locator('input[name="login"]').fill('e2e-oidc-user');
    await page.locator('input[name="password"]').fill('any');
    await page.locator('button[type="submit"]').click();
    if (round === 1) {
      const bind = page.getByTestId('sso-bind');
      await expect(bind).toBeVisible({ timeout: 30_000 });
      await expect(bind).toContainText('OIDC e2e-oidc-user');
      await page.getByTestId('sso-bind-username').fill(ADMIN.username);
      await page.getByTestId('sso-bind-password').fill('wrong-password');
      await bind.getByRole('button', { name: /绑定并登录/ }).click();
      await expect(page.getByTestId('sso-bind-error')).toContainText('用户名或密码错误');
      if (SHOTS) await shotsAt(page, SHOTS, 'bind-zh');
      await page.getByTestId('sso-bind-password').fill(ADMIN.password);
      await bind.getByRole('button', { name: /绑定并登录/ }).click();
    }
    await chooseTenantIfAsked(page, 'last');
    await expect(page.getByTestId('dashboard')).toBeVisible({ timeout: 30_000 });
    await page.context().close();
  }
});
