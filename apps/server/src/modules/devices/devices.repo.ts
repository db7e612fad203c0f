import {
  DEFAULT_ONLINE_WINDOW_MS,
  DEVICE_MAP_LIMIT,
  getParameter,
  type DeviceDetail,
  type DeviceKind,
  type DeviceListQuery,
  type DeviceMapQuery,
  type DeviceMapResult,
  type DeviceRecord,
  type ParameterReading,
  type WorkWindow,
} from '@ztj/contracts';
import type { Queryable } from '../../platform/db/db';
import { AppError } from '../../platform/http/app-error';
import { escapeLike } from '../../platform/list/list-sql';

/**
 * Device queries (CONVENTIONS §1 repo): every function takes the caller's tenant and adds it to
 * the `where` clause, so another tenant's device is simply not found (CONVENTIONS §3).
 */

/** A device row as selected by {@link DEVICE_SELECT}. */
export interface DeviceRow {
  dev_no: string;
  name: string;
  alias: string | null;
  model: string;
  kind: DeviceKind;
  group_id: string | null;
  group_name: string | null;
  gateway_id: string | null;
  firmware: string | null;
  work_status: 'working' | 'idle';
  work_windows: WorkWindow[];
  power: number | null;
  signal: number | null;
  charging: boolean | null;
  powered_on: boolean | null;
  last_ts: number | string | null;
  last_lat: number | null;
  last_lng: number | null;
  bind_status: 'bound' | 'unbound';
  periods: Record<string, number | boolean>;
  org_code: string | null;
  latest: Record<string, number | boolean | string> | null;
  create_ms: number | string;
  update_ms: number | string | null;
  online: boolean;
}

const reportedRecently = (alias: string, now: string): string =>
  `(${alias}.last_ts IS NOT NULL AND ${alias}.last_ts >= ${now} - COALESCE(2 * (${alias}.periods->>'workReportCycle')::bigint * 60000, ${DEFAULT_ONLINE_WINDOW_MS}))`;

/**
 * Online rule: the newest device time is within twice the device's work report cycle
 * (minutes) or, without one, within 10 minutes of now. A gateway that only relays is online while
 * one of its sub-devices is (their readings reach the platform through it). `$now` is the
 * parameter number of now (ms); the device row is aliased `d`.
 */
export const onlineSql = (now: string): string =>
  `(${reportedRecently('d', now)} OR EXISTS (SELECT 1 FROM device s WHERE s.gateway_id = d.dev_no AND ${reportedRecently('s', now)}))`;

/** Columns of a device with its group and latest values (the row is aliased `d`), without the online flag. */
const DEVICE_COLUMNS = `d.dev_no, d.name, d.alias, d.model, d.kind, d.group_id, g.name AS group_name, d.gateway_id,
    d.firmware, d.work_status, d.work_windows, d.power, d.signal, d.charging, d.powered_on, d.last_ts, d.last_lat, d.last_lng,
    d.bind_status, d.periods, d.org_code, l."values" AS latest,
    (extract(epoch FROM d.create_time) * 1000)::float8 AS create_ms, (extract(epoch FROM d.update_time) * 1000)::float8 AS update_ms`;
const DEVICE_FROM =
  'FROM device d LEFT JOIN device_group g ON g.id = d.group_id LEFT JOIN device_latest l ON l.device_id = d.dev_no';

/** Select list of a device with its group, latest values and online flag; `$1` tenant, `$2` now (ms). */
export const DEVICE_SELECT = `SELECT ${DEVICE_COLUMNS},
    ${onlineSql('$2')} AS online
  ${DEVICE_FROM}`;

/** Values with their units (SPEC §3 parameter table), in code order. */
export function readingsOf(values: Record<string, number | boolean | string> | null | undefined): ParameterReading[] {
  if (!values) return [];
  return Object.keys(values)
    .sort()
    .map((code) => ({ code, value: values[code]!, unit: getParameter(code)?.unit ?? '' }));
}

const n = (v: number | string | null): number | null => (v === null ? null : Number(v));

export function toRecord(r: DeviceRow): DeviceRecord {
  return {
    id: r.dev_no,
    name: r.name,
    alias: r.alias,
    model: r.model,
    type: r.kind,
    groupId: r.group_id,
    groupName: r.group_name,
    gatewayId: r.gateway_id,
    firmware: r.firmware,
    workStatus: r.work_status,
    workWindows: r.work_windows,
    power: r.power,
    signal: r.signal,
    charging: r.charging,
    poweredOn: r.powered_on,
    status: r.online ? 'online' : 'offline',
    lastReportTime: n(r.last_ts),
    lat: r.last_lat,
    lng: r.last_lng,
    bindStatus: r.bind_status,
    values: readingsOf(r.latest),
    createTime: Number(r.create_ms),
  };
}

