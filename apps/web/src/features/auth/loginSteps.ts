import type { DepartBrief, LoginResult } from '@ztj/contracts';
import { fetchCurrentDeparts } from './api';

/**
 * Tenant step after sign-in: a user of several tenants without a valid stored choice
 * picks one.
 */
export function needsTenantChoice(result: LoginResult, hasValidStoredTenant: boolean): boolean {
  return result.tenantList.length > 1 && !hasValidStoredTenant;
}

/**
 * Department step after sign-in: the departments to choose from, or null when there is nothing to
 * choose. After a tenant switch the departments are those of the new tenant
 * (`AuthRoutes.currentDeparts`); otherwise the login result tells (`multi_depart === 2`).
 * A user whose current department (orgCode) is already set is not asked.
 */
export async function departmentsToChoose(result: LoginResult, tenantSwitched: boolean): Promise<DepartBrief[] | null> {
  if (tenantSwitched) {
    const current = await fetchCurrentDeparts();
    return current.list.length > 1 && !current.orgCode ? current.list : null;
  }
  return result.multi_depart === 2 && result.departs.length > 1 && !result.userInfo.orgCode ? result.departs : null;
}
