import { RuleTemplateSchema, SceneActionsSchema, SceneRuleSchema, type RuleTemplate } from '@ztj/contracts';
import { loadDefaultFleet, messagesBetween } from '@ztj/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { provisionDevice } from '../../devices/device-provision';
import { DEMO_TENANT_ID } from '../../../platform/tenancy/tenant-ids';
import { emptyDeviceState, evaluate, type AlarmEvent, type EngineReading } from '../engine';
import { deviceTemplates } from '../settings/templates.service';
import {
  COOL_STORE,
  DEMO_TAGS,
  DEMO_TEMPLATES,
  DEMO_VEHICLES,
  DEMO_WAREHOUSE,
  DUTY_GROUP,
  FROZEN_CARGO,
  TAG_EXCURSION,
  VEHICLE_BATTERY,
  WAREHOUSE_SCENE,
} from './demo-rules';
import { seedDemoRules } from './seed-demo-rules';

/**
 * Demo alarm rules: seeded once, parse with the contracts, bound to the demo
 * fleet; and the REAL replayed series of the default fleet raise them in the first minutes at
 * DEMO_SPEED 60 (pure: the simulator's schedule through the engine, no fake reading).
 */

describe('demo rule seed', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
    const ids = [...DEMO_VEHICLES, ...DEMO_WAREHOUSE, 'SIM-GW-001', ...DEMO_TAGS];
    for (const id of ids) {
      const model = id.includes('VH')
        ? 'G24-L4Y2'
        : id.includes('WH')
          ? 'P23-2IN1'
          : id.includes('GW')
            ? 'G24-L4Y1'
            : 'P3A-1IY1';
      await provisionDevice(app.db, {
        id,
        tenantId: DEMO_TENANT_ID,
        model,
        gatewayId: id.includes('TAG') ? 'SIM-GW-001' : null,
      });
    }
  });
  afterAll(async () => {
    await app?.close();
  });

  it('seeds templates, bindings, the duty group and the scene once; they parse with the contracts', async () => {
    expect(await seedDemoRules(app.db)).toBe(true);
    expect(await seedDemoRules(app.db)).toBe(false);
    const templates = await app.db.query<{ id: string; name: string; content: RuleTemplate; severity: string }>(
      'SELECT id, name, content, severity FROM alarm_rule_template WHERE tenant_id = $1 ORDER BY name',
      [DEMO_TENANT_ID],
    );
    expect(templates.map((t) => t.name).sort()).toEqual(DEMO_TEMPLATES.map((t) => t.template.name).sort());
    for (const t of templates) {
      const parsed = RuleTemplateSchema.parse(t.content);
      expect(parsed.name).toBe(t.name);
      expect(parsed.severity).toBe(t.severity);
    }
    const [duty] = await app.db.query<{ id: string }>(
      'SELECT id FROM alarm_user_group WHERE tenant_id = $1 AND name = $2',
      [DEMO_TENANT_ID, DUTY_GROUP.name],
    );
    const members = await app.db.query<{ username: string; push_mode: number }>(
      'SELECT u.username, m.push_mode FROM alarm_user_group_member m JOIN sys_user u ON u.id = m.user_id WHERE m.group_id = $1',
      [duty!.id],
    );
    expect(members).toEqual([{ username: 'admin', push_mode: 4 }]);
    const frozen = templates.find((t) => t.name === FROZEN_CARGO.template.name)!;
    expect(frozen.content.notify.groupIds).toEqual([duty!.id]);

    // frozen cargo through the vehicle group, battery directly, cool store on the warehouse, excursions on the motes
    const names = async (dev: string): Promise<string[]> =>
      (await deviceTemplates(app.db, DEMO_TENANT_ID, dev)).map((t) => t.name).sort();
    expect(await names('SIM-VH-002')).toEqual([FROZEN_CARGO.template.name, VEHICLE_BATTERY.template.name].sort());
    expect(await names('SIM-WH-003')).toEqual([COOL_STORE.template.name]);
    expect(await names('SIM-TAG-004')).toEqual([TAG_EXCURSION.template.name]);
    const [binding] = await app.db.query<{ target_type: string }>(
      'SELECT target_type FROM alarm_rule_binding WHERE template_id = $1',
      [frozen.id],
    );
    expect(binding!.target_type).toBe('group');

    const scenes = await app.db.query<{ rule: unknown; actions: unknown; n: number }>(
      'SELECT s.rule, s.actions, (SELECT count(*)::int FROM alarm_scene_device d WHERE d.scene_id = s.id) AS n FROM alarm_scene s WHERE s.tenant_id = $1',
      [DEMO_TENANT_ID],
    );
    expect(scenes).toHaveLength(1);
    expect(scenes[0]!.n).toBe(DEMO_WAREHOUSE.length);
    SceneRuleSchema.parse(scenes[0]!.rule);
    expect(SceneActionsSchema.parse(scenes[0]!.actions).push?.notify.groupIds).toEqual([duty!.id]);
  });

  it('seeds nothing once the demo tenant has a template of its own', async () => {
    await app.db.query('DELETE FROM alarm_rule_template WHERE tenant_id = $1 AND name <> $2', [
      DEMO_TENANT_ID,
      COOL_STORE.template.name,
    ]);
    expect(await seedDemoRules(app.db)).toBe(false);
    expect(await app.db.query('SELECT 1 FROM alarm_rule_template WHERE tenant_id = $1', [DEMO_TENANT_ID])).toHaveLength(
      1,
    );
  });
});

