import type { USER_GROUP_LIST_FIELDS, UserGroupRecord } from '@ztj/contracts';
import { AUDIT_LABELS, type ListField, type ListSpec } from '../../../platform/list/list-spec';

/**
 * The recipient group list (settings → user groups) of the one list machinery: public fields are
 * `USER_GROUP_LIST_FIELDS`. Members come with the group; a console user's name and contacts are
 * read from the user at read time (realname, phone, email, wechat_open_id).
 */

const FIELDS: Record<(typeof USER_GROUP_LIST_FIELDS)[number], ListField> = {
  name: { sql: 'g.name', type: 'string', label: { 'zh-CN': '用户组名称', 'en-US': 'Name' } },
  description: { sql: 'g.description', type: 'string', label: { 'zh-CN': '描述', 'en-US': 'Description' } },
  createTime: { sql: 'g.create_time', type: 'datetime', label: AUDIT_LABELS.createTime },
};

/** Columns of a group row with its members as JSON (`FROM alarm_user_group g`). */
export const USER_GROUP_SELECT = `g.id, g.name, g.description, (extract(epoch FROM g.create_time) * 1000)::float8 AS create_ms,
  (SELECT coalesce(json_agg(json_build_object(
      'id', m.id, 'userId', m.user_id,
      'name', CASE WHEN m.user_id IS NULL THEN coalesce(m.name, '') ELSE coalesce(u.realname, '') END,
      'phone', CASE WHEN m.user_id IS NULL THEN coalesce(m.phone, '') ELSE coalesce(u.phone, '') END,
      'email', CASE WHEN m.user_id IS NULL THEN coalesce(m.email, '') ELSE coalesce(u.email, '') END,
      'wechatOpenId', CASE WHEN m.user_id IS NULL THEN coalesce(m.wechat_open_id, '') ELSE coalesce(u.wechat_open_id, '') END,
      'pushMode', m.push_mode) ORDER BY m.user_id IS NULL, coalesce(u.realname, m.name), m.id), '[]'::json)
     FROM alarm_user_group_member m LEFT JOIN sys_user u ON u.id = m.user_id WHERE m.group_id = g.id) AS members`;

/** The API record of a group row. */
export function userGroupRecordOf(r: Record<string, unknown>): UserGroupRecord {
  const members = (typeof r.members === 'string' ? JSON.parse(r.members) : r.members) as UserGroupRecord['members'];
  return {
    id: String(r.id),
    name: String(r.name),
    description: String(r.description ?? ''),
    members: members.map((m) => ({ ...m, userId: m.userId ?? null, pushMode: Number(m.pushMode) })),
    createTime: Number(r.create_ms),
  };
}

/** Recipient groups of the caller's tenant. */
export const USER_GROUP_LIST: ListSpec<UserGroupRecord> = {
  name: 'alarmUserGroups',
  from: 'alarm_user_group g',
  select: USER_GROUP_SELECT,
  tenantScope: 'g.tenant_id = $tenant',
  idSql: 'g.id',
  defaultSort: { field: 'createTime', order: 'desc' },
  fields: FIELDS,
  map: userGroupRecordOf,
};
