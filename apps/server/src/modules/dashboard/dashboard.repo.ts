import type { Queryable } from '../../platform/db/db';
import { ALARM_COLUMNS, type AlarmRow } from '../alarms/runtime/alarm-row';
import { onlineSql } from '../devices/devices.repo';

/**
 * Every query of the dashboard and the big-data screen (SPEC §2 dashboard; CONVENTIONS §1 repo).
 * One statement per figure, each scoped to the tenant (`$1`) and aggregating over indexed columns:
 * device (device_tenant_idx), alarm (alarm_active_idx, alarm_tenant_time_idx, alarm_device_time_idx),
 * waybill (waybill_tenant_idx), alarm_push (alarm_push_tenant_idx), telemetry (device_id, ts).
 * Times are ms epoch unless a column is a timestamptz.
 */

/** Devices of the tenant and how many are online by the device list's rule at `now`. */
export async function deviceCountRow(
  q: Queryable,
  tenantId: number,
  now: number,
): Promise<{ total: number; online: number }> {
  const [r] = await q.query<{ total: number; online: number }>(
    `SELECT count(*)::int AS total, count(*) FILTER (WHERE x.online)::int AS online
       FROM (SELECT ${onlineSql('$2')} AS online FROM device d WHERE d.tenant_id = $1) x`,
    [tenantId, now],
  );
  return { total: r?.total ?? 0, online: r?.online ?? 0 };
}

/** Alarm counts of the tenant: active ones by severity and the unprocessed ones (ignored, flag 3, excepted). */
export interface AlarmCountRow {
  active: number;
  l: number;
  m: number;
  h: number;
  unprocessed: number;
}

/** The tenant's alarm counts in one statement (active ones over `alarm_active_idx`). */
export async function alarmCountRow(q: Queryable, tenantId: number): Promise<AlarmCountRow> {
  const [r] = await q.query<AlarmCountRow>(
    `SELECT a.active, a.l, a.m, a.h,
            (SELECT count(*)::int FROM alarm WHERE tenant_id = $1 AND NOT processed AND flag <> 3) AS unprocessed
       FROM (SELECT count(*)::int AS active,
                    count(*) FILTER (WHERE severity = 'L')::int AS l,
                    count(*) FILTER (WHERE severity = 'M')::int AS m,
                    count(*) FILTER (WHERE severity = 'H')::int AS h
               FROM alarm WHERE tenant_id = $1 AND status = 'active') a`,
    [tenantId],
  );
  return r ?? { active: 0, l: 0, m: 0, h: 0, unprocessed: 0 };
}

const epochMs = (col: string): string => `(extract(epoch FROM ${col}) * 1000)`;

/**
 * The timing outcome of a waybill row `w` in SQL, the same rule as `geo/timing.ts`
 * (`timingOutcome`, whose table is the reference) with the stored ETA used only while ongoing;
 * `$2` is now (ms epoch). Null when no outcome applies. dashboard.test.ts checks it against the
 * TypeScript rule on every branch.
 */
export const TIMING_SQL = `CASE w.status
    WHEN 'unstarted' THEN CASE WHEN $2 > ${epochMs('w.planned_start')} THEN 'delay' END
    WHEN 'ongoing' THEN CASE
      WHEN $2 > ${epochMs('w.planned_end')} THEN 'alreadyLate'
      WHEN w.eta_ms IS NULL THEN 'underway'
      WHEN w.eta_ms > ${epochMs('w.planned_end')} THEN 'estimatedDelay'
      ELSE 'normalInTransit' END
    WHEN 'completed' THEN CASE
      WHEN w.actual_end IS NULL THEN NULL
      WHEN w.actual_end > w.planned_end THEN 'delay'
      WHEN w.actual_start IS NOT NULL AND w.actual_start <= w.planned_start THEN 'punctual'
      ELSE 'normalEnd' END
  END`;

