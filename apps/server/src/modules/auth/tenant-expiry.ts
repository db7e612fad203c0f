import { TENANT_EXPIRY_REMINDER_DAYS, type Language, type TenantRenew } from '@ztj/contracts';
import type { Db } from '../../platform/db/db';
import { AppError } from '../../platform/http/app-error';
import type { RealtimeHub } from '../../platform/realtime/hub';
import { formatEpochMs } from '../../platform/time/format-time';
import type { PushChannel } from '../../platform/notify/channel';
import { deliverReminder, reminderDays } from '../../platform/notify/reminder-notice';
import { LogType, writeLog } from '../logs/logs.repo';
import { defineJobClass, parseParameter } from '../../platform/jobs/job-classes';
import * as repo from './tenant-expiry.repo';

/**
 * Tenant expiry (SPEC §6 "tenant expired, contact platform administrator to
 * renew"). Sign-in refuses a tenant past its end date in `startSession` (password, phone and every
 * later way in) and registration refuses an ended self-service tenant (`register.ts`). Here: the
 * reminder before the end and the platform administrator's renewal.
 */

const DAY_MS = 86_400_000;

/** The reminder text for a tenant ending at `end` (ms epoch), in `lang`. */
export function tenantReminderText(name: string, end: number, lang: Language): { title: string; text: string } {
  const when = formatEpochMs(end);
  return lang === 'en-US'
    ? {
        title: 'Tenant expiry reminder',
        text: `Tenant expiry reminder: the use period of ${name} ends ${when}. Contact the platform administrator to renew; after that nobody of the tenant can sign in.`,
      }
    : {
        title: '租户到期提醒',
        text: `【租户到期提醒】${name} 的使用期限将于 ${when} 结束，请联系平台管理员续费；到期后该租户的用户将无法登录。`,
      };
}

/**
 * Reminds the administrators of each tenant whose end date falls in `(at, at + days]` and that was
 * not reminded for that end date yet (`sys_tenant_expiry_reminder`, claimed once so parallel runs
 * do not repeat it). `tenantId` = the platform tenant: every tenant; another: that tenant only.
 * Delivery as the device service reminder: a live console notice (WebSocket `cmd: 'user'`) to each
 * administrator with system messages on, and an e-mail when the e-mail channel is configured.
 * @returns the tenants reminded and the deliveries made.
 */
export async function sendTenantExpiryReminders(
  db: Db,
  o: {
    tenantId: number;
    at: number;
    days: number;
    lang: Language;
    hub?: RealtimeHub | null;
    mailer?: PushChannel | null;
  },
): Promise<{ tenants: number[]; live: number; mailed: number }> {
  const due = await repo.dueTenants(db, o.at, o.at + o.days * DAY_MS, o.tenantId);
  const out = { tenants: [] as number[], live: 0, mailed: 0 };
  for (const t of due) {
    const admins = await repo.tenantAdmins(db, t.id);
    if (!(await repo.claimReminder(db, t.id, admins.length))) continue;
    out.tenants.push(t.id);
    const name = o.lang === 'en-US' && t.name_en ? t.name_en : t.name;
    const { title, text } = tenantReminderText(name, Number(t.end_ms), o.lang);
    const sent = await deliverReminder(admins, {
      tenantId: t.id,
      msgId: `tenant-expiry-${t.id}-${Number(t.end_ms)}`,
      title,
      text,
      at: o.at,
      hub: o.hub,
      mailer: o.mailer,
    });
    out.live += sent.live;
    out.mailed += sent.mailed;
    await writeLog(db, {
      logType: LogType.OPERATION,
      content: `tenant expiry reminder: tenant ${t.id} to ${admins.length} administrator(s)`,
      tenantId: t.id,
    });
  }
  return out;
}

/**
 * Scheduled-job class `tenantExpiryReminder`: tenants ending within `days` days
 * (default 7) of the fire time. A job of the platform tenant covers every tenant; a daily cron
 * (`0 0 9 * * ?`) is the intended schedule. Parameter (optional JSON): `{"days":7,"lang":"zh-CN"}`.
 */
export const TENANT_EXPIRY_REMINDER_JOB = defineJobClass({
  name: 'tenantExpiryReminder',
  label: { 'zh-CN': '租户到期提醒', 'en-US': 'Tenant expiry reminder' },
  parameterHint: '{"days":7,"lang":"zh-CN"}',
  async handler({ db, tenantId, fireTime, lang, parameter, services }) {
    const days = reminderDays(parseParameter(parameter), TENANT_EXPIRY_REMINDER_DAYS);
    return sendTenantExpiryReminders(db, {
      tenantId,
      at: fireTime,
      days,
      lang,
      hub: services.hub ?? null,
      mailer: services.mailer ?? null,
    });
  },
});

/**
 * Renews a tenant (platform tenant only, checked by the caller with `requirePlatform`): sets its
 * end date to `endDate`, which must be in the future. Its users can sign in again at once.
 * @throws AppError notFound (no such tenant), business renewEndInPast.
 */
export async function renewTenant(
  db: Db,
  body: TenantRenew,
  caller: { userId: string; username: string; tenantId: number },
): Promise<{ endDate: string }> {
  const end = new Date(body.endDate);
  if (!(end.getTime() > Date.now())) throw new AppError('business', 'renewEndInPast');
  const stored = await repo.setTenantEnd(db, body.id, end.toISOString(), caller.username);
  if (!stored) throw new AppError('notFound', 'notFound');
  await writeLog(db, {
    logType: LogType.OPERATION,
    content: `tenant ${body.id} renewed until ${end.toISOString()}`,
    tenantId: caller.tenantId,
    userId: caller.userId,
    username: caller.username,
  });
  return { endDate: new Date(stored).toISOString() };
}
