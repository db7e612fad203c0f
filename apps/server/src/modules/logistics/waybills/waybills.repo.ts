import type { WaybillAddSchema, WaybillRoute, WaybillStatus } from '@ztj/contracts';
import type { z } from 'zod';
import type { Queryable } from '../../../platform/db/db';
import { WAYBILL_SELECT } from './waybills.list';

/**
 * Waybill queries (CONVENTIONS §1 repo) for the waybill services: tables `waybill` and
 * `waybill_device`. Functions taking a `tenantId` add it to the `where` clause, so another tenant's
 * waybill is simply not found; the ones taking only a waybill id run after the caller has read
 * that waybill through a tenant-scoped function. Times are ms epoch in and out.
 */

/** A waybill body as validated by `WaybillAddSchema`. */
export type WaybillBody = z.output<typeof WaybillAddSchema>;

/** A waybill row as selected by `WAYBILL_SELECT` (alias `w`), for `waybillRecordOf`; undefined when not of the tenant. */
export async function selectWaybill(
  q: Queryable,
  tenantId: number,
  id: string,
): Promise<Record<string, unknown> | undefined> {
  const [row] = await q.query(`SELECT ${WAYBILL_SELECT} FROM waybill w WHERE w.tenant_id = $1 AND w.id = $2`, [
    tenantId,
    id,
  ]);
  return row;
}

/** Status and number of a waybill of the tenant; undefined when not found. */
export async function selectWaybillStatus(
  q: Queryable,
  tenantId: number,
  id: string,
): Promise<{ status: WaybillStatus; number: string } | undefined> {
  const [row] = await q.query<{ status: WaybillStatus; number: string }>(
    'SELECT status, number FROM waybill WHERE tenant_id = $1 AND id = $2',
    [tenantId, id],
  );
  return row;
}

/**
 * The first (by device id) of `deviceIds` that is on an ongoing waybill of the tenant other than
 * `exceptWaybillId` (null = any), with that waybill's number; undefined when all are free.
 */
export async function findBusyDevice(
  q: Queryable,
  tenantId: number,
  deviceIds: readonly string[],
  exceptWaybillId: string | null,
): Promise<{ dev_no: string; number: string } | undefined> {
  const [busy] = await q.query<{ dev_no: string; number: string }>(
    `SELECT wd.dev_no, w.number FROM waybill_device wd JOIN waybill w ON w.id = wd.waybill_id
      WHERE w.tenant_id = $1 AND w.status = 'ongoing' AND wd.removed_at IS NULL AND wd.dev_no = ANY($2::text[]) AND w.id IS DISTINCT FROM $3
      ORDER BY wd.dev_no LIMIT 1`,
    [tenantId, [...deviceIds], exceptWaybillId],
  );
  return busy;
}

/** True when another waybill of the tenant (not `exceptId`; null = none excepted) has `number`. */
export async function waybillNumberTaken(
  q: Queryable,
  tenantId: number,
  number: string,
  exceptId: string | null,
): Promise<boolean> {
  const taken = await q.query('SELECT 1 FROM waybill WHERE tenant_id = $1 AND number = $2 AND id IS DISTINCT FROM $3', [
    tenantId,
    number,
    exceptId,
  ]);
  return taken.length > 0;
}

/** A free waybill number of the tenant: `WB` + yyyyMMdd (UTC day of `now`) + 3-digit sequence of the day (then more digits). */
export async function nextWaybillNumber(q: Queryable, tenantId: number, now: number): Promise<string> {
  const day = new Date(now).toISOString().slice(0, 10).replace(/-/g, '');
  const [row] = await q.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM waybill WHERE tenant_id = $1 AND number LIKE $2 || '%'",
    [tenantId, `WB${day}`],
  );
  for (let i = (row?.n ?? 0) + 1; ; i++) {
    const candidate = `WB${day}${String(i).padStart(3, '0')}`;
    const taken = await q.query('SELECT 1 FROM waybill WHERE tenant_id = $1 AND number = $2', [tenantId, candidate]);
    if (!taken.length) return candidate;
  }
}

