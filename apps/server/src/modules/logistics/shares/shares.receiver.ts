import type {
  AlarmRecord,
  HistoryQuery,
  HistoryResult,
  Language,
  PageResult,
  ShareAccessAction,
  SharedDevice,
} from '@ztj/contracts';
import type { AuthContext } from '../../../platform/auth/auth-context';
import type { Db } from '../../../platform/db/db';
import { AppError } from '../../../platform/http/app-error';
import { listPage } from '../../../platform/list/list-runner';
import { ALARM_LIST } from '../../alarms/handling/alarms.list';
import { devicesByIds, page } from '../../devices/devices.repo';
import { deviceHistory, deviceTrack } from '../../devices/history.repo';

/**
 * Receiver side of device shares (SPEC §2 shared devices, §7 receiveList).
 *
 * Security rule: every call finds, in SQL and at the moment of the call, a LIVE share of the
 * device to the caller — `unbind_time` null, `expire_time` null or later than the database's
 * now(), the device still in the share and still a device of the sharing tenant. Nothing is
 * cached, so unbind, unbindDevs or expiry remove access at once. The same statement writes the
 * access log row (who, which device, what, when). Then the existing read functions of the
 * devices and alarms modules run with the owner tenant and that one device id; nothing else of
 * the sharing tenant is reachable.
 */

/** Predicate of a live share `s` to receiver `$1` whose device row `d` still belongs to the owner. */
const LIVE = `s.receiver_user_id = $1 AND s.unbind_time IS NULL AND (s.expire_time IS NULL OR s.expire_time > now())`;
const LIVE_FROM = `device_share s JOIN share_device sd ON sd.share_id = s.id JOIN device d ON d.dev_no = sd.dev_no AND d.tenant_id = s.owner_tenant_id`;

/**
 * Checks that `deviceId` is in a live share to the caller and logs the access (one statement).
 * @returns the share id and the owner tenant.
 * @throws AppError forbidden (403) shareNoAccess: unknown device, not shared, ended or expired.
 */
export async function requireLiveShare(
  db: Db,
  auth: AuthContext,
  deviceId: string,
  action: ShareAccessAction,
): Promise<{ shareId: string; ownerTenantId: number }> {
  const [row] = await db.query<{ share_id: string; owner_tenant_id: number }>(
    `WITH live AS (
       SELECT s.id, s.owner_tenant_id FROM ${LIVE_FROM} WHERE ${LIVE} AND sd.dev_no = $2 ORDER BY s.create_time LIMIT 1)
     INSERT INTO share_access_log (share_id, owner_tenant_id, dev_no, user_id, username, action)
     SELECT id, owner_tenant_id, $2, $1, $3, $4 FROM live RETURNING share_id, owner_tenant_id`,
    [auth.userId, deviceId, auth.username, action],
  );
  if (!row) throw new AppError('forbidden', 'shareNoAccess');
  return { shareId: row.share_id, ownerTenantId: Number(row.owner_tenant_id) };
}

