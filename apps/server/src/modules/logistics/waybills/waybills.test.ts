import type { PageResult, WaybillDetail, WaybillReal, WaybillRecord, WaybillStat } from '@ztj/contracts';
import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { exportAndWait } from '../../../platform/exports/exports.fixtures';
import { userOf } from '../../alarms/runtime/alarm.fixtures';
import { device } from '../../alarms/settings/settings.fixtures';
import { DEMO_TENANT_ID, PLATFORM_TENANT_ID } from '../../../platform/tenancy/tenant-ids';
import { routeOf, waybillBody } from './waybill.fixtures';

/** Waybills: lifecycle, §5 validation, device conflict, tenant isolation, permissions. */

let app: TestApp;
let admin: { userId: string; token: string };
let viewer: { userId: string; token: string };
let other: { userId: string; token: string };
let route: string;
const EN = { 'accept-language': 'en-US' };

beforeAll(async () => {
  app = await createTestApp();
  admin = await userOf(app, DEMO_TENANT_ID, 'wbadmin1', 'admin');
  viewer = await userOf(app, DEMO_TENANT_ID, 'wbviewer1', 'viewer');
  other = await userOf(app, PLATFORM_TENANT_ID, 'wbother1', 'admin');
  route = await routeOf(app, DEMO_TENANT_ID);
});
afterAll(async () => {
  await app?.close();
});

const add = (body: object, token = admin.token) =>
  app.call<WaybillRecord>('POST', '/wlx/task/add', { token, body, headers: EN });
const post = (path: string, body: object, token = admin.token) =>
  app.call<WaybillRecord>('POST', `/wlx/task/${path}`, { token, body, headers: EN });

