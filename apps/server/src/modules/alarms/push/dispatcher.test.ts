import crypto from 'node:crypto';
import type { AlarmRecord, RuleNotify } from '@ztj/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { createJobQueue, type JobQueue } from '../../../platform/jobs/job-queue';
import { waitFor } from '../../../platform/jobs/job-queue.fixtures';
import type { AlarmNotice } from '../runtime/alarm-notice';
import { createChannels, readPushConfig } from '../../../platform/notify/push-config';
import { createPushDispatcher, type PushDispatcher } from './dispatcher';
import {
  acceptingRobot,
  addAlarm,
  addGroup,
  addTenant,
  addUser,
  silentChannel,
  startMailbox,
  type Mailbox,
} from './push.fixtures';

/**
 * The push dispatcher end to end: notices → alarm_push rows → jobs on the real job
 * queue (pg-boss on PGlite, and on PostgreSQL with DATABASE_URL) → e-mail through nodemailer to a
 * real SMTP server started here. SMS is not configured; WeChat is a provider that never answers.
 */

let t: TestApp;
let mail: Mailbox;
let jobs: JobQueue;
let dispatcher: PushDispatcher;
const silent = silentChannel('wechat');
const robot = acceptingRobot('dingtalk', 'https://oapi.dingtalk.com/robot/send?access_token=secret-token');
const schema = `push_jobs_${crypto.randomBytes(4).toString('hex')}`;
const errors: Error[] = [];
/** Dispatchers started by a test, stopped before the first one. */
const later: PushDispatcher[] = [];
let nextTenant = 3100 + Math.floor(Math.random() * 500) * 10;

interface Row {
  id: string;
  channel: string;
  status: string;
  attempts: number;
  answer: string | null;
  recipient: string;
  address: string | null;
  user_id: string | null;
  event: string;
  sent_at: string | null;
  push_type: number;
  title: string | null;
}

const rowsOf = (alarmId: string): Promise<Row[]> =>
  t.db.query<Row>(
    'SELECT id, channel, status, attempts, answer, recipient, address, user_id, event, sent_at, push_type, title FROM alarm_push WHERE alarm_id = $1 ORDER BY recipient, channel, created_at',
    [alarmId],
  );

const notify = (n: Partial<RuleNotify> = {}): RuleNotify => ({
  groupIds: [],
  escalateGroupIds: [],
  robots: false,
  ...n,
});

function notice(alarm: AlarmRecord, tenantId: number, over: Partial<AlarmNotice> = {}): AlarmNotice {
  return { kind: 'raised', tenantId, alarm, notify: notify(), pushUsers: true, ...over };
}

/** A tenant of its own for one test, so the audience is exactly the users the test adds. */
async function tenant(): Promise<{ id: number; role: string }> {
  const id = nextTenant++;
  return { id, role: await addTenant(t.db, id) };
}

beforeAll(async () => {
  t = await createTestApp();
  mail = await startMailbox();
  jobs = createJobQueue(t.db, { schema, connectionString: process.env.DATABASE_URL, onError: (e) => errors.push(e) });
  await jobs.start();
  const configured = createChannels(
    readPushConfig({ SMTP_URL: mail.url, SMTP_FROM: 'alarm@ztj.test', PUSH_TIMEOUT_MS: '5000' }),
  );
  dispatcher = createPushDispatcher(t.db, {
    channels: [...configured, silent, robot],
    jobs,
    onError: (e) => errors.push(e),
    retry: { limit: 5, delaySec: 0, backoff: false },
    concurrency: 4,
    pollingIntervalSeconds: 0.5,
    consoleUrl: 'https://iot.example.com',
  });
  await dispatcher.start();
}, 60_000);

afterAll(async () => {
  silent.release();
  for (const d of later) await d.stop({ timeoutMs: 3000 });
  await dispatcher?.stop({ timeoutMs: 3000 });
  await jobs?.stop({ timeoutMs: 2000 });
  await mail?.close();
  if (process.env.DATABASE_URL) await t?.db.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await t?.close();
}, 30_000);

