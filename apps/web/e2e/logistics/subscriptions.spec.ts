import { type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN, chooseTenantIfAsked, newContext, shotsAt, submitLogin } from '../helpers';
import { expect, test } from '../demoTest';

/**
 * Subscriptions against the worker's demo-mode server: an operator of
 * the demo tenant opens the orders (the demo's paid year, the mote ending within 7 days and its
 * unpaid renewal, announced above the list), is refused without devices, renews a vehicle for 6
 * months seeing devices × months × unit price before confirming, finds the unpaid order and its
 * detail (devices with their service ends); in Chinese the same screens; the platform
 * administrator confirms the mote's payment and its service end moves a year on. Screenshots at
 * 1280 and 375 px in both languages; no sideways scroll at 375 px.
 */
const suffix = Date.now().toString(36).slice(-5);
const OPERATOR = {
  username: `subop_${suffix}`,
  password: 'E2e-SubOp#2026',
  realname: `SubOp_${suffix}`,
  phone: `136${String(Date.now()).slice(-8)}`,
};
const SHOTS = process.env.SUBSCRIPTIONS_SHOTS ?? '/tmp/subscriptions-shots';
const RENEWED = 'SIM-VH-002';
const EXPIRING = 'SIM-TAG-004';

/** Creates the demo tenant's operator through the API and waits for the demo orders. */
async function setUp(request: APIRequestContext, base: string): Promise<void> {
  const login = await (
    await request.post(`${base}/ztj-iot/sys/login`, { data: { username: ADMIN.username, password: ADMIN.password } })
  ).json();
  const demo = { 'X-Access-Token': login.result.token as string, 'tenant-id': '1001' };
  const roles = await (await request.get(`${base}/ztj-iot/sys/role/queryall`, { headers: demo })).json();
  const operator = (roles.result as { id: string; roleCode: string }[]).find((r) => r.roleCode === 'operator')!;
  const added = await (
    await request.post(`${base}/ztj-iot/sys/user/add`, {
      headers: demo,
      data: { ...OPERATOR, selectedroles: operator.id },
    })
  ).json();
  expect(added.success, added.message).toBe(true);
  await expect(async () => {
    const list = await (await request.get(`${base}/ztj-iot/wlx/subscribe/order/list`, { headers: demo })).json();
    expect(list.result.total).toBeGreaterThanOrEqual(3);
  }).toPass({ timeout: 90_000 });
}

/** A fresh browser page in `language`, signed in as `username` (tenant `which` when asked), on the order list. */
async function signedIn(
  page: Page,
  base: string,
  language: 'zh-CN' | 'en-US',
  username: string,
  password: string,
  which: 'first' | 'last' = 'first',
): Promise<void> {
  await page.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort());
  await page.addInitScript(
    (lang) => localStorage.setItem('pro__LANGUAGE', JSON.stringify({ value: lang, expire: null })),
    language,
  );
  await page.goto(`${base}/#/user/login`);
  await submitLogin(page, username, password);
  await chooseTenantIfAsked(page, which);
  await expect(page.getByTestId('dashboard')).toBeVisible({ timeout: 20_000 });
  await page.goto(`${base}/#/subscribe/orders`);
  await expect(page.getByTestId('orders')).toBeVisible();
}

