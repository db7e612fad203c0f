import { SERVICE_EXPIRING_DAYS, SUBSCRIBE_PERMS, type Language } from '@ztj/contracts';
import { loadPermissionCodes } from '../../../platform/auth/auth-context';
import type { Db } from '../../../platform/db/db';
import type { RealtimeHub } from '../../../platform/realtime/hub';
import { formatEpochMs } from '../../../platform/time/format-time';
import type { PushChannel, PushMessage } from '../../../platform/notify/channel';
import { defineJobClass, parseParameter } from '../../../platform/jobs/job-classes';

declare module '../../../platform/jobs/job-classes' {
  interface QuartzServices {
    /** Console WebSocket hub: live 'user' notices (service-expiry reminder). */
    hub: RealtimeHub;
  }
}

/**
 * Device service-expiry reminder (job class
 * `deviceServiceExpiryReminder`): tells the tenant's users who can renew (permission
 * `subscribe:renew`; the tenant's administrators when nobody holds it) which devices' monitoring
 * service ends within N days (parameter `days`, default 7). Each device is reminded once per
 * service end (`device_service_reminder`), so a daily job does not repeat itself; a renewal moves
 * the end and the new period is reminded again before it ends.
 *
 * Delivery: a live console notice (WebSocket `cmd: 'user'`, shown as a notification) to each
 * recipient online with the system-message preference on, and an e-mail to recipients with an
 * address when the e-mail channel is configured. The order list shows the same devices as
 * "expiring" for users who were offline.
 */

const DAY_MS = 86_400_000;

interface Recipient {
  id: string;
  email: string | null;
  systemMessage: boolean;
}

/** Users of the tenant who get the reminder (see the module comment). */
export async function reminderRecipients(db: Db, tenantId: number): Promise<Recipient[]> {
  const rows = await db.query<{ id: string; email: string | null; system_message: boolean | null; is_admin: boolean }>(
    `SELECT u.id, u.email, n.system_message,
            EXISTS (SELECT 1 FROM sys_user_role ur JOIN sys_role r ON r.id = ur.role_id WHERE ur.user_id = u.id AND r.tenant_id = $1 AND r.role_code = 'admin') AS is_admin
       FROM sys_user u
       JOIN sys_user_tenant ut ON ut.user_id = u.id AND ut.tenant_id = $1
       LEFT JOIN sys_user_notification n ON n.user_id = u.id
      WHERE u.status = 1 AND u.del_flag = 0 ORDER BY u.username`,
    [tenantId],
  );
  const of = (r: (typeof rows)[number]): Recipient => ({
    id: r.id,
    email: r.email || null,
    systemMessage: r.system_message ?? true,
  });
  const renewers: Recipient[] = [];
  for (const r of rows)
    if ((await loadPermissionCodes(db, r.id, tenantId)).has(SUBSCRIBE_PERMS.renew)) renewers.push(of(r));
  return renewers.length ? renewers : rows.filter((r) => r.is_admin).map(of);
}

/** The reminder text of `devices` (id, name, end ms) in `lang`. */
export function reminderMessage(
  devices: { id: string; name: string; end: number }[],
  days: number,
  lang: Language,
): { title: string; text: string } {
  const en = lang === 'en-US';
  const list = devices.map((d) =>
    en ? `${d.name} (${d.id}) ends ${formatEpochMs(d.end)}` : `${d.name}（${d.id}）${formatEpochMs(d.end)} 到期`,
  );
  const title = en
    ? `Service expiry reminder: ${devices.length} device(s) end within ${days} days`
    : `【服务到期提醒】${devices.length} 台设备的监控服务将在 ${days} 天内到期`;
  const text = en
    ? `${title}: ${list.join('; ')}. After that they are no longer monitored (no alarms; data is still stored). Renew under Subscriptions → Orders.`
    : `${title}：${list.join('；')}。到期后设备不再被监控（不再告警，数据仍保存），请在“订阅管理 → 订单列表”续费。`;
  return { title, text };
}

/**
 * Sends the reminder of one tenant for devices whose service ends in `(at, at + days]` and that
 * were not reminded for that end yet.
 * @returns the devices reminded and the deliveries made
 */
