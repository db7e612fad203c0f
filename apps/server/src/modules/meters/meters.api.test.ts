import {
  HEADER_DEVICE_SECRET,
  type EnergyResult,
  type EquipmentRecord,
  type MeterConfig,
  type PageResult,
  type PowerResult,
  type StoreRecord,
  type TariffEnergy,
} from '@ztj/contracts';
import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { exportAndWait } from '../../platform/exports/exports.fixtures';
import { userOf } from '../alarms/runtime/alarm.fixtures';
import { DEMO_TENANT_ID, PLATFORM_TENANT_ID } from '../../platform/tenancy/tenant-ids';
import { addDevice, uid } from '../telemetry/ingest.fixtures';
import { dayOf, dayStart, dayText } from './energy';
import { grantEquipmentButtons } from './meters.fixtures';

/** A command's answer (CommandResultSchema of the device calls). */
type CommandResult = { cmdId: string; delivered: boolean };

/** Equipment calls: list, stores, config validation, energy vs a hand-computed series, commands online/offline, isolation. */

let app: TestApp;
let admin: { userId: string; token: string };
let viewer: { userId: string; token: string };
let other: { userId: string; token: string };
const EN = { 'accept-language': 'en-US' };
const ZH = { 'accept-language': 'zh-CN' };
const H = 3_600_000;

beforeAll(async () => {
  app = await createTestApp();
  await grantEquipmentButtons(app.db);
  admin = await userOf(app, DEMO_TENANT_ID, 'eqadmin1', 'admin');
  viewer = await userOf(app, DEMO_TENANT_ID, 'eqviewer1', 'viewer');
  other = await userOf(app, PLATFORM_TENANT_ID, 'eqother1', 'admin');
});
afterAll(async () => {
  await app?.close();
});

const ingest = (id: string, secret: string, ts: number, values: Record<string, number | boolean>) =>
  app.fastify.inject({
    method: 'POST',
    url: `/ztj-iot/ingest/devices/${id}/telemetry`,
    headers: { [HEADER_DEVICE_SECRET]: secret, 'content-type': 'application/json' },
    payload: JSON.stringify({ ts, values }),
  });
const fieldOf = (res: { body: { errors?: { field: string; message: string }[] } }, field: string) =>
  res.body.errors?.find((e) => e.field === field)?.message;
async function store(name: string, deviceIds: string[]): Promise<string> {
  const res = await app.call<{ id: string }>('POST', '/wlx/warehouse/add', {
    token: admin.token,
    body: { name, number: uid('S'), deviceIds },
  });
  expect(res.body.success, res.body.message).toBe(true);
  return res.body.result.id;
}

describe('equipment list and stores', () => {
  it('lists equipment per family with store, status and the latest channel values; groups them by store', async () => {
    const [plug, meter, cooker] = [uid('PLUG'), uid('AM'), uid('OC')];
    const ps = await addDevice(app, { id: plug, model: 'SP-16A' });
    await addDevice(app, { id: meter, model: 'AM-3P' });
    await addDevice(app, { id: cooker, model: 'OC-4W' });
    await addDevice(app, { id: uid('TH'), model: 'P23-2IN1' }); // not equipment
    expect((await ingest(plug, ps, Date.now() - 1000, { P055: true, P053: 1500, P054: 12.5 })).json()).toMatchObject({
      success: true,
    });
    const wid = await store(`Lawson ${uid('W')}`, [plug, cooker]);

    const res = await app.call<PageResult<EquipmentRecord>>(
      'GET',
      `/wlx/equipment/list?family=smartPlug,odenCooker&warehouseId=${wid}&pageSize=50`,
      { token: viewer.token },
    );
    expect(res.body.success, res.body.message).toBe(true);
    const rows = res.body.result.records;
    expect(rows.map((r) => r.id).sort()).toEqual([plug, cooker].sort());
    const p = rows.find((r) => r.id === plug)!;
    expect(p).toMatchObject({
      family: 'smartPlug',
      model: 'SP-16A',
      warehouseId: wid,
      status: 'online',
      values: { P055: true, P053: 1500, P054: 12.5, P064: null },
      units: { P053: 'W', P054: 'kWh' },
    });
    expect(rows.find((r) => r.id === cooker)).toMatchObject({
      family: 'odenCooker',
      status: 'offline',
      lastReportTime: null,
    });
    const ammeters = await app.call<PageResult<EquipmentRecord>>(
      'GET',
      '/wlx/equipment/list?family=ammeter3p&pageSize=100',
      { token: viewer.token },
    );
    expect(ammeters.body.result.records.map((r) => r.id)).toContain(meter);
    expect(ammeters.body.result.records.every((r) => r.family === 'ammeter3p')).toBe(true);

    const stores = await app.call<StoreRecord[]>('GET', '/wlx/equipment/stores', { token: viewer.token });
    const s = stores.body.result.find((x) => x.id === wid)!;
    expect(s).toMatchObject({
      deviceCount: 2,
      onlineCount: 1,
      activeAlarmCount: 0,
      counts: { smartPlug: 1, odenCooker: 1, ammeter3p: 0 },
    });
    expect(s.devices.map((d) => d.id).sort()).toEqual([plug, cooker].sort());

    // another tenant sees none of it
    const foreign = await app.call<PageResult<EquipmentRecord>>('GET', '/wlx/equipment/list?pageSize=100', {
      token: other.token,
    });
    expect(foreign.body.result.records.map((r) => r.id)).not.toContain(plug);
    expect(
      (await app.call<StoreRecord[]>('GET', '/wlx/equipment/stores', { token: other.token })).body.result.map(
        (x) => x.id,
      ),
    ).not.toContain(wid);
  });
});