/** Waybills of the tenant grouped by status and timing outcome at `now`. */
export function waybillCountRows(
  q: Queryable,
  tenantId: number,
  now: number,
): Promise<{ status: string; timing: string | null; count: number }[]> {
  return q.query(
    `SELECT w.status, ${TIMING_SQL} AS timing, count(*)::int AS count
       FROM waybill w WHERE w.tenant_id = $1 AND $2::float8 > 0 GROUP BY 1, 2`,
    [tenantId, now],
  );
}

/** Push records of the tenant grouped by channel and status. */
export function pushCountRows(
  q: Queryable,
  tenantId: number,
): Promise<{ channel: string; status: string; count: number }[]> {
  return q.query('SELECT channel, status, count(*)::int AS count FROM alarm_push WHERE tenant_id = $1 GROUP BY 1, 2', [
    tenantId,
  ]);
}

/** The tenant's `limit` (1..100) newest alarms by start. */
export function latestAlarmRows(q: Queryable, tenantId: number, limit: number): Promise<AlarmRow[]> {
  return q.query<AlarmRow>(
    `SELECT ${ALARM_COLUMNS} FROM alarm a LEFT JOIN device d ON d.dev_no = a.device_id
      WHERE a.tenant_id = $1 ORDER BY a.start_ts DESC, a.id LIMIT ${Math.max(1, Math.min(100, limit))}`,
    [tenantId],
  );
}

/** Administration counts of a tenant and its sign-ins (server day, UTC). */
export interface AdminCountRow {
  users: number;
  departments: number;
  roles: number;
  tenants: number;
  loginsToday: number;
  loginsTotal: number;
  ipsToday: number;
}

const SIGN_INS = 'sys_log WHERE log_type = 1 AND tenant_id = $1 AND operate_type = 1';
const TODAY = `create_time >= date_trunc('day', now())`;

/** Users (not in the recycle bin), departments, roles, all tenants and the tenant's sign-ins. */
export async function adminCountRow(q: Queryable, tenantId: number): Promise<AdminCountRow> {
  const [r] = await q.query<AdminCountRow>(
    `SELECT
       (SELECT count(*)::int FROM sys_user u JOIN sys_user_tenant ut ON ut.user_id = u.id AND ut.tenant_id = $1 WHERE u.del_flag = 0) AS users,
       (SELECT count(*)::int FROM sys_depart WHERE tenant_id = $1 AND del_flag = 0) AS departments,
       (SELECT count(*)::int FROM sys_role WHERE tenant_id = $1) AS roles,
       (SELECT count(*)::int FROM sys_tenant) AS tenants,
       (SELECT count(*)::int FROM ${SIGN_INS} AND ${TODAY}) AS "loginsToday",
       (SELECT count(*)::int FROM ${SIGN_INS}) AS "loginsTotal",
       (SELECT count(DISTINCT ip)::int FROM ${SIGN_INS} AND ${TODAY}) AS "ipsToday"`,
    [tenantId],
  );
  return r!;
}

/** Sign-ins of the tenant per UTC day for the last 7 days, oldest first (`day` YYYY-MM-DD). */
export function loginTrendRows(q: Queryable, tenantId: number): Promise<{ day: string; count: number }[]> {
  return q.query(
    `SELECT to_char(d.day, 'YYYY-MM-DD') AS day, count(l.id)::int AS count
       FROM generate_series(date_trunc('day', now()) - interval '6 days', date_trunc('day', now()), interval '1 day') AS d(day)
       LEFT JOIN sys_log l ON l.log_type = 1 AND l.tenant_id = $1 AND l.operate_type = 1
                          AND l.create_time >= d.day AND l.create_time < d.day + interval '1 day'
      GROUP BY d.day ORDER BY d.day`,
    [tenantId],
  );
}

