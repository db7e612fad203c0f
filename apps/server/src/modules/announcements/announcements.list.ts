import type { AnnouncementRecord, AnnouncementPriority, MyAnnouncement } from '@ztj/contracts';
import { AUDIT_LABELS, isoOrNull, textOrNull, type ListSpec } from '../../platform/list/list-spec';
import { sanitizeAnnouncementHtml } from './sanitize';

const PRIORITY = {
  L: { 'zh-CN': '一般', 'en-US': 'General' },
  M: { 'zh-CN': '重要', 'en-US': 'Important' },
  H: { 'zh-CN': '紧急', 'en-US': 'Urgent' },
};
const CATEGORY = {
  '1': { 'zh-CN': '通知公告', 'en-US': 'Notice' },
  '2': { 'zh-CN': '系统消息', 'en-US': 'System message' },
};
const MSG_TYPE = {
  ALL: { 'zh-CN': '全体用户', 'en-US': 'All users' },
  USER: { 'zh-CN': '指定用户', 'en-US': 'Chosen users' },
};
const STATUS = {
  '0': { 'zh-CN': '未发布', 'en-US': 'Draft' },
  '1': { 'zh-CN': '已发布', 'en-US': 'Published' },
  '2': { 'zh-CN': '已撤销', 'en-US': 'Revoked' },
};

const fields = {
  titile: { sql: 'a.titile', type: 'string', label: { 'zh-CN': '标题', 'en-US': 'Title' } },
  msgAbstract: { sql: 'a.msg_abstract', type: 'string', label: { 'zh-CN': '摘要', 'en-US': 'Abstract' } },
  priority: {
    sql: 'a.priority',
    type: 'string',
    label: { 'zh-CN': '优先级', 'en-US': 'Priority' },
    options: PRIORITY,
    multi: true,
  },
  msgCategory: {
    sql: 'a.msg_category',
    type: 'string',
    label: { 'zh-CN': '消息类型', 'en-US': 'Category' },
    options: CATEGORY,
  },
  msgType: {
    sql: 'a.msg_type',
    type: 'string',
    label: { 'zh-CN': '通告对象', 'en-US': 'Recipients' },
    options: MSG_TYPE,
  },
  sendStatus: {
    sql: 'a.send_status',
    type: 'string',
    label: { 'zh-CN': '发布状态', 'en-US': 'Status' },
    options: STATUS,
  },
  sender: { sql: 'a.sender', type: 'string', label: { 'zh-CN': '发布人', 'en-US': 'Sender' } },
  sendTime: { sql: 'a.send_time', type: 'datetime', label: { 'zh-CN': '发布时间', 'en-US': 'Sent' } },
  cancelTime: { sql: 'a.cancel_time', type: 'datetime', label: { 'zh-CN': '撤销时间', 'en-US': 'Revoked' } },
  createTime: { sql: 'a.create_time', type: 'datetime', label: AUDIT_LABELS.createTime },
} as const satisfies ListSpec<unknown>['fields'];

/** The API record of a `sys_announcement` row; stored content is sanitised again on the way out. */
export function toAnnouncement(r: Record<string, unknown>): AnnouncementRecord {
  return {
    id: String(r.id),
    titile: String(r.titile),
    msgAbstract: textOrNull(r.msg_abstract),
    msgContent:
      r.msg_content === null || r.msg_content === undefined ? null : sanitizeAnnouncementHtml(String(r.msg_content)),
    priority: String(r.priority) as AnnouncementPriority,
    msgCategory: String(r.msg_category),
    msgType: String(r.msg_type),
    userIds: textOrNull(r.user_ids),
    openType: textOrNull(r.open_type),
    openPage: textOrNull(r.open_page),
    busId: textOrNull(r.bus_id),
    sendStatus: String(r.send_status),
    sender: textOrNull(r.sender),
    sendTime: isoOrNull(r.send_time),
    cancelTime: isoOrNull(r.cancel_time),
    createBy: textOrNull(r.create_by),
    createTime: isoOrNull(r.create_time),
  };
}

/** Announcements of the caller's tenant (system → announcements; generic list machinery). */
export const ANNOUNCEMENT_LIST: ListSpec<AnnouncementRecord> = {
  name: 'announcements',
  from: 'sys_announcement a',
  select: 'a.*',
  tenantScope: 'a.tenant_id = $tenant',
  idSql: 'a.id',
  fields,
  map: (r) => {
    const rec = toAnnouncement(r);
    // the list does not carry the (possibly large) content; queryById does
    return { ...rec, msgContent: null };
  },
};

/** A received announcement (joined send row). */
export function toMine(r: Record<string, unknown>): MyAnnouncement {
  const { userIds: _u, createBy: _c, ...rec } = toAnnouncement(r);
  return {
    ...rec,
    anntId: rec.id,
    readFlag: r.read_flag === true,
    readTime: isoOrNull(r.read_time),
    starFlag: r.star_flag === true,
  };
}

/**
 * Published announcements the caller received (modules → system messages, account →
 * announcement): the route forces `receiver` to the caller's own id, so nobody lists another's.
 */
export const MY_ANNOUNCEMENT_LIST: ListSpec<MyAnnouncement> = {
  name: 'myAnnouncements',
  from: 'sys_announcement_send s JOIN sys_announcement a ON a.id = s.annt_id',
  select: 'a.*, s.read_flag, s.read_time, s.star_flag',
  tenantScope: 'a.tenant_id = $tenant',
  where: ["a.send_status = '1'"],
  idSql: 'a.id',
  defaultSort: { field: 'sendTime', order: 'desc' },
  params: { receiver: 's.user_id = ?' },
  fields: {
    ...fields,
    readFlag: { sql: 's.read_flag', type: 'boolean', label: { 'zh-CN': '已读', 'en-US': 'Read' } },
    starFlag: { sql: 's.star_flag', type: 'boolean', label: { 'zh-CN': '星标', 'en-US': 'Starred' } },
  },
  map: (r) => ({ ...toMine(r), msgContent: null }),
};
