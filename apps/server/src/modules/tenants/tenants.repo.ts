import type { TenantCreate, TenantEdit } from '@ztj/contracts';
import type { Queryable } from '../../platform/db/db';

/**
 * Tenant queries (CONVENTIONS §1 repo): table `sys_tenant` and the per-tenant rows created with a
 * tenant or removed with it. Dates are ISO texts or null (`$n::timestamptz`); `by` = user name.
 */

/** Takes the transaction-scoped lock shared with department org code generation (call inside a transaction). */
export async function lockTenantCreation(q: Queryable): Promise<void> {
  await q.query('SELECT pg_advisory_xact_lock(727101)');
}

/** The next free tenant id: one past the largest (1001 when there is none). */
export async function nextTenantId(q: Queryable): Promise<number> {
  return (await q.query<{ next: number }>('SELECT coalesce(max(id), 1000) + 1 AS next FROM sys_tenant'))[0]!.next;
}

/** True when tenant `id` exists. */
export async function tenantExists(q: Queryable, id: number): Promise<boolean> {
  return (await q.query('SELECT 1 FROM sys_tenant WHERE id = $1', [id])).length > 0;
}

/** Inserts tenant `id` with begin / end dates `beginDate` / `endDate` (ISO or null). */
export async function insertTenant(
  q: Queryable,
  id: number,
  b: TenantCreate,
  dates: { beginDate: string | null; endDate: string | null },
  by: string,
): Promise<void> {
  await q.query(
    'INSERT INTO sys_tenant (id, name, name_en, status, begin_date, end_date, create_by) VALUES ($1,$2,$3,$4,$5::timestamptz,$6::timestamptz,$7)',
    [id, b.name, b.nameEn ?? null, b.status, dates.beginDate, dates.endDate, by],
  );
}

/** Org codes of every root department (three characters), across tenants. */
export async function rootOrgCodes(q: Queryable): Promise<string[]> {
  const roots = await q.query<{ org_code: string }>('SELECT org_code FROM sys_depart WHERE length(org_code) = 3');
  return roots.map((r) => r.org_code);
}

/** Inserts the root department (a company) of tenant `tenantId`; returns its id. */
export async function insertRootDepart(
  q: Queryable,
  tenantId: number,
  name: string,
  nameEn: string | null,
  orgCode: string,
  by: string,
): Promise<string> {
  const [dep] = await q.query<{ id: string }>(
    `INSERT INTO sys_depart (tenant_id, depart_name, depart_name_en, org_code, org_category, create_by) VALUES ($1,$2,$3,$4,'1',$5) RETURNING id`,
    [tenantId, name, nameEn, orgCode, by],
  );
  return dep!.id;
}

/** Inserts the `admin` role of tenant `tenantId` holding every live permission; returns its id. */
export async function insertAdminRole(q: Queryable, tenantId: number, by: string): Promise<string> {
  const [role] = await q.query<{ id: string }>(
    `INSERT INTO sys_role (tenant_id, role_name, role_code, description, create_by) VALUES ($1,'管理员','admin','Administrator',$2) RETURNING id`,
    [tenantId, by],
  );
  await q.query(
    'INSERT INTO sys_role_permission (role_id, permission_id) SELECT $1, id FROM sys_permission WHERE del_flag = 0',
    [role!.id],
  );
  return role!.id;
}

/** Rewrites tenant `b.id`'s name, status and validity dates (ISO or null). */
export async function updateTenant(
  q: Queryable,
  b: TenantEdit,
  dates: { beginDate: string | null; endDate: string | null },
  by: string,
): Promise<void> {
  await q.query(
    `UPDATE sys_tenant SET name = $2, name_en = $3, status = $4, begin_date = $5::timestamptz, end_date = $6::timestamptz,
            update_by = $7, update_time = now() WHERE id = $1`,
    [b.id, b.name, b.nameEn ?? null, b.status, dates.beginDate, dates.endDate, by],
  );
}

/** Up to two members of tenant `id`, each with whether it holds the tenant's `admin` role. */
export async function firstMembers(q: Queryable, id: number): Promise<{ user_id: string; admin: boolean }[]> {
  return q.query<{ user_id: string; admin: boolean }>(
    `SELECT ut.user_id, EXISTS (SELECT 1 FROM sys_user_role ur JOIN sys_role r ON r.id = ur.role_id
                                  WHERE ur.user_id = ut.user_id AND r.tenant_id = $1 AND r.role_code = 'admin') AS admin
         FROM sys_user_tenant ut WHERE ut.tenant_id = $1 LIMIT 2`,
    [id],
  );
}

/** True when tenant `id` has a device, gateway or device group. */
export async function hasDevices(q: Queryable, id: number): Promise<boolean> {
  const devices = await q.query(
    `SELECT 1 FROM device WHERE tenant_id = $1 UNION ALL SELECT 1 FROM gateway WHERE tenant_id = $1 UNION ALL SELECT 1 FROM device_group WHERE tenant_id = $1 LIMIT 1`,
    [id],
  );
  return devices.length > 0;
}

/**
 * Deletes tenant `id` with its memberships, roles, positions, data rules and departments; the
 * accounts `lastMembers` go too when they belong to no other tenant.
 */
export async function deleteTenantRows(q: Queryable, id: number, lastMembers: string[]): Promise<void> {
  await q.query('DELETE FROM sys_user_tenant WHERE tenant_id = $1', [id]);
  await q.query(
    'DELETE FROM sys_user u WHERE u.id = ANY($1::text[]) AND NOT EXISTS (SELECT 1 FROM sys_user_tenant ut WHERE ut.user_id = u.id)',
    [lastMembers],
  );
  await q.query('DELETE FROM sys_role WHERE tenant_id = $1', [id]);
  await q.query('DELETE FROM sys_position WHERE tenant_id = $1', [id]);
  await q.query('DELETE FROM sys_permission_data_rule WHERE tenant_id = $1', [id]);
  await q.query('DELETE FROM sys_depart WHERE tenant_id = $1', [id]);
  await q.query('DELETE FROM sys_tenant WHERE id = $1', [id]);
}
