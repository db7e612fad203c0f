import { z } from 'zod';
import { pageResultOf } from '../envelope';
import { defineRoute } from '../route';
import { LONG_TEXT_JSON_LIMITS } from '../json-limits';
import { INVALID_TEXT } from '../validation';
import { RefIdSchema } from '../validation-schemas';
import { IdQuerySchema, IdsQuerySchema, ListQuerySchema } from '../system/list';

export * from './messages';

/**
 * Announcements and system messages (SPEC §2 system → announcements, modules → system messages,
 * account → announcement, notice bell; §3 announcement; §4 notifications; §7 annountCement,
 * sysAnnouncementSend, listByUser, queryById). Field names are JeecgBoot's
 * (`titile` sic, `msgContent`, `msgAbstract`, `msgCategory`, `msgType`, `sendStatus`…).
 */

/** Priority (SPEC §3): L general (blue), M important (orange), H urgent (red). */
export const ANNOUNCEMENT_PRIORITIES = ['L', 'M', 'H'] as const;
export type AnnouncementPriority = (typeof ANNOUNCEMENT_PRIORITIES)[number];
/** Tag colour of each priority (SPEC §3). */
export const PRIORITY_COLOURS: Record<AnnouncementPriority, string> = { L: 'blue', M: 'orange', H: 'red' };
/** Category: '1' notice, '2' system message (JeecgBoot `msg_category`). */
export const ANNOUNCEMENT_CATEGORIES = ['1', '2'] as const;
/** Recipients: 'ALL' users of the tenant ('topic' push) or 'USER' chosen users ('user' push). */
export const ANNOUNCEMENT_MSG_TYPES = ['ALL', 'USER'] as const;
/** Status: '0' draft, '1' published, '2' revoked. */
export const ANNOUNCEMENT_STATUS = { draft: '0', published: '1', revoked: '2' } as const;
/** Open type of a notice: a URL (go-handle button) or a console component page (openPage + busId). */
export const ANNOUNCEMENT_OPEN_TYPES = ['url', 'component'] as const;
/** Polling interval of the notice bell when the socket is down (SPEC §9), ms. */
export const NOTICE_POLL_MS = 6000;
/** Longest stored announcement content (sanitised HTML), characters. */
export const ANNOUNCEMENT_CONTENT_MAX = 200_000;

const text = (max: number) =>
  z
    .string()
    .max(max, 'validation.tooLong')
    .refine((v) => !INVALID_TEXT.test(v), 'validation.invalidText');

/** `POST /sys/annountCement/add` body; `msgContent` is HTML the server sanitises before storing. */
export const AnnouncementCreateSchema = z
  .object({
    titile: text(100).pipe(z.string().trim().min(1, 'validation.required')),
    msgAbstract: text(500).nullish(),
    msgContent: z.string().max(ANNOUNCEMENT_CONTENT_MAX, 'validation.tooLong').nullish(),
    priority: z.enum(ANNOUNCEMENT_PRIORITIES),
    msgCategory: z.enum(ANNOUNCEMENT_CATEGORIES),
    msgType: z.enum(ANNOUNCEMENT_MSG_TYPES),
    /** Comma-joined user ids when `msgType` is USER. */
    userIds: z.string().max(20000).nullish(),
    openType: z.enum(ANNOUNCEMENT_OPEN_TYPES).nullish(),
    /** A URL (http/https or a console path) for 'url'; a console route path for 'component'. */
    openPage: text(500).nullish(),
    busId: text(64).nullish(),
  })
  .superRefine((v, ctx) => {
    if (v.msgType === 'USER' && !(v.userIds ?? '').split(',').some((s) => s.trim()))
      ctx.addIssue({ code: 'custom', path: ['userIds'], message: 'validation.required' });
    if (v.openType && !v.openPage?.trim())
      ctx.addIssue({ code: 'custom', path: ['openPage'], message: 'validation.required' });
    if (v.openPage && !/^(https?:\/\/|\/(?!\/))/i.test(v.openPage.trim()))
      ctx.addIssue({ code: 'custom', path: ['openPage'], message: 'validation.invalidText' });
  });
export type AnnouncementCreate = z.infer<typeof AnnouncementCreateSchema>;

/** `PUT /sys/annountCement/edit` body (drafts only). */
export const AnnouncementEditSchema = z.intersection(AnnouncementCreateSchema, z.object({ id: RefIdSchema }));
export type AnnouncementEdit = z.infer<typeof AnnouncementEditSchema>;

/** An announcement as the administrator's list and queryById answer it (times ISO). */
export const AnnouncementRecordSchema = z.object({
  id: z.string(),
  titile: z.string(),
  msgAbstract: z.string().nullable(),
  msgContent: z.string().nullable(),
  priority: z.enum(ANNOUNCEMENT_PRIORITIES),
  msgCategory: z.string(),
  msgType: z.string(),
  userIds: z.string().nullable(),
  openType: z.string().nullable(),
  openPage: z.string().nullable(),
  busId: z.string().nullable(),
  sendStatus: z.string(),
  sender: z.string().nullable(),
  sendTime: z.string().nullable(),
  cancelTime: z.string().nullable(),
  createBy: z.string().nullable(),
  createTime: z.string().nullable(),
});
export type AnnouncementRecord = z.infer<typeof AnnouncementRecordSchema>;

