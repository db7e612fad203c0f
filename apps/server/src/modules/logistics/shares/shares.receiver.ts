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
import * as repo from './shares-receiver.repo';
import type { ShareRow } from './shares-receiver.repo';

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
  const row = await repo.logLiveShareAccess(db, auth, deviceId, action);
  if (!row) throw new AppError('forbidden', 'shareNoAccess');
  return { shareId: row.share_id, ownerTenantId: Number(row.owner_tenant_id) };
}

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
  const { rows, total } = await repo.liveSharePage(db, auth.userId, query);
  const records = await sharedDevices(db, rows, lang);
  if (records.length) await repo.logListAccess(db, auth, rows);
  return page(records, total, query.pageNo, query.pageSize);
}

/** One shared device (latest values and position) with who shared it. @throws AppError forbidden shareNoAccess. */
export async function viewSharedDevice(
  db: Db,
  auth: AuthContext,
  lang: Language,
  deviceId: string,
): Promise<SharedDevice> {
  const { shareId } = await requireLiveShare(db, auth, deviceId, 'view');
  const rows = await repo.liveShareRows(db, auth.userId, shareId, deviceId);
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
