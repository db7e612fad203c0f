import type {
  DeviceServiceList,
  ExpiredDevice,
  PageResult,
  SubscribeOrder,
  SubscribeOrderDetail,
} from '@ztj/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/test-app';
import type { RealtimeHub } from '../../../platform/realtime/hub';
import { alarmsOf, bind, insertTemplate, postReadings, until, userOf } from '../../alarms/runtime/alarm.fixtures';
import { device } from '../../alarms/settings/settings.fixtures';
import { jobClassOf } from '../../../platform/jobs/job-classes';
import { DEMO_TENANT_ID, PLATFORM_TENANT_ID } from '../../../platform/tenancy/tenant-ids';
import { addDevice, createDeviceTestApp, uid } from '../../telemetry/ingest.fixtures';
import { SERVICE_EXPIRY_REMINDER_JOB } from './expiry-reminder';
import { DEMO_EXPIRING_DEVICE, seedDemoSubscriptions } from './demo-subscriptions';
import { DEFAULT_UNIT_PRICE_FEN } from './subscriptions.service';
import { provisionDevice } from '../../devices/device-provision';
import { expectRefused } from '../../../../test/refusal';

/**
 * Subscriptions: renew → unpaid order priced devices × months × unit price,
 * cancel, the platform administrator's payment confirmation extending each device's service end
 * (from now, or from the current end when renewed before expiry), tenant isolation, field errors
 * in both languages, expired devices stored but not evaluated by the alarm engine, and the
 * `deviceServiceExpiryReminder` job (fires once per device and service end).
 */

let app: TestApp;
let demoAdmin: { userId: string; token: string };
let demoOp: { userId: string; token: string };
let viewer: { userId: string; token: string };
let platformAdmin: { userId: string; token: string };
let platformOp: { userId: string; token: string };
const EN = { 'accept-language': 'en-US' };
const ZH = { 'accept-language': 'zh-CN' };
const DAY = 86_400_000;

beforeAll(async () => {
  app = await createDeviceTestApp();
  demoAdmin = await userOf(app, DEMO_TENANT_ID, 'subadmin1', 'admin');
  demoOp = await userOf(app, DEMO_TENANT_ID, 'subop1', 'operator');
  viewer = await userOf(app, DEMO_TENANT_ID, 'subviewer1', 'viewer');
  platformAdmin = await userOf(app, PLATFORM_TENANT_ID, 'subpadmin1', 'admin');
  platformOp = await userOf(app, PLATFORM_TENANT_ID, 'subpop1', 'operator');
});
afterAll(async () => {
  await app?.close();
});

const renew = (body: object, token = demoOp.token, headers = EN) =>
  app.call<SubscribeOrder>('POST', '/wlx/subscribe/order/renew', { token, body, headers });
const pay = (id: string, token = platformAdmin.token) =>
  app.call<SubscribeOrder>('POST', '/wlx/subscribe/order/confirmPay', { token, body: { id }, headers: EN });
const view = (id: string, token = demoOp.token) =>
  app.call<SubscribeOrderDetail>('GET', `/wlx/subscribe/order/queryById?id=${id}`, { token, headers: EN });
const serviceEnd = async (dev: string): Promise<number | null> => {
  const [r] = await app.db.query<{ ms: number }>(
    'SELECT (extract(epoch FROM service_end) * 1000)::float8 AS ms FROM device_service WHERE dev_no = $1',
    [dev],
  );
  return r ? Number(r.ms) : null;
};
const setServiceEnd = (dev: string, ms: number) =>
  app.db.query(
    `INSERT INTO device_service (dev_no, tenant_id, service_end) VALUES ($1, $2, to_timestamp($3::float8 / 1000))
     ON CONFLICT (dev_no) DO UPDATE SET service_end = EXCLUDED.service_end`,
    [dev, DEMO_TENANT_ID, ms],
  );