describe('ammeter config', () => {
  it('answers defaults, refuses bad tariffs with field errors in both languages, saves and logs', async () => {
    const id = uid('AM');
    await addDevice(app, { id, model: 'AM-1P' });
    const d = await app.call<MeterConfig>('GET', `/wlx/meter/config?id=${id}`, { token: viewer.token });
    expect(d.body.result).toMatchObject({
      ctRatio: 1,
      ptRatio: 1,
      counterMax: 99_999.99,
      tariffs: [],
      updateTime: null,
      family: 'ammeter1p',
    });
    const bad = {
      id,
      ctRatio: 0,
      tariffs: [
        { name: 'peak', start: '08:00', end: '12:00', price: 1.2 },
        { name: 'flat', start: '11:00', end: '08:00', price: 0.7 },
      ],
    };
    const en = await app.call('PUT', '/wlx/meter/config', { token: admin.token, body: bad, headers: EN });
    expect(en.body.success).toBe(false);
    expect(fieldOf(en, 'ctRatio')).toBe('The ratio must be between 1 and 10000');
    expect(fieldOf(en, 'tariffs.1.start')).toBe('This period overlaps another one');
    const zh = await app.call('PUT', '/wlx/meter/config', { token: admin.token, body: bad, headers: ZH });
    expect(fieldOf(zh, 'tariffs.1.start')).toBe('时段与其他时段重叠');
    const gap = await app.call('PUT', '/wlx/meter/config', {
      token: admin.token,
      body: { id, tariffs: [{ name: 'flat', start: '00:00', end: '23:00', price: 1 }] },
      headers: EN,
    });
    expect(fieldOf(gap, 'tariffs.0.end')).toBe('The periods do not cover the whole day');
    expect((await app.call('PUT', '/wlx/meter/config', { token: viewer.token, body: { id } })).body.success).toBe(
      false,
    );

    const good = {
      id,
      ctRatio: 40,
      ptRatio: 1,
      tariffs: [
        { name: 'valley', start: '22:00', end: '06:00', price: 0.3 },
        { name: 'flat', start: '06:00', end: '22:00', price: 0.8 },
      ],
      limits: { maxPowerKW: 20, minVoltageV: 198, maxVoltageV: 242 },
    };
    const saved = await app.call<MeterConfig>('PUT', '/wlx/meter/config', { token: admin.token, body: good });
    expect(saved.body.success, saved.body.message).toBe(true);
    expect(saved.body.result).toMatchObject({ ctRatio: 40, tariffs: good.tariffs, limits: good.limits });
    expect(saved.body.result.updateTime).toBeGreaterThan(0);
    const log = await app.db.query<{ kind: string; content: string }>(
      'SELECT kind, content FROM device_log WHERE device_id = $1',
      [id],
    );
    expect(log).toEqual([
      expect.objectContaining({ kind: 'config', content: expect.stringContaining('"ctRatio":40') }),
    ]);
    expect((await app.call('GET', `/wlx/meter/config?id=${id}`, { token: other.token })).body).toMatchObject({
      success: false,
      code: 404,
    });
  });
});

