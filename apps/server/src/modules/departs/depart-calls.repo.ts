import type { Queryable } from '../../platform/db/db';

/**
 * Queries behind the JeecgBoot department calls (CONVENTIONS §1 repo): lazy tree loads, the
 * caller's departments, parents, department data rules and permission trees. Department reads
 * carry the tenant where the id is not already checked against it.
 */

type Row = Record<string, unknown>;

/** Id of the tenant's live department with org code `orgCode`, or undefined. */
export async function liveDepartIdByOrgCode(
  q: Queryable,
  orgCode: string,
  tenantId: number,
): Promise<string | undefined> {
  const [p] = await q.query<{ id: string }>(
    'SELECT id FROM sys_depart WHERE org_code = $1 AND tenant_id = $2 AND del_flag = 0',
    [orgCode, tenantId],
  );
  return p?.id;
}

/** The tenant's live direct children of `pid` (null = roots), each with `leaf` (no live children), by order then org code. */
export async function departChildRows(q: Queryable, tenantId: number, pid: string | null): Promise<Row[]> {
  return q.query(
    `SELECT d.*, NOT EXISTS (SELECT 1 FROM sys_depart c WHERE c.parent_id = d.id AND c.del_flag = 0) AS leaf
       FROM sys_depart d WHERE d.tenant_id = $1 AND d.del_flag = 0 AND d.parent_id IS NOT DISTINCT FROM $2 ORDER BY d.depart_order, d.org_code`,
    [tenantId, pid],
  );
}

/** Ids of the departments user `userId` belongs to. */
export async function departIdsOfUser(q: Queryable, userId: string): Promise<string[]> {
  return (await q.query<{ dep_id: string }>('SELECT dep_id FROM sys_user_depart WHERE user_id = $1', [userId])).map(
    (r) => r.dep_id,
  );
}

/** The live parent row of department `departId`, or undefined. */
export async function liveParentRow(q: Queryable, departId: string): Promise<Row | undefined> {
  const [parent] = await q.query(
    'SELECT p.* FROM sys_depart p JOIN sys_depart d ON d.parent_id = p.id WHERE d.id = $1 AND p.del_flag = 0',
    [departId],
  );
  return parent;
}

/** The tenant's data rules of a permission as `{ id, ruleName }`, by creation time then id. */
export async function tenantRuleNames(
  q: Queryable,
  permissionId: string,
  tenantId: number,
): Promise<{ id: string; ruleName: string }[]> {
  return q.query<{ id: string; ruleName: string }>(
    'SELECT id, rule_name AS "ruleName" FROM sys_permission_data_rule WHERE permission_id = $1 AND tenant_id = $2 ORDER BY create_time, id',
    [permissionId, tenantId],
  );
}

/** Ids of the permission's rules the department offers its roles, in id order. */
export async function offeredRuleIds(q: Queryable, departId: string, permissionId: string): Promise<string[]> {
  const chosen = await q.query<{ rule_id: string }>(
    'SELECT rule_id FROM sys_depart_data_rule WHERE depart_id = $1 AND permission_id = $2 ORDER BY rule_id',
    [departId, permissionId],
  );
  return chosen.map((c) => c.rule_id);
}

/** How many of `ids` are the tenant's data rules of the permission. */
export async function countTenantRules(
  q: Queryable,
  ids: string[],
  permissionId: string,
  tenantId: number,
): Promise<number> {
  const known = await q.query(
    'SELECT id FROM sys_permission_data_rule WHERE id = ANY($1::text[]) AND permission_id = $2 AND tenant_id = $3',
    [ids, permissionId, tenantId],
  );
  return known.length;
}

/**
 * Replaces the rules the department offers for the permission with `ids` (empty: all); its roles
 * drop the rules they applied that are no longer offered.
 */
export async function replaceOfferedRules(
  q: Queryable,
  departId: string,
  permissionId: string,
  ids: string[],
): Promise<void> {
  await q.query('DELETE FROM sys_depart_data_rule WHERE depart_id = $1 AND permission_id = $2', [
    departId,
    permissionId,
  ]);
  if (!ids.length) return;
  await q.query(
    'INSERT INTO sys_depart_data_rule (depart_id, permission_id, rule_id) SELECT $1, $2, unnest($3::text[])',
    [departId, permissionId, ids],
  );
  await q.query(
    `DELETE FROM sys_depart_role_data_rule x USING sys_depart_role r
        WHERE r.id = x.role_id AND r.depart_id = $1 AND x.permission_id = $2 AND NOT (x.rule_id = ANY($3::text[]))`,
    [departId, permissionId, ids],
  );
}

/** The live permission rows the department holds, by sort number then id. */
export async function heldPermissionRows(q: Queryable, departId: string): Promise<Row[]> {
  return q.query(
    `SELECT p.* FROM sys_permission p JOIN sys_depart_permission dp ON dp.permission_id = p.id
      WHERE dp.depart_id = $1 AND p.del_flag = 0 ORDER BY p.sort_no, p.id`,
    [departId],
  );
}
