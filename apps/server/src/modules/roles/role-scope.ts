import type { RoleCreate } from '@ztj/contracts';
import type { CrudSpec } from '../../platform/crud/tenant-crud';
import type { Queryable } from '../../platform/db/db';
import { AppError } from '../../platform/http/app-error';
import { AUDIT_LABELS, isoOrNull, textOrNull, type ListField, type ListSpec } from '../../platform/list/list-spec';

/**
 * One role model in two scopes (SPEC §6): the tenant's roles (`sys_role`, codes unique in the
 * tenant) and a department's roles (`sys_depart_role`, codes unique in the department). Both have
 * a name, a code, a description and permission grants; what differs is named here, so the role
 * and department-role services keep only their own grant rules.
 */
export interface RoleScope<C extends RoleCreate> {
  /** The roles' table, aliased `r` in lists. */
  table: 'sys_role' | 'sys_depart_role';
  /** The table of the roles' permission grants (`role_id`, `permission_id`). */
  grants: 'sys_role_permission' | 'sys_depart_role_permission';
  /** For department roles: the owning column and a create body's department. */
  owner?: { column: 'depart_id'; value(body: C): string };
}

/** List fields every role has in either scope (the table aliased `r`). */
export const ROLE_FIELDS = {
  roleName: { sql: 'r.role_name', type: 'string', label: { 'zh-CN': '角色名称', 'en-US': 'Role name' } },
  roleCode: { sql: 'r.role_code', type: 'string', label: { 'zh-CN': '角色编码', 'en-US': 'Role code' } },
  description: { sql: 'r.description', type: 'string', label: { 'zh-CN': '描述', 'en-US': 'Description' } },
  createTime: { sql: 'r.create_time', type: 'datetime', label: AUDIT_LABELS.createTime },
} satisfies Record<string, ListField>;

/** The record fields every role has in either scope, from its row. */
export function roleRecordOf(r: Record<string, unknown>): {
  id: string;
  roleName: string;
  roleCode: string;
  description: string | null;
  createBy: string | null;
  createTime: string | null;
} {
  return {
    id: String(r.id),
    roleName: String(r.role_name),
    roleCode: String(r.role_code),
    description: textOrNull(r.description),
    createBy: textOrNull(r.create_by),
    createTime: isoOrNull(r.create_time),
  };
}

/**
 * The generic CRUD of roles in `scope` (platform/crud): a code is unique, ignoring case, within
 * the tenant or the department (conflict roleCodeExists); a department role's department is set
 * on create and never changes.
 */
export function roleCrud<R, C extends RoleCreate, E extends RoleCreate & { id: string }>(
  list: ListSpec<R>,
  scope: RoleScope<C>,
): CrudSpec<R, C, E> {
  const columns = (b: RoleCreate): Record<string, string | null> => ({
    role_name: b.roleName,
    role_code: b.roleCode,
    description: b.description ?? null,
  });
  const owner = scope.owner;
  return {
    list,
    table: scope.table,
    add: (b) => (owner ? { [owner.column]: owner.value(b), ...columns(b) } : columns(b)),
    edit: columns,
    unique: {
      column: 'role_code',
      value: (b) => b.roleCode,
      ignoreCase: true,
      ...(owner ? { within: owner } : {}),
      refuse: () => new AppError('conflict', 'roleCodeExists'),
    },
  };
}

/** Permission ids granted to the role `roleId` of `scope`, in id order. */
export async function grantedPermissionIds<C extends RoleCreate>(
  q: Queryable,
  scope: RoleScope<C>,
  roleId: string,
): Promise<string[]> {
  const rows = await q.query<{ permission_id: string }>(
    `SELECT permission_id FROM ${scope.grants} WHERE role_id = $1 ORDER BY permission_id`,
    [roleId],
  );
  return rows.map((r) => r.permission_id);
}

/** The data rules of a permission defined in the tenant, oldest first (then by id). */
export async function permissionDataRules(
  q: Queryable,
  permissionId: string,
  tenantId: number,
): Promise<{ id: string; ruleName: string }[]> {
  return q.query<{ id: string; ruleName: string }>(
    'SELECT id, rule_name AS "ruleName" FROM sys_permission_data_rule WHERE permission_id = $1 AND tenant_id = $2 ORDER BY create_time, id',
    [permissionId, tenantId],
  );
}
