import { REGISTER_MAPS, type ExternalDevice, type ModbusDeviceRecord, type PageResult } from '@ztj/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import type { AuthContext } from '../../../platform/auth/auth-context';
import { userOf } from '../../alarms/runtime/alarm.fixtures';
import { device } from '../../alarms/settings/settings.fixtures';
import { sendLoggedCommand } from '../../devices/devices.service';
import { DEMO_TENANT_ID, PLATFORM_TENANT_ID } from '../../../platform/tenancy/tenant-ids';
import { eventually, freePort, putFloat32, silentServer, startModbusServer, type FakeModbus } from './modbus-server';
import { ModbusPoller } from './poller';

/**
 * The Modbus poller and its API against a real Modbus TCP server (modbus-serial's
 * server side on 127.0.0.1): poll → telemetry and history, register writes for commands,
 * unreachable devices (closed port, a server that never answers) → backoff, offline, device log;
 * register map validation; tenant scope.
 */

let app: TestApp;
let fake: FakeModbus;
let admin: { userId: string; token: string };
let viewer: { userId: string; token: string };
let other: { userId: string; token: string };
const EN = { 'accept-language': 'en-US' };
const map = (code: string) => REGISTER_MAPS.find((m) => m.code === code)!.registers;

beforeAll(async () => {
  app = await createTestApp();
  fake = await startModbusServer();
  admin = await userOf(app, DEMO_TENANT_ID, 'mbadmin1', 'admin');
  viewer = await userOf(app, DEMO_TENANT_ID, 'mbviewer1', 'viewer');
  other = await userOf(app, PLATFORM_TENANT_ID, 'mbother1', 'admin');
});
afterAll(async () => {
  await app?.close();
  await fake?.close();
});

const add = (body: object, token = admin.token) =>
  app.call<ModbusDeviceRecord>('POST', '/wlx/modbus/add', { token, body, headers: EN });
const external = async (token = admin.token) =>
  (await app.call<PageResult<ExternalDevice>>('GET', '/wlx/external/list?pageSize=100', { token, headers: EN })).body;
const logOf = (id: string) =>
  app.db.query<{ kind: string; content: string; ok: boolean | null; operator: string }>(
    'SELECT kind, content, ok, operator FROM device_log WHERE device_id = $1 ORDER BY id',
    [id],
  );

