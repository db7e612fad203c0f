import type {
  AlarmRecord,
  HistoryResult,
  PageResult,
  ShareAccessRecord,
  ShareDetail,
  SharedDevice,
  ShareRecord,
} from '@ztj/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from '../../../../test/test-app';
import { until, userOf } from '../../alarms/runtime/alarm.fixtures';
import { alarmOf, device } from '../../alarms/settings/settings.fixtures';
import { seed } from '../../system/seed/seed';
import { DEMO_TENANT_ID, PLATFORM_TENANT_ID } from '../../../platform/tenancy/tenant-ids';
import { expectRefused } from '../../../../test/refusal';

/**
 * Device shares: owner calls, receiver read-only access checked on every query
 * (before, during and after expiry; after unbind and unbindDevs), cross-tenant attempts, field
 * errors for a share to oneself or an unknown account, and the access log.
 */

let app: TestApp;
let owner: { userId: string; token: string };
let viewer: { userId: string; token: string };
let receiver: { userId: string; token: string };
let stranger: { userId: string; token: string };
const EN = { 'accept-language': 'en-US' };
const RECEIVER = 'shrecv1';

beforeAll(async () => {
  app = await createTestApp();
  owner = await userOf(app, DEMO_TENANT_ID, 'showner1', 'admin');
  viewer = await userOf(app, DEMO_TENANT_ID, 'shviewer1', 'viewer');
  receiver = await userOf(app, PLATFORM_TENANT_ID, RECEIVER, 'operator');
  stranger = await userOf(app, PLATFORM_TENANT_ID, 'shstranger1', 'admin');
  await app.db.query("UPDATE sys_user SET phone = '13812345678' WHERE id = $1", [receiver.userId]);
});
afterAll(async () => {
  await app?.close();
});

/** A device of the demo tenant with one reading (position and temperature) and one alarm. */
async function dataDevice(): Promise<string> {
  const id = await device(app, DEMO_TENANT_ID);
  const ts = Date.now() - 60_000;
  await app.db.query(
    `INSERT INTO telemetry (device_id, ts, received_at, lat, lng, "values") VALUES ($1,$2,$2,31.2,121.4,'{"P003": -18.5}')`,
    [id, ts],
  );
  await app.db.query(
    `INSERT INTO device_latest (device_id, ts, received_at, lat, lng, "values") VALUES ($1,$2,$2,31.2,121.4,'{"P003": -18.5}')`,
    [id, ts],
  );
  await app.db.query('UPDATE device SET last_ts = $2, last_lat = 31.2, last_lng = 121.4 WHERE dev_no = $1', [id, ts]);
  await alarmOf(app, DEMO_TENANT_ID, id, 'template', 'rule-x');
  return id;
}

const add = (body: object, token = owner.token) =>
  app.call<ShareRecord>('POST', '/wlx/share/add', { token, body, headers: EN });
const view = (id: string, token = receiver.token) =>
  app.call<SharedDevice>('GET', `/wlx/share/device/view?id=${id}`, { token, headers: EN });
const received = (token = receiver.token) =>
  app.call<PageResult<SharedDevice>>('GET', '/wlx/share/receiveList?pageSize=100', { token, headers: EN });
const receivedIds = async (token = receiver.token): Promise<string[]> =>
  (await received(token)).body.result.records.map((r) => r.device.id);