interface ShareRow {
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

/** Turns share rows into shared devices, reading the devices through the devices module per owner tenant. */
async function sharedDevices(db: Db, rows: ShareRow[], lang: Language): Promise<SharedDevice[]> {
  const byTenant = new Map<number, string[]>();
  for (const r of rows)
    byTenant.set(Number(r.owner_tenant_id), [...(byTenant.get(Number(r.owner_tenant_id)) ?? []), r.dev_no]);
  const devices = new Map<string, SharedDevice['device']>();
  for (const [tenantId, ids] of byTenant) {
    for (const d of await devicesByIds(db, tenantId, ids)) devices.set(`${tenantId}|${d.id}`, d);
  }
  return rows.flatMap((r) => {
    const device = devices.get(`${Number(r.owner_tenant_id)}|${r.dev_no}`);
    if (!device) return [];
    return [
      {
        shareId: r.share_id,
        fromTenant: lang === 'en-US' && r.tenant_name_en ? r.tenant_name_en : r.tenant_name,
        fromUser: r.from_user,
        note: r.note,
        expireTime: r.expire_ms === null ? null : Number(r.expire_ms),
        sharedAt: Number(r.create_ms),
        device,
      },
    ];
  });
}

/**
 * Devices in live shares to the caller, newest share first, optionally filtered by device number
 * or name (contains, case-insensitive). Each listed device is logged as a `list` access.
 */
export async function receiveList(
  db: Db,
  auth: AuthContext,
  lang: Language,
  query: { pageNo: number; pageSize: number; keyword?: string | undefined },
): Promise<PageResult<SharedDevice>> {
  const params: unknown[] = [auth.userId];
  let filter = '';
  if (query.keyword) {
    params.push(`%${query.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    filter = ` AND (d.dev_no ILIKE $2 OR d.name ILIKE $2 OR d.alias ILIKE $2)`;
  }
  const [count] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${LIVE_FROM} WHERE ${LIVE}${filter}`,
    params,
  );
  const rows = await db.query<ShareRow>(
    `SELECT ${SHARE_COLUMNS} FROM ${SHARE_JOINS} WHERE ${LIVE}${filter} ORDER BY s.create_time DESC, sd.dev_no
      LIMIT ${query.pageSize} OFFSET ${(query.pageNo - 1) * query.pageSize}`,
    params,
  );
  const records = await sharedDevices(db, rows, lang);
  if (records.length) {
    await db.query(
      `INSERT INTO share_access_log (share_id, owner_tenant_id, dev_no, user_id, username, action)
       SELECT x.share_id, x.owner_tenant_id, x.dev_no, $1, $2, 'list' FROM unnest($3::text[], $4::int[], $5::text[]) AS x(share_id, owner_tenant_id, dev_no)`,
      [
        auth.userId,
        auth.username,
        rows.map((r) => r.share_id),
        rows.map((r) => Number(r.owner_tenant_id)),
        rows.map((r) => r.dev_no),
      ],
    );
  }
  return page(records, count?.n ?? 0, query.pageNo, query.pageSize);
}

/** One shared device (latest values and position) with who shared it. @throws AppError forbidden shareNoAccess. */
export async function viewSharedDevice(
  db: Db,
  auth: AuthContext,
  lang: Language,
  deviceId: string,
): Promise<SharedDevice> {
  const { shareId } = await requireLiveShare(db, auth, deviceId, 'view');
  const rows = await db.query<ShareRow>(
    `SELECT ${SHARE_COLUMNS} FROM ${SHARE_JOINS} WHERE ${LIVE} AND s.id = $2 AND sd.dev_no = $3`,
    [auth.userId, shareId, deviceId],
  );
  const [record] = await sharedDevices(db, rows, lang);
  if (!record) throw new AppError('forbidden', 'shareNoAccess');
  return record;
}

/** History of a shared device (the devices module's `deviceHistory`). @throws AppError forbidden shareNoAccess. */
export async function sharedHistory(db: Db, auth: AuthContext, query: HistoryQuery): Promise<HistoryResult> {
  await requireLiveShare(db, auth, query.id, 'history');
  return deviceHistory(db, query.id, query);
}

/** Positions of a shared device for a range (the devices module's `deviceTrack`). @throws AppError forbidden shareNoAccess. */
export async function sharedTrack(
  db: Db,
  auth: AuthContext,
  query: { id: string; beginTime: number; endTime: number },
): Promise<{ id: string; points: { ts: number; lat: number; lng: number }[] }> {
  await requireLiveShare(db, auth, query.id, 'track');
  return { id: query.id, points: await deviceTrack(db, query.id, query.beginTime, query.endTime) };
}

/**
 * Alarms of a shared device: the alarm module's list with the owner tenant's scope and the
 * device filter forced to this one device (only paging, sort and status pass through).
 * @throws AppError forbidden shareNoAccess.
 */
export async function sharedAlarms(
  db: Db,
  auth: AuthContext,
  query: {
    id: string;
    pageNo: number;
    pageSize: number;
    column?: string | undefined;
    order?: 'asc' | 'desc' | undefined;
    status?: string | undefined;
  },
): Promise<PageResult<AlarmRecord>> {
  const { ownerTenantId } = await requireLiveShare(db, auth, query.id, 'alarms');
  const list: Record<string, unknown> = { pageNo: query.pageNo, pageSize: query.pageSize, deviceId: query.id };
  if (query.column) list.column = query.column;
  if (query.order) list.order = query.order;
  if (query.status) list.status = query.status;
  return listPage(db, ALARM_LIST, list, {
    tenantId: ownerTenantId,
    userId: auth.userId,
    username: auth.username,
    orgCode: null,
  });
}
