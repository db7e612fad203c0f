import type { Queryable } from '../../platform/db/db';

/**
 * Queries of tenant roles' grants and data rules (CONVENTIONS §1 repo). The role is checked
 * visible to the caller before any of them runs; rules are read within the caller's tenant.
 */

/** How many of `permissionIds` are existing (not deleted) menus or buttons. */
export async function countKnownPermissions(q: Queryable, permissionIds: string[]): Promise<number> {
  const known = await q.query('SELECT id FROM sys_permission WHERE id = ANY($1::text[]) AND del_flag = 0', [
    permissionIds,
  ]);
  return known.length;
}

/** Replaces every permission grant of the role with `permissionIds`. */
export async function replaceRolePermissions(q: Queryable, roleId: string, permissionIds: string[]): Promise<void> {
  await q.query('DELETE FROM sys_role_permission WHERE role_id = $1', [roleId]);
  if (permissionIds.length)
    await q.query('INSERT INTO sys_role_permission (role_id, permission_id) SELECT $1, unnest($2::text[])', [
      roleId,
      permissionIds,
    ]);
}

/** Ids of the permission's data rules the role applies. */
export async function roleRuleIds(q: Queryable, roleId: string, permissionId: string): Promise<string[]> {
  const rows = await q.query<{ rule_id: string }>(
    'SELECT rd.rule_id FROM sys_role_data_rule rd JOIN sys_permission_data_rule r ON r.id = rd.rule_id WHERE rd.role_id = $1 AND r.permission_id = $2',
    [roleId, permissionId],
  );
  return rows.map((r) => r.rule_id);
}

/** How many of `ruleIds` are data rules of the permission in the tenant. */
export async function countPermissionRules(
  q: Queryable,
  ruleIds: string[],
  permissionId: string,
  tenantId: number,
): Promise<number> {
  const known = await q.query(
    'SELECT id FROM sys_permission_data_rule WHERE id = ANY($1::text[]) AND permission_id = $2 AND tenant_id = $3',
    [ruleIds, permissionId, tenantId],
  );
  return known.length;
}

/** Replaces the data rules the role applies for the permission with `ruleIds`. */
export async function replaceRoleRules(
  q: Queryable,
  roleId: string,
  permissionId: string,
  ruleIds: string[],
): Promise<void> {
  await q.query(
    'DELETE FROM sys_role_data_rule rd USING sys_permission_data_rule r WHERE r.id = rd.rule_id AND rd.role_id = $1 AND r.permission_id = $2',
    [roleId, permissionId],
  );
  if (ruleIds.length)
    await q.query('INSERT INTO sys_role_data_rule (role_id, rule_id) SELECT $1, unnest($2::text[])', [roleId, ruleIds]);
}
