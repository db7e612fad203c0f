import type { PageResult, RuleTemplateRecord } from '@ztj/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { DEMO_TENANT_ID, PLATFORM_TENANT_ID } from '../../../platform/tenancy/tenant-ids';
import { userOf } from '../runtime/alarm.fixtures';
import { alarmOf, device, deviceGroup } from './settings.fixtures';
import { expectRefused } from '../../../../test/refusal';

/**
 * Rule templates through the HTTP API: CRUD, field errors of the contract and of
 * the server, importDevs with tenant checks, templates in effect on a device through its group,
 * monitoring parameter defaults, tenant isolation.
 */

let app: TestApp;
let admin: { userId: string; token: string };
let other: { userId: string; token: string };
const EN = { 'accept-language': 'en-US' };

const frozen = (name: string, extra: object = {}) => ({
  name,
  category: 'environment',
  severity: 'H',
  conditions: [
    { type: 'duration', minutes: 10, condition: { type: 'threshold', param: 'P003', comparison: 0, value: -15 } },
  ],
  ...extra,
});

beforeAll(async () => {
  app = await createTestApp();
  admin = await userOf(app, DEMO_TENANT_ID, 'tpladmin1', 'admin');
  other = await userOf(app, PLATFORM_TENANT_ID, 'tplother1', 'admin');
});
afterAll(async () => {
  await app?.close();
});

async function add(body: object, token = admin.token): Promise<RuleTemplateRecord> {
  const res = await app.call<RuleTemplateRecord>('POST', '/wlx/paramTemplate/add', { token, body });
  expect(res.body.success, res.body.message).toBe(true);
  return res.body.result;
}

