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
  const rows = await q.query<{ user_id: string }>(
    'SELECT user_id FROM sys_user_tenant WHERE tenant_id = $1 AND user_id = ANY($2::text[])',
    [tenantId, ids],
  );
  if (rows.length !== ids.length) throw new AppError('badRequest', 'announcementRecipientUnknown');
  return ids.join(',');
}

function values(body: AnnouncementCreate, userIds: string | null): unknown[] {
  return [
    body.titile.trim(),
    body.msgAbstract ?? null,
    sanitizeAnnouncementHtml(body.msgContent),
    body.priority,
    body.msgCategory,
    body.msgType,
    userIds,
    body.openType ?? null,
    body.openType ? (body.openPage?.trim() ?? null) : null,
    body.openType ? (body.busId ?? null) : null,
  ];
}

/** Creates a draft announcement of the caller's tenant (content sanitised). @returns its id */
export async function createAnnouncement(db: Db, body: AnnouncementCreate, caller: ListCaller): Promise<string> {
  const userIds = await checkRecipients(db, body, caller.tenantId);
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO sys_announcement (tenant_id, titile, msg_abstract, msg_content, priority, msg_category, msg_type, user_ids, open_type, open_page, bus_id, create_by)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12) RETURNING id`,
    [caller.tenantId, ...values(body, userIds), caller.username],
  );
  return row!.id;
}

async function statusOf(q: Queryable, id: string): Promise<string> {
  const [row] = await q.query<{ send_status: string }>('SELECT send_status FROM sys_announcement WHERE id = $1', [id]);
  return row?.send_status ?? '';
}

/**
 * Edits a draft of the caller's tenant.
 * @throws AppError notFound (missing / other tenant), badRequest announcementNotDraft
 */
export async function editAnnouncement(db: Db, body: AnnouncementEdit, caller: ListCaller): Promise<void> {
  await requireVisible(db, ANNOUNCEMENT_LIST, body.id, caller);
  if ((await statusOf(db, body.id)) !== ANNOUNCEMENT_STATUS.draft)
    throw new AppError('badRequest', 'announcementNotDraft');
  const userIds = await checkRecipients(db, body, caller.tenantId);
  await db.query(
    `UPDATE sys_announcement SET titile = $2, msg_abstract = $3, msg_content = $4, priority = $5, msg_category = $6, msg_type = $7, user_ids = $8,
            open_type = $9, open_page = $10, bus_id = $11, update_by = $12, update_time = now() WHERE id = $1`,
    [body.id, ...values(body, userIds), caller.username],
  );
}

/** Deletes announcements of the caller's tenant (their receipts go with them). */
export async function deleteAnnouncements(db: Db, ids: string[], caller: ListCaller): Promise<void> {
  const visible = await requireAllVisible(db, ANNOUNCEMENT_LIST, ids, caller);
  await db.query('DELETE FROM sys_announcement WHERE id = ANY($1::text[])', [visible]);
}

/**
 * Recipients of an announcement: the tenant's active users (all, or the chosen ones still in the
 * tenant) whose notification preferences accept its kind (SPEC §2 account settings): an
 * announcement to all users is a "system message", one to chosen users a "user message".
 */
async function recipients(q: Queryable, tenantId: number, msgType: string, userIds: string | null): Promise<string[]> {
  const pref = msgType === 'USER' ? 'user_message' : 'system_message';
  const rows = await q.query<{ id: string }>(
    `SELECT u.id FROM sys_user u
       JOIN sys_user_tenant ut ON ut.user_id = u.id AND ut.tenant_id = $1
       LEFT JOIN sys_user_notification n ON n.user_id = u.id
      WHERE u.status = 1 AND u.del_flag = 0 AND coalesce(n.${pref}, true)
        AND ($2::text[] IS NULL OR u.id = ANY($2::text[]))`,
    [tenantId, msgType === 'USER' ? splitUserIds(userIds) : null],
  );
  return rows.map((r) => r.id);
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
    const [a] = await q.query<{ titile: string; msg_type: string; user_ids: string | null }>(
      `UPDATE sys_announcement SET send_status = '1', send_time = now(), sender = $2, update_by = $2, update_time = now()
        WHERE id = $1 AND send_status = '0' RETURNING titile, msg_type, user_ids`,
      [id, caller.username],
    );
    if (!a) throw new AppError('badRequest', 'announcementNotDraft');
    const users = await recipients(q, caller.tenantId, a.msg_type, a.user_ids);
    if (users.length)
      await q.query(
        'INSERT INTO sys_announcement_send (annt_id, user_id) SELECT $1, unnest($2::text[]) ON CONFLICT DO NOTHING',
        [id, users],
      );
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
  const rows = await db.query<{ id: string }>(
    `UPDATE sys_announcement SET send_status = '2', cancel_time = now(), update_by = $2, update_time = now()
      WHERE id = $1 AND send_status = '1' RETURNING id`,
    [id, caller.username],
  );
  if (!rows.length) throw new AppError('badRequest', 'announcementNotPublished');
}