export function toDetail(r: DeviceRow): DeviceDetail {
  return { ...toRecord(r), periods: r.periods, orgCode: r.org_code, updateTime: n(r.update_ms) };
}

/** `*x*` like, `x` substring: both become a case-insensitive contains pattern with `%`/`_` escaped. */
export function containsPattern(text: string): string {
  const core = text.replace(/^\*|\*$/g, '');
  return `%${escapeLike(core)}%`;
}

/**
 * A text filter of the device area's lists with the query-operator prefixes of the list machinery
 * (SPEC §5 text operators): `*x*` contains, `x*` starts with, `*x` ends with (case-insensitive),
 * `!x` differs from x, `>=x` / `<=x` compare; plain `x` means contains (the lists' search before
 * the operators). With several columns (name or alias) one match is enough, and `!x` needs every
 * column to differ. Pushes the bound value onto `params`; the columns are server-written SQL.
 */
export function textFilterSql(columns: readonly string[], raw: string, params: unknown[]): string {
  const text = raw.trim();
  const bind = (value: string): string => `$${params.push(value)}`;
  const any = (sql: (column: string, ref: string) => string, value: string): string => {
    const ref = bind(value);
    return `(${columns.map((c) => sql(c, ref)).join(' OR ')})`;
  };
  if (text.startsWith('!')) {
    const ref = bind(text.slice(1));
    return `(${columns.map((c) => `${c} IS DISTINCT FROM ${ref}`).join(' AND ')})`;
  }
  if (text.startsWith('>=')) return any((c, ref) => `${c} >= ${ref}`, text.slice(2));
  if (text.startsWith('<=')) return any((c, ref) => `${c} <= ${ref}`, text.slice(2));
  const starts = text.length > 1 && text.startsWith('*');
  const ends = text.length > 1 && text.endsWith('*');
  const pattern =
    starts && !ends
      ? `%${escapeLike(text.slice(1))}`
      : ends && !starts
        ? `${escapeLike(text.slice(0, -1))}%`
        : containsPattern(text);
  return any((c, ref) => `${c} ILIKE ${ref}`, pattern);
}

const SORTS: Record<string, string> = {
  createTime: 'd.create_time',
  id: 'd.dev_no',
  name: 'd.name',
  model: 'd.model',
  lastReportTime: 'd.last_ts',
  power: 'd.power',
};

/**
 * Sort columns declared NOT NULL: `NULLS LAST` changes nothing for them and is left out, so the
 * default order (create time, newest first) walks `device_tenant_idx (tenant_id, create_time DESC)`
 * and stops after the page instead of sorting every device of the tenant.
 */
const NOT_NULL_SORTS = new Set(['createTime', 'id', 'name', 'model']);

/** Filters shared by the device list and the device map. */
type DeviceFilter = Pick<DeviceListQuery, 'name' | 'id' | 'model' | 'type' | 'groupId' | 'gatewayId' | 'status'>;

/**
 * The `where` clause of a tenant's devices with `filter` applied; pushes the bound values onto
 * `params`, whose `$1` is the tenant and `$2` now (ms). The device row is aliased `d`.
 */
function deviceWhere(filter: DeviceFilter, params: unknown[]): string {
  const where = ['d.tenant_id = $1'];
  const add = (sql: string, value: unknown): void => {
    params.push(value);
    where.push(sql.replaceAll('?', `$${params.length}`));
  };
  if (filter.name) where.push(textFilterSql(['d.name', 'd.alias'], filter.name, params));
  if (filter.id) where.push(textFilterSql(['d.dev_no'], filter.id, params));
  if (filter.model) add('d.model = ?', filter.model);
  if (filter.type) add('d.kind = ?', filter.type);
  if (filter.groupId) add('d.group_id = ?', filter.groupId);
  if (filter.gatewayId) add('d.gateway_id = ?', filter.gatewayId);
  if (filter.status) where.push(filter.status === 'online' ? onlineSql('$2') : `NOT ${onlineSql('$2')}`);
  return where.join(' AND ');
}

/**
 * Paged device list of a tenant with the filters of `device/listDevCommon`, in one statement: the
 * page (by index when sorted by a NOT NULL column) with the total as an uncorrelated count subquery
 * (run once, same snapshot), and the online flag worked out for the page's rows only (the outer
 * query sorts the page again by the same columns, so the order never rests on the plan). Only a page
 * past the end, which has no row to carry the total, asks for the count on its own.
 */
