import { type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN, chooseTenantIfAsked, newContext, shotsAt, signOut, submitLogin } from '../helpers';
import { signInToDemoTenant } from '../devices/demoServer';
import { expect, test } from '../demoTest';

/**
 * Shares against the worker's demo-mode server: the demo operator
 * shares a device that reports positions with an account of the other tenant (created through the
 * API), signs out, signs in as the receiver, who sees the device under "shared devices" with its
 * data read-only (latest values, history chart and table, track, alarms) and nothing to edit; the
 * owner sees the receiver's accesses in the share's log and ends the share, after which the
 * receiver's detail says the share is no longer valid. Screenshots at 1280 and 375 px in both
 * languages; no sideways scroll at 375 px.
 */
const suffix = Date.now().toString(36).slice(-5);
const RECEIVER = {
  username: `recv_${suffix}`,
  password: 'E2e-Recv#2026',
  realname: `Recv_${suffix}`,
  phone: `137${String(Date.now()).slice(-8)}`,
};
const SHOTS = process.env.SHARES_SHOTS ?? '/tmp/shares-shots';

/** Creates the receiver in the platform tenant with the operator role; returns a demo device that has a position. */
async function setUp(request: APIRequestContext, base: string): Promise<string> {
  const login = await (
    await request.post(`${base}/ztj-iot/sys/login`, { data: { username: ADMIN.username, password: ADMIN.password } })
  ).json();
  const token = login.result.token as string;
  const platform = { 'X-Access-Token': token, 'tenant-id': '1000' };
  const roles = await (await request.get(`${base}/ztj-iot/sys/role/queryall`, { headers: platform })).json();
  const operator = (roles.result as { id: string; roleCode: string }[]).find((r) => r.roleCode === 'operator')!;
  const added = await (
    await request.post(`${base}/ztj-iot/sys/user/add`, {
      headers: platform,
      data: { ...RECEIVER, selectedroles: operator.id },
    })
  ).json();
  expect(added.success, added.message).toBe(true);
  const demo = { 'X-Access-Token': token, 'tenant-id': '1001' };
  let found: string | undefined;
  await expect(async () => {
    const list = await (
      await request.get(`${base}/ztj-iot/wlx/device/listDevCommon?pageSize=100`, { headers: demo })
    ).json();
    found = (list.result.records as { id: string; lat: number | null; values: unknown[] }[]).find(
      (d) => d.lat !== null && d.values.length > 0,
    )?.id;
    expect(found).toBeTruthy();
  }).toPass({ timeout: 60_000 });
  return found!;
}

/** Signs in as the receiver and opens the shared devices. */
async function receiverSignIn(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/#/user/login`);
  await submitLogin(page, RECEIVER.username, RECEIVER.password);
  await chooseTenantIfAsked(page);
  await expect(page.getByTestId('dashboard')).toBeVisible({ timeout: 20_000 });
  await page.goto(`${base}/#/share/devices`);
  await expect(page.getByTestId('shared-devices')).toBeVisible();
}

