import type { PageResult, WarehouseRecord, WarehouseView } from '@ztj/contracts';
import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { exportAndWait } from '../../../platform/exports/exports.fixtures';
import { userOf } from '../../alarms/runtime/alarm.fixtures';
import { alarmOf, device } from '../../alarms/settings/settings.fixtures';
import { readFileSync } from 'node:fs';
import { ADMIN_PASSWORD } from '../../../../test/test-app';
import { seed } from '../../system/seed/seed';
import { DEMO_TENANT_ID, PLATFORM_TENANT_ID } from '../../../platform/tenancy/tenant-ids';

/** Warehouses: CRUD, list, field errors, one warehouse per device, bindings, view, isolation, permissions. */

let app: TestApp;
let admin: { userId: string; token: string };
let viewer: { userId: string; token: string };
let other: { userId: string; token: string };
const EN = { 'accept-language': 'en-US' };
let seq = 0;

beforeAll(async () => {
  app = await createTestApp();
  admin = await userOf(app, DEMO_TENANT_ID, 'whadmin1', 'admin');
  viewer = await userOf(app, DEMO_TENANT_ID, 'whviewer1', 'viewer');
  other = await userOf(app, PLATFORM_TENANT_ID, 'whother1', 'admin');
});
afterAll(async () => {
  await app?.close();
});

const body = (deviceIds: string[], extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  name: 'Cool store A',
  number: `WH-${++seq}`,
  description: 'GSP cool store',
  note: 'dock 3',
  acquisitionPeriod: null,
  deviceIds,
  monitorUserIds: [],
  templateIds: [],
  ...extra,
});
const add = (b: object, token = admin.token) =>
  app.call<WarehouseRecord>('POST', '/wlx/warehouse/add', { token, body: b, headers: EN });
const fieldOf = (res: { body: { errors?: { field: string; message: string }[] } }, field: string) =>
  res.body.errors?.find((e) => e.field === field)?.message;

/** A rule template of `tenantId` with the given conditions; returns its id. */
async function template(tenantId: number, name: string, conditions: unknown[]): Promise<string> {
  const content = {
    name,
    category: 'environment',
    severity: 'M',
    delayMinutes: 0,
    conditions,
    reminder: null,
    notify: { groupIds: [], escalateGroupIds: [], robots: false },
  };
  const [t] = await app.db.query<{ id: string }>(
    "INSERT INTO alarm_rule_template (tenant_id, name, category, severity, content) VALUES ($1,$2,'environment','M',$3::jsonb) RETURNING id",
    [tenantId, name, JSON.stringify(content)],
  );
  return t!.id;
}
const bound = async (templateId: string): Promise<string[]> =>
  (
    await app.db.query<{ target_id: string }>(
      "SELECT target_id FROM alarm_rule_binding WHERE template_id = $1 AND target_type = 'device' ORDER BY target_id",
      [templateId],
    )
  ).map((r) => r.target_id);
const threshold = (param: string, comparison: number, value: number) => ({
  type: 'threshold',
  param,
  comparison,
  value,
  hysteresis: { margin: 0, clearDelayMinutes: 0 },
});

