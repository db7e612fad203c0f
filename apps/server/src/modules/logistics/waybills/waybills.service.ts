import {
  formatMessage,
  type Language,
  type WaybillAddSchema,
  type WaybillRecord,
  type WaybillStatus,
} from '@ztj/contracts';
import type { z } from 'zod';
import type { AuthContext } from '../../../platform/auth/auth-context';
import type { Db, Queryable } from '../../../platform/db/db';
import { AppError } from '../../../platform/http/app-error';
import { devicesNotInTenant, usersNotInTenant } from '../../../platform/tenancy/tenant-refs';
import { fieldFailure } from '../../../platform/http/field-errors';
import { readRoute } from './route-source';
import {
  checkDevicesInDivision,
  requireWaybillInDivision,
  scopeOf,
  type ScopeArg,
  type WaybillScope,
} from './waybill-division';
import { WAYBILL_SELECT, waybillRecordOf } from './waybills.list';

/**
 * Waybill writes (SPEC §4 states and transitions, §5 validation, §7 tasks add,
 * update, copy, start, stop, del, modifyTime, addDevs, delDevInTask, §8 "this device is already
 * on"). Every query carries the caller's tenant: another tenant's waybill is "not found".
 *
 * State machine: un-started --start--> ongoing --stop--> completed. `update` and `copy` keep a
 * waybill un-started; `modifyTime`, `addDevs` and `delDevInTask` work until it is completed;
 * `del` works in every state. A device may be on one ongoing waybill at a time.
 *
 * Division scope (waybill-division.ts): the functions taking a `ScopeArg` or a trailing `division`
 * org code also refuse a waybill or device outside that division (the division-vehicle calls); a
 * plain tenant id or a null division is the whole tenant.
 */

type Body = z.output<typeof WaybillAddSchema>;

/**
 * One waybill of the tenant (`now` ms epoch decides the timing outcome).
 * @throws AppError notFound waybillNotFound; forbidden waybillOutsideDivision.
 */
export async function viewWaybill(q: Queryable, scope: ScopeArg, id: string, now = Date.now()): Promise<WaybillRecord> {
  const s = scopeOf(scope);
  const [row] = await q.query(`SELECT ${WAYBILL_SELECT} FROM waybill w WHERE w.tenant_id = $1 AND w.id = $2`, [
    s.tenantId,
    id,
  ]);
  if (!row) throw new AppError('notFound', 'waybillNotFound');
  await requireWaybillInDivision(q, s, id, String(row.number));
  return waybillRecordOf(row, now);
}

/** Status of a waybill of the scope, for the transition checks. @throws AppError notFound; forbidden waybillOutsideDivision. */
async function statusOf(
  q: Queryable,
  scope: WaybillScope,
  id: string,
): Promise<{ status: WaybillStatus; number: string }> {
  const [row] = await q.query<{ status: WaybillStatus; number: string }>(
    'SELECT status, number FROM waybill WHERE tenant_id = $1 AND id = $2',
    [scope.tenantId, id],
  );
  if (!row) throw new AppError('notFound', 'waybillNotFound');
  await requireWaybillInDivision(q, scope, id, row.number);
  return row;
}

/**
 * Refuses devices that are on another ongoing waybill (SPEC §8 "this device is already on"), as a
 * field error on `field`.
 * @throws AppError badRequest waybillDeviceAlreadyOn naming the device and the other waybill's number.
 */
export async function checkDevicesFree(
  q: Queryable,
  lang: Language,
  tenantId: number,
  deviceIds: readonly string[],
  exceptWaybillId: string | null,
  field = 'deviceIds',
): Promise<void> {
  const [busy] = await q.query<{ dev_no: string; number: string }>(
    `SELECT wd.dev_no, w.number FROM waybill_device wd JOIN waybill w ON w.id = wd.waybill_id
      WHERE w.tenant_id = $1 AND w.status = 'ongoing' AND wd.removed_at IS NULL AND wd.dev_no = ANY($2::text[]) AND w.id IS DISTINCT FROM $3
      ORDER BY wd.dev_no LIMIT 1`,
    [tenantId, [...deviceIds], exceptWaybillId],
  );
  if (busy) throw fieldFailure(lang, field, 'waybillDeviceAlreadyOn', { device: busy.dev_no, waybill: busy.number });
}

/**
 * Checks a body against the tenant: number unique, devices and monitoring accounts of the tenant,
 * devices not on another ongoing waybill, the route of the tenant. Returns the route snapshot.
 * @throws AppError conflict waybillNumberExists (`number`); badRequest deviceNotInTenant /
 *   deviceOutsideDivision / waybillDeviceAlreadyOn (`deviceIds`), userNotInTenant (`monitorUserIds`), waybillRouteNotFound (`routeId`).
 */
