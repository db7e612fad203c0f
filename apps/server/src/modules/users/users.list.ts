import type { UserListField, UserRecord } from '@ztj/contracts';
import { AUDIT_LABELS, isoOrNull, textOrNull, type ListField, type ListSpec } from '../../platform/list/list-spec';

/** Texts of the `sex`, `user_status` and `user_identity` dictionaries (SPEC §3 user, §4). */
export const USER_OPTIONS = {
  sex: { '1': { 'zh-CN': '男', 'en-US': 'Male' }, '2': { 'zh-CN': '女', 'en-US': 'Female' } },
  status: { '1': { 'zh-CN': '正常', 'en-US': 'Normal' }, '2': { 'zh-CN': '冻结', 'en-US': 'Frozen' } },
  userIdentity: {
    '1': { 'zh-CN': '普通用户', 'en-US': 'Normal user' },
    '2': { 'zh-CN': '上级', 'en-US': 'Upper level' },
  },
} as const;

/** A text column filtered by `like`. */
const text = (sql: string, zh: string, en: string): ListField => ({
  sql,
  type: 'string',
  label: { 'zh-CN': zh, 'en-US': en },
});

/** A dictionary-coded number column, filtered by one or several values and exported as its text. */
const coded = (sql: string, zh: string, en: string, options: ListField['options']): ListField => ({
  sql,
  type: 'number',
  multi: true,
  label: { 'zh-CN': zh, 'en-US': en },
  options,
});

const FIELDS: Record<UserListField, ListField> = {
  username: text('u.username', '用户账号', 'Account'),
  realname: text('u.realname', '用户姓名', 'Name'),
  sex: coded('u.sex', '性别', 'Sex', USER_OPTIONS.sex),
  birthday: { sql: 'u.birthday', type: 'date', label: { 'zh-CN': '生日', 'en-US': 'Birthday' } },
  phone: text('u.phone', '手机号码', 'Mobile'),
  telephone: text('u.telephone', '座机', 'Telephone'),
  email: text('u.email', '邮箱', 'Email'),
  status: coded('u.status', '状态', 'Status', USER_OPTIONS.status),
  workNo: text('u.work_no', '工号', 'Job number'),
  post: text('u.post', '职务', 'Position'),
  orgCode: text('u.org_code', '部门编码', 'Department code'),
  userIdentity: coded('u.user_identity', '身份', 'Identity', USER_OPTIONS.userIdentity),
  createTime: { sql: 'u.create_time', type: 'datetime', label: AUDIT_LABELS.createTime },
  updateTime: { sql: 'u.update_time', type: 'datetime', label: AUDIT_LABELS.updateTime, exported: false },
  createBy: { sql: 'u.create_by', type: 'string', label: AUDIT_LABELS.createBy, exported: false },
};

const SELECT = `u.id, u.username, u.realname, u.avatar, to_char(u.birthday, 'YYYY-MM-DD') AS birthday, u.sex, u.email, u.phone,
  u.telephone, u.work_no, u.post, u.org_code, u.status, u.user_identity, u.default_monitor_account, u.only_multi_alarm,
  u.alarm_push_mode, u.create_by, u.create_time, u.update_time,
  (SELECT string_agg(d.depart_name, ',' ORDER BY d.org_code) FROM sys_user_depart ud JOIN sys_depart d ON d.id = ud.dep_id
    WHERE ud.user_id = u.id AND d.tenant_id = $tenant AND d.del_flag = 0) AS org_code_txt,
  (SELECT string_agg(d.id::text, ',' ORDER BY d.org_code) FROM sys_user_depart ud JOIN sys_depart d ON d.id = ud.dep_id
    WHERE ud.user_id = u.id AND d.tenant_id = $tenant AND d.del_flag = 0) AS depart_ids`;

/** Push types stored as a comma list → numbers. */
export function pushModes(v: unknown): number[] {
  return String(v ?? '')
    .split(',')
    .filter(Boolean)
    .map(Number)
    .filter((n) => n === 1 || n === 2 || n === 4);
}

function mapUser(r: Record<string, unknown>): UserRecord {
  return {
    id: String(r.id),
    username: String(r.username),
    realname: String(r.realname),
    avatar: textOrNull(r.avatar),
    birthday: textOrNull(r.birthday),
    sex: r.sex === null ? null : Number(r.sex),
    email: textOrNull(r.email),
    phone: textOrNull(r.phone),
    telephone: textOrNull(r.telephone),
    workNo: textOrNull(r.work_no),
    post: textOrNull(r.post),
    orgCode: textOrNull(r.org_code),
    orgCodeTxt: textOrNull(r.org_code_txt),
    status: Number(r.status),
    userIdentity: Number(r.user_identity),
    defaultMonitorAccount: textOrNull(r.default_monitor_account),
    onlyMultiLevelAlarm: r.only_multi_alarm === true,
    alarmPushMode: pushModes(r.alarm_push_mode),
    createBy: textOrNull(r.create_by),
    createTime: isoOrNull(r.create_time),
    updateTime: isoOrNull(r.update_time),
    departIds: textOrNull(r.depart_ids),
    departIds_dictText: textOrNull(r.org_code_txt),
    departName: textOrNull(r.org_code_txt),
  };
}

const TENANT_MEMBER = 'EXISTS (SELECT 1 FROM sys_user_tenant ut WHERE ut.user_id = u.id AND ut.tenant_id = $tenant)';

/** Users of the caller's tenant, not in the recycle bin (SPEC §7 user list). */
export const USER_LIST: ListSpec<UserRecord> = {
  name: 'users',
  from: 'sys_user u',
  select: SELECT,
  fields: FIELDS,
  tenantScope: TENANT_MEMBER,
  where: ['u.del_flag = 0'],
  idSql: 'u.id',
  params: {
    // pickers look their values up as id=<id>,<id>, (SPEC §7 picker value lookup)
    id: `u.id = ANY(string_to_array(?::text, ','))`,
    depId: `EXISTS (SELECT 1 FROM sys_user_depart ud JOIN sys_depart d ON d.id = ud.dep_id AND d.tenant_id = $tenant
                     WHERE ud.user_id = u.id AND ud.dep_id = ?)`,
    roleId: `EXISTS (SELECT 1 FROM sys_user_role ur JOIN sys_role r ON r.id = ur.role_id AND r.tenant_id = $tenant
                      WHERE ur.user_id = u.id AND ur.role_id = ?)`,
  },
  map: mapUser,
};

/** Users in the recycle bin (SPEC §4). */
export const USER_RECYCLE_LIST: ListSpec<UserRecord> = {
  ...USER_LIST,
  name: 'users-recycle',
  where: ['u.del_flag = 1'],
};

/** Address list (SPEC §2): normal users, optionally of a department and its sub-departments. */
export const ADDRESS_LIST: ListSpec<UserRecord> = {
  ...USER_LIST,
  name: 'address-list',
  where: ['u.del_flag = 0', 'u.status = 1'],
  defaultSort: { field: 'realname', order: 'asc' },
  params: {
    ...USER_LIST.params,
    orgCode: `EXISTS (SELECT 1 FROM sys_user_depart ud JOIN sys_depart d ON d.id = ud.dep_id AND d.tenant_id = $tenant
                          WHERE ud.user_id = u.id AND starts_with(d.org_code, ?))`,
  },
};