describe('warehouses', () => {
  it('adds with devices, monitors and rule templates (bound to its devices), views, lists, edits and deletes', async () => {
    const [d1, d2, d3] = [
      await device(app, DEMO_TENANT_ID),
      await device(app, DEMO_TENANT_ID),
      await device(app, DEMO_TENANT_ID, 'G24-L4Y1'),
    ];
    const tA = await template(DEMO_TENANT_ID, `WH tpl A ${seq}`, [threshold('P003', 0, 8)]);
    const tB = await template(DEMO_TENANT_ID, `WH tpl B ${seq}`, [threshold('P003', 1, 2)]);
    const res = await add(
      body([d1!, d3!], { monitorUserIds: [viewer.userId], templateIds: [tA], acquisitionPeriod: 5 }),
    );
    expect(res.body.success, res.body.message).toBe(true);
    const w = res.body.result;
    expect(w).toMatchObject({
      name: 'Cool store A',
      description: 'GSP cool store',
      note: 'dock 3',
      acquisitionPeriod: 5,
      deviceCount: 2,
      createBy: 'whadmin1',
    });
    expect(w.devices.map((d) => d.id).sort()).toEqual([d1, d3].sort());
    expect(w.monitors).toEqual([{ id: viewer.userId, name: 'whviewer1' }]);
    expect(w.templates.map((t) => t.id)).toEqual([tA]);
    expect(await bound(tA)).toEqual([d1, d3].sort());
    // the period went into the P23 sensor's settings (work collection cycle); the gateway has none
    const [p] = await app.db.query<{ periods: Record<string, unknown> }>(
      'SELECT periods FROM device WHERE dev_no = $1',
      [d1],
    );
    expect(p!.periods.workCollectionCycle).toBe(5);
    expect(
      (await app.call<WarehouseRecord>('GET', `/wlx/warehouse/queryById?id=${w.id}`, { token: admin.token })).body
        .result,
    ).toEqual(w);

    const upd = await app.call<WarehouseRecord>('PUT', '/wlx/warehouse/edit', {
      token: admin.token,
      body: { ...body([d1!, d2!], { templateIds: [tB], number: w.number, name: 'Cool store B' }), id: w.id },
    });
    expect(upd.body.success, upd.body.message).toBe(true);
    expect(upd.body.result).toMatchObject({
      name: 'Cool store B',
      number: w.number,
      acquisitionPeriod: null,
      deviceCount: 2,
    });
    expect(await bound(tA)).toEqual([]);
    expect(await bound(tB)).toEqual([d1, d2].sort());

    const addDev = await app.call<WarehouseRecord>('POST', '/wlx/warehouse/addDevs', {
      token: admin.token,
      body: { id: w.id, deviceIds: [d3] },
    });
    expect(addDev.body.result.deviceCount).toBe(3);
    expect(await bound(tB)).toEqual([d1, d2, d3].sort());
    const delDev = await app.call<WarehouseRecord>('POST', '/wlx/warehouse/delDevs', {
      token: admin.token,
      body: { id: w.id, deviceIds: [d1, d3] },
    });
    expect(delDev.body.result.devices.map((d) => d.id)).toEqual([d2]);
    expect(await bound(tB)).toEqual([d2]);
    const last = await app.call('POST', '/wlx/warehouse/delDevs', {
      token: admin.token,
      body: { id: w.id, deviceIds: [d2] },
      headers: EN,
    });
    expect(fieldOf(last, 'deviceIds')).toBe('A warehouse keeps at least one device');

    const del = await app.call('DELETE', `/wlx/warehouse/delete?ids=${w.id}`, { token: admin.token });
    expect(del.body.success).toBe(true);
    expect(await app.db.query('SELECT 1 FROM warehouse WHERE id = $1', [w.id])).toHaveLength(0);
    expect(await bound(tB)).toEqual([]);
    expect(await app.db.query('SELECT 1 FROM device WHERE dev_no = $1', [d2])).toHaveLength(1);
  });

  it('pages, sorts and filters the list, and exports it through the download center', async () => {
    for (const name of ['Sort WH B', 'Sort WH A', 'Sort WH C'])
      expect((await add(body([await device(app, DEMO_TENANT_ID)], { name }))).body.success).toBe(true);
    const page = await app.call<PageResult<WarehouseRecord>>(
      'GET',
      '/wlx/warehouse/list?name=Sort WH*&column=name&order=asc&pageNo=1&pageSize=2',
      { token: admin.token },
    );
    expect(page.body.result.total).toBe(3);
    expect(page.body.result.records.map((x) => x.name)).toEqual(['Sort WH A', 'Sort WH B']);
    const page2 = await app.call<PageResult<WarehouseRecord>>(
      'GET',
      '/wlx/warehouse/list?name=Sort WH*&column=name&order=desc&pageNo=2&pageSize=2',
      { token: admin.token },
    );
    expect(page2.body.result.records.map((x) => x.name)).toEqual(['Sort WH A']);
    const xls = await exportAndWait(app, admin.token, '/wlx/warehouse/exportXls?name=Sort WH*', EN);
    expect(xls.file.status).toBe('success');
    const sheet = XLSX.read(xls.body!);
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet.Sheets[sheet.SheetNames[0]!]!, { header: 1 });
    expect(rows[0]).toEqual(expect.arrayContaining(['Name', 'Number', 'Devices']));
    expect(rows).toHaveLength(4);
  });

  it('refuses bad input with field errors in the spec words, storing nothing', async () => {
    const dev = await device(app, DEMO_TENANT_ID);
    const count = async () =>
      Number((await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM warehouse'))[0]!.n);
    const before = await count();
    const empty = await add(body([], { name: ' ', number: '' }));
    expect(empty.body.code).toBe(400);
    expect(fieldOf(empty, 'name')).toBe('Required');
    expect(fieldOf(empty, 'number')).toBe('Required');
    expect(fieldOf(empty, 'deviceIds')).toBe('Associate a device first');

    const first = await add(body([dev], { number: 'DUP-1' }));
    expect(first.body.success).toBe(true);
    const dup = await add(body([await device(app, DEMO_TENANT_ID)], { number: 'DUP-1' }));
    expect(fieldOf(dup, 'number')).toBe('A warehouse with this number already exists');
    const twice = await add(body([dev]));
    expect(fieldOf(twice, 'deviceIds')).toBe(`Device ${dev} already belongs to warehouse Cool store A`);
    const foreign = await device(app, PLATFORM_TENANT_ID);
    expect(fieldOf(await add(body([foreign])), 'deviceIds')).toBe(`Device not found in this tenant: ${foreign}`);
    // P23-2IN1 collects every 1-60 minutes (SPEC §5 precision 2.3)
    const period = await add(body([await device(app, DEMO_TENANT_ID)], { acquisitionPeriod: 90 }));
    expect(fieldOf(period, 'acquisitionPeriod')).toMatch(
      /outside the limits of device .* \(P23-2IN1\): 1 to 60 minutes/,
    );
    const badUser = await add(body([await device(app, DEMO_TENANT_ID)], { monitorUserIds: [other.userId] }));
    expect(fieldOf(badUser, 'monitorUserIds')).toBe('The user does not belong to this tenant');
    const foreignTpl = await template(PLATFORM_TENANT_ID, `Foreign tpl ${seq}`, [threshold('P003', 0, 8)]);
    expect(
      fieldOf(await add(body([await device(app, DEMO_TENANT_ID)], { templateIds: [foreignTpl] })), 'templateIds'),
    ).toBe('Rule template not found');
    expect(await count()).toBe(before + 1);
  });

  it('shows every sensor with its latest values against the limits of its templates and its active alarms', async () => {
    const [cold, warm, silent] = [
      await device(app, DEMO_TENANT_ID),
      await device(app, DEMO_TENANT_ID),
      await device(app, DEMO_TENANT_ID),
    ];
    const tplName = `View tpl ${seq}`;
    const tpl = await template(DEMO_TENANT_ID, tplName, [
      { type: 'duration', minutes: 3, condition: threshold('P003', 0, 20) },
      { type: 'range', param: 'P004', effect: 2, min: 30, max: 70, hysteresis: { margin: 0, clearDelayMinutes: 0 } },
    ]);
    const w = (await add(body([cold!, warm!, silent!], { templateIds: [tpl] }))).body.result;
    const now = Date.now();
    for (const [dev, t, rh] of [
      [cold, 18.5, 50],
      [warm, 23.2, 75],
    ] as const) {
      await app.db.query(
        'INSERT INTO device_latest (device_id, ts, received_at, "values") VALUES ($1, $2, $2, $3::jsonb)',
        [dev, now - 30_000, JSON.stringify({ P003: t, P004: rh })],
      );
      await app.db.query('UPDATE device SET last_ts = $2 WHERE dev_no = $1', [dev, now - 30_000]);
    }
    const alarm = await alarmOf(app, DEMO_TENANT_ID, warm!, 'template', tpl);
    await alarmOf(app, DEMO_TENANT_ID, warm!, 'template', tpl, 'cleared');

    const res = await app.call<WarehouseView>('GET', `/wlx/warehouse/view?id=${w.id}`, { token: admin.token });
    expect(res.body.success, res.body.message).toBe(true);
    const byId = Object.fromEntries(res.body.result.sensors.map((s) => [s.id, s]));
    expect(byId[cold!]).toMatchObject({
      status: 'online',
      lastReportTime: now - 30_000,
      outOfLimits: [],
      activeAlarms: [],
    });
    expect(byId[cold!]!.values).toEqual(
      expect.arrayContaining([expect.objectContaining({ code: 'P003', value: 18.5 })]),
    );
    expect(byId[cold!]!.limits).toEqual([
      { param: 'P003', min: null, max: 20, templateName: tplName },
      { param: 'P004', min: 30, max: 70, templateName: tplName },
    ]);
    expect(byId[warm!]!.outOfLimits).toEqual(['P003', 'P004']);
    expect(byId[warm!]!.activeAlarms.map((a) => a.id)).toEqual([alarm]);
    expect(byId[silent!]).toMatchObject({ lastReportTime: null, values: [], outOfLimits: [] });
  });

  it('keeps tenants apart and follows the permissions', async () => {
    const w = (await add(body([await device(app, DEMO_TENANT_ID)], { name: 'Isolated' }))).body.result;
    const list = await app.call<PageResult<WarehouseRecord>>('GET', '/wlx/warehouse/list?pageSize=100', {
      token: other.token,
    });
    expect(list.body.result.records.map((r) => r.id)).not.toContain(w.id);
    expect((await app.call('GET', `/wlx/warehouse/queryById?id=${w.id}`, { token: other.token })).body.code).toBe(404);
    expect((await app.call('GET', `/wlx/warehouse/view?id=${w.id}`, { token: other.token })).body.code).toBe(404);
    expect(
      (
        await app.call('PUT', '/wlx/warehouse/edit', {
          token: other.token,
          body: { ...body([await device(app, PLATFORM_TENANT_ID)]), id: w.id },
        })
      ).body.code,
    ).toBe(404);
    expect((await app.call('DELETE', `/wlx/warehouse/delete?ids=${w.id}`, { token: other.token })).body.code).toBe(404);
    expect(await app.db.query('SELECT 1 FROM warehouse WHERE id = $1', [w.id])).toHaveLength(1);
    // the viewer role has no warehouse menu
    expect((await app.call('GET', '/wlx/warehouse/list', { token: viewer.token })).body.success).toBe(false);
    expect((await add(body([await device(app, DEMO_TENANT_ID)]), viewer.token)).body.success).toBe(false);
  });

  it('reaches an existing installation: migration 0052 makes room and the next seed puts the warehouse list first, with its buttons for the admin roles', async () => {
    // an installation from before: no warehouse list, the menu opening the ammeters
    await app.db.query(
      "DELETE FROM sys_permission WHERE parent_id = 'warehouse-list' OR id IN ('warehouse-list', 'warehouse-detail', 'warehouse-edit', 'warehouse-create')",
    );
    await app.db.query("UPDATE sys_permission SET redirect = '/warehouse/ammeter' WHERE id = 'warehouse'");
    await app.db.query("UPDATE sys_permission SET sort_no = sort_no - 4 WHERE parent_id = 'warehouse'");
    const sql = readFileSync(new URL('../../../../migrations/0052_warehouses.sql', import.meta.url), 'utf8');
    for (const statement of sql.match(/^UPDATE[\s\S]*?;/gm) ?? []) await app.db.query(statement);
    await seed(app.db, { adminPassword: ADMIN_PASSWORD, dataDir: app.config.dataDir });
    const [menu] = await app.db.query<{ redirect: string }>(
      "SELECT redirect FROM sys_permission WHERE id = 'warehouse'",
    );
    expect(menu!.redirect).toBe('/warehouse/list');
    const children = await app.db.query<{ id: string }>(
      "SELECT id FROM sys_permission WHERE parent_id = 'warehouse' AND NOT hidden ORDER BY sort_no, id",
    );
    expect(children[0]!.id).toBe('warehouse-list');
    expect(children.map((c) => c.id)).toContain('warehouse-ammeter');
    const granted = await app.db.query<{ permission_id: string }>(
      `SELECT rp.permission_id FROM sys_role_permission rp JOIN sys_role r ON r.id = rp.role_id
        WHERE r.role_code = 'admin' AND r.tenant_id = $1 AND rp.permission_id LIKE 'btn:warehouse:%' ORDER BY 1`,
      [DEMO_TENANT_ID],
    );
    expect(granted.map((g) => g.permission_id)).toEqual([
      'btn:warehouse:add',
      'btn:warehouse:delete',
      'btn:warehouse:edit',
      'btn:warehouse:export',
    ]);
  });
});
