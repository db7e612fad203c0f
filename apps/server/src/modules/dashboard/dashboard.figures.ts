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
import { alarmRecordOf } from '../alarms/runtime/alarm-row';
import * as repo from './dashboard.repo';
import { warehousesOutOfLimits } from './dashboard.warehouses';

/**
 * Figures of the analysis dashboard (SPEC §2 dashboard analysis, scroll info bar), also the
 * `stats` of the big-data screen: both screens get them from {@link dashboardStats}, so a figure
 * has one definition and one query (dashboard.repo.ts). Every query is scoped to the caller's tenant.
 */

/** Devices online/offline by the device list's rule (`onlineSql`); `now` ms epoch. */
export async function deviceCounts(
  q: Queryable,
  tenantId: number,
  now: number,
): Promise<NonNullable<DashboardStats['devices']>> {
  const { total, online } = await repo.deviceCountRow(q, tenantId, now);
  return { total, online, offline: total - online };
}

/** Active alarms by severity and the unprocessed ones (ignored, flag 3, excepted). */
export async function alarmCounts(q: Queryable, tenantId: number): Promise<NonNullable<DashboardStats['alarms']>> {
  const r = await repo.alarmCountRow(q, tenantId);
  return { active: r.active, L: r.l, M: r.m, H: r.h, unprocessed: r.unprocessed };
}

/** Waybills by status and by timing outcome at `now` (ms epoch; rule in `repo.TIMING_SQL`). */
export async function waybillCounts(
  q: Queryable,
  tenantId: number,
  now: number,
): Promise<NonNullable<DashboardStats['waybills']>> {
  const rows = await repo.waybillCountRows(q, tenantId, now);
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
  const rows = await repo.pushCountRows(q, tenantId);
  const byChannel = new Map<PushChannelCode, number>(PUSH_CHANNELS.map((c) => [c, 0]));
  const byStatus = new Map<PushStatus, number>(PUSH_STATUSES.map((s) => [s, 0]));
  let total = 0;
  for (const r of rows) {
    total += r.count;
    const channel = r.channel as PushChannelCode;
    const status = r.status as PushStatus;
    if (byChannel.has(channel)) byChannel.set(channel, byChannel.get(channel)! + r.count);
    if (byStatus.has(status)) byStatus.set(status, byStatus.get(status)! + r.count);
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
  return (await repo.latestAlarmRows(q, tenantId, limit)).map((r) => alarmRecordOf(r));
}

/**
 * Every figure of /dashboard/analysis (and of the big screen's `stats`) for a caller holding
 * `codes` (permission codes): a section needing a code the caller lacks is null (device:list,
 * alarm:list, task:list, push:list). `now` is ms epoch (online rule, timing outcomes). The
 * top-level `activeAlarms` / `unprocessedAlarms` are the same numbers as `alarms.active` /
 * `alarms.unprocessed`, taken from the one alarm count query.
 */
export async function dashboardStats(
  q: Queryable,
  tenantId: number,
  codes: ReadonlySet<string>,
  now = Date.now(),
): Promise<DashboardStats> {
  const may = (code: string): boolean => codes.has(code);
  const [admin, loginTrend, alarms, devices, waybills, pushes, warehouses, latest] = await Promise.all([
    repo.adminCountRow(q, tenantId),
    repo.loginTrendRows(q, tenantId),
    alarmCounts(q, tenantId),
    may(DEVICE_PERMS.list) ? deviceCounts(q, tenantId, now) : null,
    may(WAYBILL_PERMS.list) ? waybillCounts(q, tenantId, now) : null,
    may(PUSH_PERMS.list) ? pushCounts(q, tenantId) : null,
    warehousesOutOfLimits(q, tenantId),
    may(ALARM_PERMS.list) ? latestAlarms(q, tenantId) : null,
  ]);
  return {
    ...admin,
    loginTrend,
    activeAlarms: alarms.active,
    unprocessedAlarms: alarms.unprocessed,
    devices,
    alarms: may(ALARM_PERMS.list) ? alarms : null,
    waybills,
    pushes,
    warehousesOutOfLimits: warehouses,
    latestAlarms: latest,
  };
}
