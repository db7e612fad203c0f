import type { Queryable } from '../../platform/db/db';

/**
 * Queries of department roles' grants, data rules and members (CONVENTIONS §1 repo). The
 * department, role and user are checked visible to the caller before any of them runs.
 */

/** The department of the role `roleId`, or undefined when there is no such role. */
export async function departOfRole(q: Queryable, roleId: string): Promise<string | undefined> {
  const [row] = await q.query<{ depart_id: string }>('SELECT depart_id FROM sys_depart_role WHERE id = $1', [roleId]);
  return row?.depart_id;
}

/** How many of `permissionIds` the department holds (its grants of sys_depart_permission). */
export async function countHeldPermissions(q: Queryable, departId: string, permissionIds: string[]): Promise<number> {
  const held = await q.query(
    'SELECT permission_id FROM sys_depart_permission WHERE depart_id = $1 AND permission_id = ANY($2::text[])',
    [departId, permissionIds],
  );
  return held.length;
}

/**
 * Makes `permissionIds` the role's grants: only the grants taken away are deleted, so the data
 * rules of the kept ones stay with them.
 */
export async function replaceDepartRolePermissions(
  q: Queryable,
  roleId: string,
  permissionIds: string[],
): Promise<void> {
  await q.query('DELETE FROM sys_depart_role_permission WHERE role_id = $1 AND NOT (permission_id = ANY($2::text[]))', [
    roleId,
    permissionIds,
  ]);
  if (permissionIds.length)
    await q.query(
      'INSERT INTO sys_depart_role_permission (role_id, permission_id) SELECT $1, unnest($2::text[]) ON CONFLICT DO NOTHING',
      [roleId, permissionIds],
    );
}

/** Ids of the permission's rules the department chose to offer its roles (none: it offers all). */
export async function departChosenRuleIds(q: Queryable, departId: string, permissionId: string): Promise<string[]> {
  const rows = await q.query<{ rule_id: string }>(
    'SELECT rule_id FROM sys_depart_data_rule WHERE depart_id = $1 AND permission_id = $2',
    [departId, permissionId],
  );
  return rows.map((r) => r.rule_id);
}

/** Ids of the permission's rules the department role applies, in id order. */
export async function departRoleRuleIds(q: Queryable, roleId: string, permissionId: string): Promise<string[]> {
  const rows = await q.query<{ rule_id: string }>(
    'SELECT rule_id FROM sys_depart_role_data_rule WHERE role_id = $1 AND permission_id = $2 ORDER BY rule_id',
    [roleId, permissionId],
  );
  return rows.map((r) => r.rule_id);
}

/** Whether the department holds the permission. */
export async function departHolds(q: Queryable, departId: string, permissionId: string): Promise<boolean> {
  const held = await q.query('SELECT 1 FROM sys_depart_permission WHERE depart_id = $1 AND permission_id = $2', [
    departId,
    permissionId,
  ]);
  return held.length > 0;
}

/** Whether the department role has been granted the permission. */
export async function roleGranted(q: Queryable, roleId: string, permissionId: string): Promise<boolean> {
  const granted = await q.query('SELECT 1 FROM sys_depart_role_permission WHERE role_id = $1 AND permission_id = $2', [
    roleId,
    permissionId,
  ]);
  return granted.length > 0;
}

/** Replaces the rules the department role applies for the permission with `ruleIds`. */
export async function replaceDepartRoleRules(
  q: Queryable,
  roleId: string,
  permissionId: string,
  ruleIds: string[],
): Promise<void> {
  await q.query('DELETE FROM sys_depart_role_data_rule WHERE role_id = $1 AND permission_id = $2', [
    roleId,
    permissionId,
  ]);
  if (ruleIds.length)
    await q.query(
      'INSERT INTO sys_depart_role_data_rule (role_id, permission_id, rule_id) SELECT $1, $2, unnest($3::text[])',
      [roleId, permissionId, ruleIds],
    );
}

/** Ids of the roles of `departId` the user holds, in role-code order. */
export async function memberRoleIds(q: Queryable, userId: string, departId: string): Promise<string[]> {
  const rows = await q.query<{ role_id: string }>(
    'SELECT dru.role_id FROM sys_depart_role_user dru JOIN sys_depart_role dr ON dr.id = dru.role_id WHERE dru.user_id = $1 AND dr.depart_id = $2 ORDER BY dr.role_code',
    [userId, departId],
  );
  return rows.map((r) => r.role_id);
}

/** The distinct departments of the roles `roleIds`. */
export async function departsOfRoles(q: Queryable, roleIds: string[]): Promise<string[]> {
  const rows = await q.query<{ depart_id: string }>(
    'SELECT DISTINCT depart_id FROM sys_depart_role WHERE id = ANY($1::text[])',
    [roleIds],
  );
  return rows.map((r) => r.depart_id);
}

/** Whether the user is a member of the department. */
export async function isMember(q: Queryable, userId: string, departId: string): Promise<boolean> {
  const member = await q.query('SELECT 1 FROM sys_user_depart WHERE user_id = $1 AND dep_id = $2', [userId, departId]);
  return member.length > 0;
}

/** How many of `roleIds` are roles of the department. */
export async function countDepartRoles(q: Queryable, departId: string, roleIds: string[]): Promise<number> {
  const known = await q.query('SELECT 1 FROM sys_depart_role WHERE depart_id = $1 AND id = ANY($2::text[])', [
    departId,
    roleIds,
  ]);
  return known.length;
}

/** Replaces the roles of `departId` the user holds with `roleIds`. */
export async function replaceMemberRoles(
  q: Queryable,
  userId: string,
  departId: string,
  roleIds: string[],
): Promise<void> {
  await q.query(
    'DELETE FROM sys_depart_role_user dru USING sys_depart_role dr WHERE dr.id = dru.role_id AND dr.depart_id = $2 AND dru.user_id = $1',
    [userId, departId],
  );
  if (roleIds.length)
    await q.query('INSERT INTO sys_depart_role_user (user_id, role_id) SELECT $1, unnest($2::text[])', [
      userId,
      roleIds,
    ]);
}