describe('demo rules on the real replayed series (DEMO_SPEED 60, first 4 minutes)', () => {
  /** Raised alarms per device: `<template name>#<condition>@<seconds after start>`. */
  function raisedIn(wallSeconds: number): Map<string, string[]> {
    const fleet = loadDefaultFleet();
    const msgs = messagesBetween(fleet, { startWallMs: 0, speed: 60 }, -1, wallSeconds * 1000);
    const readings = new Map<string, EngineReading[]>();
    const push = (id: string, r: EngineReading): void =>
      void (readings.get(id) ?? readings.set(id, []).get(id)!).push(r);
    for (const m of msgs) {
      if (m.channel === 'telemetry') push(m.publisherId, { ts: m.payload.ts, values: m.payload.values });
      else if (m.channel === 'events') push(m.publisherId, { ts: m.payload.ts, values: {}, event: m.payload.type });
      else for (const r of m.payload.readings) push(r.deviceId, { ts: r.ts, values: r.values });
    }
    const rules = [
      ...DEMO_TEMPLATES.map((t) => ({
        targets: t.groups.length ? DEMO_VEHICLES : t.devices,
        id: t.template.name,
        template: RuleTemplateSchema.parse(t.template),
      })),
      {
        targets: WAREHOUSE_SCENE.deviceIds,
        id: 'scene',
        template: RuleTemplateSchema.parse({ ...WAREHOUSE_SCENE.rule, name: 'scene', category: 'environment' }),
      },
    ];
    const out = new Map<string, string[]>();
    for (const [deviceId, rs] of readings) {
      const mine = rules.filter((r) => r.targets.includes(deviceId));
      let state = emptyDeviceState(deviceId);
      const events: AlarmEvent[] = [];
      for (let i = 0; i < rs.length; i += 200) {
        const res = evaluate(state, mine, rs.slice(i, i + 200));
        state = res.state;
        events.push(...res.events);
      }
      out.set(
        deviceId,
        events
          .filter((e) => e.kind === 'raised')
          .map((e) => `${e.ruleId}#${e.conditionIndex}@${Math.round(e.ts / 1000)}`),
      );
    }
    return out;
  }

  it('raises frozen-cargo, low-battery, cool-store, mote-excursion and scene alarms from the data alone', () => {
    const raised = raisedIn(240);
    const at = (dev: string, rule: string): number[] =>
      (raised.get(dev) ?? []).filter((r) => r.startsWith(`${rule}#`)).map((r) => Number(r.split('@')[1]));
    // Shenyang 1 January −13 °C at the start: above −15 °C for 2 minutes
    for (const v of DEMO_VEHICLES) expect(at(v, FROZEN_CARGO.template.name)[0]).toBeGreaterThanOrEqual(120);
    for (const v of DEMO_VEHICLES) expect(at(v, FROZEN_CARGO.template.name)[0]).toBeLessThan(130);
    // Twizy state of charge at a trip's end: 13.3 % (VH-003, ≈36 s) and 15.0 % (VH-001, ≈98 s); VH-002 stays above 24 %
    expect(at('SIM-VH-003', VEHICLE_BATTERY.template.name)).toHaveLength(1);
    expect(at('SIM-VH-001', VEHICLE_BATTERY.template.name)).toHaveLength(1);
    expect(at('SIM-VH-002', VEHICLE_BATTERY.template.name)).toEqual([]);
    // office series above 20 °C for 3 minutes on WH-001 and WH-002; WH-003 (19.2-19.6 °C) not yet
    expect(at('SIM-WH-001', COOL_STORE.template.name)).toEqual([180]);
    expect(at('SIM-WH-002', COOL_STORE.template.name)).toEqual([180]);
    expect(at('SIM-WH-003', COOL_STORE.template.name)).toEqual([]);
    // scene: WH-001 above 22 °C for a minute at the start
    expect(at('SIM-WH-001', 'scene')).toEqual([60]);
    // labelled excursions of motes 1 and 4 (rows 2344 and 2362 of the file ≈ 196 s), both conditions
    expect(raised.get('SIM-TAG-001')).toEqual([
      `${TAG_EXCURSION.template.name}#0@196`,
      `${TAG_EXCURSION.template.name}#1@196`,
    ]);
    expect(raised.get('SIM-TAG-004')?.map((r) => r.split('@')[1])).toEqual(['197', '197']);
    expect(raised.get('SIM-TAG-002')).toEqual([]);
    expect(raised.get('SIM-TAG-003')).toEqual([]);
  });
});
