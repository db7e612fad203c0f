import * as XLSX from '@e965/xlsx';
import type { DeviceLogListRecord, PageResult } from '@ztj/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminFixtures, exported, USER_PASSWORD, type AdminFixtures } from '../../../test/admin-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { DEMO_TENANT_ID, PLATFORM_TENANT_ID } from '../../platform/tenancy/tenant-ids';
import { uid } from '../telemetry/ingest.fixtures';

/**
 * The tenant-wide device log list (SPEC §2 device "log list") on the list machinery: filters,
 * sort and paging with the total, tenant isolation, the data rules of `device:list`, and export.
 */
let t: TestApp;
let f: AdminFixtures;
const tag = uid('DLOG');
const A = `${tag}-A`;
const B = `${tag}-B`;
const FOREIGN = `${tag}-X`;
const base = Date.parse('2026-11-20T08:00:00Z');
/** Lines of the platform tenant, one hour apart (index = hours after `base`). */
const lines = [
  { dev: A, kind: 'command', content: '{"type":"setSwitch","on":true}', ok: null, operator: 'admin' },
  { dev: A, kind: 'ack', content: '{"cmdId":"c1","ok":true}', ok: true, operator: null },
  { dev: B, kind: 'command', content: '{"type":"shutdown"}', ok: false, operator: 'jeecg' },
  { dev: B, kind: 'config', content: '{"modbus":"offline","host":"10.0.0.1:502"}', ok: false, operator: 'modbus' },
  { dev: A, kind: 'config', content: '{"alias":"Pump"}', ok: null, operator: 'admin' },
];

beforeAll(async () => {
  t = await createTestApp();
  f = await adminFixtures(t);
  for (const [dev, tenant, name, alias] of [
    [A, PLATFORM_TENANT_ID, 'Meter A', 'Kitchen meter'],
    [B, PLATFORM_TENANT_ID, 'Plug B', null],
    [FOREIGN, DEMO_TENANT_ID, 'Foreign', null],
  ] as const) {
    await t.db.query(
      `INSERT INTO device (dev_no, tenant_id, name, alias, model, kind, secret_hash) VALUES ($1, $2, $3, $4, 'AM-1P', 'terminal', 'x')`,
      [dev, tenant, name, alias],
    );
  }
  for (const [i, l] of lines.entries()) {
    await t.db.query(
      `INSERT INTO device_log (device_id, tenant_id, kind, content, ok, operator, create_time) VALUES ($1, $2, $3, $4, $5, $6, to_timestamp($7 / 1000.0))`,
      [l.dev, PLATFORM_TENANT_ID, l.kind, l.content, l.ok, l.operator, base + i * 3_600_000],
    );
  }
  await t.db.query(
    `INSERT INTO device_log (device_id, tenant_id, kind, content, operator) VALUES ($1, $2, 'command', '{"type":"readMeter"}', 'otheradmin')`,
    [FOREIGN, DEMO_TENANT_ID],
  );
});
afterAll(async () => {
  await t?.close();
});

const list = async (q: string, token = f.admin): Promise<PageResult<DeviceLogListRecord>> => {
  const res = await t.call<PageResult<DeviceLogListRecord>>('GET', `/wlx/deviceLog/list?deviceId=${tag}*&${q}`, {
    token,
  });
  expect(res.body.success, JSON.stringify(res.body)).toBe(true);
  return res.body.result;
};
const contents = (p: PageResult<DeviceLogListRecord>): string[] => p.records.map((r) => r.content);

