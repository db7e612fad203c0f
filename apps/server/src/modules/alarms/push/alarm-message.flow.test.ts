// @module-tag embedded: the alarm path as npm start wires it: broker, ingest, engine, job queue, SMTP push
import type { AddressInfo } from 'node:net';
import { formatNoticeNumber, formatNoticeTime, topics } from '@ztj/contracts';
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
import { startMailbox, type Mailbox } from './push.fixtures';

/**
 * A sustained excursion published over MQTT reaches a real SMTP server as a message that says what
 * happened: the parameter, the value in °C (not minutes), the limits breached and how long, the start
 * time in the tenant's time zone with the zone written, and the console link; the console's live
 * notice carries the same line in both languages and the parameter of the value.
 */
const MIN = 60_000;
let app: TestApp;
let mailbox: Mailbox;
let op: { userId: string; token: string };
let console1: FrameLog;
const email = `cold-${uid('op').toLowerCase()}@customer.example`;

beforeAll(async () => {
  mailbox = await startMailbox();
  app = await createDeviceTestApp({ SMTP_URL: mailbox.url, PUSH_CONSOLE_URL: 'https://iot.example.com' });
  await app.fastify.listen({ port: 0, host: '127.0.0.1' });
  const base = `ws://127.0.0.1:${(app.fastify.server.address() as AddressInfo).port}/ztj-iot/websocket`;
  // the tenant's own time zone (migration 0098): notice times are written in it, with the zone
  await app.db.query(`UPDATE sys_tenant SET time_zone = 'Europe/Berlin' WHERE id = $1`, [DEMO_TENANT_ID]);
  op = await userOf(app, DEMO_TENANT_ID, uid('msgop').toLowerCase().slice(0, 16));
  await app.db.query(`UPDATE sys_user SET email = $2, alarm_push_mode = '4' WHERE id = $1`, [op.userId, email]);
  console1 = await openConsole(base, op);
});
afterAll(async () => {
  console1?.ws.close();
  await app?.close();
  await mailbox?.close();
});

describe('alarm message through the wired app', () => {
  it('MQTT readings outside 2–8 °C for a minute → duration alarm → e-mail with parameter, °C value, limits, zone', async () => {
    const deviceId = uid('MSG');
    const secret = await addDevice(app, { id: deviceId, name: `Vaccine fridge ${deviceId}` });
    const templateId = await insertTemplate(app, DEMO_TENANT_ID, {
      name: `Vaccine ${deviceId}`,
      severity: 'H',
      conditions: [
        { type: 'duration', minutes: 1, condition: { type: 'range', param: 'P003', effect: 2, min: 2, max: 8 } },
      ],
    });
    await bind(app, DEMO_TENANT_ID, templateId, deviceId);

    const t = Date.now() - 3 * MIN;
    const device = await connectDevice(app, deviceId, secret);
    for (const [ts, v] of [
      [t, 10.7],
      [t + MIN, 12],
      [t + 2 * MIN, 11.3],
    ] as const)
      await device.publishAsync(topics.telemetry(deviceId), JSON.stringify({ ts, values: { P003: v } }), { qos: 1 });
    await device.endAsync();

    const [alarm] = await until(async () => {
      const rows = await alarmsOf(app, deviceId);
      return rows.length === 1 ? rows : null;
    });
    expect(alarm).toMatchObject({ alarm_type: 'T001', status: 'active' });
    const value = `${formatNoticeNumber(Number(alarm!.value))} °C`;
    const start = formatNoticeTime(Number(alarm!.start_ts), 'Europe/Berlin');
    expect(start).toMatch(/ \(UTC\+01:00\)$/);

    const mail = await until(() => mailbox.mails.find((m) => m.to.includes(email)), 20_000);
    expect(mail.subject).toBe(`【紧急】Vaccine fridge ${deviceId} 温度告警`);
    const lines = mail.text.split('\n');
    expect(lines).toContain(`告警产生：温度 ${value}，超出 2.0–8.0 °C，持续 1 分钟`);
    expect(lines).toContain(`设备：Vaccine fridge ${deviceId}（${deviceId}）`);
    expect(lines).toContain('级别：紧急');
    expect(lines).toContain(`开始时间：${start}`);
    expect(mail.text).not.toMatch(/\d min/);
    expect(mail.text).toContain(`https://iot.example.com/#/alarm/list?alarmId=${alarm!.id}`);

    const frame = await until(() => alarmFrames(console1, deviceId).find((f) => f.event === 'raised'));
    const live = frame as typeof frame & { notice?: Record<string, string> };
    expect(live.alarm).toMatchObject({ id: alarm!.id, valueParam: 'P003' });
    expect(live.notice).toEqual({
      'zh-CN': `温度 ${value}，超出 2.0–8.0 °C，持续 1 分钟 · ${start}`,
      'en-US': `Temperature ${value}, outside 2.0–8.0 °C for 1 minute · ${start}`,
    });

    // the console's alarm list gives the duration's value its parameter (its unit)
    const list = await app.call<{ records: { id: string; valueParam?: string | null }[] }>(
      'GET',
      `/wlx/device/alarmList?deviceId=${deviceId}`,
      { token: op.token },
    );
    expect(list.body.result?.records.find((r) => r.id === alarm!.id)?.valueParam).toBe('P003');
  }, 60_000);
});
