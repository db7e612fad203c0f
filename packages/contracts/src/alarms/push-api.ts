import { z } from 'zod';
import { pageResultOf } from '../envelope';
import { defineRoute } from '../route';
import { ListQuerySchema } from '../system/list';

/**
 * Push list (SPEC §2 push list; §4 push types 1 SMS, 2 WeChat, 4 email; §7 push
 * list/export): every push of an alarm event to one recipient on one channel, with its attempts
 * and the provider's last answer. A channel without configuration is recorded `notConfigured`.
 */

/** Permission codes of the push list (menu perms and button). */
export const PUSH_PERMS = { list: 'push:list', export: 'push:export' } as const;

/** Channels: SPEC §4 push types (sms 1, wechat 2, email 4) and the tenant's work-chat robots (0). */
export const PUSH_CHANNELS = ['sms', 'wechat', 'email', 'wecom', 'dingtalk'] as const;
/** A push channel code. */
export type PushChannelCode = (typeof PUSH_CHANNELS)[number];
/** SPEC §4 push type bit of a channel (robots 0). */
export const PUSH_TYPE_OF: Readonly<Record<PushChannelCode, 0 | 1 | 2 | 4>> = {
  sms: 1,
  wechat: 2,
  email: 4,
  wecom: 0,
  dingtalk: 0,
};

/**
 * State of a push: `pending` (queued or waiting to retry), `sent`, `failed` (gave up after its
 * retries or refused for good), `notConfigured` (the channel has no configuration on this server),
 * `noAddress` (the recipient has no phone / e-mail / openid for the channel).
 */
export const PUSH_STATUSES = ['pending', 'sent', 'failed', 'notConfigured', 'noAddress'] as const;
/** A push status. */
export type PushStatus = (typeof PUSH_STATUSES)[number];
/** Alarm events that push. */
export const PUSH_EVENTS = ['raised', 'reminder', 'escalated', 'cleared'] as const;

/** One push record. `address` is masked (phone 138****0000, e-mail a***@x.com, webhook host only). */
export const PushRecordSchema = z.object({
  id: z.string(),
  alarmId: z.string().nullable(),
  deviceId: z.string().nullable(),
  event: z.enum(PUSH_EVENTS),
  channel: z.enum(PUSH_CHANNELS),
  pushType: z.number().int(),
  userId: z.string().nullable(),
  recipient: z.string(),
  address: z.string().nullable(),
  status: z.enum(PUSH_STATUSES),
  attempts: z.number().int(),
  /** Provider's answer of the last attempt (≤ 500 characters). */
  answer: z.string().nullable(),
  title: z.string().nullable(),
  /** Server ms. */
  createdAt: z.number(),
  sentAt: z.number().nullable(),
});
/** See {@link PushRecordSchema}. */
export type PushRecord = z.infer<typeof PushRecordSchema>;
/** Public fields of the push list (filters channel, status, event, deviceId, recipient, createdAt range). */
export const PUSH_LIST_FIELDS = [
  'alarmId',
  'deviceId',
  'event',
  'channel',
  'pushType',
  'recipient',
  'status',
  'attempts',
  'answer',
  'title',
  'createdAt',
  'sentAt',
] as const;

/** Push calls (SPEC §7 push list/export), relative to the base path. */
export const PushRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/wlx/push/list',
    access: PUSH_PERMS.list,
    tag: 'push',
    summary: 'Push records (generic list over PUSH_LIST_FIELDS)',
    query: ListQuerySchema,
    result: pageResultOf(PushRecordSchema),
  }),
  exportXls: defineRoute({
    method: 'GET',
    path: '/wlx/push/exportXls',
    access: PUSH_PERMS.export,
    tag: 'push',
    summary: 'Export push records as .xls',
    query: ListQuerySchema,
    result: z.unknown(),
  }),
  channels: defineRoute({
    method: 'GET',
    path: '/wlx/push/channels',
    access: PUSH_PERMS.list,
    tag: 'push',
    summary: 'Which channels this server has configured',
    result: z.array(z.object({ channel: z.enum(PUSH_CHANNELS), configured: z.boolean() })),
  }),
} as const;
