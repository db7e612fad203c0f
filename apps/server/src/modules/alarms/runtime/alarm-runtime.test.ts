import type { AddressInfo } from 'node:net';
import { RuleTemplateSchema, topics } from '@ztj/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/test-app';
import { addDevice, connectDevice, createDeviceTestApp, uid } from '../../telemetry/ingest.fixtures';
import { DEMO_TENANT_ID, PLATFORM_TENANT_ID } from '../../../platform/tenancy/tenant-ids';
import type { AlarmNotice } from './alarm-notice';
import {
  alarmFrames,
  alarmsOf,
  bind,
  insertTemplate,
  openConsole,
  postReadings,
  until,
  userOf,
  type FrameLog,
} from './alarm.fixtures';

/**
 * The alarm runtime through the real ingest: readings posted to the HTTP ingest
 * or published over MQTT are committed, evaluated against the device's templates, stored as
 * alarms and announced on the console WebSocket to the tenant's alarm audience. Waits are bounded.
 */

const MIN = 60_000;
let app: TestApp;
let base: string;
const sockets: FrameLog[] = [];

beforeAll(async () => {
  app = await createDeviceTestApp();
  await app.fastify.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(app.fastify.server.address() as AddressInfo).port}/ztj-iot/websocket`;
});
afterAll(async () => {
  for (const s of sockets) s.ws.close();
  await app?.close();
});

/** A device of the demo tenant bound to a fresh "P003 above −15 °C" template (clear margin 1 °C). */
async function boundDevice(
  conditions?: Parameters<typeof insertTemplate>[2]['conditions'],
): Promise<{ id: string; secret: string; templateId: string }> {
  const id = uid('ALM');
  const secret = await addDevice(app, { id });
  const templateId = await insertTemplate(app, DEMO_TENANT_ID, {
    conditions: conditions ?? [
      { type: 'threshold', param: 'P003', comparison: 0, value: -15, hysteresis: { margin: 1, clearDelayMinutes: 0 } },
    ],
  });
  await bind(app, DEMO_TENANT_ID, templateId, id);
  return { id, secret, templateId };
}

describe('alarm runtime through the ingest (integration)', () => {
  it('raises with the true start and value, tells the audience live, clears with hysteresis, never twice', async () => {
    const audience = await userOf(app, DEMO_TENANT_ID, 'almop1');
    const quiet = await userOf(app, DEMO_TENANT_ID, 'almquiet1', 'operator', false);
    const foreign = await userOf(app, PLATFORM_TENANT_ID, 'almforeign1');
    const [mine, muted, theirs] = await Promise.all([
      openConsole(base, audience),
      openConsole(base, quiet),
      openConsole(base, foreign),
    ]);
    sockets.push(mine, muted, theirs);

    const { id, secret, templateId } = await boundDevice();
    const t = Date.now() - 30 * MIN;
    const series = [
      { ts: t, values: { P003: -18 } },
      { ts: t + MIN, values: { P003: -14 } },
      { ts: t + 2 * MIN, values: { P003: -12.5 } },
    ];
    await postReadings(app, id, secret, series);
    const [raised] = await until(async () => {
      const rows = await alarmsOf(app, id);
      return rows.length ? rows : null;
    });
    expect(raised).toMatchObject({
      rule_source: 'template',
      rule_id: templateId,
      alarm_type: 'P003',
      severity: 'H',
      status: 'active',
      value: -14,
      tenant_id: DEMO_TENANT_ID,
    });
    expect(Number(raised!.start_ts)).toBe(t + MIN);

    await until(() => alarmFrames(mine, id).some((f) => f.event === 'raised'));
    expect(alarmFrames(mine, id)[0]).toMatchObject({
      cmd: 'alarm',
      event: 'raised',
      alarm: { deviceId: id, id: raised!.id },
    });

    // −15.5 is back under the limit but not by the 1 °C margin: still active; −16.5 clears it
    await postReadings(app, id, secret, [
      { ts: t + 3 * MIN, values: { P003: -15.5 } },
      { ts: t + 4 * MIN, values: { P003: -16.5 } },
    ]);
    const cleared = await until(async () => (await alarmsOf(app, id)).find((a) => a.status === 'cleared'));
    expect(Number(cleared.end_ts)).toBe(t + 4 * MIN);
    expect(cleared.peak).toBe(-12.5);
    await until(() => alarmFrames(mine, id).some((f) => f.event === 'cleared'));

    // the same readings again (a resent batch): no second alarm
    await postReadings(app, id, secret, series);
    await app.alarms.whenIdle();
    expect(await alarmsOf(app, id)).toHaveLength(1);
    expect(alarmFrames(mine, id).filter((f) => f.event === 'raised')).toHaveLength(1);

    // the muted user and the other tenant's user had live sockets and heard nothing of it
    expect(alarmFrames(muted, id)).toEqual([]);
    expect(alarmFrames(theirs, id)).toEqual([]);
  });

  it('raises an alarm found in a back-filled (older) series with its true start time', async () => {
    const { id, secret } = await boundDevice();
    const t = Date.now() - 60 * MIN;
    await postReadings(app, id, secret, [{ ts: t + 50 * MIN, values: { P003: -19 } }]);
    await app.alarms.whenIdle();
    // one message per reading (as a device emptying its buffer does): judged as one series
    const backfill = [
      { ts: t + 10 * MIN, values: { P003: -18 } },
      { ts: t + 12 * MIN, values: { P003: -13 } },
      { ts: t + 14 * MIN, values: { P003: -11 } },
      { ts: t + 16 * MIN, values: { P003: -17 } },
    ];
    await postReadings(app, id, secret, backfill);
    await app.alarms.whenIdle();
    const [a, ...more] = await alarmsOf(app, id);
    expect(more).toEqual([]);
    expect(Number(a!.start_ts)).toBe(t + 12 * MIN);
    expect(Number(a!.end_ts)).toBe(t + 16 * MIN);
    expect(a!.backfill).toBe(true);
    expect(a!.peak).toBe(-11);
    // the same back-fill again raises nothing
    await postReadings(app, id, secret, backfill);
    await app.alarms.whenIdle();
    expect(await alarmsOf(app, id)).toHaveLength(1);
  });

  it('raises on a reading published over MQTT and on a power-off device event', async () => {
    const { id, secret } = await boundDevice([
      { type: 'threshold', param: 'P004', comparison: 0, value: 80 },
      { type: 'powerOff' },
    ]);
    const c = await connectDevice(app, id, secret);
    const t = Date.now() - 5 * MIN;
    await c.publishAsync(topics.telemetry(id), JSON.stringify({ ts: t, values: { P004: 85 } }), { qos: 1 });
    await c.publishAsync(topics.events(id), JSON.stringify({ ts: t + MIN, type: 'power_off' }), { qos: 1 });
    await c.endAsync();
    const rows = await until(async () => {
      const r = await alarmsOf(app, id);
      return r.length === 2 ? r : null;
    });
    expect(rows.map((r) => [r.condition_index, r.alarm_type, Number(r.start_ts)])).toEqual([
      [0, 'P004', t],
      [1, 'power_off', t + MIN],
    ]);
  });

  it('raises an offline condition from the clock by itself, without a new reading, at its deadline', async () => {
    const { id, secret } = await boundDevice([{ type: 'offline', minutes: 2 }]);
    const last = Date.now() - 5 * MIN;
    await postReadings(app, id, secret, [{ ts: last, values: { P003: -18 } }]);
    // silent for 5 minutes already: the clock raises it as soon as it learns the deadline, no tick asked
    const [a] = await until(async () => {
      const rows = await alarmsOf(app, id);
      return rows.length ? rows : null;
    });
    expect(a).toMatchObject({ alarm_type: 'offline', status: 'active', raised_by_silence: true });
    expect(Number(a!.start_ts)).toBe(last + 2 * MIN);
    expect(Number(a!.raised_ts)).toBe(last + 2 * MIN);
  });

  it('a rule edit that shortens a pending duration raises by the new deadline while the device stays silent', async () => {
    const duration = (minutes: number) => [
      {
        type: 'duration' as const,
        minutes,
        condition: { type: 'range' as const, param: 'P003', effect: 2 as const, min: 2, max: 8 },
      },
    ];
    const { id, secret, templateId } = await boundDevice(duration(60));
    const first = Date.now() - 5 * MIN;
    await postReadings(app, id, secret, [{ ts: first, values: { P003: 12 } }]);
    await app.alarms.whenIdle();
    expect(await alarmsOf(app, id)).toEqual([]);
    // 2 minutes now: the deadline (first + 2 min) has passed; nothing else arrives
    const content = RuleTemplateSchema.parse({ name: 'edited', category: 'environment', conditions: duration(2) });
    await app.db.query('UPDATE alarm_rule_template SET content = $2 WHERE id = $1', [
      templateId,
      JSON.stringify(content),
    ]);
    const [a] = await until(async () => {
      const rows = await alarmsOf(app, id);
      return rows.length ? rows : null;
    });
    expect(a).toMatchObject({ alarm_type: 'T001', status: 'active', raised_by_silence: true });
    expect(Number(a!.start_ts)).toBe(first);
    expect(Number(a!.raised_ts)).toBe(first + 2 * MIN);
  });

  it('a scene without raise stores no alarm but tells listeners and sends its command to the device', async () => {
    const id = uid('SCN');
    const secret = await addDevice(app, { id });
    const [scene] = await app.db.query<{ id: string }>(
      `INSERT INTO alarm_scene (tenant_id, name, rule, actions) VALUES ($1, $2, $3, $4) RETURNING id`,
      [
        DEMO_TENANT_ID,
        `Scene ${id}`,
        JSON.stringify({
          severity: 'M',
          delayMinutes: 0,
          conditions: [{ type: 'threshold', param: 'P003', comparison: 0, value: 8 }],
          reminder: null,
        }),
        JSON.stringify({
          raise: false,
          push: { users: true, notify: { groupIds: [], escalateGroupIds: [], robots: true } },
          command: { type: 'setPeriods', periods: { workReportCycle: 5 } },
        }),
      ],
    );
    await app.db.query('INSERT INTO alarm_scene_device (scene_id, device_id) VALUES ($1, $2)', [scene!.id, id]);
    const heard: AlarmNotice[] = [];
    const off = app.alarms.onNotice((n) => {
      if (n.alarm.deviceId === id) heard.push(n);
    });
    const device = await connectDevice(app, id, secret);
    const commands: unknown[] = [];
    device.on('message', (_topic, payload) => commands.push(JSON.parse(payload.toString())));
    await device.subscribeAsync(topics.commands(id), { qos: 1 });
    await postReadings(app, id, secret, [{ ts: Date.now() - MIN, values: { P003: 9.5 } }]);
    await until(() => heard.length > 0 && commands.length > 0);
    off();
    await device.endAsync();
    expect(heard[0]).toMatchObject({
      kind: 'raised',
      tenantId: DEMO_TENANT_ID,
      pushUsers: true,
      notify: { robots: true },
      alarm: { ruleSource: 'scene', ruleId: scene!.id, severity: 'M', value: 9.5 },
    });
    expect(commands[0]).toMatchObject({ type: 'setPeriods', periods: { workReportCycle: 5 } });
    expect(await alarmsOf(app, id)).toEqual([]);
  });

  it('ignores devices without rules and templates of another tenant', async () => {
    const id = uid('ALM');
    const secret = await addDevice(app, { id });
    // a template of the platform tenant bound to the demo device's id does not apply to it
    const foreignTemplate = await insertTemplate(app, PLATFORM_TENANT_ID, {
      conditions: [{ type: 'threshold', param: 'P003', comparison: 0, value: -15 }],
    });
    await bind(app, PLATFORM_TENANT_ID, foreignTemplate, id);
    await postReadings(app, id, secret, [{ ts: Date.now() - MIN, values: { P003: 5 } }]);
    await app.alarms.whenIdle();
    expect(await alarmsOf(app, id)).toEqual([]);
    expect(app.alarms.rules.get(id)).toBeUndefined();
  });
});
