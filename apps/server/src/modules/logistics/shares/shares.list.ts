import type {
  BilingualText,
  SHARE_ACCESS_LIST_FIELDS,
  SHARE_LIST_FIELDS,
  ShareAccessRecord,
  ShareRecord,
} from '@ztj/contracts';
import { AUDIT_LABELS, type ListField, type ListSpec } from '../../../platform/list/list-spec';

/**
 * The share list and the access log of one share (owner side; SPEC §2 share
 * list, §7 shares list) on the one list machinery. Both are scoped to the owner tenant. Times
 * are ms since the epoch on the wire.
 */

/** SQL of a share's state: ended by unbind, past its expiry (database clock), or live. */
export const SHARE_STATUS_SQL = `(CASE WHEN s.unbind_time IS NOT NULL THEN 'ended' WHEN s.expire_time IS NOT NULL AND s.expire_time <= now() THEN 'expired' ELSE 'active' END)`;

const STATUS_OPTIONS: Record<string, BilingualText> = {
  active: { 'zh-CN': '共享中', 'en-US': 'Active' },
  expired: { 'zh-CN': '已过期', 'en-US': 'Expired' },
  ended: { 'zh-CN': '已解除', 'en-US': 'Ended' },
};
const ACTION_OPTIONS: Record<string, BilingualText> = {
  list: { 'zh-CN': '列表', 'en-US': 'List' },
  view: { 'zh-CN': '详情', 'en-US': 'Detail' },
  history: { 'zh-CN': '历史数据', 'en-US': 'History' },
  track: { 'zh-CN': '轨迹', 'en-US': 'Track' },
  alarms: { 'zh-CN': '告警', 'en-US': 'Alarms' },
};

const DEVICE_COUNT_SQL = '(SELECT count(*) FROM share_device sd WHERE sd.share_id = s.id)';

const SHARE_FIELDS: Record<(typeof SHARE_LIST_FIELDS)[number], ListField> = {
  receiverUsername: { sql: 'u.username', type: 'string', label: { 'zh-CN': '接收账号', 'en-US': 'Receiver account' } },
  receiverRealname: { sql: 'u.realname', type: 'string', label: { 'zh-CN': '接收人', 'en-US': 'Receiver' } },
  note: { sql: 's.note', type: 'string', label: { 'zh-CN': '备注', 'en-US': 'Note' } },
  expireTime: { sql: 's.expire_time', type: 'datetime', label: { 'zh-CN': '到期时间', 'en-US': 'Expires' } },
  status: {
    sql: SHARE_STATUS_SQL,
    type: 'string',
    label: { 'zh-CN': '状态', 'en-US': 'Status' },
    multi: true,
    options: STATUS_OPTIONS,
  },
  deviceCount: { sql: DEVICE_COUNT_SQL, type: 'number', label: { 'zh-CN': '设备数', 'en-US': 'Devices' } },
  createBy: { sql: 's.create_by', type: 'string', label: AUDIT_LABELS.createBy },
  createTime: { sql: 's.create_time', type: 'datetime', label: AUDIT_LABELS.createTime },
};

/** Columns of a share row (`FROM device_share s JOIN sys_user u ON u.id = s.receiver_user_id`). */
export const SHARE_SELECT = `s.id, s.receiver_user_id, u.username AS receiver_username, u.realname AS receiver_realname, s.note,
  (extract(epoch FROM s.expire_time) * 1000)::float8 AS expire_ms, ${SHARE_STATUS_SQL} AS status, ${DEVICE_COUNT_SQL}::int AS device_count,
  (extract(epoch FROM s.unbind_time) * 1000)::float8 AS unbind_ms, s.create_by, (extract(epoch FROM s.create_time) * 1000)::float8 AS create_ms`;
/** `FROM` of a share row with its receiver. */
export const SHARE_FROM = 'device_share s JOIN sys_user u ON u.id = s.receiver_user_id';

const ms = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** The API record of a share row. */
export function shareRecordOf(r: Record<string, unknown>): ShareRecord {
  return {
    id: String(r.id),
    receiverId: String(r.receiver_user_id),
    receiverUsername: String(r.receiver_username),
    receiverRealname: String(r.receiver_realname ?? ''),
    note: String(r.note ?? ''),
    expireTime: ms(r.expire_ms),
    status: r.status as ShareRecord['status'],
    deviceCount: Number(r.device_count),
    unbindTime: ms(r.unbind_ms),
    createBy: r.create_by == null ? null : String(r.create_by),
    createTime: Number(r.create_ms),
  };
}

/** Shares made by the caller's tenant. */
export const SHARE_LIST: ListSpec<ShareRecord> = {
  name: 'deviceShares',
  from: SHARE_FROM,
  select: SHARE_SELECT,
  tenantScope: 's.owner_tenant_id = $tenant',
  idSql: 's.id',
  defaultSort: { field: 'createTime', order: 'desc' },
  fields: SHARE_FIELDS,
  map: shareRecordOf,
};

const ACCESS_FIELDS: Record<(typeof SHARE_ACCESS_LIST_FIELDS)[number], ListField> = {
  deviceId: { sql: 'l.dev_no', type: 'string', label: { 'zh-CN': '设备号', 'en-US': 'Device' } },
  username: { sql: 'l.username', type: 'string', label: { 'zh-CN': '访问账号', 'en-US': 'Account' } },
  action: {
    sql: 'l.action',
    type: 'string',
    label: { 'zh-CN': '访问内容', 'en-US': 'Accessed' },
    multi: true,
    options: ACTION_OPTIONS,
  },
  createTime: { sql: 'l.create_time', type: 'datetime', label: { 'zh-CN': '访问时间', 'en-US': 'Time' } },
};

/** Receiver accesses of the tenant's shares; the route requires `shareId`. */
export const SHARE_ACCESS_LIST: ListSpec<ShareAccessRecord> = {
  name: 'shareAccessLog',
  from: 'share_access_log l',
  select:
    'l.id, l.share_id, l.dev_no, l.username, l.action, (extract(epoch FROM l.create_time) * 1000)::float8 AS create_ms',
  tenantScope: 'l.owner_tenant_id = $tenant',
  idSql: 'l.id',
  defaultSort: { field: 'createTime', order: 'desc' },
  params: { shareId: 'l.share_id = ?' },
  fields: ACCESS_FIELDS,
  map: (r) => ({
    id: String(r.id),
    shareId: String(r.share_id),
    deviceId: String(r.dev_no),
    username: String(r.username),
    action: r.action as ShareAccessRecord['action'],
    createTime: Number(r.create_ms),
  }),
};
