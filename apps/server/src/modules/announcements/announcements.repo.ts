import type { Queryable } from '../../platform/db/db';

/**
 * Announcement queries (CONVENTIONS §1 repo): tables `sys_announcement` (per tenant) and
 * `sys_announcement_send` (one receipt per recipient). Send status: '0' draft, '1' published,
 * '2' revoked. Receipt reads carry the caller's user and tenant and see published ones only.
 */

/** The stored fields of an announcement, in column order (content already sanitised). */
export interface AnnouncementFields {
  titile: string;
  msgAbstract: string | null;
  msgContent: string;
  priority: string;
  msgCategory: string;
  msgType: string;
  /** Comma-joined recipient ids (msgType USER), else null. */
  userIds: string | null;
  openType: string | null;
  openPage: string | null;
  busId: string | null;
}

const fieldValues = (f: AnnouncementFields): unknown[] => [
  f.titile,
  f.msgAbstract,
  f.msgContent,
  f.priority,
  f.msgCategory,
  f.msgType,
  f.userIds,
  f.openType,
  f.openPage,
  f.busId,
];

const RECEIVED = `SELECT a.*, s.read_flag, s.read_time, s.star_flag
                    FROM sys_announcement_send s JOIN sys_announcement a ON a.id = s.annt_id
                   WHERE s.user_id = $1 AND a.tenant_id = $2 AND a.send_status = '1'`;

/** The whole row of announcement `id`, or undefined. */
export async function announcementRow(q: Queryable, id: string): Promise<Record<string, unknown> | undefined> {
  const [row] = await q.query<Record<string, unknown>>('SELECT * FROM sys_announcement WHERE id = $1', [id]);
  return row;
}

/** Which of `ids` are users of tenant `tenantId`. */
export async function tenantUserIds(q: Queryable, tenantId: number, ids: string[]): Promise<string[]> {
  const rows = await q.query<{ user_id: string }>(
    'SELECT user_id FROM sys_user_tenant WHERE tenant_id = $1 AND user_id = ANY($2::text[])',
    [tenantId, ids],
  );
  return rows.map((r) => r.user_id);
}

/** Inserts a draft of tenant `tenantId` by user name `by`; returns its id. */
export async function insertAnnouncement(
  q: Queryable,
  tenantId: number,
  f: AnnouncementFields,
  by: string,
): Promise<string> {
  const [row] = await q.query<{ id: string }>(
    `INSERT INTO sys_announcement (tenant_id, titile, msg_abstract, msg_content, priority, msg_category, msg_type, user_ids, open_type, open_page, bus_id, create_by)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12) RETURNING id`,
    [tenantId, ...fieldValues(f), by],
  );
  return row!.id;
}

/** Send status of announcement `id` ('' when there is none). */
export async function announcementStatus(q: Queryable, id: string): Promise<string> {
  const [row] = await q.query<{ send_status: string }>('SELECT send_status FROM sys_announcement WHERE id = $1', [id]);
  return row?.send_status ?? '';
}

/** Rewrites announcement `id`'s fields; `by` = user name. */
export async function updateAnnouncement(q: Queryable, id: string, f: AnnouncementFields, by: string): Promise<void> {
  await q.query(
    `UPDATE sys_announcement SET titile = $2, msg_abstract = $3, msg_content = $4, priority = $5, msg_category = $6, msg_type = $7, user_ids = $8,
            open_type = $9, open_page = $10, bus_id = $11, update_by = $12, update_time = now() WHERE id = $1`,
    [id, ...fieldValues(f), by],
  );
}

/** Deletes announcements `ids` (their receipts go with them). */
export async function deleteAnnouncementRows(q: Queryable, ids: string[]): Promise<void> {
  await q.query('DELETE FROM sys_announcement WHERE id = ANY($1::text[])', [ids]);
}

/**
 * Active users of tenant `tenantId` (only `only` among them when given) whose notification
 * preference column `pref` is on (or unset).
 */
export async function notifiableUsers(
  q: Queryable,
  tenantId: number,
  pref: 'user_message' | 'system_message',
  only: string[] | null,
): Promise<string[]> {
  const rows = await q.query<{ id: string }>(
    `SELECT u.id FROM sys_user u
       JOIN sys_user_tenant ut ON ut.user_id = u.id AND ut.tenant_id = $1
       LEFT JOIN sys_user_notification n ON n.user_id = u.id
      WHERE u.status = 1 AND u.del_flag = 0 AND coalesce(n.${pref}, true)
        AND ($2::text[] IS NULL OR u.id = ANY($2::text[]))`,
    [tenantId, only],
  );
  return rows.map((r) => r.id);
}