describe('push dispatcher (real SMTP server, real job queue)', () => {
  it('delivers a raised alarm by e-mail to a user with push mode 4: subject and body carry device, type, value; row sent after 1 attempt', async () => {
    const { id, role } = await tenant();
    const email = `ops-${id}@customer.example`;
    const user = await addUser(t.db, id, role, { name: '王运营', email, pushMode: '4' });
    const alarm = await addAlarm(t.db, id);
    expect(dispatcher.onNotice(notice(alarm, id))).toBeUndefined();
    const [row] = await waitFor('sent', async () =>
      (await rowsOf(alarm.id)).find((r) => r.status === 'sent') ? rowsOf(alarm.id) : null,
    );
    expect(row).toMatchObject({
      channel: 'email',
      push_type: 4,
      user_id: user,
      recipient: '王运营',
      address: email,
      status: 'sent',
      attempts: 1,
      event: 'raised',
    });
    expect(row!.answer).toMatch(/^250 /);
    expect(row!.sent_at).not.toBeNull();
    const m = mail.mails.find((x) => x.to.includes(email));
    expect(m?.subject).toBe('【紧急】冷藏车一号 温度告警');
    expect(m?.text).toContain(`设备：冷藏车一号（${alarm.deviceId}）`);
    // the fixture alarm's rule is not stored: parameter and value with unit, no limit
    expect(m?.text).toContain('告警产生：温度 -12.4 °C');
    expect(m?.text).toContain('级别：紧急');
    expect(m?.text).toContain('开始时间：2026-01-05 08:00 (UTC+08:00)');
    expect(m?.text).toContain('规则：冷冻品温度上限');
    // PUSH_CONSOLE_URL: the message links to the alarm in the console
    expect(m?.text).toContain(`https://iot.example.com/#/alarm/list?alarmId=${alarm.id}`);
  });

  it('does not push a general (L) alarm to a user who takes only multi-level alarms, but does push an important one', async () => {
    const { id, role } = await tenant();
    await addUser(t.db, id, role, { name: 'multi', email: `multi-${id}@x.example`, pushMode: '4', onlyMulti: true });
    await addUser(t.db, id, role, { name: 'every', email: `every-${id}@x.example`, pushMode: '4' });
    const low = await addAlarm(t.db, id, { severity: 'L' });
    dispatcher.onNotice(notice(low, id));
    await dispatcher.idle();
    expect((await rowsOf(low.id)).map((r) => r.recipient)).toEqual(['every']);
    const mid = await addAlarm(t.db, id, { severity: 'M' });
    dispatcher.onNotice(notice(mid, id));
    await dispatcher.idle();
    expect((await rowsOf(mid.id)).map((r) => r.recipient)).toEqual(['every', 'multi']);
  });

  it('records notConfigured for a group member with a phone while SMS is not configured, noAddress for one without e-mail; no audience when pushUsers is false', async () => {
    const { id, role } = await tenant();
    const noMail = await addUser(t.db, id, role, { name: 'nomail', phone: '13800001111', pushMode: '4' });
    const group = await addGroup(t.db, id, [
      { name: '司机张三', phone: '13912345678', pushMode: 1 },
      { userId: noMail, pushMode: 0 },
    ]);
    const alarm = await addAlarm(t.db, id);
    dispatcher.onNotice(notice(alarm, id, { pushUsers: false, notify: notify({ groupIds: [group] }) }));
    await dispatcher.idle();
    const rows = await rowsOf(alarm.id);
    expect(rows.map((r) => [r.recipient, r.channel, r.status, r.attempts])).toEqual([
      ['nomail', 'email', 'noAddress', 0],
      ['司机张三', 'sms', 'notConfigured', 0],
    ]);
    expect(rows[1]!.address).toBe('13912345678');
  });

  it('retries an e-mail answered 451 twice, then sent with attempts 3', async () => {
    const { id, role } = await tenant();
    const email = `busy-${id}@customer.example`;
    mail.script(email, [451, 451]);
    await addUser(t.db, id, role, { name: 'busy', email, pushMode: '4' });
    const alarm = await addAlarm(t.db, id);
    dispatcher.onNotice(notice(alarm, id));
    const row = await waitFor('sent after retries', async () =>
      (await rowsOf(alarm.id)).find((r) => r.status === 'sent'),
    );
    expect(row.attempts).toBe(3);
    expect(mail.tries.get(email)).toBe(3);
    expect(mail.mails.filter((m) => m.to.includes(email))).toHaveLength(1);
  });

  it('sends the clear after the raise of the same alarm: a clear recorded while its raise is retried waits for it, its attempts untouched', async () => {
    const { id, role } = await tenant();
    const email = `order-${id}@customer.example`;
    mail.script(email, [451, 451]);
    await addUser(t.db, id, role, { name: 'order', email, pushMode: '4' });
    const alarm = await addAlarm(t.db, id);
    dispatcher.onNotice(notice(alarm, id));
    dispatcher.onNotice(
      notice({ ...alarm, status: 'cleared', endTs: alarm.startTs + 600_000 }, id, { kind: 'cleared' }),
    );
    const rows = await waitFor('raise and clear sent', async () => {
      const r = await rowsOf(alarm.id);
      return r.length === 2 && r.every((x) => x.status === 'sent') ? r : null;
    });
    expect(rows.find((r) => r.event === 'raised')?.attempts).toBe(3);
    expect(rows.find((r) => r.event === 'cleared')?.attempts).toBe(1);
    const subjects = mail.mails.filter((m) => m.to.includes(email)).map((m) => m.subject);
    expect(subjects).toHaveLength(2);
    expect(subjects[0]).not.toContain('告警解除');
    expect(subjects[1]).toContain('告警解除');
  });

  it('gives up after the last retry: 451 on every attempt → failed after 1 + 5 attempts, one mail never delivered', async () => {
    const { id, role } = await tenant();
    const email = `full-${id}@customer.example`;
    mail.script(email, [451, 451, 451, 451, 451, 451, 451]);
    await addUser(t.db, id, role, { name: 'full', email, pushMode: '4' });
    const alarm = await addAlarm(t.db, id);
    dispatcher.onNotice(notice(alarm, id));
    const row = await waitFor('failed after retries', async () =>
      (await rowsOf(alarm.id)).find((r) => r.status === 'failed'),
    );
    expect(row.attempts).toBe(6);
    expect(row.answer).toMatch(/451/);
    expect(mail.tries.get(email)).toBe(6);
  });

  it('fails an e-mail refused with 550 after one attempt, without retrying', async () => {
    const { id, role } = await tenant();
    const email = `gone-${id}@customer.example`;
    mail.script(email, [550]);
    await addUser(t.db, id, role, { name: 'gone', email, pushMode: '4' });
    const alarm = await addAlarm(t.db, id);
    dispatcher.onNotice(notice(alarm, id));
    const row = await waitFor('failed', async () => (await rowsOf(alarm.id)).find((r) => r.status === 'failed'));
    expect(row.attempts).toBe(1);
    expect(row.answer).toMatch(/550/);
    expect(mail.tries.get(email)).toBe(1);
  });

  it('a provider that never answers does not hold up another recipient', async () => {
    const { id, role } = await tenant();
    await addUser(t.db, id, role, { name: 'a-wechat', openId: `oPENID${id}`, pushMode: '2' });
    await addUser(t.db, id, role, { name: 'b-email', email: `b-${id}@customer.example`, pushMode: '4' });
    const alarm = await addAlarm(t.db, id);
    const calls = silent.calls;
    dispatcher.onNotice(notice(alarm, id));
    await waitFor('the silent provider called', () => silent.calls > calls);
    await waitFor('e-mail sent', async () =>
      (await rowsOf(alarm.id)).find((r) => r.channel === 'email' && r.status === 'sent'),
    );
    const wechat = (await rowsOf(alarm.id)).find((r) => r.channel === 'wechat');
    expect(wechat).toMatchObject({ status: 'pending', attempts: 0 });
  });

  it('pushes once per alarm, event, reminder number, channel and recipient; robots once per notice', async () => {
    const { id, role } = await tenant();
    const user = await addUser(t.db, id, role, { name: 'dup', email: `dup-${id}@customer.example`, pushMode: '4' });
    const group = await addGroup(t.db, id, [{ userId: user, pushMode: 4 }]);
    const alarm = await addAlarm(t.db, id);
    const n = notice(alarm, id, { notify: notify({ groupIds: [group], robots: true }) });
    dispatcher.onNotice(n);
    dispatcher.onNotice(n);
    dispatcher.onNotice({ ...n, kind: 'reminder', alarm: { ...alarm, reminders: 1 } });
    dispatcher.onNotice({ ...n, kind: 'reminder', alarm: { ...alarm, reminders: 1 } });
    dispatcher.onNotice({ ...n, kind: 'reminder', alarm: { ...alarm, reminders: 2 } });
    await dispatcher.idle();
    const rows = await rowsOf(alarm.id);
    expect(
      rows
        .filter((r) => r.channel === 'email')
        .map((r) => r.event)
        .sort(),
    ).toEqual(['raised', 'reminder', 'reminder']);
    expect(rows.filter((r) => r.channel === 'dingtalk').map((r) => [r.event, r.push_type, r.recipient])).toEqual([
      ['raised', 0, '钉钉群机器人'],
      ['reminder', 0, '钉钉群机器人'],
      ['reminder', 0, '钉钉群机器人'],
    ]);
    expect(rows.find((r) => r.channel === 'wecom')).toBeUndefined();
    await waitFor('all sent', async () => (await rowsOf(alarm.id)).every((r) => r.status === 'sent'));
    expect(robot.sent.some((m) => m.title === '【紧急】冷藏车一号 温度告警 (第2次提醒)')).toBe(true);
  });

  it('pushes the alarm of a scene that does not store alarms (no alarm row): recorded without alarm id, sent', async () => {
    const { id, role } = await tenant();
    const email = `scene-${id}@customer.example`;
    await addUser(t.db, id, role, { name: 'scene', email, pushMode: '4' });
    const alarm = { ...(await addAlarm(t.db, id)), id: `scene:x:${id}:0:1` };
    dispatcher.onNotice(notice(alarm, id));
    const row = await waitFor(
      'sent',
      async () =>
        (
          await t.db.query<Row & { alarm_id: string | null }>(
            `SELECT * FROM alarm_push WHERE tenant_id = $1 AND status = 'sent'`,
            [id],
          )
        )[0],
    );
    expect(row).toMatchObject({ alarm_id: null, device_id: alarm.deviceId, attempts: 1 });
    expect(mail.mails.some((m) => m.to.includes(email))).toBe(true);
  });

  it('escalation goes to the escalation group, not to the recipient groups', async () => {
    const { id } = await tenant();
    const first = await addGroup(t.db, id, [{ name: 'first', email: `first-${id}@x.example`, pushMode: 4 }]);
    const second = await addGroup(t.db, id, [{ name: 'second', email: `second-${id}@x.example`, pushMode: 4 }]);
    const alarm = await addAlarm(t.db, id);
    dispatcher.onNotice(
      notice(alarm, id, {
        kind: 'escalated',
        pushUsers: false,
        notify: notify({ groupIds: [first], escalateGroupIds: [second] }),
      }),
    );
    await dispatcher.idle();
    expect((await rowsOf(alarm.id)).map((r) => [r.recipient, r.event])).toEqual([['second', 'escalated']]);
  });

  it('queues at start the pending rows whose job was never sent (a process that ended between recording and queuing)', async () => {
    const { id } = await tenant();
    const email = `late-${id}@customer.example`;
    const alarm = await addAlarm(t.db, id);
    await t.db.query(
      `INSERT INTO alarm_push (tenant_id, alarm_id, device_id, event, channel, push_type, recipient, address, status, title, created_at, next_attempt_at)
       VALUES ($1, $2, $3, 'raised', 'email', 4, 'late', $4, 'pending', 't', $5, $5)`,
      [id, alarm.id, alarm.deviceId, email, Date.now()],
    );
    const channels = createChannels(readPushConfig({ SMTP_URL: mail.url, SMTP_FROM: 'alarm@ztj.test' }));
    const again = createPushDispatcher(t.db, {
      channels,
      jobs,
      onError: (e) => errors.push(e),
      retry: { limit: 1, delaySec: 0, backoff: false },
    });
    later.push(again);
    await again.start();
    const row = await waitFor('sent', async () => (await rowsOf(alarm.id)).find((r) => r.status === 'sent'));
    expect(row.attempts).toBe(1);
    // rendered from the stored alarm (no device row here: the device id stands for its name)
    expect(mail.mails.find((m) => m.to.includes(email))?.subject).toBe(`【紧急】${alarm.deviceId} 温度告警`);
  });

  it('reports the configured channels', () => {
    expect(dispatcher.configuredChannels()).toEqual([
      { channel: 'sms', configured: false },
      { channel: 'wechat', configured: true },
      { channel: 'email', configured: true },
      { channel: 'wecom', configured: false },
      { channel: 'dingtalk', configured: true },
    ]);
    expect(errors).toEqual([]);
  });
});