describe('Modbus poller', () => {
  it('polls a three-phase meter into the telemetry table, the history and the external device list', async () => {
    const id = await device(app, DEMO_TENANT_ID, 'AM-3P');
    const b = fake.bank(7);
    [
      [0, 230.1],
      [2, 231.2],
      [4, 229.8],
      [6, 5.5],
      [8, 6.25],
      [0x0a, 4.75],
      [0x34, 3620],
      [0x3e, 0.93],
      [0x48, 12345.5],
    ].forEach(([a, v]) => putFloat32(b.input, a!, v!));
    const res = await add({
      deviceId: id,
      host: '127.0.0.1',
      port: fake.port,
      unitId: 7,
      mapCode: 'sdm630-3p',
      registers: map('sdm630-3p'),
      pollPeriodMs: 200,
      timeoutMs: 1000,
    });
    expect(res.body.success, res.body.message).toBe(true);
    expect(res.body.result).toMatchObject({
      deviceId: id,
      port: fake.port,
      unitId: 7,
      mapCode: 'sdm630-3p',
      enabled: true,
    });
    const row = await eventually(
      'a stored reading',
      async () =>
        (
          await app.db.query<{ values: Record<string, number> | string }>(
            'SELECT "values" FROM telemetry WHERE device_id = $1 LIMIT 1',
            [id],
          )
        )[0],
    );
    const values = typeof row.values === 'string' ? JSON.parse(row.values) : row.values;
    expect(values).toMatchObject({
      P051: 230.1,
      P071: 231.2,
      P072: 229.8,
      P052: 5.5,
      P073: 6.25,
      P074: 4.75,
      P053: 3620,
      P063: 0.93,
      P054: 12345.5,
    });
    const hist = await app.call<{ records: { values?: unknown }[]; total?: number }>(
      'GET',
      `/wlx/device/viewHisCommon?id=${id}&range=today&mode=table`,
      { token: admin.token, headers: EN },
    );
    expect(hist.body.success, hist.body.message).toBe(true);
    expect(JSON.stringify(hist.body.result)).toContain('12345.5');
    const ext = await eventually('online in the external list', async () =>
      (await external()).result.records.find((r) => r.deviceId === id && r.state === 'online'),
    );
    expect(ext).toMatchObject({
      source: 'modbus',
      sourceName: `127.0.0.1:${fake.port}#7`,
      lastResult: 'ok',
      lastError: null,
      model: 'AM-3P',
    });
    expect(ext.values.find((v) => v.code === 'P054')).toMatchObject({ value: 12345.5, unit: 'kWh' });
    expect(ext.lastReportTime).toBeGreaterThan(0);
    // the viewer role has no warehouse menus; another tenant does not see the device
    expect((await external(viewer.token)).success).toBe(false);
    expect((await external(other.token)).result.records.find((r) => r.deviceId === id)).toBeUndefined();
  });

  it('writes the set-point and switch registers for setSetPoint / setSwitch instead of publishing', async () => {
    const id = await device(app, DEMO_TENANT_ID, 'BP-2W');
    const b = fake.bank(9);
    b.holding.set(0, 652);
    b.holding.set(1, 800);
    const res = await add({
      deviceId: id,
      host: '127.0.0.1',
      port: fake.port,
      unitId: 9,
      mapCode: 'pid-cooker',
      registers: map('pid-cooker'),
      pollPeriodMs: 1000,
    });
    expect(res.body.success, res.body.message).toBe(true);
    await eventually(
      'first poll',
      async () => (await app.db.query('SELECT 1 FROM device_latest WHERE device_id = $1', [id]))[0],
    );
    const published: string[] = [];
    const channel = { sendCommand: async (d: string) => (published.push(d), true), invalidate: () => undefined };
    const auth = { tenantId: DEMO_TENANT_ID, username: 'mbadmin1' } as AuthContext;
    const set = await sendLoggedCommand(app.db, channel, auth, id, {
      cmdId: 'c-sp-1',
      ts: Date.now(),
      type: 'setSetPoint',
      setPointC: 85.5,
    });
    expect(set.delivered).toBe(true);
    const sw = await sendLoggedCommand(app.db, channel, auth, id, {
      cmdId: 'c-sw-1',
      ts: Date.now(),
      type: 'setSwitch',
      on: true,
    });
    expect(sw.delivered).toBe(true);
    expect(published).toEqual([]);
    expect(fake.writes.filter((w) => w.unitId === 9)).toEqual([
      { unitId: 9, address: 1, value: 855 },
      { unitId: 9, address: 3, value: 1 },
    ]);
    // the write is followed by a poll: the new set-point reaches the latest values
    await eventually('set-point read back', async () => {
      const [l] = await app.db.query<{ values: Record<string, unknown> | string }>(
        'SELECT "values" FROM device_latest WHERE device_id = $1',
        [id],
      );
      const v = typeof l?.values === 'string' ? JSON.parse(l.values) : l?.values;
      return v?.P070 === 85.5 && v?.P066 === true;
    });
    const log = await logOf(id);
    expect(log.filter((l) => l.kind === 'command').map((l) => JSON.parse(l.content).cmdId)).toEqual([
      'c-sp-1',
      'c-sw-1',
    ]);
    // a device that is not polled still goes to the broker
    const plain = await device(app, DEMO_TENANT_ID, 'SP-16A');
    await sendLoggedCommand(app.db, channel, auth, plain, {
      cmdId: 'c-sw-2',
      ts: Date.now(),
      type: 'setSwitch',
      on: false,
    });
    expect(published).toEqual([plain]);
    // a meter map has no switch register: a clear refusal
    const meter = (await external()).result.records.find((r) => r.model === 'AM-3P')!;
    await expect(
      sendLoggedCommand(app.db, channel, auth, meter.deviceId, {
        cmdId: 'c-sw-3',
        ts: Date.now(),
        type: 'setSwitch',
        on: false,
      }),
    ).rejects.toMatchObject({ messageKey: 'modbusWriteUnsupported' });
  });

  it('backs off and goes offline on a closed port and on a server that never answers, logging it, and keeps serving', async () => {
    const closed = await freePort();
    const silent = await silentServer();
    try {
      const a = await device(app, DEMO_TENANT_ID, 'AM-3P');
      const s = await device(app, DEMO_TENANT_ID, 'AM-3P');
      const regs = map('sdm630-3p');
      expect(
        (
          await add({
            deviceId: a,
            host: '127.0.0.1',
            port: closed,
            unitId: 1,
            registers: regs,
            pollPeriodMs: 100,
            timeoutMs: 200,
          })
        ).body.success,
      ).toBe(true);
      expect(
        (
          await add({
            deviceId: s,
            host: '127.0.0.1',
            port: silent.port,
            unitId: 1,
            registers: regs,
            pollPeriodMs: 100,
            timeoutMs: 100,
          })
        ).body.success,
      ).toBe(true);
      const seen = new Set<string>();
      const offline = await eventually('both offline', async () => {
        const rows = (await external()).result.records.filter((r) => r.deviceId === a || r.deviceId === s);
        rows.forEach((r) => seen.add(`${r.deviceId === a ? 'closed' : 'silent'}:${r.state}`));
        return rows.length === 2 && rows.every((r) => r.state === 'offline' && r.lastResult) ? rows : undefined;
      });
      expect(offline.find((r) => r.deviceId === a)).toMatchObject({ lastResult: 'error', values: [] });
      expect(offline.find((r) => r.deviceId === a)!.lastError).toMatch(/ECONNREFUSED|refused/i);
      expect(offline.find((r) => r.deviceId === s)).toMatchObject({ lastResult: 'timeout' });
      const list = await app.call<PageResult<ModbusDeviceRecord>>('GET', '/wlx/modbus/list?pageSize=100', {
        token: admin.token,
        headers: EN,
      });
      const rec = list.body.result.records.find((r) => r.deviceId === a)!;
      expect(rec.failures).toBeGreaterThanOrEqual(3);
      // exponential backoff: the next attempt is at least period × 2^failures away (capped), not one period
      expect(rec.nextPollTime! - rec.lastPollTime!).toBeGreaterThanOrEqual(
        Math.min(100 * 2 ** rec.failures, 300_000) - 50,
      );
      for (const id of [a, s]) {
        const lines = await logOf(id);
        expect(lines).toContainEqual(expect.objectContaining({ kind: 'config', ok: false, operator: 'modbus' }));
        expect(JSON.parse(lines.find((l) => l.operator === 'modbus')!.content)).toMatchObject({ modbus: 'offline' });
      }
      // the server keeps answering
      expect((await app.call('GET', '/wlx/modbus/maps', { token: admin.token })).body.success).toBe(true);
    } finally {
      await silent.close();
    }
  });

  it('polls from one process at a time with a lease (CLUSTER=on); another takes over when it stops', async () => {
    const takes = [0, 0];
    const sink = (i: number) => ({ take: () => void takes[i]!++, whenReady: () => undefined });
    const a = new ModbusPoller(app.db, sink(0), { leaseMs: 300 });
    const b = new ModbusPoller(app.db, sink(1), { leaseMs: 300 });
    try {
      await a.start();
      await b.start();
      expect([a.polling, b.polling]).toEqual([true, false]);
      await eventually('a polls', async () => takes[0]! > 0);
      expect(takes[1]).toBe(0);
      await a.stop();
      await eventually('b takes over', async () => b.polling && takes[1]! > 0);
    } finally {
      await a.stop();
      await b.stop();
    }
  });

  it('refuses overlapping and out-of-range registers field by field, in the caller language', async () => {
    const id = await device(app, DEMO_TENANT_ID, 'AM-3P');
    const res = await add({
      deviceId: id,
      host: '127.0.0.1',
      port: 502,
      registers: [
        { kind: 'input', address: 0, type: 'float32', param: 'P051' },
        { kind: 'input', address: 1, type: 'float32', param: 'P052' },
        { kind: 'input', address: 65535, type: 'uint32', param: 'P053' },
        { kind: 'input', address: 10, type: 'int16', param: 'P070', command: 'setSetPoint' },
      ],
    });
    expect(res.body.success).toBe(false);
    expect(res.body.code).toBe(400);
    const errors = (res.body as unknown as { errors: { field: string; message: string }[] }).errors;
    expect(errors).toEqual(
      expect.arrayContaining([
        { field: 'registers.1.address', message: 'The register overlaps another register of the same kind' },
        { field: 'registers.2.address', message: expect.stringContaining('0-65535') },
        { field: 'registers.3.command', message: expect.stringContaining('holding register') },
      ]),
    );
    const zh = await app.call('POST', '/wlx/modbus/add', {
      token: admin.token,
      headers: { 'accept-language': 'zh-CN' },
      body: {
        deviceId: id,
        host: '127.0.0.1',
        registers: [
          { kind: 'holding', address: 0, type: 'int32', param: 'P051' },
          { kind: 'holding', address: 1, type: 'int16', param: 'P052' },
        ],
      },
    });
    expect(JSON.stringify(zh.body)).toContain('寄存器与同类型的另一寄存器重叠');
  });

  it('is tenant-scoped and permission-checked', async () => {
    const mine = await device(app, DEMO_TENANT_ID, 'AM-3P');
    const theirs = await device(app, PLATFORM_TENANT_ID, 'AM-3P');
    const refused = await add({ deviceId: theirs, host: '127.0.0.1', registers: map('sdm630-3p'), enabled: false });
    expect(refused.body.success).toBe(false);
    expect((refused.body as unknown as { errors: { field: string }[] }).errors[0]!.field).toBe('deviceId');
    const created = await add({ deviceId: mine, host: '127.0.0.1', registers: map('sdm630-3p'), enabled: false });
    expect(created.body.result.state).toBe('disabled');
    const twice = await add({ deviceId: mine, host: '127.0.0.1', registers: map('sdm630-3p'), enabled: false });
    expect(twice.body.success).toBe(false);
    const denied = await add({ deviceId: mine, host: '127.0.0.1', registers: map('sdm630-3p') }, viewer.token);
    expect(denied.body).toMatchObject({ success: false, code: 510 });
    expect(
      (await app.call('GET', `/wlx/modbus/queryById?id=${created.body.result.id}`, { token: other.token })).body.code,
    ).toBe(404);
    await app.call('DELETE', `/wlx/modbus/delete?ids=${created.body.result.id}`, { token: other.token });
    expect(
      (await app.call('GET', `/wlx/modbus/queryById?id=${created.body.result.id}`, { token: admin.token })).body
        .success,
    ).toBe(true);
    const edit = await app.call<ModbusDeviceRecord>('PUT', '/wlx/modbus/edit', {
      token: admin.token,
      headers: EN,
      body: {
        id: created.body.result.id,
        deviceId: mine,
        host: 'meter.local',
        port: 1502,
        registers: map('sdm630-3p'),
        enabled: false,
      },
    });
    expect(edit.body.result).toMatchObject({ host: 'meter.local', port: 1502 });
    await app.call('DELETE', `/wlx/modbus/delete?ids=${created.body.result.id}`, { token: admin.token });
    expect(
      (await app.call('GET', `/wlx/modbus/queryById?id=${created.body.result.id}`, { token: admin.token })).body.code,
    ).toBe(404);
  });
});
