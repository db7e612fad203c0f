import { RoleCreateSchema, type RoleCreate, type RoleEdit, type RoleRecord } from '@ztj/contracts';
import { addRow } from '../../platform/crud/tenant-crud';
import type { Db, Queryable } from '../../platform/db/db';
import { AppError } from '../../platform/http/app-error';
import type { ImportSpec } from '../../platform/list/import-runner';
import { requireVisible } from '../../platform/list/list-runner';
import { AUDIT_LABELS, isoOrNull, type ListCaller, type ListSpec } from '../../platform/list/list-spec';
import {
  grantedPermissionIds,
  permissionDataRules,
  ROLE_FIELDS,
  roleCrud,
  roleRecordOf,
  type RoleScope,
} from './role-scope';
import {
  countKnownPermissions,
  countPermissionRules,
  replaceRolePermissions,
  replaceRoleRules,
  roleRuleIds,
} from './roles.repo';

/** Roles of the caller's tenant (SPEC §3 role; §7 role list). */
export const ROLE_LIST: ListSpec<RoleRecord> = {
  name: 'roles',
  from: 'sys_role r',
  select: 'r.*',
  tenantScope: 'r.tenant_id = $tenant',
  idSql: 'r.id',
  fields: {
    ...ROLE_FIELDS,
    updateTime: { sql: 'r.update_time', type: 'datetime', label: AUDIT_LABELS.updateTime, exported: false },
    createBy: { sql: 'r.create_by', type: 'string', label: AUDIT_LABELS.createBy, exported: false },
  },
  map: (r) => ({ ...roleRecordOf(r), updateTime: isoOrNull(r.update_time) }),
};

/** Tenant roles: codes unique in the tenant; grants in `sys_role_permission`. */
export const TENANT_ROLES: RoleScope<RoleCreate> = { table: 'sys_role', grants: 'sys_role_permission' };

/**
 * Roles as a generic CRUD entity of the caller's tenant (conflict roleCodeExists for a code the
 * tenant has, in any case); a delete takes the roles' grants and user links with them.
 */
export const ROLE_CRUD = roleCrud<RoleRecord, RoleCreate, RoleEdit>(ROLE_LIST, TENANT_ROLES);

/** Creates a role of the caller's tenant. @throws AppError conflict roleCodeExists */
export async function createRole(q: Queryable, body: RoleCreate, caller: ListCaller): Promise<string> {
  return addRow(q, ROLE_CRUD, body, caller, 'zh-CN');
}

/** Permission ids granted to a role of the caller's tenant. @throws AppError notFound otherwise */
export async function rolePermissionIds(q: Queryable, roleId: string, caller: ListCaller): Promise<string[]> {
  await requireVisible(q, ROLE_LIST, roleId, caller);
  return grantedPermissionIds(q, TENANT_ROLES, roleId);
}

/** Replaces a role's permissions (SPEC §6): every id must be an existing menu or button. */
export async function saveRolePermissions(
  db: Db,
  roleId: string,
  permissionIds: string[],
  caller: ListCaller,
): Promise<void> {
  await requireVisible(db, ROLE_LIST, roleId, caller);
  await db.tx(async (q) => {
    if ((await countKnownPermissions(q, permissionIds)) !== permissionIds.length)
      throw new AppError('notFound', 'notFound');
    await replaceRolePermissions(q, roleId, permissionIds);
  });
}

/** Data rules of a permission in the caller's tenant and the ones the role applies. */
export async function roleDataRules(
  q: Queryable,
  permissionId: string,
  roleId: string,
  caller: ListCaller,
): Promise<{ datarule: { id: string; ruleName: string }[]; drChecked: string }> {
  await requireVisible(q, ROLE_LIST, roleId, caller);
  const datarule = await permissionDataRules(q, permissionId, caller.tenantId);
  return { datarule, drChecked: (await roleRuleIds(q, roleId, permissionId)).join(',') };
}

/** Chooses which of a permission's data rules (of this tenant) the role applies. */
export async function saveRoleDataRules(
  db: Db,
  roleId: string,
  permissionId: string,
  ruleIds: string[],
  caller: ListCaller,
): Promise<void> {
  await requireVisible(db, ROLE_LIST, roleId, caller);
  await db.tx(async (q) => {
    if ((await countPermissionRules(q, ruleIds, permissionId, caller.tenantId)) !== ruleIds.length)
      throw new AppError('notFound', 'notFound');
    await replaceRoleRules(q, roleId, permissionId, ruleIds);
  });
}

/**
 * Role import (SPEC §7 role importExcel): name, code, description per row; the export's audit
 * column (created) is skipped, so an exported file imports again. An existing code fails its row
 * with roleCodeExists (reported in the error file, code 201).
 */
export const ROLE_IMPORT: ImportSpec = {
  name: 'roles',
  columns: {
    roleName: ROLE_LIST.fields.roleName!.label,
    roleCode: ROLE_LIST.fields.roleCode!.label,
    description: ROLE_LIST.fields.description!.label,
  },
  async importRow(q, row, caller) {
    await createRole(
      q,
      RoleCreateSchema.parse({
        roleName: row.roleName ?? '',
        roleCode: row.roleCode ?? '',
        description: row.description,
      }),
      caller,
    );
  },
};
