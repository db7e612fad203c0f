import {
  WaybillRouteSchema,
  type WaybillDetail,
  type WaybillMapItem,
  type WaybillReal,
  type WaybillRoute,
  type WaybillStat,
  type WaybillStatus,
} from '@ztj/contracts';
import type { Queryable } from '../../../platform/db/db';
import { devicesByIds } from '../../devices/devices.repo';
import { estimateArrivalMs, ETA_WINDOW_MS, type SpeedFix } from '../geo/eta';
import { prepareRoute, routeProgress, type RouteProgress } from '../../../platform/geo/route-progress';
import { scopeOf, type ScopeArg } from './waybill-division';
import * as repo from './waybill-reads.repo';
import { waybillTiming } from './waybill-timing';
import { waybillRecordOf } from './waybills.list';
import { viewWaybill } from './waybills.service';

/**
 * Waybill reads besides the list (SPEC §7 tasks getStatNum, getDetailById, getRealById,
 * getTaskList). Tenant-scoped; another tenant's waybill is "not found". A scope with a division
 * (waybill-division.ts) narrows each read to that division's waybills. Times ms epoch, m.
 */

/** Filters of the map list and the counts: vehicle plate or name, partial, case-insensitive. */
export interface WaybillReadFilter {
  vehicle?: string | undefined;
}

const json = (v: unknown): unknown => (typeof v === 'string' ? JSON.parse(v) : v);

/** The route polyline origin → waypoints → destination (WGS-84). */
export function routePoints(route: WaybillRoute): { lat: number; lng: number }[] {
  return [route.origin, ...route.waypoints, route.destination].map((p) => ({ lat: p.lat, lng: p.lng }));
}

type Counts = { total: number; unstarted: number; ongoing: number; completed: number };
const countsOf = (rows: readonly { status: WaybillStatus; n: number }[]): Counts => {
  const by: Partial<Record<WaybillStatus, number>> = {};
  for (const r of rows) by[r.status] = (by[r.status] ?? 0) + Number(r.n);
  const stat = { unstarted: by.unstarted ?? 0, ongoing: by.ongoing ?? 0, completed: by.completed ?? 0 };
  return { total: stat.unstarted + stat.ongoing + stat.completed, ...stat };
};

/**
 * Counts of the scope's waybills per status (`getStatNum`), optionally filtered by vehicle; with
 * `groupBy: 'vehicle'` also per vehicle (most waybills first, then plate) from the same one query.
 */
export async function waybillStats(
  q: Queryable,
  scope: ScopeArg,
  filter: WaybillReadFilter & { groupBy?: 'vehicle' | undefined } = {},
): Promise<WaybillStat> {
  const rows = await repo.statusCounts(q, scopeOf(scope), filter);
  const stat: WaybillStat = countsOf(rows);
  if (filter.groupBy === 'vehicle') {
    const byVehicle = new Map<string, { status: WaybillStatus; n: number }[]>();
    for (const r of rows) byVehicle.set(r.vehicle, [...(byVehicle.get(r.vehicle) ?? []), r]);
    stat.vehicles = [...byVehicle]
      .map(([vehicle, rs]) => ({ vehicle, ...countsOf(rs) }))
      .sort((a, b) => b.total - a.total || a.vehicle.localeCompare(b.vehicle));
  }
  return stat;
}

/**
 * One waybill with its route snapshot, device records and device history (`getDetailById`).
 * @throws AppError notFound waybillNotFound.
 */
export async function waybillDetail(
  q: Queryable,
  scope: ScopeArg,
  id: string,
  now = Date.now(),
): Promise<WaybillDetail> {
  const { tenantId } = scopeOf(scope);
  const record = await viewWaybill(q, scope, id, now);
  const row = await repo.waybillRoute(q, id);
  const history = await repo.deviceHistoryRows(q, id);
  return {
    ...record,
    route: WaybillRouteSchema.parse(json(row!.route)),
    deviceRecords: await devicesByIds(
      q,
      tenantId,
      record.devices.map((d) => d.id),
      now,
    ),
    deviceHistory: history.map((h) => ({
      id: h.dev_no,
      addedAt: Number(h.added),
      removedAt: h.removed === null ? null : Number(h.removed),
    })),
  };
}

/** Recent fixes of a device, device time in [from, to] (ms epoch), time order, with the GPS speed (km/h). */
export async function recentFixes(q: Queryable, deviceId: string, from: number, to: number): Promise<SpeedFix[]> {
  const rows = await repo.fixRows(q, deviceId, from, to);
  return rows.map((r) => ({
    t: Number(r.ts),
    lat: r.lat,
    lng: r.lng,
    speedKmh: r.speed === null ? null : Number(r.speed),
  }));
}

/**
 * Live state of a waybill (`getRealById`): its devices' latest data, the newest position among
 * them, progress along the route snapshot, ETA (remaining distance at the recent average speed,
 * geo/eta.ts, only while ongoing) and the timing outcome at `now`.
 * @throws AppError notFound waybillNotFound.
 */
export async function waybillReal(q: Queryable, scope: ScopeArg, id: string, now = Date.now()): Promise<WaybillReal> {
  const detail = await waybillDetail(q, scope, id, now);
  const located = detail.deviceRecords
    .filter((d) => d.lat !== null && d.lng !== null && d.lastReportTime !== null)
    .sort((a, b) => b.lastReportTime! - a.lastReportTime!)[0];
  const position = located
    ? { deviceId: located.id, lat: located.lat!, lng: located.lng!, ts: located.lastReportTime! }
    : null;
  let progress: RouteProgress | null = null;
  let etaMs: number | null = null;
  if (position) {
    progress = routeProgress(prepareRoute(routePoints(detail.route)), position);
    if (detail.status === 'ongoing') {
      const until = Math.max(now, position.ts);
      etaMs = estimateArrivalMs(
        progress.remainingM,
        await recentFixes(q, position.deviceId, until - ETA_WINDOW_MS, until),
        until,
      );
    }
  }
  return {
    id: detail.id,
    status: detail.status,
    timing: waybillTiming({ ...detail, now, etaMs }),
    etaMs,
    position,
    progress,
    devices: detail.deviceRecords,
    now,
  };
}

/** Ongoing waybills of the scope (optionally by vehicle) with their route and last tracked position (`getTaskList`, map list). */
export async function ongoingWaybills(
  q: Queryable,
  scope: ScopeArg,
  now = Date.now(),
  filter: WaybillReadFilter = {},
): Promise<WaybillMapItem[]> {
  const rows = await repo.ongoingRows(q, scopeOf(scope), filter);
  return rows.map((r) => {
    const rec = waybillRecordOf(r, now);
    const lat = r.last_lat as number | null;
    const lng = r.last_lng as number | null;
    return {
      id: rec.id,
      name: rec.name,
      number: rec.number,
      vehicle: rec.vehicle,
      timing: rec.timing,
      etaMs: rec.etaMs,
      route: WaybillRouteSchema.parse(json(r.route)),
      position: lat !== null && lng !== null && r.last_ts !== null ? { lat, lng, ts: Number(r.last_ts) } : null,
    };
  });
}
