import type { DataRuleCreate, DataRuleEdit } from '@ztj/contracts';
import type { Queryable } from '../../platform/db/db';

/**
 * Data rule queries (CONVENTIONS §1 repo): table `sys_permission_data_rule`, one set per tenant;
 * reads and existence checks carry the tenant.
 */

/** The permission codes (comma list) of the live permission `id`; undefined when there is none, null when it has no codes. */
export async function livePermissionPerms(q: Queryable, id: string): Promise<string | null | undefined> {
  const [perm] = await q.query<{ perms: string | null }>(
    'SELECT perms FROM sys_permission WHERE id = $1 AND del_flag = 0',
    [id],
  );
  return perm ? perm.perms : undefined;
}

/** The tenant's data rule rows of a permission, by creation time then id. */
export async function ruleRows(
  q: Queryable,
  permissionId: string,
  tenantId: number,
): Promise<Record<string, unknown>[]> {
  return q.query(
    'SELECT * FROM sys_permission_data_rule WHERE permission_id = $1 AND tenant_id = $2 ORDER BY create_time, id',
    [permissionId, tenantId],
  );
}

/** Inserts a data rule of the tenant by user name `by`; returns its id. */
export async function insertRule(q: Queryable, tenantId: number, b: DataRuleCreate, by: string): Promise<string> {
  const [row] = await q.query<{ id: string }>(
    `INSERT INTO sys_permission_data_rule (tenant_id, permission_id, rule_name, rule_column, rule_conditions, rule_value, status, create_by)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8) RETURNING id`,
    [tenantId, b.permissionId, b.ruleName, b.ruleColumn, b.ruleConditions, b.ruleValue, b.status, by],
  );
  return row!.id;
}

/** True when data rule `id` belongs to the tenant. */
export async function ruleOfTenant(q: Queryable, id: string, tenantId: number): Promise<boolean> {
  return (
    (await q.query('SELECT 1 FROM sys_permission_data_rule WHERE id = $1 AND tenant_id = $2', [id, tenantId])).length >
    0
  );
}

/** Rewrites data rule `b.id` (its permission stays); `by` = user name. */
export async function updateRule(q: Queryable, b: DataRuleEdit, by: string): Promise<void> {
  await q.query(
    `UPDATE sys_permission_data_rule SET rule_name = $2, rule_column = $3, rule_conditions = $4, rule_value = $5, status = $6,
            update_by = $7, update_time = now() WHERE id = $1`,
    [b.id, b.ruleName, b.ruleColumn, b.ruleConditions, b.ruleValue, b.status, by],
  );
}

/** Deletes data rule `id`. */
export async function deleteRuleRow(q: Queryable, id: string): Promise<void> {
  await q.query('DELETE FROM sys_permission_data_rule WHERE id = $1', [id]);
}