describe('rule templates', () => {
  it('adds, lists, views, updates and deletes a template; alarms stay', async () => {
    const t = await add(frozen('Frozen -18 a'));
    expect(t).toMatchObject({
      name: 'Frozen -18 a',
      category: 'environment',
      severity: 'H',
      enabled: true,
      deviceCount: 0,
      groupCount: 0,
      createBy: 'tpladmin1',
    });
    expect(t.content.conditions[0]).toMatchObject({ type: 'duration', minutes: 10 });
    expect(t.content.notify).toEqual({ groupIds: [], escalateGroupIds: [], robots: false });

    const list = await app.call<PageResult<RuleTemplateRecord>>(
      'GET',
      '/wlx/paramTemplate/list?name=Frozen*&severity=H,M',
      { token: admin.token },
    );
    expect(list.body.result.records.map((r) => r.id)).toContain(t.id);
    const view = await app.call<RuleTemplateRecord>('GET', `/wlx/paramTemplate/queryById?id=${t.id}`, {
      token: admin.token,
    });
    expect(view.body.result).toEqual(t);

    const upd = await app.call<RuleTemplateRecord>('PUT', '/wlx/paramTemplate/update', {
      token: admin.token,
      body: { ...frozen('Frozen -18 b'), id: t.id, severity: 'M', enabled: false },
    });
    expect(upd.body.result).toMatchObject({ id: t.id, name: 'Frozen -18 b', severity: 'M', enabled: false });
    expect(upd.body.result.content.name).toBe('Frozen -18 b');

    const dev = await device(app, DEMO_TENANT_ID);
    await app.call('POST', '/wlx/paramTemplate/importDevs', {
      token: admin.token,
      body: { id: t.id, deviceIds: [dev] },
    });
    const alarmId = await alarmOf(app, DEMO_TENANT_ID, dev, 'template', t.id);
    const del = await app.call('DELETE', `/wlx/paramTemplate/delete?ids=${t.id}`, { token: admin.token });
    expect(del.body.success).toBe(true);
    expect(await app.db.query('SELECT 1 FROM alarm_rule_binding WHERE template_id = $1', [t.id])).toHaveLength(0);
    expect(await app.db.query('SELECT 1 FROM alarm WHERE id = $1', [alarmId])).toHaveLength(1);
    const gone = await app.call('GET', `/wlx/paramTemplate/queryById?id=${t.id}`, { token: admin.token });
    expect(gone.body.success).toBe(false);
    expectRefused(gone, 404);
  });

  it('answers field errors: unknown code, end ≤ start, duration 0, name too short, duplicate name', async () => {
    const bad = async (body: object): Promise<{ field: string; message: string }[]> => {
      const res = await app.call('POST', '/wlx/paramTemplate/add', { token: admin.token, body, headers: EN });
      expectRefused(res, 400);
      expect(res.body.code).toBe(400);
      return res.body.errors ?? [];
    };
    expect(
      await bad(frozen('Bad code', { conditions: [{ type: 'threshold', param: 'P999', comparison: 0, value: 1 }] })),
    ).toContainEqual({
      field: 'conditions.0.param',
      message: 'Unknown parameter code',
    });
    expect(
      await bad(frozen('Bad range', { conditions: [{ type: 'range', param: 'P003', effect: 2, min: 8, max: 2 }] })),
    ).toContainEqual({
      field: 'conditions.0.max',
      message: 'The end value must exceed the start value',
    });
    expect(
      await bad(
        frozen('Bad between', {
          conditions: [{ type: 'threshold', param: 'P003', comparison: 4, value: 8, valueMax: 8 }],
        }),
      ),
    ).toContainEqual({
      field: 'conditions.0.valueMax',
      message: 'The end value must exceed the start value',
    });
    expect(
      await bad(
        frozen('Bad duration', {
          conditions: [
            {
              type: 'duration',
              minutes: 0,
              condition: { type: 'threshold', param: 'P003', comparison: 0, value: -15 },
            },
          ],
        }),
      ),
    ).toContainEqual({ field: 'conditions.0.minutes', message: 'The duration must be greater than 0' });
    expect((await bad(frozen('X'))).map((e) => e.field)).toContain('name');

    await add(frozen('Unique name'));
    const dup = await app.call('POST', '/wlx/paramTemplate/add', {
      token: admin.token,
      body: frozen('Unique name'),
      headers: EN,
    });
    expect(dup.body.success).toBe(false);
    expect(dup.body.message).toBe('A rule template with this name already exists');
    expect(dup.body.errors).toEqual([{ field: 'name', message: 'A rule template with this name already exists' }]);
    // the same name in another tenant is fine
    await add(frozen('Unique name'), other.token);
  });

  it('refuses recipient groups of another tenant in notify', async () => {
    const [g] = await app.db.query<{ id: string }>(
      "INSERT INTO alarm_user_group (tenant_id, name) VALUES ($1, 'foreign') RETURNING id",
      [PLATFORM_TENANT_ID],
    );
    const res = await app.call('POST', '/wlx/paramTemplate/add', {
      token: admin.token,
      body: frozen('Notify foreign', { notify: { groupIds: [], escalateGroupIds: [g!.id] } }),
    });
    expectRefused(res, 400);
    expect(res.body.errors?.map((e) => e.field)).toEqual(['notify.escalateGroupIds']);
  });

  it('binds devices and groups (importDevs replaces), checks the tenant, and lists templates in effect on a device', async () => {
    const t = await add(frozen('Bind me'));
    const grp = await deviceGroup(app, DEMO_TENANT_ID);
    const inGroup = await device(app, DEMO_TENANT_ID, 'P23-2IN1', grp);
    const direct = await device(app, DEMO_TENANT_ID);
    const foreignDev = await device(app, PLATFORM_TENANT_ID);
    const foreignGrp = await deviceGroup(app, PLATFORM_TENANT_ID);

    const bound = await app.call<{ devices: { id: string }[]; groups: { id: string }[] }>(
      'POST',
      '/wlx/paramTemplate/importDevs',
      {
        token: admin.token,
        body: { id: t.id, deviceIds: [direct], groupIds: [grp] },
      },
    );
    expect(bound.body.result.devices.map((d) => d.id)).toEqual([direct]);
    expect(bound.body.result.groups.map((g) => g.id)).toEqual([grp]);
    const view = await app.call<RuleTemplateRecord>('GET', `/wlx/paramTemplate/queryById?id=${t.id}`, {
      token: admin.token,
    });
    expect(view.body.result).toMatchObject({ deviceCount: 1, groupCount: 1 });

    const viaGroup = await app.call<RuleTemplateRecord[]>('GET', `/wlx/paramTemplate/byDevice?deviceId=${inGroup}`, {
      token: admin.token,
    });
    expect(viaGroup.body.result.map((r) => r.id)).toEqual([t.id]);
    const viaDevice = await app.call<RuleTemplateRecord[]>('GET', `/wlx/paramTemplate/byDevice?deviceId=${direct}`, {
      token: admin.token,
    });
    expect(viaDevice.body.result.map((r) => r.id)).toEqual([t.id]);

    const badDev = await app.call('POST', '/wlx/paramTemplate/importDevs', {
      token: admin.token,
      body: { id: t.id, deviceIds: [direct, foreignDev] },
      headers: EN,
    });
    expectRefused(badDev, 400);
    expect(badDev.body.message).toBe(`Device not found in this tenant: ${foreignDev}`);
    expect(badDev.body.errors?.[0]?.field).toBe('deviceIds');
    const badGrp = await app.call('POST', '/wlx/paramTemplate/importDevs', {
      token: admin.token,
      body: { id: t.id, groupIds: [foreignGrp] },
      headers: EN,
    });
    expect(badGrp.body.message).toBe(`Device group not found: ${foreignGrp}`);
    expect(badGrp.body.errors?.[0]?.field).toBe('groupIds');
    // a refused bind changes nothing
    const still = await app.call<{ devices: { id: string }[]; groups: { id: string }[] }>(
      'GET',
      `/wlx/paramTemplate/bindings?id=${t.id}`,
      { token: admin.token },
    );
    expect(still.body.result.devices.map((d) => d.id)).toEqual([direct]);

    // replaces: only the group now
    await app.call('POST', '/wlx/paramTemplate/importDevs', {
      token: admin.token,
      body: { id: t.id, groupIds: [grp] },
    });
    const after = await app.call<RuleTemplateRecord[]>('GET', `/wlx/paramTemplate/byDevice?deviceId=${direct}`, {
      token: admin.token,
    });
    expect(after.body.result).toEqual([]);
    const foreignView = await app.call('GET', `/wlx/paramTemplate/byDevice?deviceId=${foreignDev}`, {
      token: admin.token,
    });
    expectRefused(foreignView, 404);
  });

  it('isolates tenants: another tenant neither sees nor changes a template', async () => {
    const t = await add(frozen('Mine only'));
    const list = await app.call<PageResult<RuleTemplateRecord>>('GET', '/wlx/paramTemplate/list?pageSize=1000', {
      token: other.token,
    });
    expect(list.body.result.records.map((r) => r.id)).not.toContain(t.id);
    for (const [method, url, body] of [
      ['GET', `/wlx/paramTemplate/queryById?id=${t.id}`, undefined],
      ['GET', `/wlx/paramTemplate/bindings?id=${t.id}`, undefined],
      ['PUT', '/wlx/paramTemplate/update', { ...frozen('Taken over'), id: t.id }],
      ['POST', '/wlx/paramTemplate/importDevs', { id: t.id, deviceIds: [] }],
      ['DELETE', `/wlx/paramTemplate/delete?ids=${t.id}`, undefined],
    ] as const) {
      const res = await app.call(method, url, { token: other.token, body });
      expectRefused(res, 404, `${method} ${url}`);
    }
    const view = await app.call<RuleTemplateRecord>('GET', `/wlx/paramTemplate/queryById?id=${t.id}`, {
      token: admin.token,
    });
    expect(view.body.result.name).toBe('Mine only');
  });

  it('answers monitoring parameter defaults for numeric parameters', async () => {
    const res = await app.call<
      { code: string; unit: string; min: number; max: number; low: number | null; high: number | null }[]
    >('GET', '/wlx/paramTemplate/paramDefaults', { token: admin.token });
    const byCode = new Map(res.body.result.map((p) => [p.code, p]));
    expect(byCode.get('P003')).toMatchObject({ unit: '°C', min: -80, max: 150, low: 2, high: 8 });
    expect(byCode.get('P004')).toMatchObject({ unit: '%RH', low: 35, high: 75 });
    expect(byCode.get('P005')).toMatchObject({ low: 20, high: null });
    expect(byCode.has('P026')).toBe(false);
  });
});
