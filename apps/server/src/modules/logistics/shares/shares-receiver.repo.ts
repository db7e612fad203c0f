import type { ShareAccessAction } from '@ztj/contracts';
import type { Queryable } from '../../../platform/db/db';

/**
 * Receiver-side share queries (CONVENTIONS §1 repo). Every statement finds, at the moment of the
 * call, a LIVE share to receiver `$1` — `unbind_time` null, `expire_time` null or later than the
 * database's now(), the device still in the share and still a device of the sharing tenant — and
 * access is written to `share_access_log`.
 */

/** Predicate of a live share `s` to receiver `$1` whose device row `d` still belongs to the owner. */
const LIVE = `s.receiver_user_id = $1 AND s.unbind_time IS NULL AND (s.expire_time IS NULL OR s.expire_time > now())`;
const LIVE_FROM = `device_share s JOIN share_device sd ON sd.share_id = s.id JOIN device d ON d.dev_no = sd.dev_no AND d.tenant_id = s.owner_tenant_id`;

/** A live share of one device to the receiver, with the owner's names; times ms epoch. */
export interface ShareRow {
  share_id: string;
  owner_tenant_id: number;
  tenant_name: string;
  tenant_name_en: string | null;
  from_user: string;
  note: string;
  expire_ms: number | null;
  create_ms: number;
  dev_no: string;
}

const SHARE_COLUMNS = `s.id AS share_id, s.owner_tenant_id, t.name AS tenant_name, t.name_en AS tenant_name_en, ou.realname AS from_user, s.note,
  (extract(epoch FROM s.expire_time) * 1000)::float8 AS expire_ms, (extract(epoch FROM s.create_time) * 1000)::float8 AS create_ms, sd.dev_no`;
const SHARE_JOINS = `${LIVE_FROM} JOIN sys_tenant t ON t.id = s.owner_tenant_id JOIN sys_user ou ON ou.id = s.owner_user_id`;

/**
 * Logs `action` on `deviceId` by the user against the oldest live share of it to them (one
 * statement); the share id and owner tenant, or undefined when there is no live share.
 */
export async function logLiveShareAccess(
  q: Queryable,
  user: { userId: string; username: string },
  deviceId: string,
  action: ShareAccessAction,
): Promise<{ share_id: string; owner_tenant_id: number } | undefined> {
  const [row] = await q.query<{ share_id: string; owner_tenant_id: number }>(
    `WITH live AS (
       SELECT s.id, s.owner_tenant_id FROM ${LIVE_FROM} WHERE ${LIVE} AND sd.dev_no = $2 ORDER BY s.create_time LIMIT 1)
     INSERT INTO share_access_log (share_id, owner_tenant_id, dev_no, user_id, username, action)
     SELECT id, owner_tenant_id, $2, $1, $3, $4 FROM live RETURNING share_id, owner_tenant_id`,
    [user.userId, deviceId, user.username, action],
  );
  return row;
}

/**
 * A page of the devices in live shares to the user, newest share first, whose number, name or
 * alias contains `keyword` (case-insensitive, wildcards literal) when given, and their total.
 */
export async function liveSharePage(
  q: Queryable,
  userId: string,
  query: { pageNo: number; pageSize: number; keyword?: string | undefined },
): Promise<{ rows: ShareRow[]; total: number }> {
  const params: unknown[] = [userId];
  let filter = '';
  if (query.keyword) {
    params.push(`%${query.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    filter = ` AND (d.dev_no ILIKE $2 OR d.name ILIKE $2 OR d.alias ILIKE $2)`;
  }
  const [count] = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${LIVE_FROM} WHERE ${LIVE}${filter}`,
    params,
  );
  const rows = await q.query<ShareRow>(
    `SELECT ${SHARE_COLUMNS} FROM ${SHARE_JOINS} WHERE ${LIVE}${filter} ORDER BY s.create_time DESC, sd.dev_no
      LIMIT ${query.pageSize} OFFSET ${(query.pageNo - 1) * query.pageSize}`,
    params,
  );
  return { rows, total: count?.n ?? 0 };
}

/** Logs a `list` access by the user for each share row listed. */
export async function logListAccess(
  q: Queryable,
  user: { userId: string; username: string },
  rows: ShareRow[],
): Promise<void> {
  await q.query(
    `INSERT INTO share_access_log (share_id, owner_tenant_id, dev_no, user_id, username, action)
       SELECT x.share_id, x.owner_tenant_id, x.dev_no, $1, $2, 'list' FROM unnest($3::text[], $4::int[], $5::text[]) AS x(share_id, owner_tenant_id, dev_no)`,
    [
      user.userId,
      user.username,
      rows.map((r) => r.share_id),
      rows.map((r) => Number(r.owner_tenant_id)),
      rows.map((r) => r.dev_no),
    ],
  );
}

/** The rows of live share `shareId` to the user for device `deviceId` (none when it is no longer live). */
export async function liveShareRows(
  q: Queryable,
  userId: string,
  shareId: string,
  deviceId: string,
): Promise<ShareRow[]> {
  return q.query<ShareRow>(
    `SELECT ${SHARE_COLUMNS} FROM ${SHARE_JOINS} WHERE ${LIVE} AND s.id = $2 AND sd.dev_no = $3`,
    [userId, shareId, deviceId],
  );
}