test('the owner shares a device; the receiver sees it and its data read-only; the owner reads the access log and ends the share', async ({
  page,
  request,
  browser,
  demoBase,
}) => {
  test.setTimeout(480_000);
  const device = await setUp(request, demoBase);

  // owner (demo tenant, English): refused with a field error for an unknown account, then shares
  await signInToDemoTenant(page, demoBase, 'en-US');
  await page.goto(`${demoBase}/#/share/list`);
  await expect(page.getByTestId('shares')).toBeVisible();
  await page.getByTestId('list-add').click();
  const form = page.getByTestId('share-form');
  await form.getByTestId('share-account').fill(`nobody_${suffix}`);
  await form.getByRole('button', { name: /选择|Choose/ }).click();
  const picker = page.locator('.ant-modal', { hasText: /选择设备|Choose devices/ }).last();
  await picker.getByPlaceholder(/Search|搜索/).fill(device);
  await picker.getByPlaceholder(/Search|搜索/).press('Enter');
  await picker.getByRole('cell', { name: device, exact: true }).first().click();
  await picker.getByRole('button', { name: /OK|确\s*定/ }).click();
  await expect(picker).toBeHidden();
  await form.getByTestId('share-note').fill('cold chain customer');
  await page.getByTestId('share-save').click();
  await expect(form.getByText('The account does not exist')).toBeVisible();
  await form.getByTestId('share-account').fill('admin');
  await page.getByTestId('share-save').click();
  await expect(form.getByText('You cannot share with yourself')).toBeVisible();
  await form.getByTestId('share-account').fill(RECEIVER.username);
  await page.getByTestId('share-save').click();
  await expect(form).toBeHidden();
  const row = page.getByTestId('shares').locator('tr', { hasText: RECEIVER.username });
  await expect(row).toContainText('Active');
  await shotsAt(page, SHOTS, 'owner-list-en');
  await signOut(page);

  // receiver (platform tenant, English): the shared device with its data, read-only
  await receiverSignIn(page, demoBase);
  const list = page.getByTestId('shared-devices');
  const shared = list.locator('tr', { hasText: device });
  await expect(shared).toBeVisible();
  await expect(shared).toContainText('No expiry');
  await expect(page.getByTestId('list-add')).toHaveCount(0);
  await shotsAt(page, SHOTS, 'receiver-list-en');
  await shared.getByTestId('shared-open').click();
  const detail = page.getByTestId('shared-detail');
  await expect(detail).toContainText(device);
  await expect(detail).toContainText('Read only');
  await expect(page.getByTestId('shared-history-chart')).toBeVisible();
  await shotsAt(page, SHOTS, 'receiver-detail-en');
  await detail.getByRole('tab', { name: 'History table' }).click();
  await expect(page.getByTestId('shared-history-table').locator('.ant-table-row').first()).toBeVisible();
  await detail.getByRole('tab', { name: 'Track' }).click();
  await expect(page.getByTestId('track-map')).toBeVisible();
  await expect(page.locator('.ztj-track-line')).toBeVisible({ timeout: 30_000 });
  await shotsAt(page, SHOTS, 'receiver-track-en');
  await detail.getByRole('tab', { name: 'Alarms' }).click();
  await expect(page.getByTestId('shared-alarms')).toBeVisible();
  // nothing to edit anywhere in the detail
  await expect(detail.getByRole('button', { name: /Edit|Delete|Save|Process/ })).toHaveCount(0);
  // the owner's own device screens stay closed to the receiver
  const own = await page.evaluate(async (id) => {
    const token = JSON.parse(localStorage.getItem('pro__Access-Token') ?? '{}').value as string;
    const res = await fetch(`/ztj-iot/wlx/device/viewById?id=${id}`, { headers: { 'X-Access-Token': token } });
    return (await res.json()) as { success: boolean };
  }, device);
  expect(own.success).toBe(false);
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();
  await signOut(page);

  // Chinese, in a browser context of its own: the receiver's list and detail
  const zh = await (await newContext(browser, { viewport: { width: 1280, height: 860 } })).newPage();
  await zh.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort());
  await zh.addInitScript(() => localStorage.setItem('pro__LANGUAGE', JSON.stringify({ value: 'zh-CN', expire: null })));
  await receiverSignIn(zh, demoBase);
  await expect(zh.getByTestId('shared-devices').locator('tr', { hasText: device })).toContainText('长期有效');
  await shotsAt(zh, SHOTS, 'receiver-list-zh');
  await zh.getByTestId('shared-devices').locator('tr', { hasText: device }).getByTestId('shared-open').click();
  await expect(zh.getByTestId('shared-detail')).toContainText('只读');
  await shotsAt(zh, SHOTS, 'receiver-detail-zh');
  await zh.keyboard.press('Escape');
  await expect(zh.getByTestId('shared-detail')).toBeHidden();

  // owner again, Chinese, in a third context: the access log shows the receiver's reads; end the share
  const owner = await (await newContext(browser, { viewport: { width: 1280, height: 860 } })).newPage();
  await signInToDemoTenant(owner, demoBase, 'zh-CN');
  await owner.goto(`${demoBase}/#/share/list`);
  const ownerRow = owner.getByTestId('shares').locator('tr', { hasText: RECEIVER.username });
  await ownerRow.getByTestId('share-open').click();
  const log = owner.getByTestId('share-access-log');
  await expect(log).toContainText(RECEIVER.username);
  await expect(log).toContainText('历史数据');
  await shotsAt(owner, SHOTS, 'owner-detail-zh');
  await owner.keyboard.press('Escape');
  await expect(owner.getByTestId('share-detail')).toBeHidden();
  await ownerRow.getByTestId('share-end').click();
  await owner.getByTestId('share-end-ok').click();
  await expect(owner.getByTestId('share-end-ok')).toBeHidden();
  await expect(ownerRow).toContainText('已解除');
  await shotsAt(owner, SHOTS, 'owner-list-zh');

  // receiver (still signed in): the device is gone at once
  await zh.reload();
  await expect(zh.getByTestId('shared-devices')).toContainText('暂无共享给您的设备');
});