/**
 * Puts `deviceIds` on the waybill (a device already on it stays as it is; duplicates count once).
 * The devices' earlier removals are kept for the trip's history.
 */
export async function attachDevices(q: Queryable, waybillId: string, deviceIds: readonly string[]): Promise<void> {
  await q.query(
    `INSERT INTO waybill_device (waybill_id, dev_no) SELECT $1, x FROM unnest($2::text[]) AS x
      WHERE NOT EXISTS (SELECT 1 FROM waybill_device wd WHERE wd.waybill_id = $1 AND wd.dev_no = x AND wd.removed_at IS NULL)`,
    [waybillId, [...new Set(deviceIds)]],
  );
}

/** Makes `deviceIds` the waybill's current devices: the others on it are deleted (not kept as removed), the new ones attached. */
export async function replaceDevices(q: Queryable, waybillId: string, deviceIds: readonly string[]): Promise<void> {
  await q.query(
    'DELETE FROM waybill_device WHERE waybill_id = $1 AND removed_at IS NULL AND NOT (dev_no = ANY($2::text[]))',
    [waybillId, [...deviceIds]],
  );
  await attachDevices(q, waybillId, deviceIds);
}

/**
 * The 13 editable columns in the order both the insert and the update list them (name … monitor
 * user ids): planned times ms epoch, route as a jsonb snapshot, monitors deduplicated.
 */
function fieldParams(body: WaybillBody, number: string, route: WaybillRoute): unknown[] {
  return [
    body.name,
    number,
    body.innerNumber,
    body.vehicle,
    body.driverPhone,
    body.company,
    body.mileageKm,
    body.plannedStart,
    body.plannedEnd,
    route.id,
    JSON.stringify(route),
    body.aiStartStop,
    JSON.stringify([...new Set(body.monitorUserIds)]),
  ];
}

/** Inserts an un-started waybill row of the tenant (without devices) created by user name `by`; returns its id. */
export async function insertWaybillRow(
  q: Queryable,
  tenantId: number,
  by: string,
  body: WaybillBody,
  number: string,
  route: WaybillRoute,
): Promise<string> {
  const [row] = await q.query<{ id: string }>(
    `INSERT INTO waybill (tenant_id, name, number, inner_number, vehicle, driver_phone, company, mileage_km, planned_start, planned_end,
        route_id, route, ai_start_stop, monitor_user_ids, create_by)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,to_timestamp($9::float8 / 1000),to_timestamp($10::float8 / 1000),$11,$12::jsonb,$13,$14::jsonb,$15) RETURNING id`,
    [tenantId, ...fieldParams(body, number, route), by],
  );
  return row!.id;
}

/** Replaces the editable fields of a waybill of the tenant and clears its AI state; `by` = user name. */
export async function updateWaybillRow(
  q: Queryable,
  tenantId: number,
  id: string,
  by: string,
  body: WaybillBody,
  number: string,
  route: WaybillRoute,
): Promise<void> {
  await q.query(
    `UPDATE waybill SET name = $3, number = $4, inner_number = $5, vehicle = $6, driver_phone = $7, company = $8, mileage_km = $9,
          planned_start = to_timestamp($10::float8 / 1000), planned_end = to_timestamp($11::float8 / 1000), route_id = $12, route = $13::jsonb,
          ai_start_stop = $14, monitor_user_ids = $15::jsonb, ai_state = NULL, update_by = $16, update_time = now()
        WHERE tenant_id = $1 AND id = $2`,
    [tenantId, id, ...fieldParams(body, number, route), by],
  );
}

/** The stored number of a waybill already read through its tenant. */
export async function waybillNumber(q: Queryable, id: string): Promise<string> {
  return (await q.query<{ number: string }>('SELECT number FROM waybill WHERE id = $1', [id]))[0]!.number;
}