/** Marks draft `id` published by user name `by`; its title, type and recipients, or undefined when not a draft. */
export async function markPublished(
  q: Queryable,
  id: string,
  by: string,
): Promise<{ titile: string; msg_type: string; user_ids: string | null } | undefined> {
  const [a] = await q.query<{ titile: string; msg_type: string; user_ids: string | null }>(
    `UPDATE sys_announcement SET send_status = '1', send_time = now(), sender = $2, update_by = $2, update_time = now()
        WHERE id = $1 AND send_status = '0' RETURNING titile, msg_type, user_ids`,
    [id, by],
  );
  return a;
}

/** Writes a receipt of announcement `id` for each of `users` (existing ones kept). */
export async function insertReceipts(q: Queryable, id: string, users: string[]): Promise<void> {
  await q.query(
    'INSERT INTO sys_announcement_send (annt_id, user_id) SELECT $1, unnest($2::text[]) ON CONFLICT DO NOTHING',
    [id, users],
  );
}

/** Marks published announcement `id` revoked by user name `by`; false when it was not published. */
export async function markRevoked(q: Queryable, id: string, by: string): Promise<boolean> {
  const rows = await q.query<{ id: string }>(
    `UPDATE sys_announcement SET send_status = '2', cancel_time = now(), update_by = $2, update_time = now()
      WHERE id = $1 AND send_status = '1' RETURNING id`,
    [id, by],
  );
  return rows.length > 0;
}

/** The user's unread published announcements of the tenant with their receipt fields, newest first. */
export async function unreadReceived(
  q: Queryable,
  userId: string,
  tenantId: number,
): Promise<Record<string, unknown>[]> {
  return q.query<Record<string, unknown>>(`${RECEIVED} AND NOT s.read_flag ORDER BY a.send_time DESC, a.id`, [
    userId,
    tenantId,
  ]);
}

/** One published announcement of the tenant received by the user, with its receipt fields, or undefined. */
export async function receivedOne(
  q: Queryable,
  userId: string,
  tenantId: number,
  anntId: string,
): Promise<Record<string, unknown> | undefined> {
  const [row] = await q.query<Record<string, unknown>>(`${RECEIVED} AND a.id = $3`, [userId, tenantId, anntId]);
  return row;
}

async function updateReceipt(
  q: Queryable,
  userId: string,
  tenantId: number,
  anntId: string,
  set: string,
  params: unknown[] = [],
): Promise<boolean> {
  const rows = await q.query(
    `UPDATE sys_announcement_send s SET ${set} FROM sys_announcement a
        WHERE a.id = s.annt_id AND s.annt_id = $1 AND s.user_id = $2 AND a.tenant_id = $3 AND a.send_status = '1' RETURNING s.annt_id`,
    [anntId, userId, tenantId, ...params],
  );
  return rows.length > 0;
}

/** Marks the user's receipt of published `anntId` read (first read time kept); false when there is none. */
export function markReceiptRead(q: Queryable, userId: string, tenantId: number, anntId: string): Promise<boolean> {
  return updateReceipt(q, userId, tenantId, anntId, 'read_flag = true, read_time = coalesce(s.read_time, now())');
}

/** Sets the star flag of the user's receipt of published `anntId`; false when there is none. */
export function starReceipt(
  q: Queryable,
  userId: string,
  tenantId: number,
  anntId: string,
  starFlag: boolean,
): Promise<boolean> {
  return updateReceipt(q, userId, tenantId, anntId, 'star_flag = $4', [starFlag]);
}

/** Marks every unread receipt of the user in the tenant read now. */
export async function markAllReceiptsRead(q: Queryable, userId: string, tenantId: number): Promise<void> {
  await q.query(
    `UPDATE sys_announcement_send s SET read_flag = true, read_time = now() FROM sys_announcement a
        WHERE a.id = s.annt_id AND s.user_id = $1 AND a.tenant_id = $2 AND NOT s.read_flag`,
    [userId, tenantId],
  );
}
