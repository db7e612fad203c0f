import type { Queryable } from '../../platform/db/db';

/**
 * Device read queries of the platform calls (CONVENTIONS §1 repo): latest reading, the power event
 * list and the device log list. Lists carry the tenant; times ms epoch.
 */

/** A `device_event` row (power on/off) as read. */
export interface EventRow {
  id: string | number;
  device_id: string;
  type: string;
  ts: number | string;
  received_at: number | string;
}

/** A `device_log` row with its creation time in ms. */
export interface LogRow {
  id: string | number;
  device_id: string;
  kind: string;
  cmd_id: string | null;
  content: string;
  ok: boolean | null;
  operator: string | null;
  create_ms: number | string;
}

/** Filters of the event and log lists: one device, and a time range (ms epoch, inclusive). */
export interface JournalFilter {
  id?: string | undefined;
  beginTime?: number | undefined;
  endTime?: number | undefined;
}

/** Paging: page number from 1, rows per page. */
interface Paging {
  pageNo: number;
  pageSize: number;
}

/** Builds `AND ts BETWEEN` / device filters for the event and log lists; `$1` is the tenant. */
function rangeFilter(column: string, q: JournalFilter, params: unknown[]): string {
  const where: string[] = [];
  if (q.id) where.push(`device_id = $${params.push(q.id)}`);
  if (q.beginTime !== undefined) where.push(`${column} >= $${params.push(q.beginTime)}`);
  if (q.endTime !== undefined) where.push(`${column} <= $${params.push(q.endTime)}`);
  return where.map((w) => ` AND ${w}`).join('');
}

/** The latest reading of a device (times ms epoch as stored), or undefined before its first one. */
export async function latestReading(
  q: Queryable,
  deviceId: string,
): Promise<
  | {
      ts: number | string;
      received_at: number | string;
      lat: number | null;
      lng: number | null;
      values: Record<string, number | boolean | string>;
    }
  | undefined
> {
  const [latest] = await q.query<{
    ts: number | string;
    received_at: number | string;
    lat: number | null;
    lng: number | null;
    values: Record<string, number | boolean | string>;
  }>('SELECT ts, received_at, lat, lng, "values" FROM device_latest WHERE device_id = $1', [deviceId]);
  return latest;
}

/** A page of the tenant's device events (newest first) matching the filter, and their total. */
export async function eventPage(
  q: Queryable,
  tenantId: number,
  query: JournalFilter & Paging,
): Promise<{ rows: EventRow[]; total: number }> {
  const params: unknown[] = [tenantId];
  const filter = `tenant_id = $1${rangeFilter('ts', query, params)}`;
  const [c] = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM device_event WHERE ${filter}`, params);
  const rows = await q.query<EventRow>(
    `SELECT id, device_id, type, ts, received_at FROM device_event WHERE ${filter} ORDER BY ts DESC, id DESC
       LIMIT ${query.pageSize} OFFSET ${(query.pageNo - 1) * query.pageSize}`,
    params,
  );
  return { rows, total: c?.n ?? 0 };
}

/** A page of the tenant's device log lines (newest first) matching the filter, and their total. */
export async function logPage(
  q: Queryable,
  tenantId: number,
  query: JournalFilter & Paging,
): Promise<{ rows: LogRow[]; total: number }> {
  const params: unknown[] = [tenantId];
  const filter = `tenant_id = $1${rangeFilter('(extract(epoch FROM create_time) * 1000)', query, params)}`;
  const [c] = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM device_log WHERE ${filter}`, params);
  const rows = await q.query<LogRow>(
    `SELECT id, device_id, kind, cmd_id, content, ok, operator, (extract(epoch FROM create_time) * 1000)::float8 AS create_ms
         FROM device_log WHERE ${filter} ORDER BY create_time DESC, id DESC
        LIMIT ${query.pageSize} OFFSET ${(query.pageNo - 1) * query.pageSize}`,
    params,
  );
  return { rows, total: c?.n ?? 0 };
}
