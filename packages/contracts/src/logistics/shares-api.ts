import { z } from 'zod';
import { AlarmRecordSchema } from '../alarms/alarms-api';
import {
  DeviceRecordSchema,
  HistoryQuerySchema,
  HistoryResultSchema,
  TrackQuerySchema,
  TrackSchema,
} from '../devices-api/schemas';
import { PageQuerySchema, pageResultOf } from '../envelope';
import { defineRoute } from '../route';
import { IdQuerySchema, ListQuerySchema } from '../system/list';
import { RefIdSchema } from '../validation-schemas';

/**
 * Device shares (SPEC §2 share: shared devices and share list; §7 shares calls
 * list, receiveList, add, update, unbind, bindDevs, unbindDevs).
 *
 * The owner side works on the caller's tenant: a share names one receiving console account
 * (user name or phone), a note, an optional expiry and devices of the owner's tenant. The
 * receiver side lists devices shared with the caller and reads them READ-ONLY through the
 * `device*` calls below; each of those checks on the server, on every call, that the device is in
 * a live share to the caller (not ended by unbind, expiry later than now) and logs the access.
 * Times on the wire are ms since the Unix epoch.
 */

/** Permission codes (menu perms and buttons of the share menu, SPEC §6). */
export const SHARE_PERMS = {
  /** Share list (owner side) and its detail and access log. */
  list: 'share:list',
  add: 'share:add',
  /** Edit note/expiry, bind and unbind devices. */
  edit: 'share:edit',
  /** End a share. */
  unbind: 'share:unbind',
  /** Shared devices (receiver side) and their read-only data. */
  received: 'share:received',
} as const;

/** Share state: live, past its expiry, or ended by unbind. */
export const SHARE_STATUSES = ['active', 'expired', 'ended'] as const;
export type ShareStatus = (typeof SHARE_STATUSES)[number];
/** What a receiver read (one access log row each). */
export const SHARE_ACCESS_ACTIONS = ['list', 'view', 'history', 'track', 'alarms'] as const;
export type ShareAccessAction = (typeof SHARE_ACCESS_ACTIONS)[number];
/** Most devices one share carries. */
export const SHARE_DEVICES_MAX = 500;

const DeviceIdsSchema = z
  .array(z.string().trim().min(1).max(64))
  .min(1, 'validation.sceneNoDevice')
  .max(SHARE_DEVICES_MAX, 'validation.tooLong');
const NoteSchema = z.string().trim().max(200, 'validation.tooLong').default('');
/** Expiry, ms epoch; null or absent = no expiry. */
const ExpireSchema = z.number().int().min(0).max(253_402_300_799_000, 'validation.invalid').nullable().default(null);

/** Body of `share/add`: receiver account (user name or phone), devices, optional expiry, note. */
export const ShareAddSchema = z.object({
  account: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .max(64, 'validation.tooLong'),
  deviceIds: DeviceIdsSchema,
  expireTime: ExpireSchema,
  note: NoteSchema,
});
export type ShareAdd = z.input<typeof ShareAddSchema>;
/** Body of `share/update`: note and expiry (the receiver and devices have their own calls). */
export const ShareUpdateSchema = z.object({ id: RefIdSchema, expireTime: ExpireSchema, note: NoteSchema });
/** Body of `share/unbind`. */
export const ShareIdBodySchema = z.object({ id: RefIdSchema });
/** Body of `share/bindDevs` / `share/unbindDevs`. */
export const ShareDevicesBodySchema = z.object({ id: RefIdSchema, deviceIds: DeviceIdsSchema });

/** A share as the owner sees it. */
export const ShareRecordSchema = z.object({
  id: z.string(),
  receiverId: z.string(),
  receiverUsername: z.string(),
  receiverRealname: z.string(),
  note: z.string(),
  /** ms epoch or null (no expiry). */
  expireTime: z.number().nullable(),
  status: z.enum(SHARE_STATUSES),
  deviceCount: z.number().int(),
  /** ms epoch when ended by unbind. */
  unbindTime: z.number().nullable(),
  createBy: z.string().nullable(),
  createTime: z.number(),
});
export type ShareRecord = z.infer<typeof ShareRecordSchema>;
/** Public fields of the share list. */
export const SHARE_LIST_FIELDS = [
  'receiverUsername',
  'receiverRealname',
  'note',
  'expireTime',
  'status',
  'deviceCount',
  'createBy',
  'createTime',
] as const;

/** One share with its devices (owner side detail). */
export const ShareDetailSchema = ShareRecordSchema.extend({ devices: z.array(DeviceRecordSchema) });
export type ShareDetail = z.infer<typeof ShareDetailSchema>;

/** One access of a receiver (who, which device, what, when). */
export const ShareAccessRecordSchema = z.object({
  id: z.string(),
  shareId: z.string(),
  deviceId: z.string(),
  username: z.string(),
  action: z.enum(SHARE_ACCESS_ACTIONS),
  createTime: z.number(),
});
export type ShareAccessRecord = z.infer<typeof ShareAccessRecordSchema>;
/** Public fields of the access log list (`shareId` query selects the share). */
export const SHARE_ACCESS_LIST_FIELDS = ['deviceId', 'username', 'action', 'createTime'] as const;

