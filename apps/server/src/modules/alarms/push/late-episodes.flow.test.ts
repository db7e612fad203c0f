// @module-tag embedded: back-filled data through the real ingest (gateway batch over MQTT, HTTP), engine, job queue, SMTP push, scene command
import type { AddressInfo } from 'node:net';
import { topics, type AlarmRecord, type DeviceLogListRecord, type PageResult } from '@ztj/contracts';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/test-app';
import { DEMO_TENANT_ID } from '../../../platform/tenancy/tenant-ids';
import { addDevice, connectDevice, createDeviceTestApp, uid } from '../../telemetry/ingest.fixtures';
import {
  alarmFrames,
  alarmsOf,
  bind,
  insertTemplate,
  openConsole,
  until,
  userOf,
  type FrameLog,
} from '../runtime/alarm.fixtures';
import { SCENE_OPERATOR } from '../scenes/scene-commands';
import { startMailbox, type Mailbox } from './push.fixtures';

/**
 * Late data (SPEC §2 alarms, push, scenes): a truck's gateway delivers the readings it buffered in
 * a dead zone hours later. An episode that had already ended when the server learned of it is
 * stored with its true times and the back-fill flag, and sends nothing — no push (no row, no
 * mail at the real SMTP server), no console notice, no scene command. An episode still active when
 * learned of is pushed exactly once, marked late with when it was learned. "Nothing" is checked
 * after the alarm clock and the push dispatcher had their chance (`whenIdle`, `requestTick`,
 * `push.idle`) and after a later message of the same mailbox arrived.
 */
const MIN = 60_000;
let app: TestApp;
let mailbox: Mailbox;
let op: { userId: string; token: string };
let admin: { userId: string; token: string };
let console1: FrameLog;
let gateway: MqttClient;
let gatewayId: string;
const email = `late-${uid('op').toLowerCase()}@customer.example`;

/** Frozen truck: above −15 °C for 10 minutes raises, ≤ −16 °C held 5 minutes clears, reminder every 5 minutes. */
const FROZEN = {
  severity: 'H' as const,
  delayMinutes: 10,
  conditions: [
    {
      type: 'threshold' as const,
      param: 'P003',
      comparison: 0 as const,
      value: -15,
      hysteresis: { margin: 1, clearDelayMinutes: 5 },
    },
  ],
  reminder: { everyMinutes: 5 },
};

/** A buffered hour from `t0`: `cold` °C, `warm` °C from minute 20 to 38, a reading every 2 minutes. */
const bufferedHour = (deviceId: string, t0: number, cold: number, warm: number) =>
  Array.from({ length: 30 }, (_, i) => ({
    deviceId,
    ts: t0 + i * 2 * MIN,
    values: { P003: i * 2 >= 20 && i * 2 < 40 ? warm : cold },
  }));

/** Publishes one gateway batch (one message, one ingest commit) of its sub-devices' readings. */
async function publishBatch(readings: { deviceId: string; ts: number; values: Record<string, number> }[]) {
  await gateway.publishAsync(topics.gatewayTelemetry(gatewayId), JSON.stringify({ ts: Date.now(), readings }), {
    qos: 1,
  });
}

/** Lets the alarm runtime, its clock and the push dispatcher finish what they have. */
async function settle(): Promise<void> {
  await app.alarms.whenIdle();
  await app.alarms.requestTick();
  await app.push.idle();
}

const pushesOf = (deviceId: string) =>
  app.db.query<{ event: string; channel: string; title: string; status: string }>(
    'SELECT event, channel, title, status FROM alarm_push WHERE device_id = $1 ORDER BY created_at',
    [deviceId],
  );

async function subDevice(kind: string): Promise<string> {
  const id = uid(kind);
  await addDevice(app, { id, model: 'P3A-1IY1', gatewayId, name: `Truck ${id}` });
  return id;
}

beforeAll(async () => {
  mailbox = await startMailbox();
  app = await createDeviceTestApp({ SMTP_URL: mailbox.url, PUSH_CONSOLE_URL: 'https://iot.example.com' });
  await app.fastify.listen({ port: 0, host: '127.0.0.1' });
  const base = `ws://127.0.0.1:${(app.fastify.server.address() as AddressInfo).port}/ztj-iot/websocket`;
  op = await userOf(app, DEMO_TENANT_ID, uid('lateop').toLowerCase().slice(0, 16));
  await app.db.query(`UPDATE sys_user SET email = $2, alarm_push_mode = '4' WHERE id = $1`, [op.userId, email]);
  admin = await userOf(app, DEMO_TENANT_ID, uid('lateadm').toLowerCase().slice(0, 16), 'admin');
  console1 = await openConsole(base, op);
  gatewayId = uid('GW');
  const secret = await addDevice(app, { id: gatewayId, model: 'G24-L4Y1' });
  gateway = await connectDevice(app, gatewayId, secret);
});
afterAll(async () => {
  await gateway?.endAsync();
  console1?.ws.close();
  await app?.close();
  await mailbox?.close();
});

