import {
  ALARM_PERMS,
  DASHBOARD_LATEST_ALARMS,
  DEVICE_PERMS,
  PUSH_CHANNELS,
  PUSH_PERMS,
  PUSH_STATUSES,
  WAYBILL_PERMS,
  WAYBILL_TIMING_OR_NONE,
  type DashboardStats,
  type PushChannelCode,
  type PushStatus,
} from '@ztj/contracts';
import type { Queryable } from '../../platform/db/db';
import { ALARM_COLUMNS, alarmRecordOf, type AlarmRow } from '../alarms/runtime/alarm-row';
import { onlineSql } from '../devices/devices.repo';
import { warehousesOutOfLimits } from './dashboard.warehouses';

/**
 * Figures of the analysis dashboard (SPEC §2 dashboard analysis, scroll info bar).
 * Every query is scoped to the caller's tenant (`$1`) and aggregates in SQL over indexed columns:
 * device (device_tenant_idx), alarm (alarm_active_idx, alarm_tenant_time_idx), waybill
 * (waybill_tenant_idx), alarm_push (alarm_push_tenant_idx).
 */

type Counts = DashboardStats['devices'];

/** Devices online/offline by the device list's rule (`onlineSql`); `now` ms epoch. */
export async function deviceCounts(q: Queryable, tenantId: number, now: number): Promise<NonNullable<Counts>> {
  const [r] = await q.query<{ total: number; online: number }>(
    `SELECT count(*)::int AS total, count(*) FILTER (WHERE x.online)::int AS online
       FROM (SELECT ${onlineSql('$2')} AS online FROM device d WHERE d.tenant_id = $1) x`,
    [tenantId, now],
  );
  const total = r?.total ?? 0;
  const online = r?.online ?? 0;
  return { total, online, offline: total - online };
}