describe('shares', () => {
  it('shares a device: the receiver reads list, detail, history, track and alarms; nothing else; every access is logged', async () => {
    const dev = await dataDevice();
    const notShared = await dataDevice();
    const res = await add({ account: RECEIVER.toUpperCase(), deviceIds: [dev], note: 'for customer' });
    expect(res.body.success, res.body.message).toBe(true);
    const share = res.body.result;
    expect(share).toMatchObject({
      receiverId: receiver.userId,
      receiverUsername: RECEIVER,
      status: 'active',
      expireTime: null,
      deviceCount: 1,
      note: 'for customer',
      createBy: 'showner1',
    });

    const list = await received();
    const item = list.body.result.records.find((r) => r.device.id === dev);
    expect(item).toMatchObject({
      shareId: share.id,
      fromTenant: 'Demo Cold Chain Logistics Co.',
      fromUser: 'showner1',
      note: 'for customer',
      expireTime: null,
    });
    expect(item?.device.values).toEqual([{ code: 'P003', value: -18.5, unit: expect.any(String) }]);
    expect(list.body.result.records.map((r) => r.device.id)).not.toContain(notShared);

    const detail = await view(dev);
    expect(detail.body.result.device).toMatchObject({ id: dev, lat: 31.2, lng: 121.4 });
    const hist = await app.call<HistoryResult>('GET', `/wlx/share/device/history?id=${dev}&range=today&mode=table`, {
      token: receiver.token,
    });
    expect(hist.body.success, hist.body.message).toBe(true);
    expect(JSON.stringify(hist.body.result)).toContain('-18.5');
    const begin = Date.now() - 3_600_000;
    const track = await app.call<{ points: unknown[] }>(
      'GET',
      `/wlx/share/device/track?id=${dev}&beginTime=${begin}&endTime=${Date.now()}`,
      { token: receiver.token },
    );
    expect(track.body.result.points).toEqual([{ ts: expect.any(Number), lat: 31.2, lng: 121.4 }]);
    const alarms = await app.call<PageResult<AlarmRecord>>('GET', `/wlx/share/device/alarms?id=${dev}`, {
      token: receiver.token,
    });
    expect(alarms.body.result.records.map((a) => a.deviceId)).toEqual([dev]);

    // a device of the same tenant that is not shared, and the tenant's own device calls: refused
    const other = await view(notShared);
    expect(other.status).toBe(403);
    expect(other.body.message).toBe('This device is not shared with you or the share is no longer valid');
    expect(
      (await app.call('GET', `/wlx/share/device/history?id=${notShared}&range=today`, { token: receiver.token }))
        .status,
    ).toBe(403);
    expect((await app.call('GET', `/wlx/share/device/alarms?id=${notShared}`, { token: receiver.token })).status).toBe(
      403,
    );
    expect((await app.call('GET', `/wlx/device/viewById?id=${dev}`, { token: receiver.token })).body.success).toBe(
      false,
    );
    // a comma list or like pattern does not widen the alarm list
    expect(
      (await app.call('GET', `/wlx/share/device/alarms?id=${dev},${notShared}`, { token: receiver.token })).status,
    ).toBe(403);
    expect((await app.call('GET', `/wlx/share/device/alarms?id=*`, { token: receiver.token })).status).toBe(403);

    const log = await app.call<PageResult<ShareAccessRecord>>(
      'GET',
      `/wlx/share/accessLog?shareId=${share.id}&pageSize=50`,
      { token: owner.token },
    );
    expect(log.body.success, log.body.message).toBe(true);
    const actions = log.body.result.records.map((r) => `${r.username}:${r.deviceId}:${r.action}`);
    for (const a of ['list', 'view', 'history', 'track', 'alarms'])
      expect(actions).toContain(`${RECEIVER}:${dev}:${a}`);
    expect(log.body.result.records.every((r) => r.deviceId === dev)).toBe(true);
    const detailOwner = await app.call<ShareDetail>('GET', `/wlx/share/queryById?id=${share.id}`, {
      token: owner.token,
    });
    expect(detailOwner.body.result.devices.map((d) => d.id)).toEqual([dev]);
  });

  it('grants access before expiry and removes it at once after it, also when the expiry is moved to the past', async () => {
    const dev = await dataDevice();
    const expireTime = Date.now() + 2_500;
    const share = (await add({ account: RECEIVER, deviceIds: [dev], expireTime })).body.result;
    expect(share.expireTime).toBe(expireTime);
    expect((await view(dev)).status).toBe(200);
    expect(await receivedIds()).toContain(dev);
    await until(async () => (await view(dev)).status === 403, 10_000);
    expect(await receivedIds()).not.toContain(dev);
    expect(
      (await app.call<ShareRecord>('GET', `/wlx/share/queryById?id=${share.id}`, { token: owner.token })).body.result
        .status,
    ).toBe('expired');

    // extend: access again; then move the expiry to the past: gone at once
    const ext = await app.call<ShareRecord>('PUT', '/wlx/share/update', {
      token: owner.token,
      body: { id: share.id, expireTime: Date.now() + 3_600_000, note: 'extended' },
    });
    expect(ext.body.result).toMatchObject({ status: 'active', note: 'extended' });
    expect((await view(dev)).status).toBe(200);
    await app.call('PUT', '/wlx/share/update', {
      token: owner.token,
      body: { id: share.id, expireTime: Date.now() - 1_000 },
    });
    expect((await view(dev)).status).toBe(403);
    expect(
      (
        await app.call('GET', `/wlx/share/device/track?id=${dev}&beginTime=0&endTime=${Date.now()}`, {
          token: receiver.token,
        })
      ).status,
    ).toBe(403);
  });

  it('unbind and unbindDevs remove access at once; bindDevs adds; an ended share cannot be changed', async () => {
    const [a, b] = [await dataDevice(), await dataDevice()];
    const share = (await add({ account: '13812345678', deviceIds: [a] })).body.result;
    expect(share.receiverId).toBe(receiver.userId);
    const bound = await app.call<ShareRecord>('POST', '/wlx/share/bindDevs', {
      token: owner.token,
      body: { id: share.id, deviceIds: [b, a] },
    });
    expect(bound.body.result.deviceCount).toBe(2);
    expect((await view(b)).status).toBe(200);
    await app.call('POST', '/wlx/share/unbindDevs', { token: owner.token, body: { id: share.id, deviceIds: [b] } });
    expect((await view(b)).status).toBe(403);
    expect((await view(a)).status).toBe(200);

    const ended = await app.call<ShareRecord>('POST', '/wlx/share/unbind', {
      token: owner.token,
      body: { id: share.id },
    });
    expect(ended.body.result).toMatchObject({ status: 'ended', unbindTime: expect.any(Number) });
    expect((await view(a)).status).toBe(403);
    expect(await receivedIds()).not.toContain(a);
    const again = await app.call('POST', '/wlx/share/bindDevs', {
      token: owner.token,
      body: { id: share.id, deviceIds: [a] },
      headers: EN,
    });
    expect(again.body.message).toBe('The share has ended and cannot be changed');
    expect((await view(a)).status).toBe(403);
  });

  it('refuses a share to oneself, to an unknown account, with foreign devices or a past expiry: field errors, nothing stored', async () => {
    const dev = await dataDevice();
    const before = await app.db.query('SELECT id FROM device_share');
    const self = await add({ account: 'showner1', deviceIds: [dev] });
    expectRefused(self, 400);
    expect(self.body.errors).toEqual([{ field: 'account', message: 'You cannot share with yourself' }]);
    const unknown = await add({ account: 'nobody-here', deviceIds: [dev] });
    expect(unknown.body.errors).toEqual([{ field: 'account', message: 'The account does not exist' }]);
    const zh = await app.call('POST', '/wlx/share/add', {
      token: owner.token,
      body: { account: 'nobody-here', deviceIds: [dev] },
    });
    expect(zh.body.errors).toEqual([{ field: 'account', message: '账号不存在' }]);
    const foreign = await device(app, PLATFORM_TENANT_ID);
    const bad = await add({ account: RECEIVER, deviceIds: [dev, foreign] });
    expect(bad.body.errors).toEqual([{ field: 'deviceIds', message: `Device not found in this tenant: ${foreign}` }]);
    const past = await add({ account: RECEIVER, deviceIds: [dev], expireTime: Date.now() - 1 });
    expect(past.body.errors).toEqual([{ field: 'expireTime', message: 'The expiry time must be later than now' }]);
    const none = await add({ account: '', deviceIds: [] });
    expect(none.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'account', message: 'Required' },
        { field: 'deviceIds', message: 'Associate a device first' },
      ]),
    );
    expect(await app.db.query('SELECT id FROM device_share')).toEqual(before);
  });

  it("keeps tenants apart: another tenant's share id is not found, its devices cannot be bound; permissions apply", async () => {
    const dev = await dataDevice();
    const share = (await add({ account: RECEIVER, deviceIds: [dev] })).body.result;
    for (const [method, path, body] of [
      ['GET', `/wlx/share/queryById?id=${share.id}`, undefined],
      ['GET', `/wlx/share/accessLog?shareId=${share.id}`, undefined],
      ['PUT', '/wlx/share/update', { id: share.id, note: 'x' }],
      ['POST', '/wlx/share/unbind', { id: share.id }],
      ['POST', '/wlx/share/bindDevs', { id: share.id, deviceIds: [dev] }],
      ['POST', '/wlx/share/unbindDevs', { id: share.id, deviceIds: [dev] }],
    ] as const) {
      const res = await app.call(method, path, { token: stranger.token, body, headers: EN });
      expectRefused(res, 404, path);
      expect(res.body.message).toBe('Share not found');
    }
    const strangerList = await app.call<PageResult<ShareRecord>>('GET', '/wlx/share/list', { token: stranger.token });
    expect(strangerList.body.result.records.map((r) => r.id)).not.toContain(share.id);
    // a user of another tenant who is not the receiver reads nothing
    expect((await view(dev, stranger.token)).status).toBe(403);
    expect(await receivedIds(stranger.token)).not.toContain(dev);
    // the viewer role of the owner tenant holds no share buttons
    expect((await add({ account: RECEIVER, deviceIds: [dev] }, viewer.token)).body.code).toBe(510);
    expect(
      await app.db.query("SELECT perms FROM sys_permission WHERE id IN ('share-list', 'share-devices') ORDER BY id"),
    ).toEqual([{ perms: 'share:received' }, { perms: 'share:list' }]);
  });

  it("lists the tenant's shares with sorting, status filter and paging", async () => {
    const dev = await dataDevice();
    const s1 = (await add({ account: RECEIVER, deviceIds: [dev], note: 'list-a' })).body.result;
    await add({ account: RECEIVER, deviceIds: [dev], note: 'list-b' });
    await app.call('POST', '/wlx/share/unbind', { token: owner.token, body: { id: s1.id } });
    const ended = await app.call<PageResult<ShareRecord>>('GET', '/wlx/share/list?status=ended&note=list-*', {
      token: owner.token,
    });
    expect(ended.body.result.records.map((r) => r.note)).toEqual(['list-a']);
    const sorted = await app.call<PageResult<ShareRecord>>(
      'GET',
      '/wlx/share/list?note=list-*&column=note&order=desc&pageSize=1',
      { token: owner.token },
    );
    expect(sorted.body.result).toMatchObject({ total: 2, records: [{ note: 'list-b' }] });
  });

  it('reaches an existing installation: the share menus get their codes and the admin roles the new buttons on the next start', async () => {
    await app.db.query("UPDATE sys_permission SET perms = NULL WHERE id IN ('share-list', 'share-devices')");
    await app.db.query("DELETE FROM sys_permission WHERE id LIKE 'btn:share:%'");
    await seed(app.db, { adminPassword: ADMIN_PASSWORD, dataDir: app.config.dataDir });
    expect(
      await app.db.query(
        "SELECT id, perms FROM sys_permission WHERE id IN ('share-list', 'share-devices') ORDER BY id",
      ),
    ).toEqual([
      { id: 'share-devices', perms: 'share:received' },
      { id: 'share-list', perms: 'share:list' },
    ]);
    const granted = await app.db.query<{ permission_id: string }>(
      `SELECT rp.permission_id FROM sys_role_permission rp JOIN sys_role r ON r.id = rp.role_id
        WHERE r.role_code = 'admin' AND r.tenant_id = $1 AND rp.permission_id LIKE 'btn:share:%' ORDER BY 1`,
      [DEMO_TENANT_ID],
    );
    expect(granted.map((g) => g.permission_id)).toEqual(['btn:share:add', 'btn:share:edit', 'btn:share:unbind']);
  });
});