describe('energy and power', () => {
  it('gives daily kWh × CT × PT equal to the hand-computed series (pair across midnight, reset), per meter, per warehouse and as Excel', async () => {
    const id = uid('AM');
    const secret = await addDevice(app, { id, model: 'AM-1P' });
    const D = dayOf(Date.now()) - 3;
    const at = (day: number, hour: number) => dayStart(D + day) + hour * H;
    // D: 100 → 112 within, 20:00 → next 08:00 +12 spread 4 h / 8 h; D+1: 124 → 130, then a reset to 2 spread 4 h / 8 h; D+2: 2 → 5
    const series: [number, number][] = [
      [at(0, 8), 100],
      [at(0, 20), 112],
      [at(1, 8), 124],
      [at(1, 20), 130],
      [at(2, 8), 2],
      [at(2, 20), 5],
    ];
    for (const [ts, v] of series)
      expect((await ingest(id, secret, ts, { P054: v, P053: 2000 })).json()).toMatchObject({ success: true });
    await app.call('PUT', '/wlx/meter/config', { token: admin.token, body: { id, ctRatio: 2, ptRatio: 1 } });
    const q = `beginDate=${dayText(D - 1)}&endDate=${dayText(D + 3)}`;
    const res = await app.call<EnergyResult>('GET', `/wlx/meter/energy/daily?ids=${id}&${q}`, { token: viewer.token });
    expect(res.body.success, res.body.message).toBe(true);
    const e = res.body.result;
    expect(e.dates).toEqual([-1, 0, 1, 2, 3].map((k) => dayText(D + k)));
    // ×2: D 12 + 4 = 16 → 32; D+1 8 + 6 + 2/3 → 29.333; D+2 4/3 + 3 → 8.667; before and after: unknown
    expect(e.meters[0]).toMatchObject({ id, ratio: 2, days: [null, 32, 29.333, 8.667, null], totalKWh: 70 });
    expect(e.days).toEqual([0, 32, 29.333, 8.667, 0]);

    const wid = await store(`Store ${uid('W')}`, [id]);
    const w = await app.call<EnergyResult>('GET', `/wlx/meter/energy/warehouse?warehouseId=${wid}&${q}`, {
      token: viewer.token,
    });
    expect(w.body.result).toMatchObject({ warehouse: { id: wid }, totalKWh: 70, days: [0, 32, 29.333, 8.667, 0] });

    // tariff split (×2), valley 22-06 at 0.3, flat 06-22 at 0.8. Day D: 08-20 flat 24; the 20:00 → 08:00 bridge (1 kWh/h) gives
    // D 20-22 flat 4, 22-24 valley 4. Day D+1: 00-06 valley 12, 06-08 flat 4, 08-20 flat 12, reset bridge (1/6 kWh/h) 20-22 flat 2/3, 22-24 valley 2/3
    await app.call('PUT', '/wlx/meter/config', {
      token: admin.token,
      body: {
        id,
        ctRatio: 2,
        tariffs: [
          { name: 'valley', start: '22:00', end: '06:00', price: 0.3 },
          { name: 'flat', start: '06:00', end: '22:00', price: 0.8 },
        ],
      },
    });
    const t = await app.call<TariffEnergy>(
      'GET',
      `/wlx/meter/energy/tariff?id=${id}&beginDate=${dayText(D)}&endDate=${dayText(D)}`,
      { token: viewer.token },
    );
    expect(t.body.result).toEqual({
      id,
      ratio: 2,
      periods: [
        { name: 'flat', kWh: 28, cost: 22.4 },
        { name: 'valley', kWh: 4, cost: 1.2 },
      ],
      totalKWh: 32,
      totalCost: 23.6,
    });
    const t2 = await app.call<TariffEnergy>(
      'GET',
      `/wlx/meter/energy/tariff?id=${id}&beginDate=${dayText(D)}&endDate=${dayText(D + 1)}`,
      { token: viewer.token },
    );
    expect(t2.body.result).toMatchObject({
      periods: [
        { name: 'flat', kWh: 44.667 },
        { name: 'valley', kWh: 16.667 },
      ],
      totalKWh: 61.333,
    });

    const p = await app.call<PowerResult>(
      'GET',
      `/wlx/meter/power?id=${id}&beginTime=${at(0, 0)}&endTime=${at(3, 0)}`,
      { token: viewer.token },
    );
    expect(p.body.result).toMatchObject({ ratio: 2, series: { code: 'P053', unit: 'W' } });
    expect(p.body.result.series.points).toHaveLength(6);
    expect(p.body.result.series.points[0]).toEqual([at(0, 8), 4000]);

    const bad = await app.call(
      'GET',
      `/wlx/meter/energy/daily?ids=${id}&beginDate=${dayText(D)}&endDate=${dayText(D - 1)}`,
      { token: viewer.token, headers: EN },
    );
    expect(fieldOf(bad, 'endDate')).toBe('The end date must not be before the begin date');
    expect(
      (await app.call('GET', `/wlx/meter/energy/daily?ids=${id}&${q}`, { token: other.token })).body,
    ).toMatchObject({ success: false, code: 404 });

    const x = await exportAndWait(app, admin.token, `/wlx/meter/energy/exportXls?ids=${id}&${q}`, EN);
    expect(x.file).toMatchObject({ status: 'success', fileType: 'b' });
    const sheet = XLSX.read(x.body!).Sheets[XLSX.read(x.body!).SheetNames[0]!]!;
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1 });
    expect(rows[3]).toEqual([id, id, 'Single-phase ammeter', 2, '', 32, 29.333, 8.667, '', 70]);
  });
});

