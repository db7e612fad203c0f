import {
  HEADER_DEVICE_SECRET,
  type DeviceDetail,
  type DeviceMapResult,
  type HistoryResult,
  type PageResult,
  type DeviceRecord,
} from '@ztj/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { hashPassword } from '../../platform/auth/tokens';
import { DEMO_TENANT_ID, PLATFORM_TENANT_ID } from '../../platform/tenancy/tenant-ids';
import { addDevice, countTelemetry, deadLetters, uid } from '../telemetry/ingest.fixtures';
import { exportAndWait } from '../../platform/exports/exports.fixtures';

let t: TestApp;
let admin: string;
let viewer: string;
const demo = { 'tenant-id': String(DEMO_TENANT_ID) };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  const hash = await hashPassword('Viewer#Pass1');
  const [u] = await t.db.query<{ id: string }>(
    `INSERT INTO sys_user (username, realname, password_hash) VALUES ('devviewer', 'Viewer', $1) RETURNING id`,
    [hash],
  );
  await t.db.query('INSERT INTO sys_user_tenant (user_id, tenant_id) VALUES ($1, $2)', [u!.id, DEMO_TENANT_ID]);
  await t.db.query(
    `INSERT INTO sys_user_role (user_id, role_id) SELECT $1, id FROM sys_role WHERE tenant_id = $2 AND role_code = 'viewer'`,
    [u!.id, DEMO_TENANT_ID],
  );
  viewer = await t.login('devviewer', 'Viewer#Pass1');
});
afterAll(async () => {
  await t?.close();
});

