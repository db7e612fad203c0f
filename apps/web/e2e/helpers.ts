import {
  expect,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from '@playwright/test';

/** The admin of the e2e server (playwright.config.ts). */
export const ADMIN = { username: 'admin', password: 'E2e-Admin#2026' };

/** Stores the interface language before the app starts (storage key of SPEC §3). */
export async function useLanguage(page: Page, language: 'zh-CN' | 'en-US'): Promise<void> {
  await page.addInitScript((lang) => {
    if (!localStorage.getItem('pro__LANGUAGE'))
      localStorage.setItem('pro__LANGUAGE', JSON.stringify({ value: lang, expire: null }));
  }, language);
}

/** Fills and submits the login form. */
export async function submitLogin(page: Page, username = ADMIN.username, password = ADMIN.password): Promise<void> {
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

/**
 * After the login form: takes a tenant in the tenant-choice dialog when it appears (admin belongs
 * to two tenants; `which` = the first or the last), until the dialog has closed.
 */
export async function chooseTenantIfAsked(page: Page, which: 'first' | 'last' = 'first'): Promise<void> {
  const tenantChoice = page.getByTestId('tenant-choice');
  const dashboard = page.getByTestId('dashboard');
  await expect(tenantChoice.or(dashboard)).toBeVisible({ timeout: 20_000 });
  if (!(await tenantChoice.isVisible())) return;
  // the dialog preselects the tenant used last, so the wanted one is chosen explicitly
  await tenantChoice.getByRole('radio')[which]().check();
  await page
    .locator('.ant-modal')
    .filter({ has: tenantChoice })
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  await expect(tenantChoice).toBeHidden({ timeout: 20_000 });
}

/** Signs in as admin from the login page, taking the first tenant if asked. */
export async function signIn(page: Page, path = '/#/user/login'): Promise<void> {
  await page.goto(path);
  await submitLogin(page);
  await chooseTenantIfAsked(page);
}

/** The number shown by a dashboard statistic card. */
export async function statValue(page: Page, key: string): Promise<number> {
  const text = await page.getByTestId(`stat-${key}`).locator('.ant-statistic-content-value').innerText();
  return Number(text.replace(/[^\d]/g, ''));
}

/**
 * A browser context of the spec's own with the options of playwright.config.ts that matter for
 * stable clicks: `browser.newContext` in a test does not inherit the config's `use`, so without this
 * the console would animate its dialogs and menus there.
 */
export async function newContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  return browser.newContext({ reducedMotion: 'reduce', ...options });
}

/** Signs out through the top bar's logout action and its confirmation, and waits for the login form. */
export async function signOut(page: Page): Promise<void> {
  await page.getByTestId('logout').click();
  const dialog = page.locator('.ant-modal-confirm');
  await expect(dialog).toContainText(/真的要注销登录吗|Do you really want to log out/);
  await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(page.getByTestId('login-form')).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/#\/user\/login/);
}

/**
 * Fails when the page still scrolls sideways at its current width after 5 s (after a viewport
 * change the layout and charts resize on their next frames; a loaded machine once measured the
 * old width).
 */
export async function noSidewaysScroll(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), {
      timeout: 5_000,
    })
    .toBeLessThanOrEqual(0);
}

/** Resolves once the page has rendered two more frames (after a viewport change: its new layout). */
export async function nextFrames(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
}

/** Screenshots of the current screen at 1280 and 375 px into `dir` (no sideways scroll at 375 px); back at 1280 after. */
export async function shotsAt(page: Page, dir: string, name: string): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 860 });
  await nextFrames(page);
  await page.screenshot({ path: `${dir}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await nextFrames(page);
  await noSidewaysScroll(page);
  await page.screenshot({ path: `${dir}/${name}-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 860 });
}

/**
 * Picks the option showing `text` in the antd Select `select` and waits until the select shows it.
 * Plain actions: with motion off (playwright.config.ts) the dropdown is there at once.
 */
export async function selectByText(page: Page, select: Locator, text: string): Promise<void> {
  await select.click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }).click();
  await expect(select).toContainText(text);
}

/**
 * Chooses the option titled `option` in the antd Select `select` and waits until its dropdown has
 * closed (a single select closes once an option is taken). Callers that must be sure of the value
 * check the select's text afterwards.
 */
export async function selectByTitle(page: Page, select: Locator, option: string | RegExp): Promise<void> {
  await select.click();
  const dropdown = page.locator('.ant-select-dropdown:visible');
  await dropdown.getByTitle(option).first().click();
  await expect(dropdown).toHaveCount(0);
}

/**
 * Calls the server's API at `base` with the page's console session (its stored token and tenant)
 * and returns the envelope's result, expecting success.
 */
export async function consoleApi<T>(
  page: Page,
  base: string,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  data?: unknown,
): Promise<T> {
  const { token, tenant } = await page.evaluate(() => {
    const read = (key: string): unknown => {
      const raw = localStorage.getItem(`pro__${key}`);
      return raw ? (JSON.parse(raw) as { value: unknown }).value : null;
    };
    return { token: String(read('Access-Token')), tenant: String(read('TENANT_ID') ?? '') };
  });
  const res = await page.request.fetch(`${base}/ztj-iot${path}`, {
    method,
    headers: { 'X-Access-Token': token, 'tenant-id': tenant },
    data,
  });
  const body = (await res.json()) as { success: boolean; result: T; message: string };
  expect(body.success, `${method} ${path}: ${body.message}`).toBe(true);
  return body.result;
}
