import type { Queryable } from '../../platform/db/db';

/**
 * Queries of the JeecgBoot administration calls (CONVENTIONS §1 repo): the duplicate checks'
 * fixed lookups and user ↔ role / department memberships. Callers check tenant visibility of
 * every id first (list specs).
 */

/**
 * The fixed duplicate-check lookups: `$1` the caller's tenant (unused by platform-wide tables),
 * `$2` the value. Nothing of the client reaches SQL but values.
 */
const DUPLICATE_SQL = {
  roleCode: 'SELECT id FROM sys_role WHERE tenant_id = $1 AND lower(role_code) = lower($2)',
  departRoleCode: 'SELECT id FROM sys_depart_role WHERE tenant_id = $1 AND lower(role_code) = lower($2)',
  positionCode: 'SELECT id FROM sys_position WHERE tenant_id = $1 AND lower(code) = lower($2)',
  // dictionaries and categories are platform-wide (ListSpec global): the tenant parameter is unused
  dictCode: 'SELECT id FROM sys_dict WHERE $1::int IS NOT NULL AND lower(dict_code) = lower($2)',
  categoryCode: 'SELECT id FROM sys_category WHERE $1::int IS NOT NULL AND code = $2',
  // menus are platform-wide too; PermissionModal checks a button's authorisation code
  perms: 'SELECT id FROM sys_permission WHERE $1::int IS NOT NULL AND del_flag = 0 AND perms = $2',
} as const;

/** The name of one fixed duplicate-check lookup. */
export type DuplicateLookup = keyof typeof DUPLICATE_SQL;

/** Ids of the records (of the tenant, for tenant tables) that hold `value` in the field of `lookup`. */
export async function duplicateHolders(
  q: Queryable,
  lookup: DuplicateLookup,
  tenantId: number,
  value: string,
): Promise<string[]> {
  const rows = await q.query<{ id: string }>(DUPLICATE_SQL[lookup], [tenantId, value]);
  return rows.map((r) => String(r.id));
}

/** Gives role `roleId` to users `userIds` (existing grants kept). */
export async function addUserRoles(q: Queryable, userIds: string[], roleId: string): Promise<void> {
  await q.query('INSERT INTO sys_user_role (user_id, role_id) SELECT unnest($1::text[]), $2 ON CONFLICT DO NOTHING', [
    userIds,
    roleId,
  ]);
}

/** Takes role `roleId` from users `userIds`. */
export async function removeUserRoles(q: Queryable, roleId: string, userIds: string[]): Promise<void> {
  await q.query('DELETE FROM sys_user_role WHERE role_id = $1 AND user_id = ANY($2::text[])', [roleId, userIds]);
}

/** Puts users `userIds` in department `depId` (existing memberships kept). */
export async function addDepartMembers(q: Queryable, userIds: string[], depId: string): Promise<void> {
  await q.query('INSERT INTO sys_user_depart (user_id, dep_id) SELECT unnest($1::text[]), $2 ON CONFLICT DO NOTHING', [
    userIds,
    depId,
  ]);
}

/** Takes users `userIds` out of department `depId`. */
export async function removeDepartMembers(q: Queryable, depId: string, userIds: string[]): Promise<void> {
  await q.query('DELETE FROM sys_user_depart WHERE dep_id = $1 AND user_id = ANY($2::text[])', [depId, userIds]);
}