export async function listDevices(
  q: Queryable,
  tenantId: number,
  query: DeviceListQuery,
  now = Date.now(),
): Promise<{ records: DeviceRecord[]; total: number }> {
  const params: unknown[] = [tenantId, now];
  const filter = deviceWhere(query, params);
  const column = query.column ?? 'createTime';
  if (!SORTS[column]) throw new AppError('badRequest', 'validationFailed', {}, [{ field: 'column', message: column }]);
  const sort = `${SORTS[column]} ${query.order === 'asc' ? 'ASC' : 'DESC'}${NOT_NULL_SORTS.has(column) ? '' : ' NULLS LAST'}, d.dev_no`;
  const countSql = `SELECT count(*)::int AS total FROM device d WHERE ${filter}`;
  const offset = (query.pageNo - 1) * query.pageSize;
  const rows = await q.query<DeviceRow & { __total: number }>(
    `SELECT d.*, ${onlineSql('$2')} AS online
       FROM (SELECT ${DEVICE_COLUMNS}, d.create_time, (${countSql}) AS __total ${DEVICE_FROM}
              WHERE ${filter} ORDER BY ${sort} LIMIT ${query.pageSize} OFFSET ${offset}) d
      ORDER BY ${sort}`,
    params,
  );
  let total = rows[0]?.__total ?? 0;
  if (rows.length === 0 && query.pageNo > 1) {
    const [count] = await q.query<{ total: number }>(`${countSql} AND $2::bigint > 0`, params);
    total = count?.total ?? 0;
  }
  return { records: rows.map(toRecord), total };
}

/**
 * The device map of a tenant (`device/listDevMap`, SPEC §2 device map): devices matching the
 * filters that have a latest position (WGS-84), newest report first, at most `limit`; plus how
 * many matching devices have none and whether more than `limit` have one.
 */
export async function mapDevices(
  q: Queryable,
  tenantId: number,
  query: DeviceMapQuery,
  limit = DEVICE_MAP_LIMIT,
  now = Date.now(),
): Promise<DeviceMapResult> {
  const params: unknown[] = [tenantId, now];
  const filter = deviceWhere(query, params);
  const located = 'd.last_lat IS NOT NULL AND d.last_lng IS NOT NULL';
  const [count] = await q.query<{ located: number; total: number }>(
    `SELECT count(*) FILTER (WHERE ${located})::int AS located, count(*)::int AS total FROM device d WHERE ${filter} AND $2::bigint > 0`,
    params,
  );
  const rows = await q.query<DeviceRow>(
    `${DEVICE_SELECT} WHERE ${filter} AND ${located} ORDER BY d.last_ts DESC NULLS LAST, d.dev_no LIMIT ${limit}`,
    params,
  );
  const locatedCount = count?.located ?? 0;
  return {
    records: rows.map(toRecord),
    withoutPosition: (count?.total ?? 0) - locatedCount,
    truncated: locatedCount > limit,
  };
}

/** One device of the tenant, or throws `deviceNotFound` (also for another tenant's id). */
export async function getDevice(q: Queryable, tenantId: number, id: string, now = Date.now()): Promise<DeviceRow> {
  const [row] = await q.query<DeviceRow>(`${DEVICE_SELECT} WHERE d.tenant_id = $1 AND d.dev_no = $3`, [
    tenantId,
    now,
    id,
  ]);
  if (!row) throw new AppError('notFound', 'deviceNotFound');
  return row;
}

/** Devices of the tenant among `ids` (unknown or foreign ids are skipped), in the order asked. */
export async function devicesByIds(
  q: Queryable,
  tenantId: number,
  ids: readonly string[],
  now = Date.now(),
): Promise<DeviceRecord[]> {
  if (!ids.length) return [];
  const rows = await q.query<DeviceRow>(`${DEVICE_SELECT} WHERE d.tenant_id = $1 AND d.dev_no = ANY($3::text[])`, [
    tenantId,
    now,
    ids,
  ]);
  const byId = new Map(rows.map((r) => [r.dev_no, toRecord(r)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** `{records,total,size,current,pages}` of SPEC §7 lists. */
export function page<T>(
  records: T[],
  total: number,
  pageNo: number,
  pageSize: number,
): { records: T[]; total: number; size: number; current: number; pages: number } {
  return { records, total, size: pageSize, current: pageNo, pages: Math.ceil(total / pageSize) };
}