describe('waybills', () => {
  it('goes un-started → ongoing → completed; only legal transitions; counts per status; copy and delete', async () => {
    const dev = await device(app, DEMO_TENANT_ID, 'G24-L4Y2');
    const before = (await app.call<WaybillStat>('GET', '/wlx/task/getStatNum', { token: admin.token })).body.result;
    const res = await add(waybillBody(route, [dev], { monitorUserIds: [viewer.userId] }));
    expect(res.body.success, res.body.message).toBe(true);
    const w = res.body.result;
    expect(w).toMatchObject({
      status: 'unstarted',
      actualStart: null,
      routeName: expect.any(String),
      createBy: 'wbadmin1',
      devices: [{ id: dev }],
      monitors: [{ id: viewer.userId }],
    });
    expect(w.number).toMatch(/^WB\d{8}\d{3,}$/);

    expect((await post('stop', { id: w.id })).body.message).toBe('Only an ongoing waybill can be stopped');
    const started = await post('start', { id: w.id });
    expect(started.body.result).toMatchObject({
      status: 'ongoing',
      actualStart: expect.any(Number),
      timing: 'underway',
    });
    expect((await post('start', { id: w.id })).body.message).toBe('Only an un-started waybill allows this');
    const upd = await app.call('PUT', '/wlx/task/update', {
      token: admin.token,
      body: { ...waybillBody(route, [dev]), id: w.id },
      headers: EN,
    });
    expect(upd.body.message).toBe('Only an un-started waybill allows this');

    const stats = (await app.call<WaybillStat>('GET', '/wlx/task/getStatNum', { token: admin.token })).body.result;
    expect(stats.ongoing).toBe(before.ongoing + 1);
    expect(stats.total).toBe(before.total + 1);

    const stopped = await post('stop', { id: w.id });
    expect(stopped.body.result).toMatchObject({ status: 'completed', actualEnd: expect.any(Number) });
    expect(['punctual', 'normalEnd', 'delay']).toContain(stopped.body.result.timing);
    const time = await app.call('PUT', '/wlx/task/modifyTime', {
      token: admin.token,
      body: { id: w.id, plannedStart: 1, plannedEnd: 2 },
      headers: EN,
    });
    expect(time.body.message).toBe('The waybill is completed and cannot be changed');

    const copy = await post('copy', { id: w.id });
    expect(copy.body.result).toMatchObject({
      status: 'unstarted',
      name: w.name,
      devices: [{ id: dev }],
      actualStart: null,
    });
    expect(copy.body.result.number).not.toBe(w.number);

    const list = await app.call<PageResult<WaybillRecord>>('GET', `/wlx/task/list?status=completed&devNo=${dev}`, {
      token: admin.token,
    });
    expect(list.body.result.records.map((r) => r.id)).toEqual([w.id]);
    // the same filters exported (download center): status as people read it
    const xls = await exportAndWait(app, admin.token, `/wlx/task/exportXls?status=completed&devNo=${dev}`, EN);
    expect(xls.file.status).toBe('success');
    const sheet = XLSX.read(xls.body!);
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet.Sheets[sheet.SheetNames[0]!]!, { header: 1 });
    expect(rows[0]).toEqual(expect.arrayContaining(['Name', 'Number', 'Status']));
    expect(rows).toHaveLength(2);
    expect(rows[1]).toEqual(expect.arrayContaining([w.name, w.number, 'Completed']));
    const del = await app.call('DELETE', `/wlx/task/del?id=${w.id}`, { token: admin.token });
    expect(del.body.success).toBe(true);
    expect(await app.db.query('SELECT 1 FROM waybill_device WHERE waybill_id = $1', [w.id])).toHaveLength(0);
  });

  it('refuses §5 bad input field by field and stores nothing', async () => {
    const dev = await device(app, DEMO_TENANT_ID);
    const count = async () => (await app.db.query('SELECT 1 FROM waybill')).length;
    const n = await count();
    const body = waybillBody(route, [dev]);
    const cases: [object, string, string][] = [
      [{ ...body, name: '' }, 'name', 'Required'],
      [{ ...body, routeId: '' }, 'routeId', 'Required'],
      [{ ...body, deviceIds: [] }, 'deviceIds', 'Associate a device first'],
      [{ ...body, plannedEnd: body.plannedStart }, 'plannedEnd', 'The end value must exceed the start value'],
      [{ ...body, driverPhone: '12345' }, 'driverPhone', 'Please enter the correct mobile number!'],
      [{ ...body, routeId: 'no-such-route' }, 'routeId', 'Preset route not found'],
    ];
    for (const [b, field, message] of cases) {
      const res = await add(b);
      expect(res.body.success, field).toBe(false);
      expect(res.body.errors?.find((e) => e.field === field)?.message, field).toBe(message);
    }
    const { plannedStart: _s, ...noStart } = body;
    expect((await add(noStart)).body.errors?.find((e) => e.field === 'plannedStart')?.message).toBe('Required');
    const first = await add({ ...body, number: 'WB-UNIQUE-1' });
    expect(first.body.success).toBe(true);
    const dup = await add({ ...body, number: 'WB-UNIQUE-1' });
    expect(dup.body.errors?.[0]).toEqual({ field: 'number', message: 'A waybill with this number already exists' });
    expect(await count()).toBe(n + 1);
  });

  it('"this device is already on": a device runs in one ongoing waybill at a time; devices while running', async () => {
    const [a, b, c] = [
      await device(app, DEMO_TENANT_ID),
      await device(app, DEMO_TENANT_ID),
      await device(app, DEMO_TENANT_ID),
    ];
    const first = (await add(waybillBody(route, [a]))).body.result;
    const second = (await add(waybillBody(route, [a, b]))).body.result;
    expect((await post('start', { id: first.id })).body.success).toBe(true);
    const clash = await post('start', { id: second.id });
    expect(clash.body.success).toBe(false);
    expect(clash.body.errors?.[0]).toEqual({
      field: 'deviceIds',
      message: `This device is already on: ${a} (waybill ${first.number})`,
    });
    expect((await add(waybillBody(route, [b, a]))).body.errors?.[0]?.field).toBe('deviceIds');
    expect((await post('addDevs', { id: second.id, deviceIds: [c] })).body.result.devices.map((d) => d.id)).toEqual([
      a,
      b,
      c,
    ]);
    expect((await post('addDevs', { id: first.id, deviceIds: [b] })).body.result.devices.map((d) => d.id)).toEqual([
      a,
      b,
    ]);
    const removed = await post('delDevInTask', { id: first.id, deviceIds: [a] });
    expect(removed.body.result.devices.map((d) => d.id)).toEqual([b]);
    expect((await post('delDevInTask', { id: first.id, deviceIds: [b] })).body.message).toBe(
      'A waybill keeps at least one device',
    );
    const detail = await app.call<WaybillDetail>('GET', `/wlx/task/getDetailById?id=${first.id}`, {
      token: admin.token,
    });
    expect(detail.body.result.deviceHistory.find((h) => h.id === a)?.removedAt).toEqual(expect.any(Number));
    expect(detail.body.result.route.origin).toMatchObject({ lat: 33.9538, lng: -6.8515 });
    // `a` left the first waybill: the second may start now, except for `b` which is on the first
    expect((await post('delDevInTask', { id: second.id, deviceIds: [b] })).body.success).toBe(true);
    expect((await post('start', { id: second.id })).body.result.status).toBe('ongoing');
  });

  it('live state: newest position of its devices, progress along the route, ETA from recent fixes, timing', async () => {
    const dev = await device(app, DEMO_TENANT_ID, 'G24-L4Y2');
    const now = Date.now();
    const w = (await add(waybillBody(route, [dev], { plannedStart: now - 3_600_000, plannedEnd: now + 3_600_000 })))
      .body.result;
    await post('start', { id: w.id });
    // two fixes 60 s apart on the way between origin and waypoint (~500 m → 30 km/h)
    for (const [t, lat, lng] of [
      [now - 60_000, 33.956, -6.843],
      [now - 1_000, 33.9575, -6.8378],
    ] as const) {
      await app.db.query(
        `INSERT INTO telemetry (device_id, ts, received_at, lat, lng, "values") VALUES ($1, $2, $2, $3, $4, '{"P013": 30}')`,
        [dev, t, lat, lng],
      );
    }
    await app.db.query('UPDATE device SET last_ts = $2, last_lat = 33.9575, last_lng = -6.8378 WHERE dev_no = $1', [
      dev,
      now - 1_000,
    ]);
    const real = (await app.call<WaybillReal>('GET', `/wlx/task/getRealById?id=${w.id}`, { token: admin.token })).body
      .result;
    expect(real.position).toMatchObject({ deviceId: dev, lat: 33.9575 });
    expect(real.progress!.alongM).toBeGreaterThan(500);
    expect(real.progress!.remainingM).toBeLessThan(real.progress!.totalM);
    expect(real.etaMs).toBeGreaterThan(now);
    // ~14 km left at ~30 km/h is ~28 minutes: well before the planned end
    expect(real.timing).toBe('normalInTransit');
    await app.call('PUT', '/wlx/task/modifyTime', {
      token: admin.token,
      body: { id: w.id, plannedStart: now - 3_600_000, plannedEnd: now + 60_000 },
    });
    expect(
      (await app.call<WaybillReal>('GET', `/wlx/task/getRealById?id=${w.id}`, { token: admin.token })).body.result
        .timing,
    ).toBe('estimatedDelay');
  });

  it('keeps tenants apart and checks permissions', async () => {
    const dev = await device(app, DEMO_TENANT_ID);
    const w = (await add(waybillBody(route, [dev]))).body.result;
    for (const [method, path] of [
      ['GET', `getDetailById?id=${w.id}`],
      ['GET', `getRealById?id=${w.id}`],
      ['DELETE', `del?id=${w.id}`],
    ] as const) {
      const res = await app.call(method, `/wlx/task/${path}`, { token: other.token, headers: EN });
      expect(res.body.message, path).toBe('Waybill not found');
    }
    expect((await post('start', { id: w.id }, other.token)).body.message).toBe('Waybill not found');
    const list = await app.call<PageResult<WaybillRecord>>('GET', '/wlx/task/list?pageSize=1000', {
      token: other.token,
    });
    expect(list.body.result.records.find((r) => r.id === w.id)).toBeUndefined();
    // another tenant's device and route
    const foreignDev = await device(app, PLATFORM_TENANT_ID);
    expect((await add(waybillBody(route, [foreignDev]))).body.errors?.[0]?.field).toBe('deviceIds');
    expect((await add(waybillBody(route, [foreignDev]), other.token)).body.errors?.[0]).toEqual({
      field: 'routeId',
      message: 'Preset route not found',
    });
    // a viewer lists but may not add or start
    expect((await app.call('GET', '/wlx/task/list', { token: viewer.token })).body.success).toBe(true);
    expect((await add(waybillBody(route, [dev]), viewer.token)).body.success).toBe(false);
    expect((await post('start', { id: w.id }, viewer.token)).body.success).toBe(false);
    expect(
      (await app.db.query<{ status: string }>('SELECT status FROM waybill WHERE id = $1', [w.id]))[0]!.status,
    ).toBe('unstarted');
  });
});