async function checkBody(q: Queryable, lang: Language, scope: WaybillScope, body: Body, exceptId: string | null) {
  const { tenantId } = scope;
  if (body.number) {
    const taken = await q.query(
      'SELECT 1 FROM waybill WHERE tenant_id = $1 AND number = $2 AND id IS DISTINCT FROM $3',
      [tenantId, body.number, exceptId],
    );
    if (taken.length)
      throw new AppError('conflict', 'waybillNumberExists', {}, [
        { field: 'number', message: formatMessage('waybillNumberExists', lang) },
      ]);
  }
  const [bad] = await devicesNotInTenant(q, tenantId, body.deviceIds);
  if (bad !== undefined) throw fieldFailure(lang, 'deviceIds', 'deviceNotInTenant', { id: bad });
  await checkDevicesInDivision(q, lang, scope, body.deviceIds);
  await checkDevicesFree(q, lang, tenantId, body.deviceIds, exceptId);
  const [badUser] = await usersNotInTenant(q, tenantId, body.monitorUserIds);
  if (badUser !== undefined) throw fieldFailure(lang, 'monitorUserIds', 'userNotInTenant');
  const route = await readRoute(q, tenantId, body.routeId);
  if (!route) throw fieldFailure(lang, 'routeId', 'waybillRouteNotFound');
  return route;
}

