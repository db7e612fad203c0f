import {
  formatMessage,
  type Language,
  type WaybillRecord,
  type WaybillRoute,
  type WaybillStatus,
} from '@ztj/contracts';
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
import { waybillRecordOf } from './waybills.list';
import {
  findBusyDevice,
  insertWaybillRow,
  nextWaybillNumber,
  replaceDevices,
  selectWaybill,
  selectWaybillStatus,
  updateWaybillRow,
  waybillNumber,
  waybillNumberTaken,
  waybillSnapshot,
  type WaybillBody,
} from './waybills.repo';

/**
 * Waybill reads, checks and edits of an un-started waybill (SPEC §4 states and transitions, §5
 * validation, §7 tasks add, update, copy, §8 "this device is already on"); the state transitions
 * and device changes are in waybill-lifecycle.ts. Every query carries the caller's tenant: another
 * tenant's waybill is "not found".
 *
 * State machine: un-started --start--> ongoing --stop--> completed. `update` and `copy` keep a
 * waybill un-started; `modifyTime`, `addDevs` and `delDevInTask` work until it is completed;
 * `del` works in every state. A device may be on one ongoing waybill at a time.
 *
 * Division scope (waybill-division.ts): the functions taking a `ScopeArg` or a trailing `division`
 * org code also refuse a waybill or device outside that division (the division-vehicle calls); a
 * plain tenant id or a null division is the whole tenant.
 */

type Body = WaybillBody;

/**
 * One waybill of the tenant (`now` ms epoch decides the timing outcome).
 * @throws AppError notFound waybillNotFound; forbidden waybillOutsideDivision.
 */
export async function viewWaybill(q: Queryable, scope: ScopeArg, id: string, now = Date.now()): Promise<WaybillRecord> {
  const s = scopeOf(scope);
  const row = await selectWaybill(q, s.tenantId, id);
  if (!row) throw new AppError('notFound', 'waybillNotFound');
  await requireWaybillInDivision(q, s, id, String(row.number));
  return waybillRecordOf(row, now);
}

/** Status of a waybill of the scope, for the transition checks. @throws AppError notFound; forbidden waybillOutsideDivision. */
export async function statusOf(
  q: Queryable,
  scope: WaybillScope,
  id: string,
): Promise<{ status: WaybillStatus; number: string }> {
  const row = await selectWaybillStatus(q, scope.tenantId, id);
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
  const busy = await findBusyDevice(q, tenantId, deviceIds, exceptWaybillId);
  if (busy) throw fieldFailure(lang, field, 'waybillDeviceAlreadyOn', { device: busy.dev_no, waybill: busy.number });
}

/**
 * Refuses devices that are not of the tenant or outside the scope's division.
 * @throws AppError badRequest deviceNotInTenant / deviceOutsideDivision (`deviceIds`).
 */
export async function checkDevicesInScope(
  q: Queryable,
  lang: Language,
  scope: WaybillScope,
  deviceIds: readonly string[],
): Promise<void> {
  const [bad] = await devicesNotInTenant(q, scope.tenantId, deviceIds);
  if (bad !== undefined) throw fieldFailure(lang, 'deviceIds', 'deviceNotInTenant', { id: bad });
  await checkDevicesInDivision(q, lang, scope, deviceIds);
}

/**
 * Checks a body against the tenant: number unique, devices and monitoring accounts of the tenant,
 * devices not on another ongoing waybill, the route of the tenant. Returns the route snapshot.
 * @throws AppError conflict waybillNumberExists (`number`); badRequest deviceNotInTenant /
 *   deviceOutsideDivision / waybillDeviceAlreadyOn (`deviceIds`), userNotInTenant (`monitorUserIds`), waybillRouteNotFound (`routeId`).
 */
async function checkBody(q: Queryable, lang: Language, scope: WaybillScope, body: Body, exceptId: string | null) {
  const { tenantId } = scope;
  if (body.number && (await waybillNumberTaken(q, tenantId, body.number, exceptId)))
    throw new AppError('conflict', 'waybillNumberExists', {}, [
      { field: 'number', message: formatMessage('waybillNumberExists', lang) },
    ]);
  await checkDevicesInScope(q, lang, scope, body.deviceIds);
  await checkDevicesFree(q, lang, tenantId, body.deviceIds, exceptId);
  const [badUser] = await usersNotInTenant(q, tenantId, body.monitorUserIds);
  if (badUser !== undefined) throw fieldFailure(lang, 'monitorUserIds', 'userNotInTenant');
  const route = await readRoute(q, tenantId, body.routeId);
  if (!route) throw fieldFailure(lang, 'routeId', 'waybillRouteNotFound');
  return route;
}

/**
 * Inserts a checked waybill (un-started) with its devices; returns its id. Used by add, copy and
 * the demo seed (`by` = creator's user name; an empty number gets the next free one of `now`'s day).
 */
export async function insertWaybill(
  q: Queryable,
  tenantId: number,
  by: string,
  body: Body,
  route: WaybillRoute,
  now = Date.now(),
): Promise<string> {
  const number = body.number || (await nextWaybillNumber(q, tenantId, now));
  const id = await insertWaybillRow(q, tenantId, by, body, number, route);
  await replaceDevices(q, id, body.deviceIds);
  return id;
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
 * Replaces the fields of an un-started waybill (an empty number keeps the stored one).
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
    const number = body.number || (await waybillNumber(q, body.id));
    await updateWaybillRow(q, auth.tenantId, body.id, auth.username, body, number, route);
    await replaceDevices(q, body.id, body.deviceIds);
  });
  return viewWaybill(db, scope, body.id);
}

/**
 * Copies a waybill (any state) as a new un-started one: same fields, route snapshot, devices and
 * monitors; a new generated number; no actual times. @throws AppError notFound.
 */
export async function copyWaybill(db: Db, auth: AuthContext, id: string): Promise<WaybillRecord> {
  const src = await viewWaybill(db, auth.tenantId, id);
  const { route, monitorUserIds } = await waybillSnapshot(db, id);
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
    monitorUserIds,
  };
  const newId = await db.tx((q) => insertWaybill(q, auth.tenantId, auth.username, body, route));
  return viewWaybill(db, auth.tenantId, newId);
}
