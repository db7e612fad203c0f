import { ALARM_PERMS } from '@ztj/contracts';
import type { Db } from '../../platform/db/db';
import { loadPermissionCodes } from '../../platform/auth/auth-context';

/**
 * A user of a tenant who may see the tenant's alarms, with what the alarm notice and push need
 * (SPEC §3 user: phone, email, receive only multi-level alarms, alarm push mode; SPEC §2 account →
 * notification: `alarmMessage`).
 */
export interface AlarmAudienceUser {
  userId: string;
  username: string;
  realname: string;
  phone: string | null;
  email: string | null;
  wechatOpenId: string | null;
  /** Push mode bitmask of SPEC §4: 1 SMS, 2 WeChat, 4 email (0 = no push). */
  pushMode: number;
  /** Receive only multi-level alarms: true = only important (M) and urgent (H) ones are pushed. */
  onlyMultiAlarm: boolean;
  /** Notification preference "alarmMessage": live alarm notices in the console. */
  alarmMessage: boolean;
}

interface Row {
  id: string;
  username: string;
  realname: string;
  phone: string | null;
  email: string | null;
  wechat_open_id: string | null;
  alarm_push_mode: string;
  only_multi_alarm: boolean;
  alarm_message: boolean | null;
}

/** `'1,4'` (stored comma list of SPEC §4 push types) → bitmask 5. */
export function pushModeMask(stored: string | null | undefined): number {
  let mask = 0;
  for (const part of (stored ?? '').split(',')) {
    const n = Number(part.trim());
    if (n === 1 || n === 2 || n === 4) mask |= n;
  }
  return mask;
}

/**
 * Users of `tenantId` (member of the tenant, normal status, not in the recycle bin) holding the
 * alarm list permission `alarm:list` (SPEC §6, through roles or department roles): the users
 * who see the tenant's alarms, get live notices and pushes. Device-level visibility follows the
 * tenant (devices carry no per-user restriction yet).
 */
export async function alarmAudience(db: Db, tenantId: number): Promise<AlarmAudienceUser[]> {
  const rows = await db.query<Row>(
    `SELECT u.id, u.username, u.realname, u.phone, u.email, u.wechat_open_id, u.alarm_push_mode, u.only_multi_alarm,
            n.alarm_message
       FROM sys_user u
       JOIN sys_user_tenant ut ON ut.user_id = u.id AND ut.tenant_id = $1
       LEFT JOIN sys_user_notification n ON n.user_id = u.id
      WHERE u.status = 1 AND u.del_flag = 0
      ORDER BY u.username`,
    [tenantId],
  );
  const out: AlarmAudienceUser[] = [];
  for (const r of rows) {
    const codes = await loadPermissionCodes(db, r.id, tenantId);
    if (!codes.has(ALARM_PERMS.list)) continue;
    out.push({
      userId: r.id,
      username: r.username,
      realname: r.realname,
      phone: r.phone || null,
      email: r.email || null,
      wechatOpenId: r.wechat_open_id || null,
      pushMode: pushModeMask(r.alarm_push_mode),
      onlyMultiAlarm: r.only_multi_alarm,
      alarmMessage: r.alarm_message ?? true,
    });
  }
  return out;
}
