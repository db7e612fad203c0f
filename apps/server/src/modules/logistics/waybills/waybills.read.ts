import { PARAM, WaybillRouteSchema, type WaybillDetail, type WaybillMapItem, type WaybillReal, type WaybillRoute, type WaybillStat, type WaybillStatus } from '@ztj/contracts';
import type { Queryable } from '../../../platform/db/db';
import { devicesByIds } from '../../devices/devices.repo';
import { estimateArrivalMs, ETA_WINDOW_MS, type SpeedFix } from '../geo/eta';
import { prepareRoute, routeProgress, type RouteProgress } from '../geo/route-progress';
import { waybillTiming } from './waybill-timing';
import { WAYBILL_SELECT, waybillRecordOf } from './waybills.list';
import { viewWaybill } from './waybills.service';

/**
 * Waybill reads besides the list (SPEC §7 tasks getStatNum, getDetailById, getRealById,
 * getTaskList). Tenant-scoped; another tenant's waybill is "not found". Times ms epoch, m.
 */

const json = (v: unknown): unknown => (typeof v === 'string' ? JSON.parse(v) : v);

/** The route polyline origin → waypoints → destination (WGS-84). */
export function routePoints(route: WaybillRoute): { lat: number; lng: number }[] {
  return [route.origin, ...route.waypoints, route.destination].map((p) => ({ lat: p.lat, lng: p.lng }));
}

/** Counts of the tenant's waybills per status (`getStatNum`). */
export async function waybillStats(q: Queryable, tenantId: number): Promise<WaybillStat> {
  const rows = await q.query<{ status: WaybillStatus; n: number }>('SELECT status, count(*)::int AS n FROM waybill WHERE tenant_id = $1 GROUP BY status', [tenantId]);
  const by = Object.fromEntries(rows.map((r) => [r.status, Number(r.n)])) as Partial<Record<WaybillStatus, number>>;
  const stat = { unstarted: by.unstarted ?? 0, ongoing: by.ongoing ?? 0, completed: by.completed ?? 0 };
  return { total: stat.unstarted + stat.ongoing + stat.completed, ...stat };
}

/**
 * One waybill with its route snapshot, device records and device history (`getDetailById`).
 * @throws AppError notFound waybillNotFound.
 */
export async function waybillDetail(q: Queryable, tenantId: number, id: string, now = Date.now()): Promise<WaybillDetail> {
  const record = await viewWaybill(q, tenantId, id, now);
  const [row] = await q.query<{ route: unknown }>('SELECT route FROM waybill WHERE id = $1', [id]);
  const history = await q.query<{ dev_no: string; added: number; removed: number | null }>(
    `SELECT dev_no, (extract(epoch FROM added_at) * 1000)::float8 AS added, (extract(epoch FROM removed_at) * 1000)::float8 AS removed
       FROM waybill_device WHERE waybill_id = $1 ORDER BY added_at, dev_no`,
    [id],
  );
  return {
    ...record,
    route: WaybillRouteSchema.parse(json(row!.route)),
    deviceRecords: await devicesByIds(q, tenantId, record.devices.map((d) => d.id), now),
    deviceHistory: history.map((h) => ({ id: h.dev_no, addedAt: Number(h.added), removedAt: h.removed === null ? null : Number(h.removed) })),
  };
}

/** Recent fixes of a device, device time in [from, to] (ms epoch), time order, with the GPS speed (km/h). */
export async function recentFixes(q: Queryable, deviceId: string, from: number, to: number): Promise<SpeedFix[]> {
  const rows = await q.query<{ ts: string | number; lat: number | null; lng: number | null; speed: string | null }>(
    `SELECT ts, lat, lng, "values"->>'${PARAM.speed}' AS speed FROM telemetry WHERE device_id = $1 AND ts BETWEEN $2 AND $3 ORDER BY ts LIMIT 2000`,
    [deviceId, from, to],
  );
  return rows.map((r) => ({ t: Number(r.ts), lat: r.lat, lng: r.lng, speedKmh: r.speed === null ? null : Number(r.speed) }));
}

/**
 * Live state of a waybill (`getRealById`): its devices' latest data, the newest position among
 * them, progress along the route snapshot, ETA (remaining distance at the recent average speed,
 * geo/eta.ts, only while ongoing) and the timing outcome at `now`.
 * @throws AppError notFound waybillNotFound.
 */
export async function waybillReal(q: Queryable, tenantId: number, id: string, now = Date.now()): Promise<WaybillReal> {
  const detail = await waybillDetail(q, tenantId, id, now);
  const located = detail.deviceRecords
    .filter((d) => d.lat !== null && d.lng !== null && d.lastReportTime !== null)
    .sort((a, b) => b.lastReportTime! - a.lastReportTime!)[0];
  const position = located ? { deviceId: located.id, lat: located.lat!, lng: located.lng!, ts: located.lastReportTime! } : null;
  let progress: RouteProgress | null = null;
  let etaMs: number | null = null;
  if (position) {
    progress = routeProgress(prepareRoute(routePoints(detail.route)), position);
    if (detail.status === 'ongoing') {
      const until = Math.max(now, position.ts);
      etaMs = estimateArrivalMs(progress.remainingM, await recentFixes(q, position.deviceId, until - ETA_WINDOW_MS, until), until);
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

/** Ongoing waybills of the tenant with their route and last tracked position (`getTaskList`, map list). */
export async function ongoingWaybills(q: Queryable, tenantId: number, now = Date.now()): Promise<WaybillMapItem[]> {
  const rows = await q.query(`SELECT ${WAYBILL_SELECT} FROM waybill w WHERE w.tenant_id = $1 AND w.status = 'ongoing' ORDER BY w.actual_start DESC LIMIT 500`, [tenantId]);
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
