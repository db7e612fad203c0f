import type { Db } from '../../../platform/db/db';
import { alarmAudience, pushModeMask } from '../audience';
import type { AlarmNotice } from '../runtime/alarm-notice';
import type { PushRecipient } from '../../../platform/notify/channel';

/** A person to push one notice to, with the channels they chose (SPEC §4 bitmask 1 SMS, 2 WeChat, 4 email). */
export interface NoticeRecipient extends PushRecipient {
  /** Name shown in the push list (real name, user name or the contact's name). */
  name: string;
  pushMode: number;
}

interface MemberRow {
  user_id: string | null;
  name: string | null;
  phone: string | null;
  email: string | null;
  wechat_open_id: string | null;
  push_mode: number;
  u_realname: string | null;
  u_username: string | null;
  u_phone: string | null;
  u_email: string | null;
  u_open_id: string | null;
  u_push_mode: string | null;
}

const blank = (v: string | null | undefined): string | null => (v && v.trim() ? v.trim() : null);

/**
 * Members of the tenant's recipient groups `groupIds` (settings → user groups). A member that is a
 * console user gets the user's name and contacts read now (an inactive or deleted user, or one no longer
 * in the tenant, is skipped); its channels are the member's push mode, or the user's own when the
 * member's is 0. An outside contact carries its own name, contacts and push mode.
 */
export async function groupMembers(db: Db, tenantId: number, groupIds: readonly string[]): Promise<NoticeRecipient[]> {
  if (groupIds.length === 0) return [];
  const rows = await db.query<MemberRow>(
    `SELECT m.user_id, m.name, m.phone, m.email, m.wechat_open_id, m.push_mode,
            u.realname AS u_realname, u.username AS u_username, u.phone AS u_phone, u.email AS u_email,
            u.wechat_open_id AS u_open_id, u.alarm_push_mode AS u_push_mode
       FROM alarm_user_group g
       JOIN alarm_user_group_member m ON m.group_id = g.id
       LEFT JOIN sys_user u ON u.id = m.user_id AND u.status = 1 AND u.del_flag = 0
            AND EXISTS (SELECT 1 FROM sys_user_tenant ut WHERE ut.user_id = u.id AND ut.tenant_id = g.tenant_id)
      WHERE g.tenant_id = $1 AND g.id = ANY($2::text[])
      ORDER BY g.id, m.id`,
    [tenantId, [...groupIds]],
  );
  const out: NoticeRecipient[] = [];
  for (const r of rows) {
    if (r.user_id) {
      if (!r.u_username) continue;
      const own = Number(r.push_mode) || pushModeMask(r.u_push_mode);
      out.push({
        userId: r.user_id,
        name: blank(r.u_realname) ?? r.u_username,
        phone: blank(r.u_phone),
        email: blank(r.u_email),
        wechatOpenId: blank(r.u_open_id),
        pushMode: own,
      });
    } else {
      out.push({
        name: blank(r.name) ?? blank(r.phone) ?? blank(r.email) ?? '-',
        phone: blank(r.phone),
        email: blank(r.email),
        wechatOpenId: blank(r.wechat_open_id),
        pushMode: Number(r.push_mode),
      });
    }
  }
  return out;
}

/** Identity of a recipient within one notice: the user, or an outside contact's name and addresses. */
function keyOf(r: NoticeRecipient): string {
  return r.userId ? `u:${r.userId}` : `c:${r.name}|${r.phone ?? ''}|${r.email ?? ''}|${r.wechatOpenId ?? ''}`;
}

/**
 * Who gets one notice: when `pushUsers`, the tenant's alarm audience with a push mode
 * (a user with "only multi-level alarms" only for severities M and H), plus the members of the
 * notice's groups — `notify.escalateGroupIds` for `escalated`, `notify.groupIds` otherwise. A person
 * reached twice is pushed once, on the union of the channels chosen; recipients without any channel
 * are left out.
 */
export async function noticeRecipients(db: Db, notice: AlarmNotice): Promise<NoticeRecipient[]> {
  const merged = new Map<string, NoticeRecipient>();
  const add = (r: NoticeRecipient): void => {
    if (!r.pushMode) return;
    const key = keyOf(r);
    const seen = merged.get(key);
    if (seen) seen.pushMode |= r.pushMode;
    else merged.set(key, { ...r });
  };
  if (notice.pushUsers) {
    const multi = notice.alarm.severity === 'M' || notice.alarm.severity === 'H';
    for (const u of await alarmAudience(db, notice.tenantId)) {
      if (u.pushMode === 0 || (u.onlyMultiAlarm && !multi)) continue;
      add({
        userId: u.userId,
        name: u.realname || u.username,
        phone: u.phone,
        email: u.email,
        wechatOpenId: u.wechatOpenId,
        pushMode: u.pushMode,
      });
    }
  }
  const groups = notice.kind === 'escalated' ? notice.notify.escalateGroupIds : notice.notify.groupIds;
  for (const m of await groupMembers(db, notice.tenantId, groups ?? [])) add(m);
  return [...merged.values()];
}