/** A free waybill number `WB` + yyyyMMdd + 3-digit sequence of the day (then more digits). */
async function nextNumber(q: Queryable, tenantId: number, now: number): Promise<string> {
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

async function setDevices(q: Queryable, waybillId: string, deviceIds: readonly string[]): Promise<void> {
  await q.query(
    'DELETE FROM waybill_device WHERE waybill_id = $1 AND removed_at IS NULL AND NOT (dev_no = ANY($2::text[]))',
    [waybillId, [...deviceIds]],
  );
  await q.query(
    `INSERT INTO waybill_device (waybill_id, dev_no) SELECT $1, x FROM unnest($2::text[]) AS x
      WHERE NOT EXISTS (SELECT 1 FROM waybill_device wd WHERE wd.waybill_id = $1 AND wd.dev_no = x AND wd.removed_at IS NULL)`,
    [waybillId, [...new Set(deviceIds)]],
  );
}

/**
 * Inserts a checked waybill (un-started) with its devices; returns its id. Used by add, copy and
 * the demo seed (`by` = creator's user name).
 */
export async function insertWaybill(
  q: Queryable,
  tenantId: number,
  by: string,
  body: Body,
  route: NonNullable<Awaited<ReturnType<typeof readRoute>>>,
  now = Date.now(),
): Promise<string> {
  const number = body.number || (await nextNumber(q, tenantId, now));
  const [row] = await q.query<{ id: string }>(
    `INSERT INTO waybill (tenant_id, name, number, inner_number, vehicle, driver_phone, company, mileage_km, planned_start, planned_end,
        route_id, route, ai_start_stop, monitor_user_ids, create_by)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,to_timestamp($9::float8 / 1000),to_timestamp($10::float8 / 1000),$11,$12::jsonb,$13,$14::jsonb,$15) RETURNING id`,
    [
      tenantId,
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
      by,
    ],
  );
  await setDevices(q, row!.id, body.deviceIds);
  return row!.id;
}

/**
 * Adds an un-started waybill (body validated by `WaybillAddSchema`); `division` (org code) limits
 * its devices to that division. Errors: see {@link checkBody}.
 */
export async function addWaybill(
  db: Db,
  auth: AuthContext,
  lang: Language,
  body: Body,
  division: string | null = null,
): Promise<WaybillRecord> {
  const scope = { tenantId: auth.tenantId, division };
  const id = await db.tx(async (q) =>
    insertWaybill(q, auth.tenantId, auth.username, body, await checkBody(q, lang, scope, body, null)),
  );
  return viewWaybill(db, scope, id);
}

/**
 * Replaces the fields of an un-started waybill.
 * @throws AppError notFound; business waybillNotUnstarted; and the errors of {@link checkBody}.
 */
export async function updateWaybill(
  db: Db,
  auth: AuthContext,
  lang: Language,
  body: Body & { id: string },
  division: string | null = null,
): Promise<WaybillRecord> {
  const scope = { tenantId: auth.tenantId, division };
  await db.tx(async (q) => {
    const { status } = await statusOf(q, scope, body.id);
    if (status !== 'unstarted') throw new AppError('business', 'waybillNotUnstarted');
    const route = await checkBody(q, lang, scope, body, body.id);
    const number =
      body.number ||
      (await q.query<{ number: string }>('SELECT number FROM waybill WHERE id = $1', [body.id]))[0]!.number;
    await q.query(
      `UPDATE waybill SET name = $3, number = $4, inner_number = $5, vehicle = $6, driver_phone = $7, company = $8, mileage_km = $9,
          planned_start = to_timestamp($10::float8 / 1000), planned_end = to_timestamp($11::float8 / 1000), route_id = $12, route = $13::jsonb,
          ai_start_stop = $14, monitor_user_ids = $15::jsonb, ai_state = NULL, update_by = $16, update_time = now()
        WHERE tenant_id = $1 AND id = $2`,
      [
        auth.tenantId,
        body.id,
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
        auth.username,
      ],
    );
    await setDevices(q, body.id, body.deviceIds);
  });
  return viewWaybill(db, scope, body.id);
}

/**
 * Copies a waybill (any state) as a new un-started one: same fields, route snapshot, devices and
 * monitors; a new generated number; no actual times. @throws AppError notFound.
 */
export async function copyWaybill(db: Db, auth: AuthContext, id: string): Promise<WaybillRecord> {
  const src = await viewWaybill(db, auth.tenantId, id);
  const [row] = await db.query<{ route: unknown; monitor_user_ids: unknown }>(
    'SELECT route, monitor_user_ids FROM waybill WHERE id = $1',
    [id],
  );
  const route = (typeof row!.route === 'string' ? JSON.parse(row!.route) : row!.route) as Parameters<
    typeof insertWaybill
  >[4];
  const monitors = (
    typeof row!.monitor_user_ids === 'string' ? JSON.parse(row!.monitor_user_ids) : row!.monitor_user_ids
  ) as string[];
  const body: Body = {
    name: src.name,
    number: '',
    innerNumber: src.innerNumber,
    vehicle: src.vehicle,
    driverPhone: src.driverPhone,
    company: src.company,
    mileageKm: src.mileageKm,
    plannedStart: src.plannedStart,
    plannedEnd: src.plannedEnd,
    deviceIds: src.devices.map((d) => d.id),
    routeId: src.routeId,
    aiStartStop: src.aiStartStop,
    monitorUserIds: monitors,
  };
  const newId = await db.tx((q) => insertWaybill(q, auth.tenantId, auth.username, body, route));
  return viewWaybill(db, auth.tenantId, newId);
}

/**
 * Starts an un-started waybill at `at` (ms epoch; now for a person, the deciding fix's device time
 * for the AI). `by` null = the AI.
 * @throws AppError notFound; business waybillNotUnstarted; badRequest waybillLastDevice when it has
 *   no device; badRequest waybillDeviceAlreadyOn (`deviceIds`).
 */
export async function startWaybill(
  db: Db,
  scope: ScopeArg,
  lang: Language,
  id: string,
  by: string | null,
  at = Date.now(),
): Promise<WaybillRecord> {
  const s = scopeOf(scope);
  const { tenantId } = s;
  await db.tx(async (q) => {
    const { status } = await statusOf(q, s, id);
    if (status !== 'unstarted') throw new AppError('business', 'waybillNotUnstarted');
    const devices = await q.query<{ dev_no: string }>(
      'SELECT dev_no FROM waybill_device WHERE waybill_id = $1 AND removed_at IS NULL',
      [id],
    );
    if (!devices.length) throw fieldFailure(lang, 'deviceIds', 'waybillLastDevice');
    await checkDevicesFree(
      q,
      lang,
      tenantId,
      devices.map((d) => d.dev_no),
      id,
    );
    await q.query(
      `UPDATE waybill SET status = 'ongoing', actual_start = to_timestamp($3::float8 / 1000), update_by = coalesce($4, update_by), update_time = now()
        WHERE tenant_id = $1 AND id = $2`,
      [tenantId, id, at, by],
    );
  });
  return viewWaybill(db, s, id);
}

/**
 * Completes an ongoing waybill at `at` (ms epoch). `by` null = the AI.
 * @throws AppError notFound; business waybillNotOngoing.
 */
export async function stopWaybill(
  db: Db,
  scope: ScopeArg,
  id: string,
  by: string | null,
  at = Date.now(),
): Promise<WaybillRecord> {
  const s = scopeOf(scope);
  const { tenantId } = s;
  const { status } = await statusOf(db, s, id);
  if (status !== 'ongoing') throw new AppError('business', 'waybillNotOngoing');
  await db.query(
    `UPDATE waybill SET status = 'completed', actual_end = to_timestamp($3::float8 / 1000), eta_ms = NULL, update_by = coalesce($4, update_by), update_time = now()
      WHERE tenant_id = $1 AND id = $2 AND status = 'ongoing'`,
    [tenantId, id, at, by],
  );
  return viewWaybill(db, s, id);
}

/** Deletes a waybill in any state (the console asks first). @throws AppError notFound; forbidden waybillOutsideDivision. */
export async function deleteWaybill(db: Db, scope: ScopeArg, id: string): Promise<void> {
  const s = scopeOf(scope);
  await statusOf(db, s, id);
  await db.query('DELETE FROM waybill WHERE tenant_id = $1 AND id = $2', [s.tenantId, id]);
}

/**
 * Changes the estimated start and end (validated end > start) of an un-started or ongoing waybill.
 * @throws AppError notFound; business waybillCompleted.
 */
export async function modifyWaybillTime(
  db: Db,
  auth: AuthContext,
  body: { id: string; plannedStart: number; plannedEnd: number },
  division: string | null = null,
): Promise<WaybillRecord> {
  const scope = { tenantId: auth.tenantId, division };
  const { status } = await statusOf(db, scope, body.id);
  if (status === 'completed') throw new AppError('business', 'waybillCompleted');
  await db.query(
    `UPDATE waybill SET planned_start = to_timestamp($3::float8 / 1000), planned_end = to_timestamp($4::float8 / 1000), update_by = $5, update_time = now()
      WHERE tenant_id = $1 AND id = $2`,
    [auth.tenantId, body.id, body.plannedStart, body.plannedEnd, auth.username],
  );
  return viewWaybill(db, scope, body.id);
}

/**
 * Adds devices to an un-started or ongoing waybill (`addDevs`); an ongoing one refuses devices
 * already on another ongoing waybill.
 * @throws AppError notFound; forbidden waybillOutsideDivision; business waybillCompleted; badRequest
 *   deviceNotInTenant / deviceOutsideDivision / waybillDeviceAlreadyOn.
 */
export async function addWaybillDevices(
  db: Db,
  auth: AuthContext,
  lang: Language,
  id: string,
  deviceIds: readonly string[],
  division: string | null = null,
): Promise<WaybillRecord> {
  const scope = { tenantId: auth.tenantId, division };
  await db.tx(async (q) => {
    const { status } = await statusOf(q, scope, id);
    if (status === 'completed') throw new AppError('business', 'waybillCompleted');
    const [bad] = await devicesNotInTenant(q, auth.tenantId, deviceIds);
    if (bad !== undefined) throw fieldFailure(lang, 'deviceIds', 'deviceNotInTenant', { id: bad });
    await checkDevicesInDivision(q, lang, scope, deviceIds);
    await checkDevicesFree(q, lang, auth.tenantId, deviceIds, id);
    await q.query(
      `INSERT INTO waybill_device (waybill_id, dev_no) SELECT $1, x FROM unnest($2::text[]) AS x
        WHERE NOT EXISTS (SELECT 1 FROM waybill_device wd WHERE wd.waybill_id = $1 AND wd.dev_no = x AND wd.removed_at IS NULL)`,
      [id, [...new Set(deviceIds)]],
    );
  });
  return viewWaybill(db, scope, id);
}

/**
 * Removes devices from an un-started or ongoing waybill (`delDevInTask`): their time on it ends now
 * (kept for the trip's history). At least one device stays.
 * @throws AppError notFound; business waybillCompleted; badRequest waybillLastDevice (`deviceIds`).
 */
export async function removeWaybillDevices(
  db: Db,
  auth: AuthContext,
  lang: Language,
  id: string,
  deviceIds: readonly string[],
  division: string | null = null,
): Promise<WaybillRecord> {
  const scope = { tenantId: auth.tenantId, division };
  await db.tx(async (q) => {
    const { status } = await statusOf(q, scope, id);
    if (status === 'completed') throw new AppError('business', 'waybillCompleted');
    const left = await q.query(
      'SELECT 1 FROM waybill_device WHERE waybill_id = $1 AND removed_at IS NULL AND NOT (dev_no = ANY($2::text[]))',
      [id, [...deviceIds]],
    );
    if (!left.length) throw fieldFailure(lang, 'deviceIds', 'waybillLastDevice');
    await q.query(
      'UPDATE waybill_device SET removed_at = now() WHERE waybill_id = $1 AND removed_at IS NULL AND dev_no = ANY($2::text[])',
      [id, [...deviceIds]],
    );
  });
  return viewWaybill(db, scope, id);
}
