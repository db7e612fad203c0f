import type { Language, WaybillRecord } from '@ztj/contracts';
import type { AuthContext } from '../../../platform/auth/auth-context';
import type { Db } from '../../../platform/db/db';
import { AppError } from '../../../platform/http/app-error';
import { fieldFailure } from '../../../platform/http/field-errors';
import { scopeOf, type ScopeArg } from './waybill-division';
import {
  attachDevices,
  currentDeviceIds,
  deleteWaybillRow,
  detachDevices,
  keepsOtherDevice,
  markCompleted,
  markStarted,
  updatePlannedTimes,
} from './waybills.repo';
import { checkDevicesFree, checkDevicesInScope, statusOf, viewWaybill } from './waybills.service';

/**
 * Waybill state transitions and changes after the start (SPEC §4, §7 tasks start, stop, del,
 * modifyTime, addDevs, delDevInTask). State machine and division scope: see waybills.service.ts.
 */

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
    const devices = await currentDeviceIds(q, id);
    if (!devices.length) throw fieldFailure(lang, 'deviceIds', 'waybillLastDevice');
    await checkDevicesFree(q, lang, tenantId, devices, id);
    await markStarted(q, tenantId, id, at, by);
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
  const { status } = await statusOf(db, s, id);
  if (status !== 'ongoing') throw new AppError('business', 'waybillNotOngoing');
  await markCompleted(db, s.tenantId, id, at, by);
  return viewWaybill(db, s, id);
}

/** Deletes a waybill in any state (the console asks first). @throws AppError notFound; forbidden waybillOutsideDivision. */
export async function deleteWaybill(db: Db, scope: ScopeArg, id: string): Promise<void> {
  const s = scopeOf(scope);
  await statusOf(db, s, id);
  await deleteWaybillRow(db, s.tenantId, id);
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
  await updatePlannedTimes(db, auth.tenantId, body.id, body.plannedStart, body.plannedEnd, auth.username);
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
    await checkDevicesInScope(q, lang, scope, deviceIds);
    await checkDevicesFree(q, lang, auth.tenantId, deviceIds, id);
    await attachDevices(q, id, deviceIds);
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
    if (!(await keepsOtherDevice(q, id, deviceIds))) throw fieldFailure(lang, 'deviceIds', 'waybillLastDevice');
    await detachDevices(q, id, deviceIds);
  });
  return viewWaybill(db, scope, id);
}
