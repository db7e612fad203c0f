// @module-tag embedded: the alarm path as npm start wires it: embedded broker, ingest, engine, job queue on PGlite
import type { AddressInfo } from 'node:net';
import { topics, type AlarmRecord } from '@ztj/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/test-app';
import { DEMO_TENANT_ID } from '../../platform/tenancy/tenant-ids';
import { addDevice, connectDevice, createDeviceTestApp, uid } from '../telemetry/ingest.fixtures';
import { startMailbox, type Mailbox } from './push/push.fixtures';
import {
  alarmFrames,
  alarmsOf,
  bind,
  insertTemplate,
  openConsole,
  until,
  userOf,
  type FrameLog,
} from './runtime/alarm.fixtures';

/**
 * The whole alarm path through the app as `npm start` wires it: a reading published
 * over MQTT is committed by the ingest, raises an alarm in the engine, reaches the operator's
 * console WebSocket, and is pushed by e-mail through the job queue to a real SMTP server, with the
 * console link; the push list shows it sent. A reading out of range followed by silence raises its
 * duration alarm from the clock, on time, without a further reading.
 */
const MIN = 60_000;
let app: TestApp;
let mailbox: Mailbox;
let op: { userId: string; token: string };
let console1: FrameLog;
const email = `duty-${uid('op').toLowerCase()}@customer.example`;

beforeAll(async () => {
  mailbox = await startMailbox();
  app = await createDeviceTestApp({ SMTP_URL: mailbox.url, PUSH_CONSOLE_URL: 'https://iot.example.com' });
  await app.fastify.listen({ port: 0, host: '127.0.0.1' });
  const base = `ws://127.0.0.1:${(app.fastify.server.address() as AddressInfo).port}/ztj-iot/websocket`;
  op = await userOf(app, DEMO_TENANT_ID, uid('flowop').toLowerCase().slice(0, 16));
  // the operator takes alarm pushes by e-mail (SPEC §3 push mode 4)
  await app.db.query(`UPDATE sys_user SET email = $2, alarm_push_mode = '4' WHERE id = $1`, [op.userId, email]);
  console1 = await openConsole(base, op);
});
afterAll(async () => {
  console1?.ws.close();
  await app?.close();
  await mailbox?.close();
});

describe('alarm flow through the wired app', () => {
  it('MQTT reading → committed → alarm raised → console WebSocket → e-mail push sent with the console link', async () => {
    const deviceId = uid('FLOW');
    const secret = await addDevice(app, { id: deviceId });
    const templateId = await insertTemplate(app, DEMO_TENANT_ID, {
      name: `Frozen ${deviceId}`,
      severity: 'H',
      conditions: [{ type: 'threshold', param: 'P003', comparison: 0, value: -15 }],
    });
    await bind(app, DEMO_TENANT_ID, templateId, deviceId);

    const device = await connectDevice(app, deviceId, secret);
    const t = Date.now() - 2 * MIN;
    await device.publishAsync(topics.telemetry(deviceId), JSON.stringify({ ts: t, values: { P003: -18 } }), { qos: 1 });
    await device.publishAsync(topics.telemetry(deviceId), JSON.stringify({ ts: t + MIN, values: { P003: -11.5 } }), {
      qos: 1,
    });
    await device.endAsync();

    const [alarm] = await until(async () => {
      const rows = await alarmsOf(app, deviceId);
      return rows.length === 1 ? rows : null;
    });
    expect(alarm).toMatchObject({ alarm_type: 'P003', status: 'active', severity: 'H' });
    expect(Number(alarm!.start_ts)).toBe(t + MIN);

    const frame = await until(() => alarmFrames(console1, deviceId).find((f) => f.event === 'raised'));
    expect(frame.alarm?.id).toBe(alarm!.id);

    const mail = await until(() => mailbox.mails.find((m) => m.to.includes(email)), 20_000);
    expect(mail.subject).toContain(deviceId);
    expect(mail.text).toContain('-11.5 °C');
    expect(mail.text).toContain(`https://iot.example.com/#/alarm/list?alarmId=${alarm!.id}`);

    const pushes = await until(async () => {
      const res = await app.call<{ records: { channel: string; status: string; address: string }[] }>(
        'GET',
        `/wlx/push/list?deviceId=${deviceId}`,
        { token: op.token },
      );
      const rows = res.body.result?.records ?? [];
      return rows.some((r) => r.status === 'sent') ? rows : null;
    });
    expect(pushes.find((r) => r.status === 'sent')).toMatchObject({ channel: 'email' });
  });

  it('MQTT reading out of range, then silence → the clock raises the duration alarm on time, linked with the offline one', async () => {
    const deviceId = uid('SILENT');
    const secret = await addDevice(app, { id: deviceId });
    const templateId = await insertTemplate(app, DEMO_TENANT_ID, {
      name: `Vaccine ${deviceId}`,
      severity: 'H',
      conditions: [
        {
          type: 'duration',
          minutes: 1,
          condition: { type: 'range', param: 'P003', effect: 2, min: 2, max: 8, hysteresis: { margin: 0.5 } },
        },
        { type: 'offline', minutes: 1 },
      ],
    });
    await bind(app, DEMO_TENANT_ID, templateId, deviceId);

    // one reading of 12 °C, its minute running out a few seconds from now, and nothing after it
    const t = Date.now() - MIN + 6_000;
    const device = await connectDevice(app, deviceId, secret);
    await device.publishAsync(topics.telemetry(deviceId), JSON.stringify({ ts: t, values: { P003: 12 } }), { qos: 1 });
    await device.endAsync();

    const rows = await until(async () => {
      const r = await alarmsOf(app, deviceId);
      return r.length === 2 ? r : null;
    }, 30_000);
    const duration = rows.find((r) => r.alarm_type === 'T001')!;
    const offline = rows.find((r) => r.alarm_type === 'offline')!;
    expect(duration).toMatchObject({ status: 'active', value: 12, raised_by_silence: true });
    expect(Number(duration.start_ts)).toBe(t);
    expect(Number(duration.raised_ts)).toBe(t + MIN);
    // stored by the clock once the minute had passed, not before and not a reading period later
    expect(Number(duration.created_at)).toBeGreaterThanOrEqual(t + MIN);
    expect(Number(duration.created_at) - (t + MIN)).toBeLessThan(10_000);
    expect(offline).toMatchObject({ status: 'active', raised_by_silence: true });
    expect(Number(offline.start_ts)).toBe(t + MIN);
    expect(duration.linked_alarm_id).toBe(offline.id);
    expect(offline.linked_alarm_id).toBe(duration.id);

    const frame = await until(() =>
      alarmFrames(console1, deviceId).find((f) => f.event === 'raised' && f.alarm?.alarmType === 'T001'),
    );
    expect(frame.alarm).toMatchObject({ id: duration.id, raisedBySilence: true, raisedTs: t + MIN });
    const view = await app.call<AlarmRecord>('GET', `/wlx/alarm/queryById?id=${offline.id}`, { token: op.token });
    expect(view.body.result).toMatchObject({ raisedBySilence: true, linkedAlarmId: duration.id });
  }, 60_000);
});