/** A device shared with the caller: who shared it, until when, and its latest data (read-only). */
export const SharedDeviceSchema = z.object({
  shareId: z.string(),
  /** Name of the sharing tenant. */
  fromTenant: z.string(),
  /** Real name of the sharing operator. */
  fromUser: z.string(),
  note: z.string(),
  expireTime: z.number().nullable(),
  /** When the share was made. */
  sharedAt: z.number(),
  device: DeviceRecordSchema,
});
export type SharedDevice = z.infer<typeof SharedDeviceSchema>;

/** `share/receiveList` query: paging and an optional device number / name filter. */
export const ShareReceiveQuerySchema = PageQuerySchema.extend({ keyword: z.string().trim().max(64).optional() });
/** Device id of the receiver's read calls. */
export const SharedDeviceQuerySchema = z.object({ id: z.string().trim().min(1).max(64) });
/** Alarm list of one shared device: paging, sort and the status filter only. */
export const SharedAlarmQuerySchema = PageQuerySchema.extend({
  id: z.string().trim().min(1).max(64),
  status: z.enum(['active', 'cleared']).optional(),
});

const S = '/wlx/share';
const P = SHARE_PERMS;
const tag = 'shares';

/** Share calls (SPEC §7 shares), relative to the base path. */
export const ShareRoutes = {
  list: defineRoute({
    method: 'GET',
    path: `${S}/list`,
    access: P.list,
    tag,
    summary: 'Shares of the tenant (generic list over SHARE_LIST_FIELDS)',
    query: ListQuerySchema,
    result: pageResultOf(ShareRecordSchema),
  }),
  view: defineRoute({
    method: 'GET',
    path: `${S}/queryById`,
    access: P.list,
    tag,
    summary: 'One share with its devices',
    query: IdQuerySchema,
    result: ShareDetailSchema,
  }),
  accessLog: defineRoute({
    method: 'GET',
    path: `${S}/accessLog`,
    access: P.list,
    tag,
    summary: 'Receiver accesses of one share (generic list, shareId required)',
    query: ListQuerySchema,
    result: pageResultOf(ShareAccessRecordSchema),
  }),
  add: defineRoute({
    method: 'POST',
    path: `${S}/add`,
    access: P.add,
    tag,
    summary: 'Share devices with an account',
    body: ShareAddSchema,
    result: ShareRecordSchema,
  }),
  update: defineRoute({
    method: 'PUT',
    path: `${S}/update`,
    access: P.edit,
    tag,
    summary: 'Change note and expiry',
    body: ShareUpdateSchema,
    result: ShareRecordSchema,
  }),
  unbind: defineRoute({
    method: 'POST',
    path: `${S}/unbind`,
    access: P.unbind,
    tag,
    summary: 'End a share (access stops at once)',
    body: ShareIdBodySchema,
    result: ShareRecordSchema,
  }),
  bindDevs: defineRoute({
    method: 'POST',
    path: `${S}/bindDevs`,
    access: P.edit,
    tag,
    summary: 'Add devices of the tenant to a share',
    body: ShareDevicesBodySchema,
    result: ShareRecordSchema,
  }),
  unbindDevs: defineRoute({
    method: 'POST',
    path: `${S}/unbindDevs`,
    access: P.edit,
    tag,
    summary: 'Remove devices from a share',
    body: ShareDevicesBodySchema,
    result: ShareRecordSchema,
  }),
  receiveList: defineRoute({
    method: 'GET',
    path: `${S}/receiveList`,
    access: P.received,
    tag,
    summary: 'Devices in live shares to the caller',
    query: ShareReceiveQuerySchema,
    result: pageResultOf(SharedDeviceSchema),
  }),
  deviceView: defineRoute({
    method: 'GET',
    path: `${S}/device/view`,
    access: P.received,
    tag,
    summary: 'One shared device (latest values, position)',
    query: SharedDeviceQuerySchema,
    result: SharedDeviceSchema,
  }),
  deviceHistory: defineRoute({
    method: 'GET',
    path: `${S}/device/history`,
    access: P.received,
    tag,
    summary: 'History of a shared device (table or chart)',
    query: HistoryQuerySchema,
    result: HistoryResultSchema,
  }),
  deviceTrack: defineRoute({
    method: 'GET',
    path: `${S}/device/track`,
    access: P.received,
    tag,
    summary: 'Positions of a shared device for a range (WGS-84)',
    query: TrackQuerySchema,
    result: TrackSchema,
  }),
  deviceAlarms: defineRoute({
    method: 'GET',
    path: `${S}/device/alarms`,
    access: P.received,
    tag,
    summary: 'Alarms of a shared device',
    query: SharedAlarmQuerySchema,
    result: pageResultOf(AlarmRecordSchema),
  }),
};
