import type { DepartBrief, TenantBrief, UserInfo } from '@ztj/contracts';
import type { AuthContext } from '../../platform/auth/auth-context';
import type { Db, Queryable } from '../../platform/db/db';
import { AppError } from '../../platform/http/app-error';
import { userInfo } from '../users/user-info';
import * as repo from './auth.repo';
import type { TenantRow } from './auth.repo';

/*
 * Where a session acts: its tenant (chosen at sign-in, switched later) and the user's current
 * department inside it (SPEC §3, §4 tenant and department select).
 */

export { userDeparts, userTenants } from './auth.repo';

/**
 * The tenant a user's data lives in, for a first sign-in when no tenant was
 * used yet: among the usable tenants the one holding the most devices; undefined when none holds
 * any.
 */
export async function dataTenantOf(q: Queryable, tenants: TenantRow[]): Promise<number | undefined> {
  const usable = tenants.filter((t) => !t.expired && t.status === 1).map((t) => t.id);
  if (usable.length < 2) return undefined;
  return repo.tenantWithMostDevices(q, usable);
}

/** The session's tenant: the asked one (header), else the last used one when usable, else the first usable. */
export function pickTenant(
  tenants: TenantRow[],
  header: string | undefined,
  last: number | null,
): TenantRow | undefined {
  const usable = tenants.filter((t) => !t.expired && t.status === 1);
  const wanted = header && header !== '0' ? Number(header) : undefined;
  if (wanted !== undefined) {
    const t = tenants.find((x) => x.id === wanted);
    if (t && (t.expired || t.status !== 1)) return undefined;
    if (t) return t;
  }
  return usable.find((t) => t.id === last) ?? usable[0];
}

/** A tenant as the login answer and the tenant list show it (both names; dates as ISO-8601 UTC). */
export function toTenantBrief(t: TenantRow): TenantBrief {
  return {
    id: t.id,
    name: t.name,
    nameEn: t.name_en,
    status: t.status,
    beginDate: t.begin_date ? t.begin_date.toISOString() : null,
    endDate: t.end_date ? t.end_date.toISOString() : null,
  };
}

/**
 * Keeps the user's current department consistent with the tenant's departments: one department →
 * it becomes current; several and the current one among them → kept; otherwise cleared so the
 * console asks. Returns the resulting orgCode (undefined when the user must choose).
 */
export async function settleOrgCode(
  q: Queryable,
  userId: string,
  current: string | null,
  departs: DepartBrief[],
): Promise<string | null | undefined> {
  let next: string | null | undefined;
  if (departs.length === 0) next = null;
  else if (departs.length === 1) next = departs[0]!.orgCode;
  else next = departs.some((d) => d.orgCode === current) ? (current as string) : undefined;
  const stored = next === undefined ? null : next;
  if (stored !== current) await repo.setOrgCode(q, userId, stored);
  return next;
}

/**
 * Makes `orgCode` the user's current department (SPEC §3 department select).
 * @throws AppError business departNotFound when it is not one of the user's departments in the tenant.
 */
export async function selectDepart(db: Db, auth: AuthContext, orgCode: string): Promise<UserInfo> {
  const departs = await repo.userDeparts(db, auth.userId, auth.tenantId);
  if (!departs.some((d) => d.orgCode === orgCode)) throw new AppError('business', 'departNotFound');
  await repo.setOrgCode(db, auth.userId, orgCode);
  return userInfo(db, auth.userId, auth.tenantId);
}

/**
 * Switches the session to another of the user's tenants.
 * @throws AppError forbidden tenantRefused / tenantExpired.
 */
export async function selectTenant(db: Db, auth: AuthContext, tenantId: number): Promise<void> {
  const tenant = (await repo.userTenants(db, auth.userId)).find((t) => t.id === tenantId);
  if (!tenant) throw new AppError('forbidden', 'tenantRefused');
  if (tenant.expired || tenant.status !== 1) throw new AppError('forbidden', 'tenantExpired');
  await db.tx(async (q) => {
    await repo.switchSessionTenant(q, auth.tokenHash, auth.userId, tenantId);
    const current = await repo.currentOrgCode(q, auth.userId);
    await settleOrgCode(q, auth.userId, current, await repo.userDeparts(q, auth.userId, tenantId));
  });
}
