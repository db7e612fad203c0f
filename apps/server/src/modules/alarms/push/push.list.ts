import type { BilingualText, PushRecord } from '@ztj/contracts';
import type { ListSpec } from '../../../platform/list/list-spec';
import { formatDeviceTime } from './render';

/** Dictionary texts of push channels (list filters, exports in the caller's language). */
export const PUSH_CHANNEL_TEXT: Record<string, BilingualText> = {
  sms: { 'zh-CN': '短信', 'en-US': 'SMS' },
  wechat: { 'zh-CN': '微信', 'en-US': 'WeChat' },
  email: { 'zh-CN': '邮件', 'en-US': 'E-mail' },
  wecom: { 'zh-CN': '企业微信机器人', 'en-US': 'WeCom robot' },
  dingtalk: { 'zh-CN': '钉钉机器人', 'en-US': 'DingTalk robot' },
};
/** Dictionary texts of push statuses; `notConfigured` reads "not configured" (never pretends). */
export const PUSH_STATUS_TEXT: Record<string, BilingualText> = {
  pending: { 'zh-CN': '待发送', 'en-US': 'Pending' },
  sent: { 'zh-CN': '已发送', 'en-US': 'Sent' },
  failed: { 'zh-CN': '发送失败', 'en-US': 'Failed' },
  notConfigured: { 'zh-CN': '未配置', 'en-US': 'Not configured' },
  noAddress: { 'zh-CN': '无联系方式', 'en-US': 'No address' },
};
/** Dictionary texts of alarm events. */
export const PUSH_EVENT_TEXT: Record<string, BilingualText> = {
  raised: { 'zh-CN': '告警产生', 'en-US': 'Raised' },
  reminder: { 'zh-CN': '重复提醒', 'en-US': 'Reminder' },
  escalated: { 'zh-CN': '告警升级', 'en-US': 'Escalated' },
  cleared: { 'zh-CN': '告警解除', 'en-US': 'Cleared' },
};
/** SPEC §4 push types (robots 0). */
export const PUSH_TYPE_TEXT: Record<string, BilingualText> = {
  0: { 'zh-CN': '群机器人', 'en-US': 'Group robot' },
  1: { 'zh-CN': '短信', 'en-US': 'SMS' },
  2: { 'zh-CN': '微信', 'en-US': 'WeChat' },
  4: { 'zh-CN': '邮件', 'en-US': 'E-mail' },
};

/**
 * An address as the push list shows it: phone `138****0000`, e-mail `a***@example.com`, webhook its
 * host only, WeChat openid its first 4 characters and `***`; null stays null.
 */
export function maskAddress(channel: string, address: string | null): string | null {
  if (!address) return null;
  if (channel === 'wecom' || channel === 'dingtalk' || /^https?:\/\//i.test(address)) {
    try {
      return new URL(address).host;
    } catch {
      return '***';
    }
  }
  if (channel === 'email' || address.includes('@')) {
    const at = address.lastIndexOf('@');
    return `${address.slice(0, Math.min(1, at))}***${address.slice(at)}`;
  }
  if (channel === 'sms') {
    const digits = address.replace(/\s/g, '');
    return digits.length >= 7 ? `${digits.slice(0, 3)}****${digits.slice(-4)}` : '****';
  }
  return address.length > 4 ? `${address.slice(0, 4)}***` : '***';
}

