import type { ExportService } from '../../../platform/exports/export-service';
import type { PushChannel } from '../../../platform/notify/channel';
import { sendAlarmDigest } from './alarm-digest';
import { defineJobClass, parseParameter } from '../../../platform/jobs/job-classes';

declare module '../../../platform/jobs/job-classes' {
  interface QuartzServices {
    /** Download center (export-file retention). */
    exports: ExportService;
    /** The e-mail push channel (alarm digest), null when SMTP is not configured. */
    mailer: PushChannel | null;
  }
}

/**
 * Export-file retention (issue 11 item 2): deletes expired download-center files of every tenant
 * (ExportService.deleteExpired; the hourly `export-retention` queue schedule stays as it was).
 */
export const EXPORT_RETENTION_JOB = defineJobClass({
  name: 'exportFileRetention',
  label: { 'zh-CN': '清理过期导出文件', 'en-US': 'Delete expired export files' },
  parameterHint: null,
  async handler({ services }) {
    if (!services.exports) throw new Error('export service not wired');
    return { deleted: await services.exports.deleteExpired() };
  },
});

/**
 * Alarm digest e-mail: the tenant's alarms of the 24 h before the fire time, summarised and mailed
 * to the tenant's users who chose e-mail pushes (and to the parameter's `to` addresses).
 * Parameter (optional JSON): `{"lang":"en-US","to":["ops@example.com"]}`.
 */
export const ALARM_DIGEST_JOB = defineJobClass({
  name: 'alarmDigestEmail',
  label: { 'zh-CN': '告警日报邮件', 'en-US': 'Alarm digest e-mail' },
  parameterHint: '{"lang":"zh-CN","to":["ops@example.com"]}',
  async handler({ db, tenantId, fireTime, lang, parameter, services }) {
    const to = parseParameter(parameter).to;
    return sendAlarmDigest(db, services.mailer, { tenantId, until: fireTime, lang, extra: Array.isArray(to) ? to.map(String) : [] });
  },
});

// The other job classes register from their own modules and appear in the same job-class select:
// `warehouseDailyReport` (modules/reports/warehouse-daily.ts), `deviceServiceExpiryReminder`
// (modules/logistics/subscriptions/expiry-reminder.ts) and the tenant expiry reminder
// (modules/auth/tenant-expiry.ts).
