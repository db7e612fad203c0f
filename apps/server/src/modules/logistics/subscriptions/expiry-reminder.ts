import { SERVICE_EXPIRING_DAYS, SUBSCRIBE_PERMS, type Language } from '@ztj/contracts';
import { loadPermissionCodes } from '../../../platform/auth/auth-context';
import type { Db } from '../../../platform/db/db';
import type { RealtimeHub } from '../../../platform/realtime/hub';
import { formatEpochMs } from '../../../platform/time/format-time';
import type { PushChannel } from '../../../platform/notify/channel';
import { deliverReminder, reminderDays, type ReminderRecipient } from '../../../platform/notify/reminder-notice';
import { defineJobClass, parseParameter } from '../../../platform/jobs/job-classes';
import { claimReminders, devicesDueForReminder, tenantUsers, type TenantUserRow } from './expiry-reminder.repo';

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
 * Delivery (platform/notify/reminder-notice.ts): a live console notice (WebSocket `cmd: 'user'`,
 * shown as a notification) to each recipient online with the system-message preference on, and an
 * e-mail to recipients with an address when the e-mail channel is configured. The order list
 * shows the same devices as "expiring" for users who were offline.
 */

const DAY_MS = 86_400_000;

/** Users of the tenant who get the reminder (see the module comment). */
export async function reminderRecipients(db: Db, tenantId: number): Promise<ReminderRecipient[]> {
  const rows = await tenantUsers(db, tenantId);
  const of = (r: TenantUserRow): ReminderRecipient => ({
    id: r.id,
    email: r.email || null,
    systemMessage: r.system_message ?? true,
  });
  const renewers: ReminderRecipient[] = [];
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
  const due = await devicesDueForReminder(db, o.tenantId, o.at, o.at + o.days * DAY_MS);
  const empty = { devices: [], recipients: 0, live: 0, mailed: 0, mailFailed: 0 };
  if (!due.length) return empty;
  const recipients = await reminderRecipients(db, o.tenantId);
  const mine = new Set(
    await claimReminders(
      db,
      o.tenantId,
      due.map((d) => d.dev_no),
      recipients.length,
    ),
  );
  const devices = due
    .filter((d) => mine.has(d.dev_no))
    .map((d) => ({ id: d.dev_no, name: d.name, end: Number(d.end_ms) }));
  if (!devices.length) return empty;
  const { title, text } = reminderMessage(devices, o.days, o.lang);
  const sent = await deliverReminder(recipients, {
    tenantId: o.tenantId,
    msgId: `service-expiry-${o.tenantId}-${o.at}`,
    title,
    text,
    at: o.at,
    hub: o.hub,
    mailer: o.mailer,
  });
  return { devices: devices.map((d) => d.id), recipients: recipients.length, ...sent };
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
    return sendExpiryReminders(db, {
      tenantId,
      at: fireTime,
      days: reminderDays(parseParameter(parameter), SERVICE_EXPIRING_DAYS),
      lang,
      hub: services.hub ?? null,
      mailer: services.mailer ?? null,
    });
  },
});
