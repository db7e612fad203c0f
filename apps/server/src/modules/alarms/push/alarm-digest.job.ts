import type { PushChannel } from '../../../platform/notify/channel';
import { defineJobClass, parseParameter } from '../../../platform/jobs/job-classes';
import { sendAlarmDigest } from './alarm-digest';

declare module '../../../platform/jobs/job-classes' {
  interface QuartzServices {
    /** The e-mail push channel (alarm digest), null when SMTP is not configured. */
    mailer: PushChannel | null;
  }
}

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
    return sendAlarmDigest(db, services.mailer, {
      tenantId,
      until: fireTime,
      lang,
      extra: Array.isArray(to) ? to.map(String) : [],
    });
  },
});