describe('late data: back-filled alarm episodes send no stale notifications', () => {
  it('a dead zone hour delivered hours later: the ended episode is stored back-filled, sends nothing; a still-active late one pushes once, marked late', async () => {
    const ended = await subDevice('DZ');
    const still = await subDevice('LT');
    for (const id of [ended, still]) {
      const templateId = await insertTemplate(app, DEMO_TENANT_ID, { name: `Frozen ${id}`, ...FROZEN });
      await bind(app, DEMO_TENANT_ID, templateId, id);
    }

    // the buffered hour from 3 h ago: warm from minute 20 to 38, an episode that ended 2 h ago
    const t0 = Date.now() - 3 * 60 * MIN;
    await publishBatch(bufferedHour(ended, t0, -18, -13.5));
    const [alarm] = await until(async () => {
      const rows = await alarmsOf(app, ended);
      return rows.length === 1 ? rows : null;
    });
    await settle();
    expect(alarm).toMatchObject({ status: 'cleared', backfill: true, alarm_type: 'P003' });
    expect(Number(alarm!.start_ts)).toBe(t0 + 20 * MIN);
    expect(Number(alarm!.raised_ts)).toBe(t0 + 30 * MIN);
    expect(Number(alarm!.end_ts)).toBe(t0 + 45 * MIN);
    expect(await pushesOf(ended)).toEqual([]);

    // the other truck: a live humidity reading, then its temperatures of the last 40 minutes,
    // late (older than what the server has seen of it) and warm to the end: still active when learned of
    const now = Date.now();
    await publishBatch([{ deviceId: still, ts: now, values: { P004: 61 } }]);
    await until(async () => {
      await app.alarms.whenIdle();
      const [s] = await app.db.query('SELECT 1 FROM alarm_engine_state WHERE device_id = $1', [still]);
      return s ?? null;
    });
    await publishBatch(
      Array.from({ length: 20 }, (_, i) => ({
        deviceId: still,
        ts: now - 40 * MIN + i * 2 * MIN,
        values: { P003: -13 },
      })),
    );
    const [late] = await until(async () => {
      const rows = await alarmsOf(app, still);
      return rows.length === 1 ? rows : null;
    });
    await settle();
    expect(late).toMatchObject({ status: 'active', backfill: true });
    expect(Number(late!.start_ts)).toBe(now - 40 * MIN);

    const mail = await until(
      () => mailbox.mails.find((m) => m.to.includes(email) && m.subject.includes(still)),
      20_000,
    );
    const marker = /迟到（获知于 \d{4}-\d\d-\d\d \d\d:\d\d \(UTC[+-]\d\d:\d\d\)）/;
    expect(mail.subject).toMatch(marker);
    expect(mail.text.split('\n')[1]).toMatch(marker);
    const frame = await until(() => alarmFrames(console1, still).find((f) => f.event === 'raised'));
    const notice = (frame as typeof frame & { notice?: Record<string, string> }).notice;
    expect(notice?.['en-US']).toMatch(/ · late \(learned at \d{4}-\d\d-\d\d \d\d:\d\d \(UTC[+-]\d\d:\d\d\)\)$/);

    // the clock and the push queue had their chance again: one raise push only (no caught-up
    // reminders), one mail; the ended episode has no push, no mail, no console notice
    await settle();
    expect((await pushesOf(still)).map((p) => [p.event, p.channel, p.status])).toEqual([['raised', 'email', 'sent']]);
    expect(mailbox.mails.filter((m) => m.subject.includes(still))).toHaveLength(1);
    expect(await pushesOf(ended)).toEqual([]);
    expect(mailbox.mails.filter((m) => m.subject.includes(ended) || m.text.includes(ended))).toEqual([]);
    expect(alarmFrames(console1, ended)).toEqual([]);

    // the alarm list shows and filters the back-filled episodes
    const list = (q: string) =>
      app.call<PageResult<AlarmRecord>>('GET', `/wlx/device/alarmList?deviceId=${ended},${still}&${q}`, {
        token: op.token,
      });
    const backfilled = await list('backfill=true');
    expect(backfilled.body.result.records.map((r) => [r.deviceId, r.backfill, r.status]).sort()).toEqual(
      [
        [ended, true, 'cleared'],
        [still, true, 'active'],
      ].sort(),
    );
    expect((await list('backfill=false')).body.result.total).toBe(0);
  }, 90_000);

  it('a scene bound to the truck sends no command for the ended back-filled episode, and one for a live one', async () => {
    const truck = await subDevice('SC');
    const added = await app.call<{ id: string }>('POST', '/wlx/scene/add', {
      token: admin.token,
      body: {
        name: `Warm ${truck}`.slice(0, 30),
        description: 'warm load',
        deviceIds: [truck],
        rule: { severity: 'H', conditions: [{ type: 'threshold', param: 'P003', comparison: 0, value: 22 }] },
        actions: {
          raise: true,
          push: { users: false },
          command: { type: 'setPeriods', periods: { workCollectionCycle: 1, workReportCycle: 5 } },
        },
      },
    });
    expect(added.body.success, added.body.message).toBe(true);

    await publishBatch(bufferedHour(truck, Date.now() - 3 * 60 * MIN, 15, 30));
    await until(async () => ((await alarmsOf(app, truck)).length === 1 ? true : null));
    await settle();
    const [old] = await alarmsOf(app, truck);
    expect(old).toMatchObject({ status: 'cleared', backfill: true, rule_source: 'scene' });

    // a live warm reading now: the scene fires and sends its command
    await publishBatch([{ deviceId: truck, ts: Date.now(), values: { P003: 31 } }]);
    const commands = async () => {
      const res = await app.call<PageResult<DeviceLogListRecord>>(
        'GET',
        `/wlx/deviceLog/list?deviceId=${truck}&column=createTime&order=asc`,
        { token: admin.token },
      );
      return res.body.result.records.filter((l) => l.kind === 'command');
    };
    const sent = await until(async () => {
      const c = await commands();
      return c.length > 0 ? c : null;
    });
    await settle();
    expect(sent.map((l) => l.operator)).toEqual([SCENE_OPERATOR]);
    expect(await commands()).toHaveLength(1);
    const rows = await alarmsOf(app, truck);
    expect(rows.map((r) => [r.status, r.backfill])).toEqual([
      ['cleared', true],
      ['active', false],
    ]);
  }, 60_000);
});