const ms = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** The push list of the caller's tenant (SPEC §2 push list, §7 push list/export), PUSH_LIST_FIELDS. */
export const PUSH_LIST: ListSpec<PushRecord> = {
  name: 'push',
  from: 'alarm_push p',
  select: 'p.*',
  tenantScope: 'p.tenant_id = $tenant',
  idSql: 'p.id',
  defaultSort: { field: 'createdAt', order: 'desc' },
  fields: {
    createdAt: {
      sql: 'to_timestamp(p.created_at / 1000.0)',
      type: 'datetime',
      label: { 'zh-CN': '推送时间', 'en-US': 'Created' },
    },
    event: {
      sql: 'p.event',
      type: 'string',
      label: { 'zh-CN': '事件', 'en-US': 'Event' },
      multi: true,
      options: PUSH_EVENT_TEXT,
    },
    channel: {
      sql: 'p.channel',
      type: 'string',
      label: { 'zh-CN': '渠道', 'en-US': 'Channel' },
      multi: true,
      options: PUSH_CHANNEL_TEXT,
    },
    pushType: {
      sql: 'p.push_type',
      type: 'number',
      label: { 'zh-CN': '推送类型', 'en-US': 'Push type' },
      multi: true,
      options: PUSH_TYPE_TEXT,
    },
    recipient: { sql: 'p.recipient', type: 'string', label: { 'zh-CN': '接收人', 'en-US': 'Recipient' } },
    status: {
      sql: 'p.status',
      type: 'string',
      label: { 'zh-CN': '状态', 'en-US': 'Status' },
      multi: true,
      options: PUSH_STATUS_TEXT,
    },
    attempts: { sql: 'p.attempts', type: 'number', label: { 'zh-CN': '尝试次数', 'en-US': 'Attempts' } },
    answer: {
      sql: 'p.answer',
      type: 'string',
      label: { 'zh-CN': '服务商应答', 'en-US': 'Provider answer' },
      sortable: false,
    },
    title: { sql: 'p.title', type: 'string', label: { 'zh-CN': '标题', 'en-US': 'Title' } },
    deviceId: { sql: 'p.device_id', type: 'string', label: { 'zh-CN': '设备编号', 'en-US': 'Device' } },
    alarmId: { sql: 'p.alarm_id', type: 'string', label: { 'zh-CN': '告警编号', 'en-US': 'Alarm id' } },
    sentAt: {
      sql: 'to_timestamp(p.sent_at / 1000.0)',
      type: 'datetime',
      label: { 'zh-CN': '发送时间', 'en-US': 'Sent' },
    },
  },
  map: (r) => ({
    id: String(r.id),
    alarmId: r.alarm_id === null ? null : String(r.alarm_id),
    deviceId: r.device_id === null ? null : String(r.device_id),
    event: r.event as PushRecord['event'],
    channel: r.channel as PushRecord['channel'],
    pushType: Number(r.push_type),
    userId: r.user_id === null ? null : String(r.user_id),
    recipient: String(r.recipient),
    address: maskAddress(String(r.channel), r.address === null ? null : String(r.address)),
    status: r.status as PushRecord['status'],
    attempts: Number(r.attempts),
    answer: r.answer === null ? null : String(r.answer),
    title: r.title === null ? null : String(r.title),
    createdAt: Number(r.created_at),
    sentAt: ms(r.sent_at),
  }),
};

/** Row of the push .xls: times as text, the masked address as its own column. */
export type PushExportRow = Omit<PushRecord, 'createdAt' | 'sentAt'> & { createdAt: string; sentAt: string };

/** Export columns: the list's fields plus the masked address after the recipient (filters go through PUSH_LIST, so never by address). */
export const PUSH_EXPORT: ListSpec<PushExportRow> = {
  ...PUSH_LIST,
  fields: Object.fromEntries(
    Object.entries(PUSH_LIST.fields).flatMap(([k, f]) =>
      k === 'recipient'
        ? [
            [k, f],
            ['address', { sql: 'p.address', type: 'string', label: { 'zh-CN': '地址', 'en-US': 'Address' } }],
          ]
        : [[k, f]],
    ),
  ),
  map: (r) => toExportRow(PUSH_LIST.map(r)),
};

/** A push record as exported (times `YYYY-MM-DD HH:mm:ss`, Asia/Shanghai). */
export function toExportRow(rec: PushRecord): PushExportRow {
  return {
    ...rec,
    createdAt: formatDeviceTime(rec.createdAt),
    sentAt: rec.sentAt === null ? '' : formatDeviceTime(rec.sentAt),
  };
}
