import type { Language } from '@ztj/contracts';
import type { AuthContext } from '../../../platform/auth/auth-context';
import type { Queryable } from '../../../platform/db/db';
import { AppError } from '../../../platform/http/app-error';
import { fieldFailure } from '../../../platform/http/field-errors';

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
 * SQL predicate "waybill `w` is in the division whose org code is the parameter `param`": no device
 * currently on it lies outside the subtree (a device without org code lies outside every division).
 */
export function waybillInDivisionSql(param: string): string {
  return `NOT EXISTS (SELECT 1 FROM waybill_device wdv JOIN device dv ON dv.dev_no = wdv.dev_no
    WHERE wdv.waybill_id = w.id AND wdv.removed_at IS NULL AND NOT starts_with(coalesce(dv.org_code, ''), ${param}))`;
}

/**
 * The division org code of the caller in the request's tenant: the current department, which must be
 * an undeleted department of that tenant.
 * @throws AppError forbidden noDepartment (SPEC §6 "no valid department under your department").
 */
export async function divisionOf(q: Queryable, auth: AuthContext): Promise<WaybillScope> {
  if (!auth.orgCode) throw new AppError('forbidden', 'noDepartment');
  const [dep] = await q.query('SELECT 1 FROM sys_depart WHERE tenant_id = $1 AND org_code = $2 AND del_flag = 0', [
    auth.tenantId,
    auth.orgCode,
  ]);
  if (!dep) throw new AppError('forbidden', 'noDepartment');
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
  const [row] = await q.query<{ inside: boolean }>(
    `SELECT ${waybillInDivisionSql('$2')} AS inside FROM waybill w WHERE w.id = $1`,
    [id, scope.division],
  );
  if (row && !row.inside) throw new AppError('forbidden', 'waybillOutsideDivision', { waybill: number });
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
  const [out] = await q.query<{ dev_no: string }>(
    `SELECT dev_no FROM device WHERE tenant_id = $1 AND dev_no = ANY($2::text[]) AND NOT starts_with(coalesce(org_code, ''), $3) ORDER BY dev_no LIMIT 1`,
    [scope.tenantId, [...deviceIds], scope.division],
  );
  if (out) throw fieldFailure(lang, field, 'deviceOutsideDivision', { id: out.dev_no });
}