describe('device log list', () => {
  it('pages newest first with the total on every page, with device names and ms times', async () => {
    const first = await list('pageNo=1&pageSize=2');
    const second = await list('pageNo=2&pageSize=2');
    const third = await list('pageNo=3&pageSize=2');
    expect([...contents(first), ...contents(second), ...contents(third)]).toEqual(
      lines.map((l) => l.content).reverse(),
    );
    expect([first.total, second.total, third.total, first.pages]).toEqual([5, 5, 5, 3]);
    expect(first.records[0]).toMatchObject({
      deviceId: A,
      deviceName: 'Kitchen meter',
      kind: 'config',
      ok: null,
      operator: 'admin',
      createTime: base + 4 * 3_600_000,
    });
    expect(third.records[0]).toMatchObject({ deviceId: A, deviceName: 'Kitchen meter', kind: 'command' });
    expect((await list('pageNo=9&pageSize=2')).total).toBe(5);
    const asc = await list('column=createTime&order=asc&pageSize=10');
    expect(contents(asc)).toEqual(lines.map((l) => l.content));
  });

  it('filters by device, name, kind, result, operator and time range', async () => {
    expect((await list(`deviceId=${B}`)).total).toBe(2);
    expect((await list('deviceName=*Kitchen*')).records.every((r) => r.deviceId === A)).toBe(true);
    expect((await list('deviceName=*Kitchen*')).total).toBe(3);
    expect(contents(await list('kind=command&column=createTime&order=asc'))).toEqual([
      lines[0]!.content,
      lines[2]!.content,
    ]);
    expect((await list('kind=command,ack')).total).toBe(3);
    expect((await list('ok=false')).total).toBe(2);
    expect((await list('ok=true')).records.map((r) => r.kind)).toEqual(['ack']);
    expect((await list('operator=admin')).total).toBe(2);
    const range = await list(
      `createTime_begin=${new Date(base + 3_600_000).toISOString()}&createTime_end=${new Date(base + 3 * 3_600_000).toISOString()}`,
    );
    expect(range.records.map((r) => r.createTime)).toEqual([3, 2, 1].map((h) => base + h * 3_600_000));
    const bad = await t.call('GET', '/wlx/deviceLog/list?secret=1', { token: f.admin });
    expect(bad.body).toMatchObject({ success: false, code: 400 });
  });

  it('lists refused lines with their reason, filtered by kind and reason, translated in the export', async () => {
    const dev = uid('DLREF');
    await t.db.query(
      `INSERT INTO device (dev_no, tenant_id, name, model, kind, secret_hash) VALUES ($1, $2, 'Probe', 'P23-2IN1', 'terminal', 'x')`,
      [dev, PLATFORM_TENANT_ID],
    );
    const content = JSON.stringify({ reason: 'telemetry.outOfRange', field: 'values.P003', sample: '{"ts":1}' });
    for (const reason of ['telemetry.outOfRange', 'tooDeep'])
      await t.db.query(
        `INSERT INTO device_log (device_id, tenant_id, kind, content, ok, reason) VALUES ($1, $2, 'refused', $3, false, $4)`,
        [dev, PLATFORM_TENANT_ID, content, reason],
      );
    const res = await t.call<PageResult<DeviceLogListRecord>>(
      'GET',
      `/wlx/deviceLog/list?deviceId=${dev}&kind=refused&reason=telemetry.outOfRange`,
      { token: f.admin, headers: { 'accept-language': 'en-US' } },
    );
    expect(res.body.result.records).toMatchObject([
      { deviceId: dev, kind: 'refused', reason: 'telemetry.outOfRange', ok: false },
    ]);
    expect((await list('pageSize=50')).records.every((r) => r.reason === null)).toBe(true);
    const file = await exported(t, `/wlx/deviceLog/exportXls?deviceId=${dev}&column=reason&order=asc`, f.admin, {
      'accept-language': 'en-US',
    });
    const book = XLSX.read(file.body);
    const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
    expect(rows.slice(1).map((r) => [r[2], r[7]])).toEqual([
      ['Refused', "The value is outside the parameter's range"],
      ['Refused', 'The data nests too deeply'],
    ]);
  });

  it("shows one tenant's lines only", async () => {
    const other = await list('pageSize=50', f.otherAdmin);
    expect(other.records.map((r) => [r.deviceId, r.operator])).toEqual([[FOREIGN, 'otheradmin']]);
    expect((await list('pageSize=50')).records.some((r) => r.deviceId === FOREIGN)).toBe(false);
  });

  it('applies the data rules of device:list: a user restricted to one device sees its lines only, in the list and the export', async () => {
    const roleId = (
      await t.call<{ id: string }>('POST', '/sys/role/add', {
        token: f.admin,
        body: { roleName: 'Log reader', roleCode: 'logreader' },
      })
    ).body.result.id;
    expect(
      (
        await t.call('POST', '/sys/permission/saveRolePermission', {
          token: f.admin,
          body: { roleId, permissionIds: 'device,device-list,btn:device:export' },
        })
      ).body.success,
    ).toBe(true);
    await f.addUser(f.admin, 'logreader01', { selectedroles: roleId });
    const rule = await t.call<{ id: string }>('POST', '/sys/permission/addPermissionRule', {
      token: f.admin,
      body: {
        permissionId: 'device-list',
        ruleName: 'Device A only',
        ruleColumn: 'deviceId',
        ruleConditions: '=',
        ruleValue: A,
      },
    });
    expect(rule.body.success, JSON.stringify(rule.body)).toBe(true);
    expect(
      (
        await t.call('POST', '/sys/role/datarule', {
          token: f.admin,
          body: { roleId, permissionId: 'device-list', dataRuleIds: rule.body.result.id },
        })
      ).body.success,
    ).toBe(true);
    const token = await t.login('logreader01', USER_PASSWORD);
    const seen = await list('pageSize=50', token);
    expect(seen.total).toBe(3);
    expect(new Set(seen.records.map((r) => r.deviceId))).toEqual(new Set([A]));
    expect((await list(`deviceId=${B}`, token)).total).toBe(0);
    const file = await exported(t, `/wlx/deviceLog/exportXls?deviceId=${tag}*`, token, { 'accept-language': 'en-US' });
    const book = XLSX.read(file.body);
    const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
    expect(rows[0]).toEqual([
      'Device id',
      'Alias/name',
      'Kind',
      'Command id',
      'Content',
      'Result',
      'Operator',
      'Refusal reason',
      'Time',
    ]);
    expect(rows.slice(1).map((r) => r[0])).toEqual([A, A, A]);
    expect(rows[1]![2]).toBe('Configuration');
    // The administrator carries no rule: every line.
    expect((await list('pageSize=50')).total).toBe(5);
  });
});