test('an operator renews a device and finds the unpaid order and its detail; the platform administrator confirms a payment', async ({
  page,
  request,
  browser,
  demoBase,
}) => {
  test.setTimeout(420_000);
  await setUp(request, demoBase);

  // operator, English: the demo orders and the expiry notice
  await signedIn(page, demoBase, 'en-US', OPERATOR.username, OPERATOR.password);
  const orders = page.getByTestId('orders');
  await expect(orders.locator('.ant-table-row')).toHaveCount(3);
  await expect(orders).toContainText('Unpaid');
  await expect(orders).toContainText('Paid');
  await expect(page.getByTestId('service-notice')).toContainText(EXPIRING);
  await expect(page.getByTestId('service-notice')).toContainText('Waiting for a renewal payment');

  // renew: refused without devices, then a vehicle for 6 months, priced before confirming
  await page.getByTestId('order-renew').click();
  const form = page.getByTestId('renew-form');
  await expect(form).toBeVisible();
  await page.getByTestId('renew-submit').click();
  await expect(form.getByText('Choose at least one device')).toBeVisible();
  await form.getByTestId('renew-devices').click();
  // the fleet has more devices than the dropdown shows at once: each is found by typing its id
  const search = form.getByTestId('renew-devices').locator('input');
  await search.fill(EXPIRING);
  // the mote already has an unpaid renewal: it cannot be picked again
  await expect(
    page.locator('.ant-select-dropdown .ant-select-item-option-disabled', { hasText: EXPIRING }),
  ).toBeVisible();
  await search.fill(RENEWED);
  await page.locator('.ant-select-dropdown .ant-select-item-option', { hasText: RENEWED }).click();
  await page.keyboard.press('Escape');
  await form.getByRole('spinbutton').fill('6');
  await expect(page.getByTestId('renew-amount')).toHaveText('1 × 6 × ¥30.00 = ¥180.00');
  await shotsAt(page, SHOTS, 'renew-en');
  await page.getByTestId('renew-submit').click();
  await expect(form).toBeHidden();
  await expect(orders.locator('.ant-table-row')).toHaveCount(4);
  const newRow = orders.locator('.ant-table-row').first();
  await expect(newRow).toContainText('Unpaid');
  await expect(newRow).toContainText('¥180.00');
  await shotsAt(page, SHOTS, 'orders-en');

  // its detail: the device, no period until paid, its current service end
  await newRow.getByTestId('order-open').click();
  const detail = page.getByTestId('order-detail');
  await expect(detail).toContainText('Starts when paid');
  await expect(detail).toContainText('¥180.00');
  await expect(page.getByTestId('order-items')).toContainText(RENEWED);
  await expect(page.getByTestId('order-items')).toContainText('In service');
  await expect(page.getByTestId('order-pay')).toHaveCount(0); // not a platform administrator
  await shotsAt(page, SHOTS, 'detail-en');
  // cancel it (with confirmation)
  await page.getByTestId('order-cancel').click();
  await page.getByTestId('order-cancel-ok').click();
  await expect(page.getByTestId('order-cancel-ok')).toBeHidden();
  await expect(detail).toContainText('Cancelled');

  // Chinese, a context of its own: the list, the notice and the demo's unpaid renewal
  const zh = await (await newContext(browser, { viewport: { width: 1280, height: 860 } })).newPage();
  await signedIn(zh, demoBase, 'zh-CN', OPERATOR.username, OPERATOR.password);
  await expect(zh.getByTestId('orders')).toContainText('待支付');
  await expect(zh.getByTestId('orders')).toContainText('已取消');
  await expect(zh.getByTestId('service-notice')).toContainText('续费订单待支付');
  await shotsAt(zh, SHOTS, 'orders-zh');
  await zh.getByTestId('orders').locator('.ant-table-row', { hasText: '待支付' }).getByTestId('order-open').click();
  await expect(zh.getByTestId('order-items')).toContainText(EXPIRING);
  await expect(zh.getByTestId('order-items')).toContainText('即将到期');
  await shotsAt(zh, SHOTS, 'detail-zh');

  // platform administrator (platform tenant): sees the demo tenant's order and confirms its payment
  const admin = await (await newContext(browser, { viewport: { width: 1280, height: 860 } })).newPage();
  await signedIn(admin, demoBase, 'zh-CN', ADMIN.username, ADMIN.password, 'first');
  const unpaid = admin.getByTestId('orders').locator('.ant-table-row', { hasText: '待支付' });
  await expect(unpaid).toHaveCount(1);
  await unpaid.getByTestId('order-open').click();
  await expect(admin.getByTestId('order-detail')).toContainText('演示冷链物流有限公司');
  await admin.getByTestId('order-pay').click();
  await admin.getByTestId('order-pay-ok').click();
  await expect(admin.getByTestId('order-pay-ok')).toBeHidden();
  await expect(admin.getByTestId('order-detail')).toContainText('已支付');
  await expect(admin.getByTestId('order-items')).toContainText('服务中');
  await shotsAt(admin, SHOTS, 'paid-zh');
});