const post = async (
  url: string,
  _deviceId: string,
  secret: string,
  body: unknown,
): Promise<{ statusCode: number; json: () => { success: boolean; result: { accepted: number } } }> =>
  t.fastify.inject({
    method: 'POST',
    url: `/ztj-iot${url}`,
    headers: { [HEADER_DEVICE_SECRET]: secret, 'content-type': 'application/json' },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('device API and HTTP ingest (integration)', () => {
  it('ingests over HTTP with the device secret and refuses a wrong one', async () => {
    const id = uid('HTTP');
    const secret = await addDevice(t, { id });
    const ok = await post(`/ingest/devices/${id}/telemetry`, id, secret, {
      ts: Date.now() - 1000,
      values: { P003: 3.5 },
    });
    expect(ok.json()).toMatchObject({ success: true, result: { accepted: 1 } });
    expect(await countTelemetry(t, id)).toBe(1);
    const bad = await post(`/ingest/devices/${id}/telemetry`, id, 'nope', { ts: Date.now(), values: { P003: 3.5 } });
    expect(bad.statusCode).toBe(401);
    const malformed = await post(`/ingest/devices/${id}/telemetry`, id, secret, '{oops');
    expect(malformed.json()).toMatchObject({ success: false });
    expect((await deadLetters(t, id)).map((d) => d.reason)).toEqual(['malformed']);
  });

  it('scopes devices to the tenant and lists latest values with units', async () => {
    const mine = uid('WH');
    const other = uid('WH');
    const secret = await addDevice(t, { id: mine });
    await addDevice(t, { id: other, tenantId: PLATFORM_TENANT_ID, orgCode: 'A01' });
    await post(`/ingest/devices/${mine}/telemetry`, mine, secret, {
      ts: Date.now() - 1000,
      values: { P003: -18.5, P004: 60 },
    });
    const list = await t.call<PageResult<DeviceRecord>>('GET', `/wlx/device/listDevCommon?id=${mine}`, {
      token: admin,
      headers: demo,
    });
    expect(list.body.result.records).toHaveLength(1);
    expect(list.body.result.records[0]).toMatchObject({
      id: mine,
      status: 'online',
      values: [
        { code: 'P003', value: -18.5, unit: '°C' },
        { code: 'P004', value: 60, unit: '%RH' },
      ],
    });
    const foreign = await t.call('GET', `/wlx/device/viewById?id=${other}`, { token: admin, headers: demo });
    expect(foreign.body).toMatchObject({ success: false, code: 404 });
    const online = await t.call<PageResult<DeviceRecord>>(
      'GET',
      `/wlx/device/listDevCommon?status=offline&id=${mine}`,
      { token: admin, headers: demo },
    );
    expect(online.body.result.total).toBe(0);
  });

  it('answers the device map: located devices of the caller tenant only, with filters', async () => {
    const tag = uid('MAP');
    const located = `${tag}-A`;
    const offline = `${tag}-B`;
    const unlocated = `${tag}-C`;
    const foreign = `${tag}-F`;
    const s1 = await addDevice(t, { id: located, name: `${tag} truck` });
    const s2 = await addDevice(t, { id: offline, name: `${tag} room` });
    const s3 = await addDevice(t, { id: unlocated, name: `${tag} tag` });
    const s4 = await addDevice(t, {
      id: foreign,
      name: `${tag} foreign`,
      tenantId: PLATFORM_TENANT_ID,
      orgCode: 'A01',
    });
    await post(`/ingest/devices/${located}/telemetry`, located, s1, {
      ts: Date.now() - 1000,
      values: { P003: 4.5 },
      lat: 41.8,
      lng: 123.4,
    });
    await post(`/ingest/devices/${offline}/telemetry`, offline, s2, {
      ts: Date.now() - 3600_000,
      values: { P003: -18 },
      lat: 39.9,
      lng: 116.4,
    });
    await post(`/ingest/devices/${unlocated}/telemetry`, unlocated, s3, { ts: Date.now() - 1000, values: { P003: 2 } });
    await post(`/ingest/devices/${foreign}/telemetry`, foreign, s4, {
      ts: Date.now() - 1000,
      values: { P003: 1 },
      lat: 31.2,
      lng: 121.5,
    });

    const map = await t.call<DeviceMapResult>('GET', `/wlx/device/listDevMap?name=${tag}`, { token: viewer });
    expect(map.body.success).toBe(true);
    expect(map.body.result.records.map((d) => d.id)).toEqual([located, offline]);
    expect(map.body.result.records[0]).toMatchObject({
      lat: 41.8,
      lng: 123.4,
      status: 'online',
      values: [{ code: 'P003', value: 4.5, unit: '°C' }],
    });
    expect(map.body.result).toMatchObject({ withoutPosition: 1, truncated: false });

    const online = await t.call<DeviceMapResult>('GET', `/wlx/device/listDevMap?name=${tag}&status=offline`, {
      token: admin,
      headers: demo,
    });
    expect(online.body.result.records.map((d) => d.id)).toEqual([offline]);

    // Another tenant sees only its own device, never the demo tenant's.
    const platform = await t.call<DeviceMapResult>('GET', `/wlx/device/listDevMap?name=${tag}`, {
      token: admin,
      headers: { 'tenant-id': String(PLATFORM_TENANT_ID) },
    });
    expect(platform.body.result.records.map((d) => d.id)).toEqual([foreign]);
    const anonymous = await t.fastify.inject({ method: 'GET', url: '/ztj-iot/wlx/device/listDevMap' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('filters the device list with the text operators of the list machinery', async () => {
    const tag = uid('OPS');
    const a = `${tag}-A1`;
    const b = `${tag}-B2`;
    await addDevice(t, { id: a, name: `${tag} alpha` });
    await addDevice(t, { id: b, name: `${tag} beta` });
    await t.db.query('UPDATE device SET alias = $2 WHERE dev_no = $1', [b, 'Cold 50%_room']);
    const ids = async (q: string): Promise<string[]> =>
      (
        await t.call<PageResult<DeviceRecord>>(
          'GET',
          `/wlx/device/listDevCommon?pageSize=100&column=id&order=asc&${q}`,
          { token: admin, headers: demo },
        )
      ).body.result.records.map((d) => d.id);
    expect(await ids(`id=${encodeURIComponent(`*${tag}*`)}`)).toEqual([a, b]);
    expect(await ids(`id=${encodeURIComponent(`${tag}-B*`)}`)).toEqual([b]);
    expect(await ids(`id=${encodeURIComponent(`*-A1`)}&name=${encodeURIComponent(tag)}`)).toEqual([a]);
    expect(await ids(`id=${encodeURIComponent(`*${tag}*`)}&name=${encodeURIComponent(`!${tag} alpha`)}`)).toEqual([b]);
    // The alias counts as the name; % and _ are matched literally.
    expect(await ids(`id=${encodeURIComponent(`*${tag}*`)}&name=${encodeURIComponent('*50%_*')}`)).toEqual([b]);
    expect(await ids(`id=${encodeURIComponent(`*${tag}*`)}&name=${encodeURIComponent('*50%x*')}`)).toEqual([]);
    const groups = await t.call<PageResult<{ name: string }>>(
      'GET',
      `/wlx/group/list?name=${encodeURIComponent('!no such group')}`,
      { token: admin, headers: demo },
    );
    expect(groups.body.success).toBe(true);
  });

  it('lets a viewer read but answers 510 on writes', async () => {
    const id = uid('WH');
    await addDevice(t, { id });
    const read = await t.call('GET', `/wlx/device/viewById?id=${id}`, { token: viewer });
    expect(read.body.success).toBe(true);
    const write = await t.call('PUT', '/wlx/device/modifyDevAlias', { token: viewer, body: { id, alias: 'x' } });
    expect(write.body.code).toBe(510);
    const shutdown = await t.call('POST', '/wlx/device/shutdown', { token: viewer, body: { id } });
    expect(shutdown.body.code).toBe(510);
  });

  it('validates periods per model with field errors, saves and logs a setPeriods command', async () => {
    const id = uid('WH');
    await addDevice(t, { id, model: 'P23-2IN1' });
    const bad = await t.call('PUT', '/wlx/device/update', {
      token: admin,
      headers: { ...demo, 'accept-language': 'en-US' },
      body: { id, workCollectionCycle: 90, restReportCycle: 10 },
    });
    expect(bad.body.success).toBe(false);
    expect(bad.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'workCollectionCycle', message: 'Must be between 1 and 60 minutes' },
        { field: 'restReportCycle', message: 'This setting does not apply to the device model' },
      ]),
    );
    const good = await t.call<DeviceDetail>('PUT', '/wlx/device/update', {
      token: admin,
      headers: demo,
      body: { id, alias: 'Cold room', workCollectionCycle: 5 },
    });
    expect(good.body.result).toMatchObject({ alias: 'Cold room', periods: { workCollectionCycle: 5 } });
    const logs = await t.call<PageResult<{ kind: string }>>('GET', `/wlx/device/logList?id=${id}`, {
      token: admin,
      headers: demo,
    });
    expect(logs.body.result.records.map((r) => r.kind).sort()).toEqual(['command', 'config']);
  });

  it('refuses a shutdown of a device that is already off', async () => {
    const id = uid('VH');
    const secret = await addDevice(t, { id, model: 'G24-L4Y2' });
    await post(`/ingest/devices/${id}/events`, id, secret, { ts: Date.now() - 1000, type: 'power_off' });
    const res = await t.call('POST', '/wlx/device/shutdown', {
      token: admin,
      headers: { ...demo, 'accept-language': 'en-US' },
      body: { id },
    });
    expect(res.body).toMatchObject({ success: false, message: 'This device is already off' });
  });

  it('downsamples chart history to at most N points and keeps the extremes', async () => {
    const id = uid('WH');
    const secret = await addDevice(t, { id });
    const start = Date.now() - 3600_000;
    const readings = Array.from({ length: 400 }, (_, i) => ({
      deviceId: id,
      ts: start + i * 1000,
      values: { P003: i === 123 ? 40 : i === 321 ? -30 : Math.sin(i / 10) },
    }));
    const gw = uid('GW');
    const gwSecret = await addDevice(t, { id: gw, model: 'G24-L4Y1' });
    await t.db.query('UPDATE device SET gateway_id = $1 WHERE dev_no = $2', [gw, id]);
    t.devices.registry.invalidate(id);
    const r = await post(`/ingest/gateways/${gw}/telemetry`, gw, gwSecret, { ts: Date.now(), readings });
    expect(r.json().result.accepted).toBe(400);
    void secret;
    const q = `/wlx/device/viewHisCommon?id=${id}&mode=chart&points=50&range=custom&beginTime=${start - 1}&endTime=${start + 400_000}`;
    const h = await t.call<HistoryResult>('GET', q, { token: admin, headers: demo });
    const s = h.body.result.series.find((x) => x.code === 'P003')!;
    expect(s.downsampled).toBe(true);
    expect(s.points.length).toBeLessThanOrEqual(50);
    expect(Math.max(...s.points.map((p) => p[1]))).toBe(40);
    expect(Math.min(...s.points.map((p) => p[1]))).toBe(-30);
    const table = await t.call<HistoryResult>('GET', `${q.replace('mode=chart', 'mode=table')}&pageSize=10`, {
      token: admin,
      headers: demo,
    });
    expect(table.body.result).toMatchObject({ total: 400, pages: 40 });
  });

  it('shows a relaying gateway online while its sub-devices report', async () => {
    const gw = uid('GW');
    const gwSecret = await addDevice(t, { id: gw, model: 'G24-L4Y1' });
    const tag = uid('TAG');
    await addDevice(t, { id: tag, model: 'P3A-1IY1' });
    await t.db.query('UPDATE device SET gateway_id = $1 WHERE dev_no = $2', [gw, tag]);
    t.devices.registry.invalidate(tag);
    const status = async (): Promise<string | undefined> =>
      (
        await t.call<PageResult<DeviceRecord>>('GET', `/wlx/device/listDevCommon?id=${gw}`, {
          token: admin,
          headers: demo,
        })
      ).body.result.records.find((d) => d.id === gw)?.status;
    expect(await status()).toBe('offline');
    const r = await post(`/ingest/gateways/${gw}/telemetry`, gw, gwSecret, {
      ts: Date.now(),
      readings: [{ deviceId: tag, ts: Date.now() - 1000, values: { P003: 4.2 } }],
    });
    expect(r.json().result.accepted).toBe(1);
    expect(await status()).toBe('online');
    const online = await t.call<PageResult<DeviceRecord>>(
      'GET',
      `/wlx/device/listDevCommon?status=online&pageSize=100`,
      { token: admin, headers: demo },
    );
    expect(online.body.result.records.map((d) => d.id)).toEqual(expect.arrayContaining([gw, tag]));
  });

  it('manages groups (name 4-20 characters) and their devices', async () => {
    const short = await t.call('POST', '/wlx/group/add', { token: admin, headers: demo, body: { name: 'abc' } });
    expect(short.body.success).toBe(false);
    const g = await t.call<{ id: string }>('POST', '/wlx/group/add', {
      token: admin,
      headers: demo,
      body: { name: 'Cold rooms' },
    });
    const id = uid('WH');
    await addDevice(t, { id });
    await t.call('PUT', '/wlx/group/updateDevs', {
      token: admin,
      headers: demo,
      body: { groupId: g.body.result.id, deviceIds: [id] },
    });
    const devs = await t.call<PageResult<DeviceRecord>>('GET', `/wlx/group/listGrpDev?groupId=${g.body.result.id}`, {
      token: admin,
      headers: demo,
    });
    expect(devs.body.result.records.map((d) => d.id)).toEqual([id]);
    const exp = await exportAndWait(t, admin, `/wlx/device/exportXls?ids=${id}`, demo);
    expect(exp.file).toMatchObject({ status: 'success', fileType: 'list' });
    expect(exp.headers['content-type']).toContain('application/vnd.ms-excel');
  });
});