const parsed = (v: unknown): unknown => (typeof v === 'string' ? JSON.parse(v) : v);

/** The route snapshot and monitor user ids of a waybill already read through its tenant (jsonb parsed on either driver). */
export async function waybillSnapshot(
  q: Queryable,
  id: string,
): Promise<{ route: WaybillRoute; monitorUserIds: string[] }> {
  const [row] = await q.query<{ route: unknown; monitor_user_ids: unknown }>(
    'SELECT route, monitor_user_ids FROM waybill WHERE id = $1',
    [id],
  );
  return { route: parsed(row!.route) as WaybillRoute, monitorUserIds: parsed(row!.monitor_user_ids) as string[] };
}

/** Ids of the devices currently on the waybill (not removed). */
export async function currentDeviceIds(q: Queryable, waybillId: string): Promise<string[]> {
  const devices = await q.query<{ dev_no: string }>(
    'SELECT dev_no FROM waybill_device WHERE waybill_id = $1 AND removed_at IS NULL',
    [waybillId],
  );
  return devices.map((d) => d.dev_no);
}

/** Marks a waybill of the tenant ongoing from `at` (ms epoch); `by` null (the AI) keeps the last editor. */
export async function markStarted(q: Queryable, tenantId: number, id: string, at: number, by: string | null) {
  await q.query(
    `UPDATE waybill SET status = 'ongoing', actual_start = to_timestamp($3::float8 / 1000), update_by = coalesce($4, update_by), update_time = now()
        WHERE tenant_id = $1 AND id = $2`,
    [tenantId, id, at, by],
  );
}

/** Marks an ongoing waybill of the tenant completed at `at` (ms epoch) and clears its ETA; `by` null (the AI) keeps the last editor. */
export async function markCompleted(q: Queryable, tenantId: number, id: string, at: number, by: string | null) {
  await q.query(
    `UPDATE waybill SET status = 'completed', actual_end = to_timestamp($3::float8 / 1000), eta_ms = NULL, update_by = coalesce($4, update_by), update_time = now()
      WHERE tenant_id = $1 AND id = $2 AND status = 'ongoing'`,
    [tenantId, id, at, by],
  );
}

/** Deletes a waybill of the tenant (its device rows go with it). */
export async function deleteWaybillRow(q: Queryable, tenantId: number, id: string): Promise<void> {
  await q.query('DELETE FROM waybill WHERE tenant_id = $1 AND id = $2', [tenantId, id]);
}

/** Sets the planned start and end (ms epoch) of a waybill of the tenant; `by` = user name. */
export async function updatePlannedTimes(
  q: Queryable,
  tenantId: number,
  id: string,
  plannedStart: number,
  plannedEnd: number,
  by: string,
): Promise<void> {
  await q.query(
    `UPDATE waybill SET planned_start = to_timestamp($3::float8 / 1000), planned_end = to_timestamp($4::float8 / 1000), update_by = $5, update_time = now()
      WHERE tenant_id = $1 AND id = $2`,
    [tenantId, id, plannedStart, plannedEnd, by],
  );
}

/** True when a device other than `deviceIds` is currently on the waybill. */
export async function keepsOtherDevice(
  q: Queryable,
  waybillId: string,
  deviceIds: readonly string[],
): Promise<boolean> {
  const left = await q.query(
    'SELECT 1 FROM waybill_device WHERE waybill_id = $1 AND removed_at IS NULL AND NOT (dev_no = ANY($2::text[]))',
    [waybillId, [...deviceIds]],
  );
  return left.length > 0;
}

/** Ends the current time of `deviceIds` on the waybill now (the rows stay for the trip's history). */
export async function detachDevices(q: Queryable, waybillId: string, deviceIds: readonly string[]): Promise<void> {
  await q.query(
    'UPDATE waybill_device SET removed_at = now() WHERE waybill_id = $1 AND removed_at IS NULL AND dev_no = ANY($2::text[])',
    [waybillId, [...deviceIds]],
  );
}