/** The `days` calendar days ending at `now`'s day in `timeZone` and the ms epoch of the first one's start. */
export async function trendDayRange(
  q: Queryable,
  days: number,
  timeZone: string,
  now: number,
): Promise<{ days: string[]; sinceMs: number }> {
  const rows = await q.query<{ day: string; since_ms: number | string }>(
    `WITH today AS (SELECT (to_timestamp($1 / 1000.0) AT TIME ZONE $2)::date AS d)
     SELECT to_char(g.day, 'YYYY-MM-DD') AS day,
            (extract(epoch FROM ((SELECT d FROM today) - ($3::int - 1))::timestamp AT TIME ZONE $2) * 1000)::float8 AS since_ms
       FROM today, generate_series(today.d - ($3::int - 1), today.d, interval '1 day') AS g(day) ORDER BY g.day`,
    [now, timeZone, days],
  );
  return { days: rows.map((r) => r.day), sinceMs: Number(rows[0]!.since_ms) };
}

/** A source of the trends: alarms by start, readings by device time, pushes by creation. */
export type TrendSource = 'alarms' | 'readings' | 'pushes';

const dayOf = (msExpr: string): string => `to_char(to_timestamp(${msExpr} / 1000.0) AT TIME ZONE $2, 'YYYY-MM-DD')`;

const TREND_SQL: Record<TrendSource, string> = {
  alarms: `SELECT ${dayOf('start_ts')} AS day, count(*)::int AS count FROM alarm
            WHERE tenant_id = $1 AND start_ts >= $3 AND start_ts <= $4 GROUP BY 1`,
  readings: `SELECT ${dayOf('t.ts')} AS day, count(*)::int AS count FROM device d JOIN telemetry t ON t.device_id = d.dev_no
              WHERE d.tenant_id = $1 AND t.ts >= $3 AND t.ts <= $4 GROUP BY 1`,
  pushes: `SELECT ${dayOf('created_at')} AS day, count(*)::int AS count FROM alarm_push
            WHERE tenant_id = $1 AND created_at >= $3 AND created_at <= $4 GROUP BY 1`,
};

/** Rows of `source` per calendar day of `timeZone` between `sinceMs` and `now` (both included). */
export async function perDayCounts(
  q: Queryable,
  source: TrendSource,
  p: { tenantId: number; timeZone: string; sinceMs: number; now: number },
): Promise<Map<string, number>> {
  const rows = await q.query<{ day: string; count: number }>(TREND_SQL[source], [
    p.tenantId,
    p.timeZone,
    p.sinceMs,
    p.now,
  ]);
  return new Map(rows.map((r) => [r.day, r.count]));
}

/** A device of the big screen's map as stored (`ts` may come back as text from bigint). */
export interface DevicePositionRow {
  id: string;
  name: string;
  kind: string;
  online: boolean;
  lat: number;
  lng: number;
  ts: string | number | null;
}

/** Devices of the tenant with a last position, newest report first, at most `limit`. */
export function devicePositionRows(
  q: Queryable,
  tenantId: number,
  now: number,
  limit: number,
): Promise<DevicePositionRow[]> {
  return q.query<DevicePositionRow>(
    `SELECT d.dev_no AS id, coalesce(nullif(d.alias, ''), d.name) AS name, d.kind, ${onlineSql('$2')} AS online,
            d.last_lat AS lat, d.last_lng AS lng, d.last_ts AS ts
       FROM device d WHERE d.tenant_id = $1 AND d.last_lat IS NOT NULL AND d.last_lng IS NOT NULL
      ORDER BY d.last_ts DESC NULLS LAST, d.dev_no LIMIT ${Math.max(1, Math.trunc(limit))}`,
    [tenantId, now],
  );
}

/**
 * An alarm `a` on the temperature: its type is P003, or it is a duration (T001, "sustained
 * excursion") whose inner threshold/range watches P003 in the template's or scene's conditions.
 */
