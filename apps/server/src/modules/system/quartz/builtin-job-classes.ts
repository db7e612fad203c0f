import type { ExportService } from '../../../platform/exports/export-service';
import { defineJobClass } from '../../../platform/jobs/job-classes';

declare module '../../../platform/jobs/job-classes' {
  interface QuartzServices {
    /** Download center (export-file retention). */
    exports: ExportService;
  }
}

/**
 * Export-file retention: deletes expired download-center files of every tenant
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

// The other job classes register from their own modules and appear in the same job-class select:
// `alarmDigestEmail` (modules/alarms/push/alarm-digest.job.ts),
// `warehouseDailyReport` (modules/reports/warehouse-daily.ts), `deviceServiceExpiryReminder`
// (modules/logistics/subscriptions/expiry-reminder.ts) and the tenant expiry reminder
// (modules/auth/tenant-expiry.ts).