/** One announcement received by the caller (system messages, bell, dialog). */
export const MyAnnouncementSchema = AnnouncementRecordSchema.omit({ userIds: true, createBy: true }).extend({
  anntId: z.string(),
  readFlag: z.boolean(),
  readTime: z.string().nullable(),
  starFlag: z.boolean(),
});
export type MyAnnouncement = z.infer<typeof MyAnnouncementSchema>;

/** `listByUser` (SPEC §3 per-user lists): the caller's unread notices and system messages. */
export const ListByUserResultSchema = z.object({
  anntMsgList: z.array(MyAnnouncementSchema),
  anntMsgTotal: z.number().int(),
  sysMsgList: z.array(MyAnnouncementSchema),
  sysMsgTotal: z.number().int(),
});
export type ListByUserResult = z.infer<typeof ListByUserResultSchema>;

const AnntIdSchema = z.object({ anntId: RefIdSchema });
const tag = 'announcements';
const ok = z.null();

/** Route table of announcements (SPEC §7; JeecgBoot `/sys/annountCement/*`, `/sys/sysAnnouncementSend/*`). */
export const AnnouncementRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/sys/annountCement/list',
    access: 'announcement:list',
    tag,
    summary: 'Announcements of the current tenant (generic list)',
    query: ListQuerySchema,
    result: pageResultOf(AnnouncementRecordSchema),
  }),
  queryById: defineRoute({
    method: 'GET',
    path: '/sys/annountCement/queryById',
    access: 'announcement:list',
    tag,
    summary: 'One announcement',
    query: IdQuerySchema,
    result: AnnouncementRecordSchema,
  }),
  add: defineRoute({
    method: 'POST',
    path: '/sys/annountCement/add',
    access: 'announcement:add',
    tag,
    summary: 'Create a draft announcement (content sanitised)',
    body: AnnouncementCreateSchema,
    result: z.object({ id: z.string() }),
    jsonLimits: LONG_TEXT_JSON_LIMITS,
  }),
  edit: defineRoute({
    method: 'PUT',
    path: '/sys/annountCement/edit',
    access: 'announcement:edit',
    tag,
    summary: 'Edit a draft announcement',
    body: AnnouncementEditSchema,
    result: ok,
    jsonLimits: LONG_TEXT_JSON_LIMITS,
  }),
  delete: defineRoute({
    method: 'DELETE',
    path: '/sys/annountCement/delete',
    access: 'announcement:delete',
    tag,
    summary: 'Delete an announcement',
    query: IdQuerySchema,
    result: ok,
  }),
  deleteBatch: defineRoute({
    method: 'DELETE',
    path: '/sys/annountCement/deleteBatch',
    access: 'announcement:batch_delete',
    tag,
    summary: 'Delete announcements',
    query: IdsQuerySchema,
    result: ok,
  }),
  release: defineRoute({
    method: 'GET',
    path: '/sys/annountCement/doReleaseData',
    access: 'announcement:release',
    tag,
    summary: "Publish a draft: recipients get it and a live push ('topic' all / 'user' chosen)",
    query: IdQuerySchema,
    result: ok,
  }),
  revoke: defineRoute({
    method: 'GET',
    path: '/sys/annountCement/doReovkeData',
    access: 'announcement:revoke',
    tag,
    summary: 'Revoke a published announcement',
    query: IdQuerySchema,
    result: ok,
  }),
  listByUser: defineRoute({
    method: 'GET',
    path: '/sys/annountCement/listByUser',
    access: 'session',
    tag,
    summary: "The caller's unread notices and system messages (notice bell)",
    query: z.object({ pageSize: z.coerce.number().int().min(1).max(50).optional() }),
    result: ListByUserResultSchema,
  }),
  mine: defineRoute({
    method: 'GET',
    path: '/sys/sysAnnouncementSend/getMyAnnouncementSend',
    access: 'session',
    tag,
    summary: "The caller's received announcements (generic list: titile, msgCategory, priority, readFlag, starFlag)",
    query: ListQuerySchema,
    result: pageResultOf(MyAnnouncementSchema),
  }),
  readOne: defineRoute({
    method: 'GET',
    path: '/sys/sysAnnouncementSend/queryById',
    access: 'session',
    tag,
    summary: 'One received announcement (content sanitised)',
    query: AnntIdSchema,
    result: MyAnnouncementSchema,
  }),
  markRead: defineRoute({
    method: 'PUT',
    path: '/sys/sysAnnouncementSend/editByAnntIdAndUserId',
    access: 'session',
    tag,
    summary: 'Mark a received announcement read',
    body: AnntIdSchema,
    result: ok,
  }),
  readAll: defineRoute({
    method: 'PUT',
    path: '/sys/sysAnnouncementSend/readAll',
    access: 'session',
    tag,
    summary: 'Mark every received announcement read',
    result: ok,
  }),
  star: defineRoute({
    method: 'PUT',
    path: '/sys/sysAnnouncementSend/star',
    access: 'session',
    tag,
    summary: 'Star or unstar a received announcement',
    body: AnntIdSchema.extend({ starFlag: z.boolean() }),
    result: ok,
  }),
} as const;
