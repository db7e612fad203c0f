import type { PageResult, SceneRecord } from '@ztj/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { DEMO_TENANT_ID, PLATFORM_TENANT_ID } from '../../../platform/tenancy/tenant-ids';
import { userOf } from '../runtime/alarm.fixtures';
import { alarmOf, device } from '../settings/settings.fixtures';
import { expectRefused } from '../../../../test/refusal';

/** Scenes: steps 1-3, command within every device's model limits, alarm counts, isolation. */

let app: TestApp;
let admin: { userId: string; token: string };
let other: { userId: string; token: string };
const EN = { 'accept-language': 'en-US' };

const scene = (name: string, deviceIds: string[], extra: object = {}) => ({
  name,
  description: 'warm warehouse',
  deviceIds,
  rule: { severity: 'H', conditions: [{ type: 'threshold', param: 'P003', comparison: 0, value: 22 }] },
  actions: {
    raise: true,
    push: { users: true },
    command: { type: 'setPeriods', periods: { workCollectionCycle: 1, workReportCycle: 1 } },
  },
  ...extra,
});

beforeAll(async () => {
  app = await createTestApp();
  admin = await userOf(app, DEMO_TENANT_ID, 'scadmin1', 'admin');
  other = await userOf(app, PLATFORM_TENANT_ID, 'scother1', 'admin');
});
afterAll(async () => {
  await app?.close();
});

describe('scenes', () => {
  it('adds, lists, views, updates and deletes a scene; counts its alarms; alarms stay', async () => {
    const a = await device(app, DEMO_TENANT_ID);
    const b = await device(app, DEMO_TENANT_ID);
    const res = await app.call<SceneRecord>('POST', '/wlx/scene/add', {
      token: admin.token,
      body: scene('Warm store', [a, b]),
    });
    expect(res.body.success, res.body.message).toBe(true);
    const s = res.body.result;
    expect(s).toMatchObject({ name: 'Warm store', enabled: true, alarmCount: 0, activeCount: 0, createBy: 'scadmin1' });
    expect(s.devices.map((d) => d.id).sort()).toEqual([a, b].sort());
    expect(s.rule).toMatchObject({ severity: 'H', delayMinutes: 0, reminder: null });
    expect(s.actions.command?.periods).toEqual({ workCollectionCycle: 1, workReportCycle: 1 });

    await alarmOf(app, DEMO_TENANT_ID, a, 'scene', s.id, 'active');
    await alarmOf(app, DEMO_TENANT_ID, b, 'scene', s.id, 'cleared');
    const list = await app.call<PageResult<SceneRecord>>('GET', '/wlx/scene/list?name=Warm*', { token: admin.token });
    expect(list.body.result.records).toHaveLength(1);
    expect(list.body.result.records[0]).toMatchObject({ id: s.id, alarmCount: 2, activeCount: 1 });

    const upd = await app.call<SceneRecord>('PUT', '/wlx/scene/update', {
      token: admin.token,
      body: { ...scene('Warm store 2', [b]), id: s.id, enabled: false },
    });
    expect(upd.body.result).toMatchObject({ name: 'Warm store 2', enabled: false, devices: [{ id: b }] });
    const view = await app.call<SceneRecord>('GET', `/wlx/scene/queryById?id=${s.id}`, { token: admin.token });
    expect(view.body.result).toEqual(upd.body.result);

    const dup = await app.call('POST', '/wlx/scene/add', {
      token: admin.token,
      body: scene('Warm store 2', [a]),
      headers: EN,
    });
    expect(dup.body.message).toBe('A scene with this name already exists');
    const del = await app.call('DELETE', `/wlx/scene/delete?ids=${s.id}`, { token: admin.token });
    expect(del.body.success).toBe(true);
    expect(await app.db.query("SELECT 1 FROM alarm WHERE rule_source = 'scene' AND rule_id = $1", [s.id])).toHaveLength(
      2,
    );
    expect(await app.db.query('SELECT 1 FROM alarm_scene_device WHERE scene_id = $1', [s.id])).toHaveLength(0);
  });

  it('refuses a command outside the model limits of any selected device, naming it', async () => {
    const precision = await device(app, DEMO_TENANT_ID, 'P23-2IN1');
    const p3a = await device(app, DEMO_TENANT_ID, 'P3A-1IY1');
    // workReportCycle 1 min: allowed for P23 (1-1440), not for P3A (5-1440)
    const res = await app.call('POST', '/wlx/scene/add', {
      token: admin.token,
      body: scene('Too fast', [precision, p3a]),
      headers: EN,
    });
    expectRefused(res, 400);
    expect(res.body.message).toBe(
      `Period settings out of the model limits of device ${p3a}: workReportCycle: Must be between 5 and 1440 minutes`,
    );
    expect(res.body.errors?.[0]?.field).toBe('actions.command.periods.workReportCycle');
    const ok = await app.call('POST', '/wlx/scene/add', {
      token: admin.token,
      body: scene('Fast enough', [precision]),
    });
    expect(ok.body.success).toBe(true);
  });

  it('refuses devices and recipient groups of another tenant, no devices and no action', async () => {
    const mine = await device(app, DEMO_TENANT_ID);
    const foreign = await device(app, PLATFORM_TENANT_ID);
    const res = await app.call('POST', '/wlx/scene/add', {
      token: admin.token,
      body: scene('Foreign dev', [mine, foreign]),
      headers: EN,
    });
    expectRefused(res, 400);
    expect(res.body.message).toBe(`Device not found in this tenant: ${foreign}`);
    const [g] = await app.db.query<{ id: string }>(
      "INSERT INTO alarm_user_group (tenant_id, name) VALUES ($1, 'foreign scene group') RETURNING id",
      [PLATFORM_TENANT_ID],
    );
    const grp = await app.call('POST', '/wlx/scene/add', {
      token: admin.token,
      body: scene('Foreign group', [mine], {
        actions: { raise: true, push: { users: false, notify: { groupIds: [g!.id] } } },
      }),
    });
    expect(grp.body.errors?.map((e) => e.field)).toEqual(['actions.push.notify.groupIds']);
    const none = await app.call('POST', '/wlx/scene/add', { token: admin.token, body: scene('No devices', []) });
    expect(none.body.errors?.map((e) => e.field)).toContain('deviceIds');
    const noAction = await app.call('POST', '/wlx/scene/add', {
      token: admin.token,
      body: scene('No action', [mine], { actions: { raise: false } }),
    });
    expect(noAction.body.errors?.map((e) => e.field)).toContain('actions.raise');
  });

  it('isolates tenants', async () => {
    const d = await device(app, DEMO_TENANT_ID);
    const s = (
      await app.call<SceneRecord>('POST', '/wlx/scene/add', { token: admin.token, body: scene('Private scene', [d]) })
    ).body.result;
    const list = await app.call<PageResult<SceneRecord>>('GET', '/wlx/scene/list?pageSize=1000', {
      token: other.token,
    });
    expect(list.body.result.records.map((r) => r.id)).not.toContain(s.id);
    expectRefused(await app.call('GET', `/wlx/scene/queryById?id=${s.id}`, { token: other.token }), 404);
    expectRefused(
      await app.call('PUT', '/wlx/scene/update', { token: other.token, body: { ...scene('Stolen', [d]), id: s.id } }),
      404,
    );
    expectRefused(await app.call('DELETE', `/wlx/scene/delete?ids=${s.id}`, { token: other.token }), 404);
    expect(
      (await app.call<SceneRecord>('GET', `/wlx/scene/queryById?id=${s.id}`, { token: admin.token })).body.result.name,
    ).toBe('Private scene');
  });
});
