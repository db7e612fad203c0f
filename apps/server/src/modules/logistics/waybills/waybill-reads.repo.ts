import { PARAM, type WaybillStatus } from '@ztj/contracts';
import type { Queryable } from '../../../platform/db/db';
import { waybillInDivisionSql } from './waybill-division.repo';
import { WAYBILL_SELECT } from './waybills.list';

/**
 * Waybill read queries besides the list (CONVENTIONS §1 repo): status counts, route and device
 * history, recent fixes, ongoing waybills. Scoped reads take the tenant and the division org code
 * (null = the whole tenant). Times ms epoch.
 */

/** Where a read looks: the tenant and, within it, the division org code (null = whole tenant). */
export interface ReadScope {
  tenantId: number;
  division: string | null;
}

/** WHERE clause over `waybill w` for a scope and a vehicle filter (partial, case-insensitive), with its parameters (tenant first). */
function scopeWhere(s: ReadScope, filter: { vehicle?: string | undefined }): { where: string; params: unknown[] } {
  const params: unknown[] = [s.tenantId];
  const parts = ['w.tenant_id = $1'];
  if (s.division !== null) {
    params.push(s.division);
    parts.push(waybillInDivisionSql(`$${params.length}`));
  }
  if (filter.vehicle) {
    params.push(`%${filter.vehicle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    parts.push(`w.vehicle ILIKE $${params.length}`);
  }
  return { where: parts.join(' AND '), params };
}

/** Waybill counts of the scope per vehicle ('' = none) and status, optionally filtered by vehicle. */
export async function statusCounts(
  q: Queryable,
  scope: ReadScope,
  filter: { vehicle?: string | undefined },
): Promise<{ vehicle: string; status: WaybillStatus; n: number }[]> {
  const { where, params } = scopeWhere(scope, filter);
  return q.query<{ vehicle: string; status: WaybillStatus; n: number }>(
    `SELECT coalesce(w.vehicle, '') AS vehicle, w.status, count(*)::int AS n FROM waybill w WHERE ${where} GROUP BY 1, 2`,
    params,
  );
}

/** The stored route snapshot of waybill `id` (JSON value or text), or undefined when there is no such waybill. */
export async function waybillRoute(q: Queryable, id: string): Promise<{ route: unknown } | undefined> {
  const [row] = await q.query<{ route: unknown }>('SELECT route FROM waybill WHERE id = $1', [id]);
  return row;
}

/** Every device that was ever on waybill `id`, with when it was added and removed (null = still on), in order added. */
export async function deviceHistoryRows(
  q: Queryable,
  id: string,
): Promise<{ dev_no: string; added: number; removed: number | null }[]> {
  return q.query<{ dev_no: string; added: number; removed: number | null }>(
    `SELECT dev_no, (extract(epoch FROM added_at) * 1000)::float8 AS added, (extract(epoch FROM removed_at) * 1000)::float8 AS removed
       FROM waybill_device WHERE waybill_id = $1 ORDER BY added_at, dev_no`,
    [id],
  );
}

/** Telemetry fixes of a device with device time in [from, to] (ms epoch), time order, at most 2000, with the speed text. */
export async function fixRows(
  q: Queryable,
  deviceId: string,
  from: number,
  to: number,
): Promise<{ ts: string | number; lat: number | null; lng: number | null; speed: string | null }[]> {
  return q.query<{ ts: string | number; lat: number | null; lng: number | null; speed: string | null }>(
    `SELECT ts, lat, lng, "values"->>'${PARAM.speed}' AS speed FROM telemetry WHERE device_id = $1 AND ts BETWEEN $2 AND $3 ORDER BY ts LIMIT 2000`,
    [deviceId, from, to],
  );
}

/** Ongoing waybill rows of the scope (columns of `WAYBILL_SELECT`), optionally filtered by vehicle, latest started first, at most 500. */
export async function ongoingRows(
  q: Queryable,
  scope: ReadScope,
  filter: { vehicle?: string | undefined },
): Promise<Record<string, unknown>[]> {
  const { where, params } = scopeWhere(scope, filter);
  return q.query(
    `SELECT ${WAYBILL_SELECT} FROM waybill w WHERE ${where} AND w.status = 'ongoing' ORDER BY w.actual_start DESC LIMIT 500`,
    params,
  );
}
