import {
  ANNOUNCEMENT_STATUS,
  type AnnouncementCreate,
  type AnnouncementEdit,
  type WsServerMessage,
} from '@ztj/contracts';
import type { Db, Queryable } from '../../platform/db/db';
import { AppError } from '../../platform/http/app-error';
import { requireAllVisible, requireVisible } from '../../platform/list/list-runner';
import type { ListCaller } from '../../platform/list/list-spec';
import type { RealtimeHub } from '../../platform/realtime/hub';
import { ANNOUNCEMENT_LIST } from './announcements.list';
import * as repo from './announcements.repo';
import { sanitizeAnnouncementHtml } from './sanitize';

/** The distinct non-empty ids of a comma list. */
export function splitUserIds(list: string | null | undefined): string[] {
  return [
    ...new Set(
      (list ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}

/**
 * Checks that every chosen recipient is a user of the caller's tenant.
 * @throws AppError badRequest announcementNoRecipients / announcementRecipientUnknown
 */
async function checkRecipients(q: Queryable, body: AnnouncementCreate, tenantId: number): Promise<string | null> {
  if (body.msgType !== 'USER') return null;
  const ids = splitUserIds(body.userIds);
  if (ids.length === 0) throw new AppError('badRequest', 'announcementNoRecipients');
  const rows = await repo.tenantUserIds(q, tenantId, ids);
  if (rows.length !== ids.length) throw new AppError('badRequest', 'announcementRecipientUnknown');
  return ids.join(',');
}

/** The stored fields of `body`: title trimmed, content sanitised, page and business id only with an open type. */
function values(body: AnnouncementCreate, userIds: string | null): repo.AnnouncementFields {
  return {
    titile: body.titile.trim(),
    msgAbstract: body.msgAbstract ?? null,
    msgContent: sanitizeAnnouncementHtml(body.msgContent),
    priority: body.priority,
    msgCategory: body.msgCategory,
    msgType: body.msgType,
    userIds,
    openType: body.openType ?? null,
    openPage: body.openType ? (body.openPage?.trim() ?? null) : null,
    busId: body.openType ? (body.busId ?? null) : null,
  };
}

/** Creates a draft announcement of the caller's tenant (content sanitised). @returns its id */
export async function createAnnouncement(db: Db, body: AnnouncementCreate, caller: ListCaller): Promise<string> {
  const userIds = await checkRecipients(db, body, caller.tenantId);
  return repo.insertAnnouncement(db, caller.tenantId, values(body, userIds), caller.username);
}

/**
 * Edits a draft of the caller's tenant.
 * @throws AppError notFound (missing / other tenant), badRequest announcementNotDraft
 */
export async function editAnnouncement(db: Db, body: AnnouncementEdit, caller: ListCaller): Promise<void> {
  await requireVisible(db, ANNOUNCEMENT_LIST, body.id, caller);
  if ((await repo.announcementStatus(db, body.id)) !== ANNOUNCEMENT_STATUS.draft)
    throw new AppError('badRequest', 'announcementNotDraft');
  const userIds = await checkRecipients(db, body, caller.tenantId);
  await repo.updateAnnouncement(db, body.id, values(body, userIds), caller.username);
}

/** Deletes announcements of the caller's tenant (their receipts go with them). */
export async function deleteAnnouncements(db: Db, ids: string[], caller: ListCaller): Promise<void> {
  const visible = await requireAllVisible(db, ANNOUNCEMENT_LIST, ids, caller);
  await repo.deleteAnnouncementRows(db, visible);
}

/**
 * Recipients of an announcement: the tenant's active users (all, or the chosen ones still in the
 * tenant) whose notification preferences accept its kind (SPEC §2 account settings): an
 * announcement to all users is a "system message", one to chosen users a "user message".
 */
async function recipients(q: Queryable, tenantId: number, msgType: string, userIds: string | null): Promise<string[]> {
  const pref = msgType === 'USER' ? 'user_message' : 'system_message';
  return repo.notifiableUsers(q, tenantId, pref, msgType === 'USER' ? splitUserIds(userIds) : null);
}

/**
 * Publishes a draft (SPEC §4): writes a receipt per recipient and pushes to each of them on the
 * console socket, only in sessions of this tenant — cmd 'topic' for all users, 'user' for chosen
 * users; `msgId` is the announcement id, `msgTxt` its title.
 * @returns the ids of the users it went to
 * @throws AppError notFound, badRequest announcementNotDraft
 */
export async function publishAnnouncement(db: Db, hub: RealtimeHub, id: string, caller: ListCaller): Promise<string[]> {
  await requireVisible(db, ANNOUNCEMENT_LIST, id, caller);
  const sent = await db.tx(async (q) => {
    const a = await repo.markPublished(q, id, caller.username);
    if (!a) throw new AppError('badRequest', 'announcementNotDraft');
    const users = await recipients(q, caller.tenantId, a.msg_type, a.user_ids);
    if (users.length) await repo.insertReceipts(q, id, users);
    return {
      users,
      message: { cmd: a.msg_type === 'USER' ? 'user' : 'topic', msgId: id, msgTxt: a.titile } as WsServerMessage,
    };
  });
  for (const userId of sent.users) hub.toUser(userId, sent.message, caller.tenantId);
  return sent.users;
}

/**
 * Revokes a published announcement: it leaves the recipients' lists and bells (their bells drop it
 * at the next load; no push, which would announce it again).
 * @throws AppError notFound, badRequest announcementNotPublished
 */
export async function revokeAnnouncement(db: Db, id: string, caller: ListCaller): Promise<void> {
  await requireVisible(db, ANNOUNCEMENT_LIST, id, caller);
  if (!(await repo.markRevoked(db, id, caller.username))) throw new AppError('badRequest', 'announcementNotPublished');
}