describe('equipment commands', () => {
  it('switches an online plug through the device command path, refuses an offline one with a logged entry, checks family and set-point', async () => {
    const [on, off, meter, cooker] = [uid('PLUG'), uid('PLUG'), uid('AM'), uid('OC')];
    const secret = await addDevice(app, { id: on, model: 'SP-16A' });
    await addDevice(app, { id: off, model: 'SP-16A' });
    await addDevice(app, { id: meter, model: 'AM-1P' });
    const cs = await addDevice(app, { id: cooker, model: 'OC-4W' });
    await ingest(on, secret, Date.now() - 1000, { P055: true, P053: 800 });
    await ingest(cooker, cs, Date.now() - 1000, { P003: 80 });

    const ok = await app.call<CommandResult>('POST', '/wlx/equipment/switch', {
      token: admin.token,
      body: { id: on, on: false },
    });
    expect(ok.body.success, ok.body.message).toBe(true);
    const logOn = await app.db.query<{ kind: string; content: string; cmd_id: string }>(
      'SELECT kind, content, cmd_id FROM device_log WHERE device_id = $1',
      [on],
    );
    expect(logOn).toEqual([expect.objectContaining({ kind: 'command', cmd_id: ok.body.result.cmdId })]);
    expect(JSON.parse(logOn[0]!.content)).toMatchObject({ type: 'setSwitch', on: false });

    const refusedEn = await app.call('POST', '/wlx/equipment/switch', {
      token: admin.token,
      body: { id: off, on: true },
      headers: EN,
    });
    expect(refusedEn.body).toMatchObject({
      success: false,
      message: 'The device is offline; the command was not sent',
    });
    const refusedZh = await app.call('POST', '/wlx/equipment/switch', {
      token: admin.token,
      body: { id: off, on: true },
      headers: ZH,
    });
    expect(refusedZh.body.message).toBe('设备离线，无法下发指令');
    const logOff = await app.db.query<{ ok: boolean; content: string }>(
      'SELECT ok, content FROM device_log WHERE device_id = $1',
      [off],
    );
    expect(logOff).toHaveLength(2);
    expect(logOff[0]).toMatchObject({ ok: false });
    expect(JSON.parse(logOff[0]!.content)).toMatchObject({ type: 'setSwitch', on: true, refused: 'offline' });

    const wrong = await app.call('POST', '/wlx/equipment/switch', {
      token: admin.token,
      body: { id: meter, on: false },
      headers: EN,
    });
    expect(fieldOf(wrong, 'id')).toBe('This kind of device does not accept this command');
    const range = await app.call('POST', '/wlx/equipment/setPoint', {
      token: admin.token,
      body: { id: cooker, setPointC: 150 },
      headers: EN,
    });
    expect(fieldOf(range, 'setPointC')).toBe('The set-point must be between 40 and 100 °C');
    const set = await app.call<CommandResult>('POST', '/wlx/equipment/setPoint', {
      token: admin.token,
      body: { id: cooker, well: 2, setPointC: 85 },
    });
    expect(set.body.success, set.body.message).toBe(true);
    expect(
      (await app.call('POST', '/wlx/equipment/switch', { token: viewer.token, body: { id: on, on: true } })).body
        .success,
    ).toBe(false);
    expect(
      (await app.call('POST', '/wlx/equipment/switch', { token: other.token, body: { id: on, on: true } })).body,
    ).toMatchObject({ success: false, code: 404 });
  });
});
