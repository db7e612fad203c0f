import type { Queryable } from '../../../platform/db/db';
import { SHARE_FROM, SHARE_SELECT } from './shares.list';

/**
 * Owner-side share queries (CONVENTIONS §1 repo): tables `device_share` and `share_device`.
 * Share statements carry the owner tenant; times in are ms epoch (null = none).
 */

/** Id of the undeleted user whose user name (case-insensitive) or phone is `account`, a user-name match first; undefined when none. */
export async function receiverIdOf(q: Queryable, account: string): Promise<string | undefined> {
  const [row] = await q.query<{ id: string }>(
    `SELECT id FROM sys_user WHERE del_flag = 0 AND (lower(username) = lower($1) OR phone = $1)
      ORDER BY (lower(username) = lower($1)) DESC, create_time LIMIT 1`,
    [account],
  );
  return row?.id;
}

/** The share row `id` of the owner tenant (columns of `SHARE_SELECT`), or undefined. */
export async function shareRow(
  q: Queryable,
  tenantId: number,
  id: string,
): Promise<Record<string, unknown> | undefined> {
  const [row] = await q.query(`SELECT ${SHARE_SELECT} FROM ${SHARE_FROM} WHERE s.owner_tenant_id = $1 AND s.id = $2`, [
    tenantId,
    id,
  ]);
  return row;
}

/** Device numbers of share `id`, in the order they were added. */
export async function shareDeviceIds(q: Queryable, id: string): Promise<string[]> {
  const ids = await q.query<{ dev_no: string }>(
    'SELECT dev_no FROM share_device WHERE share_id = $1 ORDER BY add_time, dev_no',
    [id],
  );
  return ids.map((r) => r.dev_no);
}

/** Inserts a share of the owner's devices `deviceIds` to `receiverId` (expiry ms or null); returns its id. */
export async function insertShare(
  q: Queryable,
  s: { tenantId: number; userId: string; receiverId: string; note: string; expireTime: number | null; by: string },
  deviceIds: string[],
): Promise<string> {
  const [row] = await q.query<{ id: string }>(
    `INSERT INTO device_share (owner_tenant_id, owner_user_id, receiver_user_id, note, expire_time, create_by)
       VALUES ($1,$2,$3,$4, CASE WHEN $5::float8 IS NULL THEN NULL ELSE to_timestamp($5::float8 / 1000) END, $6) RETURNING id`,
    [s.tenantId, s.userId, s.receiverId, s.note, s.expireTime, s.by],
  );
  await q.query('INSERT INTO share_device (share_id, dev_no) SELECT $1, unnest($2::text[])', [row!.id, deviceIds]);
  return row!.id;
}

/** Sets note and expiry (ms or null) of the owner tenant's share `id`. */
export async function updateShareRow(
  q: Queryable,
  tenantId: number,
  id: string,
  s: { note: string; expireTime: number | null },
  by: string,
): Promise<void> {
  await q.query(
    `UPDATE device_share SET note = $3, expire_time = CASE WHEN $4::float8 IS NULL THEN NULL ELSE to_timestamp($4::float8 / 1000) END,
       update_by = $5, update_time = now() WHERE owner_tenant_id = $1 AND id = $2`,
    [tenantId, id, s.note, s.expireTime, by],
  );
}

/** Ends the owner tenant's share `id` now (no-op when already ended). */
export async function endShare(q: Queryable, tenantId: number, id: string, by: string): Promise<void> {
  await q.query(
    'UPDATE device_share SET unbind_time = now(), unbind_by = $3 WHERE owner_tenant_id = $1 AND id = $2 AND unbind_time IS NULL',
    [tenantId, id, by],
  );
}

/** Adds devices to share `id` (already shared ones kept). */
export async function addShareDevices(q: Queryable, id: string, deviceIds: string[]): Promise<void> {
  await q.query('INSERT INTO share_device (share_id, dev_no) SELECT $1, unnest($2::text[]) ON CONFLICT DO NOTHING', [
    id,
    deviceIds,
  ]);
}

/** Removes devices from share `id`. */
export async function removeShareDevices(q: Queryable, id: string, deviceIds: string[]): Promise<void> {
  await q.query('DELETE FROM share_device WHERE share_id = $1 AND dev_no = ANY($2::text[])', [id, deviceIds]);
}
