import { expect, type Locator, type Page } from '@playwright/test';

/** The admin of the e2e server (playwright.config.ts). */
export const ADMIN = { username: 'admin', password: 'E2e-Admin#2026' };

/** Stores the interface language before the app starts (storage key of SPEC §3). */
export async function useLanguage(page: Page, language: 'zh-CN' | 'en-US'): Promise<void> {
  await page.addInitScript((lang) => {
    if (!localStorage.getItem('pro__LANGUAGE')) localStorage.setItem('pro__LANGUAGE', JSON.stringify({ value: lang, expire: null }));
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
  // the dialog preselects the tenant used last (issue #16 item 6), so the wanted one is chosen explicitly
  await tenantChoice.getByRole('radio')[which]().check();
  // Once in CI a click on OK while the modal was still appearing sent no request; a user clicks again.
  await expect(async () => {
    if (await tenantChoice.isVisible()) await page.locator('.ant-modal').getByRole('button', { name: /确\s*定|OK/ }).click({ timeout: 2_000 });
    await expect(tenantChoice).toBeHidden({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
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
 * Clicks `trigger` until `opened` shows: a click on a button of a dialog that is still zooming in
 * can be lost on a loaded machine (as with {@link confirmOk}), and a user would simply click again.
 * The trigger must be safe to press twice (it opens something, it does not toggle).
 */
export async function clickUntilVisible(trigger: Locator, opened: Locator): Promise<void> {
  await expect(async () => {
    if (!(await opened.isVisible())) await trigger.click({ timeout: 2_000 });
    await expect(opened).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
}

/**
 * Chooses `item` from a hover menu (a list row's "More ▾"): hovers `trigger` and clicks the item,
 * hovering again when the menu has closed. On a loaded machine the menu can still be fading in when
 * the click comes; the click then lands on the page behind it, the pointer leaves the menu and it
 * closes, as a user would see and simply hover again.
 */
export async function chooseFromHoverMenu(trigger: Locator, item: Locator): Promise<void> {
  await expect(async () => {
    if (!(await item.isVisible())) await trigger.hover({ timeout: 2_000 });
    await item.click({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}

/**
 * Presses the OK button of the confirmation that is open until it has closed: under load a click
 * on an antd modal or popconfirm button while it is still appearing is sometimes lost, and a user
 * would simply click again. `button`: its test id, or a locator of it.
 */
export async function confirmOk(page: Page, button: string | Locator = 'confirm-ok'): Promise<void> {
  const ok = typeof button === 'string' ? page.getByTestId(button) : button;
  await expect(ok).toBeVisible();
  await expect(async () => {
    if (await ok.isVisible()) await ok.click({ timeout: 2_000 });
    await expect(ok).toBeHidden({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
}

/**
 * Signs out through the top bar's logout action and its confirmation, and waits for the login
 * form. The dialog's text is awaited first; OK is clicked again while the dialog is still up (a
 * click that lands while the confirmation zooms in can be lost on a loaded machine, as with the
 * selects below), until the console has reloaded on the login page.
 */
export async function signOut(page: Page): Promise<void> {
  await page.getByTestId('logout').click();
  const dialog = page.locator('.ant-modal-confirm');
  await expect(dialog).toContainText(/真的要注销登录吗|Do you really want to log out/);
  const ok = dialog.getByRole('button', { name: /确\s*定|OK/ });
  await expect(async () => {
    if (await ok.isVisible()) await ok.click({ timeout: 2_000 });
    await expect(page.getByTestId('login-form')).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page).toHaveURL(/#\/user\/login/);
}

/**
 * Fails when the page still scrolls sideways at its current width after 5 s (after a viewport
 * change the layout and charts resize on their next frames; a loaded machine once measured the
 * old width).
 */
export async function noSidewaysScroll(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), { timeout: 5_000 })
    .toBeLessThanOrEqual(0);
}

/** Screenshots of the current screen at 1280 and 375 px into `dir` (no sideways scroll at 375 px); back at 1280 after. */
export async function shotsAt(page: Page, dir: string, name: string): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 860 });
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${dir}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.waitForTimeout(600);
  await noSidewaysScroll(page);
  await page.screenshot({ path: `${dir}/${name}-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 860 });
}

/**
 * Picks the option `text` of an antd Select and waits until the select shows it. On a loaded
 * machine a click that lands while the dropdown is still settling can be lost (the option was
 * clicked, the dropdown stayed open, nothing chosen): the dropdown is opened again if it closed and
 * the option clicked again, until the select shows the choice (15 s at most).
 */
export async function pickOption(page: Page, select: Locator, text: string): Promise<void> {
  await expect(async () => {
    if ((await page.locator('.ant-select-dropdown:visible').count()) === 0) await select.click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }).click({ timeout: 2_000 });
    await expect(select).toContainText(text, { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

/**
 * Chooses the option titled `option` in the antd Select `select` and waits until its dropdown has
 * closed (a single select closes once an option is taken). A click that lands while the dropdown
 * still slides in can be lost or hit the neighbouring option on a loaded machine: the dropdown is
 * opened again and the option clicked again until the choice is taken (20 s at most). Callers that
 * must be sure of the value check the select's text afterwards.
 */
export async function chooseOption(page: Page, select: Locator, option: string | RegExp): Promise<void> {
  await expect(async () => {
    if ((await page.locator('.ant-select-dropdown:visible').count()) === 0) await select.click();
    await page.locator('.ant-select-dropdown:visible').getByTitle(option).first().click({ timeout: 2_000 });
    await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

/**
 * Calls the server's API at `base` with the page's console session (its stored token and tenant)
 * and returns the envelope's result, expecting success.
 */
export async function consoleApi<T>(page: Page, base: string, method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown): Promise<T> {
  const { token, tenant } = await page.evaluate(() => {
    const read = (key: string): unknown => {
      const raw = localStorage.getItem(`pro__${key}`);
      return raw ? (JSON.parse(raw) as { value: unknown }).value : null;
    };
    return { token: String(read('Access-Token')), tenant: String(read('TENANT_ID') ?? '') };
  });
  const res = await page.request.fetch(`${base}/ztj-iot${path}`, { method, headers: { 'X-Access-Token': token, 'tenant-id': tenant }, data });
  const body = (await res.json()) as { success: boolean; result: T; message: string };
  expect(body.success, `${method} ${path}: ${body.message}`).toBe(true);
  return body.result;
}
