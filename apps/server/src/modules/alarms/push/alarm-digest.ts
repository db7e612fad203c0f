import { alarmTypeLabel, formatNoticeTime, getParameter, withUnit, type Language } from '@ztj/contracts';
import type { Db } from '../../../platform/db/db';
import { alarmAudience } from '../audience';
import { VALUE_PARAM_COLUMN } from '../runtime/alarm-row';
import { tenantTimeZone } from './notice-context.repo';
import type { PushChannel, PushMessage } from '../../../platform/notify/channel';

/** Span of the digest before its fire time, ms (24 h). */
export const DIGEST_SPAN_MS = 86_400_000;
/** Most alarms listed one by one in the mail (the counts cover all). */
const LISTED = 30;

interface AlarmRow {
  device_id: string;
  device_name: string | null;
  alarm_type: string;
  severity: 'L' | 'M' | 'H';
  start_ts: string | number;
  status: string;
  value: number | null;
  rule_name: string;
  value_param: string | null;
}

const SEVERITY: Record<'L' | 'M' | 'H', Record<Language, string>> = {
  H: { 'zh-CN': '紧急', 'en-US': 'urgent' },
  M: { 'zh-CN': '重要', 'en-US': 'important' },
  L: { 'zh-CN': '一般', 'en-US': 'general' },
};

/** The digest of one tenant's alarms started in `(until - 24 h, until]`, in `lang`. */
export async function buildAlarmDigest(
  db: Db,
  tenantId: number,
  until: number,
  lang: Language,
): Promise<{ message: PushMessage; count: number }> {
  const rows = await db.query<AlarmRow>(
    `SELECT a.device_id, coalesce(d.alias, d.name) AS device_name, a.alarm_type, a.severity, a.start_ts, a.status, a.value, a.rule_name,
            ${VALUE_PARAM_COLUMN}
       FROM alarm a LEFT JOIN device d ON d.dev_no = a.device_id
      WHERE a.tenant_id = $1 AND a.start_ts > $2 AND a.start_ts <= $3
      ORDER BY a.start_ts DESC`,
    [tenantId, until - DIGEST_SPAN_MS, until],
  );
  const [tenant] = await db.query<{ name: string; name_en: string | null }>(
    'SELECT name, name_en FROM sys_tenant WHERE id = $1',
    [tenantId],
  );
  const tenantName = (lang === 'en-US' ? tenant?.name_en || tenant?.name : tenant?.name) ?? String(tenantId);
  const en = lang === 'en-US';
  const by = (sev: 'L' | 'M' | 'H'): number => rows.filter((r) => r.severity === sev).length;
  const active = rows.filter((r) => r.status === 'active').length;
  const zone = (await tenantTimeZone(db, tenantId)) ?? undefined;
  const from = formatNoticeTime(until - DIGEST_SPAN_MS, zone);
  const to = formatNoticeTime(until, zone);
  const lines = [
    en ? `Tenant: ${tenantName}` : `租户：${tenantName}`,
    en ? `Period: ${from} – ${to}` : `统计区间：${from} 至 ${to}`,
    en
      ? `Alarms: ${rows.length} (urgent ${by('H')}, important ${by('M')}, general ${by('L')}); still active: ${active}`
      : `告警总数：${rows.length}（紧急 ${by('H')}，重要 ${by('M')}，一般 ${by('L')}）；仍未解除：${active}`,
  ];
  const perDevice = new Map<string, number>();
  for (const r of rows) perDevice.set(r.device_id, (perDevice.get(r.device_id) ?? 0) + 1);
  const top = [...perDevice.entries()].sort((a, b) => b[1] - a[1]).slice(0, 5);
  if (top.length)
    lines.push(
      en
        ? `Most alarms: ${top.map(([d, n]) => `${d} (${n})`).join(', ')}`
        : `告警最多的设备：${top.map(([d, n]) => `${d}（${n}）`).join('，')}`,
    );
  if (rows.length) lines.push('', en ? 'Latest alarms:' : '最近的告警：');
  for (const r of rows.slice(0, LISTED)) {
    // the value in its parameter's unit: a duration's inner parameter, never minutes
    const param = r.value_param ?? (getParameter(r.alarm_type) ? r.alarm_type : null);
    const value = r.value === null ? '' : ` ${withUnit(Number(r.value), param, lang)}`;
    const name = alarmTypeLabel(r.value_param ?? r.alarm_type, lang);
    lines.push(
      `${formatNoticeTime(Number(r.start_ts), zone)} [${SEVERITY[r.severity]?.[lang] ?? r.severity}] ${r.device_name ?? r.device_id} (${r.device_id}) ${name}${value} · ${r.rule_name}`,
    );
  }
  if (rows.length > LISTED) lines.push(en ? `… and ${rows.length - LISTED} more` : `……另有 ${rows.length - LISTED} 条`);
  if (!rows.length) lines.push(en ? 'No alarms in the last 24 hours.' : '最近 24 小时没有告警。');
  const title = en
    ? `Alarm digest: ${tenantName}, ${rows.length} alarms in the last 24 h`
    : `【告警日报】${tenantName} 最近24小时告警 ${rows.length} 条`;
  const severity = by('H') ? 'H' : by('M') ? 'M' : 'L';
  return {
    count: rows.length,
    message: {
      title,
      text: lines.join('\n'),
      severity,
      deviceId: '',
      deviceName: '',
      alarmType: '',
      value: '',
      time: to,
    },
  };
}

/**
 * Sends the digest of `tenantId` by e-mail (push type 4) to the tenant's alarm audience who chose
 * e-mail pushes, plus `extra` addresses (the job parameter's `to`).
 * @returns counts of the mails sent and failed; @throws Error when the e-mail channel is not configured
 */
export async function sendAlarmDigest(
  db: Db,
  mailer: PushChannel | null | undefined,
  o: { tenantId: number; until: number; lang: Language; extra?: string[] },
): Promise<{ alarms: number; sent: number; failed: number; recipients: number }> {
  if (!mailer) throw new Error('e-mail channel not configured (SMTP_URL, SMTP_FROM)');
  const { message, count } = await buildAlarmDigest(db, o.tenantId, o.until, o.lang);
  const to = new Set<string>();
  for (const u of await alarmAudience(db, o.tenantId)) {
    const address = (u.pushMode & 4) !== 0 ? mailer.addressOf({ email: u.email }) : null;
    if (address) to.add(address);
  }
  for (const e of o.extra ?? []) if (typeof e === 'string' && e.includes('@')) to.add(e.trim());
  let sent = 0;
  let failed = 0;
  for (const address of to) {
    const r = await mailer.send(address, message);
    if (r.ok) sent++;
    else failed++;
  }
  if (failed && !sent) throw new Error(`digest not delivered to ${failed} recipient(s)`);
  return { alarms: count, sent, failed, recipients: to.size };
}