const TEMPERATURE_ALARM = `(a.alarm_type = 'P003' OR (a.alarm_type = 'T001' AND 'P003' = COALESCE(
    (SELECT r.content #>> ARRAY['conditions', a.condition_index::text, 'condition', 'param'] FROM alarm_rule_template r WHERE a.rule_source = 'template' AND r.id = a.rule_id),
    (SELECT r.rule #>> ARRAY['conditions', a.condition_index::text, 'condition', 'param'] FROM alarm_scene r WHERE a.rule_source = 'scene' AND r.id = a.rule_id))))`;

/**
 * Readings of the tenant's devices between `since` and `now` (device time) carrying P003, and how
 * many of them lie outside every temperature alarm episode of their device (false alarms, flag 0,
 * excepted). The episode lookup uses `alarm_device_time_idx (device_id, start_ts)`.
 */
export async function complianceCountRow(
  q: Queryable,
  tenantId: number,
  since: number,
  now: number,
): Promise<{ total: number; inLimits: number }> {
  const [r] = await q.query<{ total: number; in_limits: number }>(
    `SELECT count(*)::int AS total,
            count(*) FILTER (WHERE NOT EXISTS (
              SELECT 1 FROM alarm a
               WHERE a.device_id = t.device_id AND a.tenant_id = $1 AND ${TEMPERATURE_ALARM} AND a.flag <> 0
                 AND a.start_ts <= t.ts AND (a.end_ts IS NULL OR a.end_ts >= t.ts)))::int AS in_limits
       FROM device d JOIN telemetry t ON t.device_id = d.dev_no
      WHERE d.tenant_id = $1 AND t.ts >= $2 AND t.ts <= $3 AND t."values" ? 'P003'`,
    [tenantId, since, now],
  );
  return { total: r?.total ?? 0, inLimits: r?.in_limits ?? 0 };
}

/** True once the warehouse tables (migration 0052) exist. */
export async function hasWarehouseTables(q: Queryable): Promise<boolean> {
  const [r] = await q.query<{ ok: boolean }>(
    `SELECT to_regclass('warehouse') IS NOT NULL AND to_regclass('warehouse_device') IS NOT NULL AS ok`,
  );
  return r?.ok === true;
}

/**
 * The one definition of "device `dev` is out of limits now": it has an active alarm on a threshold,
 * range or duration (sustained excursion) condition. Used by the count and by the map.
 */
const DEVICE_OUT_OF_LIMITS = (dev: string): string =>
  `EXISTS (SELECT 1 FROM alarm a WHERE a.device_id = ${dev} AND a.tenant_id = $1 AND a.status = 'active'
                                   AND a.condition_type IN ('threshold', 'range', 'duration'))`;

/** Number of the tenant's warehouses with a device out of limits now. */
export async function warehousesOutOfLimitsCount(q: Queryable, tenantId: number): Promise<number> {
  const [r] = await q.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM warehouse w
      WHERE w.tenant_id = $1 AND EXISTS (
        SELECT 1 FROM warehouse_device wd WHERE wd.warehouse_id = w.id AND ${DEVICE_OUT_OF_LIMITS('wd.dev_no')})`,
    [tenantId],
  );
  return r?.count ?? 0;
}

/** Warehouses of the tenant at the mean last position of their devices, with the out-of-limits flag. */
export function warehousePositionRows(
  q: Queryable,
  tenantId: number,
): Promise<{ id: string; name: string; lat: number; lng: number; outOfLimits: boolean }[]> {
  return q.query(
    `SELECT w.id, w.name, avg(d.last_lat)::float8 AS lat, avg(d.last_lng)::float8 AS lng,
            bool_or(${DEVICE_OUT_OF_LIMITS('d.dev_no')}) AS "outOfLimits"
       FROM warehouse w JOIN warehouse_device wd ON wd.warehouse_id = w.id
       JOIN device d ON d.dev_no = wd.dev_no AND d.tenant_id = $1 AND d.last_lat IS NOT NULL AND d.last_lng IS NOT NULL
      WHERE w.tenant_id = $1
      GROUP BY w.id, w.name ORDER BY w.name LIMIT 1000`,
    [tenantId],
  );
}
