import type { Queryable } from '../../platform/db/db';

/** Queries of self-service registration (CONVENTIONS §1 repo); each takes the self-service tenant. */

/** Status and expiry of a tenant (`expired`: end date passed). */
export interface TenantState {
  id: number;
  status: number;
  expired: boolean;
}

/** The state of tenant `tenantId`, undefined when there is no such tenant. */
export async function tenantState(q: Queryable, tenantId: number): Promise<TenantState | undefined> {
  const [row] = await q.query<TenantState>(
    'SELECT id, status, (end_date IS NOT NULL AND end_date < now()) AS expired FROM sys_tenant WHERE id = $1',
    [tenantId],
  );
  return row;
}

/** True when a live account (any tenant) already holds mobile number `phone`. */
export async function phoneTaken(q: Queryable, phone: string): Promise<boolean> {
  const taken = await q.query('SELECT 1 FROM sys_user WHERE phone = $1 AND del_flag = 0 LIMIT 1', [phone]);
  return taken.length > 0;
}

/** Id of a role of `tenantId` with code `roleCode`, undefined when the tenant has none. */
export async function roleIdByCode(q: Queryable, tenantId: number, roleCode: string): Promise<string | undefined> {
  const [role] = await q.query<{ id: string }>(
    'SELECT id FROM sys_role WHERE tenant_id = $1 AND role_code = $2 LIMIT 1',
    [tenantId, roleCode],
  );
  return role?.id;
}

/** Id of the root department of `tenantId` (shortest, then lowest org code), undefined without any. */
export async function rootDepartId(q: Queryable, tenantId: number): Promise<string | undefined> {
  const [depart] = await q.query<{ id: string }>(
    'SELECT id FROM sys_depart WHERE tenant_id = $1 AND del_flag = 0 ORDER BY length(org_code), org_code LIMIT 1',
    [tenantId],
  );
  return depart?.id;
}
