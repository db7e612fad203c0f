import type { Language } from '@ztj/contracts';
import type { AuthContext } from '../../../platform/auth/auth-context';
import type { Queryable } from '../../../platform/db/db';
import { AppError } from '../../../platform/http/app-error';
import { fieldFailure } from '../../../platform/http/field-errors';
import * as repo from './waybill-division.repo';

/**
 * Division scope of the division-vehicle task calls (SPEC §7 "tasks … and division-vehicle
 * equivalents"). A division is the caller's current department (`sys_user.org_code`)
 * with its sub-departments: org codes are hierarchical (departs/org-code.ts), so the subtree is every
 * code starting with the caller's. A device is in the division when its `device.org_code` is in that
 * subtree; a waybill (its vehicle) is in it when every device currently on it is. The tenant
 * administrator at the tenant's root department therefore sees every waybill whose devices are
 * placed in the tenant's departments.
 */

/** Where waybill calls look: the tenant, and within it the division org code (null = the whole tenant). */
export interface WaybillScope {
  tenantId: number;
  division: string | null;
}

/** A tenant id (the plain task calls, the tracker, reports) or a scope. */
export type ScopeArg = number | WaybillScope;

/** The scope of a {@link ScopeArg}. */
export function scopeOf(s: ScopeArg): WaybillScope {
  return typeof s === 'number' ? { tenantId: s, division: null } : s;
}

/**
 * The division org code of the caller in the request's tenant: the current department, which must be
 * an undeleted department of that tenant.
 * @throws AppError forbidden noDepartment (SPEC §6 "no valid department under your department").
 */
export async function divisionOf(q: Queryable, auth: AuthContext): Promise<WaybillScope> {
  if (!auth.orgCode) throw new AppError('forbidden', 'noDepartment');
  if (!(await repo.liveDepartWithCode(q, auth.tenantId, auth.orgCode))) throw new AppError('forbidden', 'noDepartment');
  return { tenantId: auth.tenantId, division: auth.orgCode };
}

/**
 * Refuses a waybill outside the scope's division (nothing to check for a whole-tenant scope).
 * @throws AppError forbidden waybillOutsideDivision naming the waybill's number.
 */
export async function requireWaybillInDivision(
  q: Queryable,
  scope: WaybillScope,
  id: string,
  number: string,
): Promise<void> {
  if (scope.division === null) return;
  if ((await repo.waybillInDivision(q, id, scope.division)) === false)
    throw new AppError('forbidden', 'waybillOutsideDivision', { waybill: number });
}

/**
 * Refuses devices (already known to be the tenant's) outside the scope's division, as a field error.
 * @throws AppError badRequest deviceOutsideDivision naming the first such device.
 */
export async function checkDevicesInDivision(
  q: Queryable,
  lang: Language,
  scope: WaybillScope,
  deviceIds: readonly string[],
  field = 'deviceIds',
): Promise<void> {
  if (scope.division === null || deviceIds.length === 0) return;
  const out = await repo.firstDeviceOutsideDivision(q, scope.tenantId, deviceIds, scope.division);
  if (out !== undefined) throw fieldFailure(lang, field, 'deviceOutsideDivision', { id: out });
}