/** Active alarms by severity and the unprocessed ones (ignored, flag 3, excepted). */
export async function alarmCounts(q: Queryable, tenantId: number): Promise<NonNullable<DashboardStats['alarms']>> {
  const [r] = await q.query<{ active: number; l: number; m: number; h: number; unprocessed: number }>(
    `SELECT a.active, a.l, a.m, a.h,
            (SELECT count(*)::int FROM alarm WHERE tenant_id = $1 AND NOT processed AND flag <> 3) AS unprocessed
       FROM (SELECT count(*)::int AS active,
                    count(*) FILTER (WHERE severity = 'L')::int AS l,
                    count(*) FILTER (WHERE severity = 'M')::int AS m,
                    count(*) FILTER (WHERE severity = 'H')::int AS h
               FROM alarm WHERE tenant_id = $1 AND status = 'active') a`,
    [tenantId],
  );
  return { active: r?.active ?? 0, L: r?.l ?? 0, M: r?.m ?? 0, H: r?.h ?? 0, unprocessed: r?.unprocessed ?? 0 };
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

/** Waybills by status and by timing outcome at `now` (ms epoch). */
export async function waybillCounts(
  q: Queryable,
  tenantId: number,
  now: number,
): Promise<NonNullable<DashboardStats['waybills']>> {
  const rows = await q.query<{ status: string; timing: string | null; count: number }>(
    `SELECT w.status, ${TIMING_SQL} AS timing, count(*)::int AS count
       FROM waybill w WHERE w.tenant_id = $1 AND $2::float8 > 0 GROUP BY 1, 2`,
    [tenantId, now],
  );
  const byStatus = { unstarted: 0, ongoing: 0, completed: 0 };
  const byTiming = Object.fromEntries(WAYBILL_TIMING_OR_NONE.map((k) => [k, 0])) as NonNullable<
    DashboardStats['waybills']
  >['byTiming'];
  let total = 0;
  for (const r of rows) {
    total += r.count;
    if (r.status in byStatus) byStatus[r.status as keyof typeof byStatus] += r.count;
    const key = (r.timing ?? 'none') as keyof typeof byTiming;
    if (key in byTiming) byTiming[key] += r.count;
  }
  return { total, byStatus, byTiming };
}

/** Push records by channel and status (every known channel/status listed, zeros included). */
export async function pushCounts(q: Queryable, tenantId: number): Promise<NonNullable<DashboardStats['pushes']>> {
  const rows = await q.query<{ channel: string; status: string; count: number }>(
    'SELECT channel, status, count(*)::int AS count FROM alarm_push WHERE tenant_id = $1 GROUP BY 1, 2',
    [tenantId],
  );
  const byChannel = new Map<PushChannelCode, number>(PUSH_CHANNELS.map((c) => [c, 0]));
  const byStatus = new Map<PushStatus, number>(PUSH_STATUSES.map((s) => [s, 0]));
  let total = 0;
  for (const r of rows) {
    total += r.count;
    if (byChannel.has(r.channel as PushChannelCode))
      byChannel.set(r.channel as PushChannelCode, byChannel.get(r.channel as PushChannelCode)! + r.count);
    if (byStatus.has(r.status as PushStatus))
      byStatus.set(r.status as PushStatus, byStatus.get(r.status as PushStatus)! + r.count);
  }
  return {
    total,
    sent: byStatus.get('sent') ?? 0,
    byChannel: [...byChannel].map(([channel, count]) => ({ channel, count })),
    byStatus: [...byStatus].map(([status, count]) => ({ status, count })),
  };
}

/** The latest alarms of the tenant (newest start first) for the scroll info bar. */
export async function latestAlarms(
  q: Queryable,
  tenantId: number,
  limit = DASHBOARD_LATEST_ALARMS,
): Promise<NonNullable<DashboardStats['latestAlarms']>> {
  const rows = await q.query<AlarmRow>(
    `SELECT ${ALARM_COLUMNS} FROM alarm a LEFT JOIN device d ON d.dev_no = a.device_id
      WHERE a.tenant_id = $1 ORDER BY a.start_ts DESC, a.id LIMIT ${Math.max(1, Math.min(100, limit))}`,
    [tenantId],
  );
  return rows.map((r) => alarmRecordOf(r));
}

type SystemFigures = Omit<
  DashboardStats,
  'devices' | 'alarms' | 'waybills' | 'pushes' | 'warehousesOutOfLimits' | 'latestAlarms'
>;

/**
 * Tenant administration counts and sign-ins: users of the tenant not in the recycle bin,
 * departments, roles, sign-ins from the login log (UTC days), active / unprocessed alarms.
 */
async function systemFigures(q: Queryable, tenantId: number): Promise<SystemFigures> {
  const [counts] = await q.query<Omit<SystemFigures, 'loginTrend'>>(
    `SELECT
       (SELECT count(*)::int FROM sys_user u JOIN sys_user_tenant ut ON ut.user_id = u.id AND ut.tenant_id = $1 WHERE u.del_flag = 0) AS users,
       (SELECT count(*)::int FROM sys_depart WHERE tenant_id = $1 AND del_flag = 0) AS departments,
       (SELECT count(*)::int FROM sys_role WHERE tenant_id = $1) AS roles,
       (SELECT count(*)::int FROM sys_tenant) AS tenants,
       (SELECT count(*)::int FROM sys_log WHERE log_type = 1 AND tenant_id = $1 AND operate_type = 1 AND create_time >= date_trunc('day', now())) AS "loginsToday",
       (SELECT count(*)::int FROM sys_log WHERE log_type = 1 AND tenant_id = $1 AND operate_type = 1) AS "loginsTotal",
       (SELECT count(DISTINCT ip)::int FROM sys_log WHERE log_type = 1 AND tenant_id = $1 AND operate_type = 1 AND create_time >= date_trunc('day', now())) AS "ipsToday",
       (SELECT count(*)::int FROM alarm WHERE tenant_id = $1 AND status = 'active') AS "activeAlarms",
       (SELECT count(*)::int FROM alarm WHERE tenant_id = $1 AND NOT processed AND flag <> 3) AS "unprocessedAlarms"`,
    [tenantId],
  );
  const trend = await q.query<{ day: string; count: number }>(
    `SELECT to_char(d.day, 'YYYY-MM-DD') AS day, count(l.id)::int AS count
       FROM generate_series(date_trunc('day', now()) - interval '6 days', date_trunc('day', now()), interval '1 day') AS d(day)
       LEFT JOIN sys_log l ON l.log_type = 1 AND l.tenant_id = $1 AND l.operate_type = 1
                          AND l.create_time >= d.day AND l.create_time < d.day + interval '1 day'
      GROUP BY d.day ORDER BY d.day`,
    [tenantId],
  );
  return { ...counts!, loginTrend: trend };
}

/**
 * Every figure of /dashboard/analysis for a caller holding `codes` (permission codes): a section
 * needing a code the caller lacks is null (device:list, alarm:list, task:list, push:list).
 * `now` is ms epoch (online rule, timing outcomes).
 */
export async function dashboardStats(
  q: Queryable,
  tenantId: number,
  codes: ReadonlySet<string>,
  now = Date.now(),
): Promise<DashboardStats> {
  const may = (code: string): boolean => codes.has(code);
  const [system, devices, alarms, waybills, pushes, warehouses, latest] = await Promise.all([
    systemFigures(q, tenantId),
    may(DEVICE_PERMS.list) ? deviceCounts(q, tenantId, now) : null,
    may(ALARM_PERMS.list) ? alarmCounts(q, tenantId) : null,
    may(WAYBILL_PERMS.list) ? waybillCounts(q, tenantId, now) : null,
    may(PUSH_PERMS.list) ? pushCounts(q, tenantId) : null,
    warehousesOutOfLimits(q, tenantId),
    may(ALARM_PERMS.list) ? latestAlarms(q, tenantId) : null,
  ]);
  return { ...system, devices, alarms, waybills, pushes, warehousesOutOfLimits: warehouses, latestAlarms: latest };
}