export async function sendExpiryReminders(
  db: Db,
  o: {
    tenantId: number;
    at: number;
    days: number;
    lang: Language;
    hub?: RealtimeHub | null;
    mailer?: PushChannel | null;
  },
): Promise<{ devices: string[]; recipients: number; live: number; mailed: number; mailFailed: number }> {
  const due = await db.query<{ dev_no: string; name: string; end_ms: number }>(
    `SELECT s.dev_no, coalesce(d.alias, d.name) AS name, (extract(epoch FROM s.service_end) * 1000)::float8 AS end_ms
       FROM device_service s JOIN device d ON d.dev_no = s.dev_no AND d.tenant_id = $1
      WHERE s.service_end > to_timestamp($2::float8 / 1000) AND s.service_end <= to_timestamp($3::float8 / 1000)
        AND NOT EXISTS (SELECT 1 FROM device_service_reminder r WHERE r.dev_no = s.dev_no AND r.service_end = s.service_end)
      ORDER BY s.service_end, s.dev_no`,
    [o.tenantId, o.at, o.at + o.days * DAY_MS],
  );
  const empty = { devices: [], recipients: 0, live: 0, mailed: 0, mailFailed: 0 };
  if (!due.length) return empty;
  const recipients = await reminderRecipients(db, o.tenantId);
  // claim each (device, end) once: a concurrent run of the same job does not send it again
  const claimed = await db.query<{ dev_no: string }>(
    `INSERT INTO device_service_reminder (dev_no, service_end, tenant_id, recipients)
     SELECT s.dev_no, s.service_end, $1, $3 FROM device_service s WHERE s.dev_no = ANY($2::text[])
     ON CONFLICT DO NOTHING RETURNING dev_no`,
    [o.tenantId, due.map((d) => d.dev_no), recipients.length],
  );
  const mine = new Set(claimed.map((c) => c.dev_no));
  const devices = due
    .filter((d) => mine.has(d.dev_no))
    .map((d) => ({ id: d.dev_no, name: d.name, end: Number(d.end_ms) }));
  if (!devices.length) return empty;
  const { title, text } = reminderMessage(devices, o.days, o.lang);
  let live = 0;
  let mailed = 0;
  let mailFailed = 0;
  const msgId = `service-expiry-${o.tenantId}-${o.at}`;
  for (const r of recipients) {
    if (o.hub && r.systemMessage) {
      o.hub.toUser(r.id, { cmd: 'user', msgId, msgTxt: text }, o.tenantId);
      live++;
    }
    const address = o.mailer && r.email ? o.mailer.addressOf({ email: r.email }) : null;
    if (o.mailer && address) {
      const message: PushMessage = {
        title,
        text,
        severity: 'M',
        deviceId: '',
        deviceName: '',
        alarmType: '',
        value: '',
        time: formatEpochMs(o.at),
      };
      if ((await o.mailer.send(address, message)).ok) mailed++;
      else mailFailed++;
    }
  }
  return { devices: devices.map((d) => d.id), recipients: recipients.length, live, mailed, mailFailed };
}

/**
 * Scheduled-job class `deviceServiceExpiryReminder`: the job's tenant, devices ending
 * within `days` days of the fire time. Parameter (optional JSON): `{"days":7,"lang":"en-US"}`.
 */
export const SERVICE_EXPIRY_REMINDER_JOB = defineJobClass({
  name: 'deviceServiceExpiryReminder',
  label: { 'zh-CN': '设备服务到期提醒', 'en-US': 'Device service expiry reminder' },
  parameterHint: '{"days":7,"lang":"zh-CN"}',
  async handler({ db, tenantId, fireTime, lang, parameter, services }) {
    const raw = Number(parseParameter(parameter).days);
    const days = Number.isInteger(raw) && raw >= 1 && raw <= 365 ? raw : SERVICE_EXPIRING_DAYS;
    return sendExpiryReminders(db, {
      tenantId,
      at: fireTime,
      days,
      lang,
      hub: services.hub ?? null,
      mailer: services.mailer ?? null,
    });
  },
});