describe('subscriptions', () => {
  it('demo seed (once): a paid year for the fleet, one mote ending within 7 days with an unpaid renewal, nothing expired', async () => {
    for (const id of ['SIM-VH-001', 'SIM-WH-001', DEMO_EXPIRING_DEVICE])
      await provisionDevice(app.db, { id, tenantId: DEMO_TENANT_ID, model: 'P23-2IN1' });
    expect(await seedDemoSubscriptions(app.db)).toBe(true);
    expect(await seedDemoSubscriptions(app.db)).toBe(false);
    const services = (await app.call<DeviceServiceList>('GET', '/wlx/subscribe/devices', { token: demoOp.token })).body
      .result;
    const state = (id: string) => services.devices.find((d) => d.deviceId === id);
    expect(state('SIM-VH-001')).toMatchObject({ state: 'active', unpaidOrderNo: null });
    expect(state('SIM-WH-001')!.serviceEnd! - Date.now()).toBeGreaterThan(300 * DAY);
    expect(state(DEMO_EXPIRING_DEVICE)).toMatchObject({
      state: 'expiring',
      unpaidOrderNo: expect.stringMatching(/^SO/),
    });
    const orders = await app.call<PageResult<SubscribeOrder>>(
      'GET',
      '/wlx/subscribe/order/list?column=createTime&order=asc',
      { token: demoOp.token },
    );
    expect(orders.body.result.records.map((o) => [o.status, o.deviceCount])).toEqual([
      ['paid', 1],
      ['paid', 2],
      ['unpaid', 1],
    ]);
    expect(
      (await app.call<ExpiredDevice[]>('GET', '/wlx/subscribe/expiredDevices', { token: demoOp.token })).body.result,
    ).toEqual([]);
  });

  it('renew creates an unpaid order priced devices × months × unit price; it lists, shows and cancels', async () => {
    const [a, b] = [await device(app, DEMO_TENANT_ID), await device(app, DEMO_TENANT_ID)];
    const res = await renew({ deviceIds: [a, b, a], months: 3 });
    expect(res.body.success, res.body.message).toBe(true);
    const order = res.body.result;
    expect(order).toMatchObject({
      status: 'unpaid',
      months: 3,
      deviceCount: 2,
      unitPrice: DEFAULT_UNIT_PRICE_FEN,
      amount: 2 * 3 * DEFAULT_UNIT_PRICE_FEN,
      currency: 'CNY',
      tenantId: DEMO_TENANT_ID,
      createBy: 'subop1',
      payTime: null,
      periodStart: null,
      expireTime: null,
    });
    expect(order.orderNo).toMatch(/^SO\d{8}\d{6}$/);

    const list = await app.call<PageResult<SubscribeOrder>>(
      'GET',
      `/wlx/subscribe/order/list?orderNo=${order.orderNo}&status=unpaid`,
      { token: demoOp.token },
    );
    expect(list.body.result.records.map((r) => r.id)).toEqual([order.id]);
    const detail = await view(order.id);
    expect(detail.body.result.items.map((i) => [i.deviceId, i.periodEnd, i.state]).sort()).toEqual(
      [
        [a, null, 'none'],
        [b, null, 'none'],
      ].sort(),
    );

    // a device already in an unpaid order cannot be renewed twice
    const twice = await renew({ deviceIds: [b], months: 1 });
    expectRefused(twice, 400);
    expect(twice.body.errors).toEqual([
      { field: 'deviceIds', message: `Device ${b} already has an unpaid renewal order ${order.orderNo}` },
    ]);

    const cancelled = await app.call<SubscribeOrder>('POST', '/wlx/subscribe/order/cancel', {
      token: demoOp.token,
      body: { id: order.id },
      headers: EN,
    });
    expect(cancelled.body.result).toMatchObject({ status: 'cancelled', cancelTime: expect.any(Number) });
    const again = await app.call('POST', '/wlx/subscribe/order/cancel', {
      token: demoOp.token,
      body: { id: order.id },
      headers: EN,
    });
    expect(again.body).toMatchObject({
      success: false,
      message: 'Only an unpaid order can be cancelled or marked paid',
    });
    expect((await pay(order.id)).body.success).toBe(false);
    expect(await serviceEnd(a)).toBeNull();
  });

  it('confirm pay (platform administrator) extends each device from now, or from its current end when renewed before expiry', async () => {
    const [fresh, early, lapsed] = [
      await device(app, DEMO_TENANT_ID),
      await device(app, DEMO_TENANT_ID),
      await device(app, DEMO_TENANT_ID),
    ];
    const earlyEnd = Date.now() + 10 * DAY;
    await setServiceEnd(early, earlyEnd);
    await setServiceEnd(lapsed, Date.now() - 3 * DAY);
    const order = (await renew({ deviceIds: [fresh, early, lapsed], months: 2 })).body.result;

    // the platform tenant sees the demo tenant's order; only its administrator confirms
    const seen = await app.call<PageResult<SubscribeOrder>>(
      'GET',
      `/wlx/subscribe/order/list?orderNo=${order.orderNo}`,
      { token: platformAdmin.token },
    );
    expect(seen.body.result.records[0]).toMatchObject({
      id: order.id,
      tenantName: '演示冷链物流有限公司',
      tenantNameEn: 'Demo Cold Chain Logistics Co.',
    });
    expect((await view(order.id, platformAdmin.token)).body.result.canConfirmPay).toBe(true);
    expect((await view(order.id, platformOp.token)).body.result.canConfirmPay).toBe(false);
    expect((await view(order.id, demoAdmin.token)).body.result.canConfirmPay).toBe(false);
    const byTenantAdmin = await pay(order.id, demoAdmin.token);
    expect(byTenantAdmin.body).toMatchObject({
      success: false,
      code: 510,
      message: 'Only a platform administrator can confirm a payment',
    });
    const byPlatformOp = await pay(order.id, platformOp.token);
    expect(byPlatformOp.body).toMatchObject({
      success: false,
      message: 'Only a platform administrator can confirm a payment',
    });
    expect((await pay(order.id, demoOp.token)).body.success).toBe(false);

    const before = Date.now();
    const paid = await pay(order.id);
    expect(paid.body.success, paid.body.message).toBe(true);
    expect(paid.body.result).toMatchObject({ status: 'paid', payBy: 'subpadmin1', payTime: expect.any(Number) });

    const [expected] = await app.db.query<{ early: number }>(
      "SELECT (extract(epoch FROM to_timestamp($1::float8 / 1000) + interval '2 months') * 1000)::float8 AS early",
      [earlyEnd],
    );
    expect(Math.abs((await serviceEnd(early))! - Number(expected!.early))).toBeLessThan(2);
    for (const d of [fresh, lapsed]) {
      const end = (await serviceEnd(d))!;
      // now + 2 months: between 59 and 62 days after the call
      expect(end - before).toBeGreaterThan(59 * DAY);
      expect(end - before).toBeLessThan(62 * DAY + 60_000);
    }
    const detail = (await view(order.id)).body.result;
    const item = (id: string) => detail.items.find((i) => i.deviceId === id)!;
    expect(item(early).periodStart).toBe(Math.round(earlyEnd));
    expect(item(early).serviceEnd).toBe(item(early).periodEnd);
    expect(item(lapsed).periodStart).toBeGreaterThanOrEqual(before - 1000);
    expect(detail.items.every((i) => i.state === 'active')).toBe(true);
    expect(detail.periodEnd).toBe(Math.max(...detail.items.map((i) => i.periodEnd!)));
    expect(detail.expireTime).toBe(detail.periodEnd);
    expect((await pay(order.id)).body.message).toBe('Only an unpaid order can be cancelled or marked paid');
  });

  it('refuses other tenants, foreign devices, bad months and viewers; field errors in both languages', async () => {
    const mine = await device(app, DEMO_TENANT_ID);
    const foreign = await device(app, PLATFORM_TENANT_ID);
    const order = (await renew({ deviceIds: [mine], months: 1 })).body.result;

    const other = await userOf(app, PLATFORM_TENANT_ID, 'subother1', 'operator');
    // a tenant's own order is "not found" to another (non-platform) tenant
    const stranger = await userOf(app, DEMO_TENANT_ID, 'subsame1', 'operator');
    expect((await view(order.id, stranger.token)).status).toBe(200);
    await app.db.query(
      "INSERT INTO sys_tenant (id, name, status, begin_date) VALUES (1999, 'Third tenant', 1, now()) ON CONFLICT DO NOTHING",
    );
    await app.db.query("INSERT INTO sys_role (tenant_id, role_name, role_code) VALUES (1999, 'op', 'operator')");
    await app.db.query(
      `INSERT INTO sys_role_permission (role_id, permission_id) SELECT r.id, p.id FROM sys_role r, sys_permission p
        WHERE r.tenant_id = 1999 AND p.perms LIKE 'subscribe:%'`,
    );
    const third = await userOf(app, 1999, 'subthird1', 'operator');
    const hidden = await view(order.id, third.token);
    expectRefused(hidden, 404);
    expect(hidden.body.message).toBe('Order not found');
    const cancel = await app.call('POST', '/wlx/subscribe/order/cancel', {
      token: third.token,
      body: { id: order.id },
      headers: EN,
    });
    expectRefused(cancel, 404);
    const theirList = await app.call<PageResult<SubscribeOrder>>('GET', '/wlx/subscribe/order/list?pageSize=100', {
      token: third.token,
    });
    expect(theirList.body.result.records).toEqual([]);
    const foreignRenew = await renew({ deviceIds: [mine], months: 1 }, third.token);
    expect(foreignRenew.body.errors).toEqual([
      { field: 'deviceIds', message: `Device ${mine} does not belong to this tenant` },
    ]);

    const foreignDev = await renew({ deviceIds: [foreign], months: 1 });
    expectRefused(foreignDev, 400);
    expect(foreignDev.body.errors).toEqual([
      { field: 'deviceIds', message: `Device ${foreign} does not belong to this tenant` },
    ]);
    const zh = await renew({ deviceIds: [foreign], months: 1 }, demoOp.token, ZH);
    expect(zh.body.errors).toEqual([{ field: 'deviceIds', message: `设备 ${foreign} 不属于本租户` }]);
    const months = await renew({ deviceIds: [foreign], months: 0 });
    expect(months.body.errors).toEqual([
      { field: 'months', message: 'The renewal must be a whole number of months from 1 to 36' },
    ]);
    const monthsZh = await renew({ deviceIds: [], months: 1.5 }, demoOp.token, ZH);
    expect(monthsZh.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'months', message: '续费时长必须是1到36之间的整月数' },
        { field: 'deviceIds', message: '请至少选择一台设备' },
      ]),
    );
    expect((await renew({ deviceIds: [mine], months: 1 }, viewer.token)).body.success).toBe(false);
    expect((await app.call('GET', '/wlx/subscribe/order/list', { token: viewer.token })).body.success).toBe(false);
    expect((await pay(order.id, other.token)).body.success).toBe(false);
  });

  it('an expired device: its reading is stored but raises no alarm; an in-service device raises; a renewal brings it back', async () => {
    const templateId = await insertTemplate(app, DEMO_TENANT_ID, {
      conditions: [
        {
          type: 'threshold',
          param: 'P003',
          comparison: 0,
          value: -15,
          hysteresis: { margin: 1, clearDelayMinutes: 0 },
        },
      ],
    });
    const expired = uid('SUBX');
    const live = uid('SUBL');
    const secrets = { [expired]: await addDevice(app, { id: expired }), [live]: await addDevice(app, { id: live }) };
    await bind(app, DEMO_TENANT_ID, templateId, expired);
    await bind(app, DEMO_TENANT_ID, templateId, live);
    await setServiceEnd(expired, Date.now() - DAY);
    await setServiceEnd(live, Date.now() + 30 * DAY);

    const t = Date.now() - 20 * 60_000;
    const series = [
      { ts: t, values: { P003: -18 } },
      { ts: t + 60_000, values: { P003: -12 } },
    ];
    await postReadings(app, expired, secrets[expired]!, series);
    await postReadings(app, live, secrets[live]!, series);
    await until(async () => (await alarmsOf(app, live)).length > 0);
    await app.alarms.whenIdle();
    expect(await alarmsOf(app, expired)).toEqual([]);
    const stored = await app.db.query('SELECT ts FROM telemetry WHERE device_id = $1', [expired]);
    expect(stored).toHaveLength(2);
    const expiredList = await app.call<ExpiredDevice[]>('GET', '/wlx/subscribe/expiredDevices', {
      token: viewer.token,
    });
    expect(expiredList.body.result.map((d) => d.deviceId)).toContain(expired);
    expect(expiredList.body.result.map((d) => d.deviceId)).not.toContain(live);
    const services = await app.call<DeviceServiceList>('GET', '/wlx/subscribe/devices', { token: demoOp.token });
    expect(services.body.result.devices.find((d) => d.deviceId === expired)?.state).toBe('expired');

    // renewed and paid: monitored again from its next reading
    const order = (await renew({ deviceIds: [expired], months: 1 })).body.result;
    expect((await pay(order.id)).body.success).toBe(true);
    await postReadings(app, expired, secrets[expired]!, [
      { ts: t + 2 * 60_000, values: { P003: -18 } },
      { ts: t + 3 * 60_000, values: { P003: -11 } },
    ]);
    await until(async () => (await alarmsOf(app, expired)).length > 0);
    expect(
      (
        await app.call<ExpiredDevice[]>('GET', '/wlx/subscribe/expiredDevices', { token: viewer.token })
      ).body.result.map((d) => d.deviceId),
    ).not.toContain(expired);
  });

  it('the deviceServiceExpiryReminder job tells the renewers about devices ending within N days, once per service end', async () => {
    expect(jobClassOf('deviceServiceExpiryReminder')).toBe(SERVICE_EXPIRY_REMINDER_JOB);
    const soon = await device(app, DEMO_TENANT_ID);
    const later = await device(app, DEMO_TENANT_ID);
    const now = Date.now();
    await setServiceEnd(soon, now + 3 * DAY);
    await setServiceEnd(later, now + 20 * DAY);
    const sent: { userId: string; text: string; tenantId?: number }[] = [];
    const hub = {
      toUser: (userId: string, m: { msgTxt: string }, tenantId?: number) =>
        sent.push({ userId, text: m.msgTxt, tenantId }),
    } as unknown as RealtimeHub;
    const run = (fireTime: number, parameter: string | null = '{"days":7,"lang":"en-US"}') =>
      SERVICE_EXPIRY_REMINDER_JOB.handler({
        db: app.db,
        tenantId: DEMO_TENANT_ID,
        parameter,
        fireTime,
        trigger: 'manual',
        lang: 'en-US',
        services: { hub },
      }) as Promise<{ devices: string[]; recipients: number; live: number }>;

    const first = await run(now);
    expect(first.devices).toContain(soon);
    expect(first.devices).not.toContain(later);
    const recipients = new Set(sent.map((s) => s.userId));
    expect(recipients.has(demoOp.userId)).toBe(true); // operators hold subscribe:renew
    expect(recipients.has(demoAdmin.userId)).toBe(true);
    expect(recipients.has(viewer.userId)).toBe(false);
    expect(recipients.has(platformAdmin.userId)).toBe(false);
    const mine = sent.find((s) => s.userId === demoOp.userId)!;
    expect(mine.tenantId).toBe(DEMO_TENANT_ID);
    expect(mine.text).toContain(soon);
    expect(mine.text).toContain('no longer monitored');

    // the next day: nothing new for the same service end
    sent.length = 0;
    const second = await run(now + DAY);
    expect(second.devices).not.toContain(soon);
    expect(sent.some((s) => s.text.includes(soon))).toBe(false);
    // a 30-day window reaches the later device, once
    const wide = await run(now + DAY, '{"days":30}');
    expect(wide.devices).toContain(later);
    expect(wide.devices).not.toContain(soon);
    // renewed: the new service end is reminded again when it comes near
    await setServiceEnd(soon, now + 33 * DAY);
    const renewed = await run(now + 28 * DAY);
    expect(renewed.devices).toContain(soon);
  });
});
