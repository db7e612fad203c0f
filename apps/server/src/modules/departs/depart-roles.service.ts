import type { DepartRoleCreate, DepartRoleEdit, DepartRoleRecord, RoleDataRuleChoice } from '@ztj/contracts';
import { addRow, type CrudSpec } from '../../platform/crud/tenant-crud';
import type { Db, Queryable } from '../../platform/db/db';
import { AppError } from '../../platform/http/app-error';
import { requireAllVisible, requireVisible } from '../../platform/list/list-runner';
import type { ListCaller, ListSpec } from '../../platform/list/list-spec';
import {
  grantedPermissionIds,
  permissionDataRules,
  ROLE_FIELDS,
  roleCrud,
  roleRecordOf,
  type RoleScope,
} from '../roles/role-scope';
import { USER_LIST } from '../users/users.list';
import {
  countDepartRoles,
  countHeldPermissions,
  departChosenRuleIds,
  departHolds,
  departOfRole,
  departRoleRuleIds,
  departsOfRoles,
  isMember,
  memberRoleIds,
  replaceDepartRolePermissions,
  replaceDepartRoleRules,
  replaceMemberRoles,
  roleGranted,
} from './depart-roles.repo';
import { DEPART_LIST } from './departs.service';

/**
 * Department roles of the caller's tenant (SPEC §6). Filter by
 * department with `deptId` (JeecgBoot's query name) or `departId`.
 */
export const DEPART_ROLE_LIST: ListSpec<DepartRoleRecord> = {
  name: 'depart-roles',
  from: 'sys_depart_role r',
  select: 'r.*',
  tenantScope: 'r.tenant_id = $tenant',
  idSql: 'r.id',
  fields: ROLE_FIELDS,
  params: { deptId: 'r.depart_id = ?', departId: 'r.depart_id = ?' },
  map: (r) => {
    const { id, ...role } = roleRecordOf(r);
    return { id, departId: String(r.depart_id), ...role };
  },
};

/** Department roles: codes unique in their department; grants in `sys_depart_role_permission`. */
const DEPART_ROLES: RoleScope<DepartRoleCreate> = {
  table: 'sys_depart_role',
  grants: 'sys_depart_role_permission',
  owner: { column: 'depart_id', value: (b) => b.departId },
};

/**
 * Department roles as a generic CRUD entity (conflict roleCodeExists for a code the department
 * has, in any case); an edit keeps the role's department, a delete takes its grants and member
 * links with it.
 */
export const DEPART_ROLE_CRUD: CrudSpec<DepartRoleRecord, DepartRoleCreate, DepartRoleEdit> = roleCrud(
  DEPART_ROLE_LIST,
  DEPART_ROLES,
);

/** The department of a role already checked visible. */
async function departOf(q: Queryable, roleId: string): Promise<string> {
  return (await departOfRole(q, roleId))!;
}

/**
 * Creates a role of a department of the caller's tenant.
 * @throws AppError notFound (department of another tenant), conflict roleCodeExists (code taken in the department).
 */
export async function createDepartRole(db: Db, b: DepartRoleCreate, caller: ListCaller): Promise<string> {
  await requireVisible(db, DEPART_LIST, b.departId, caller);
  return addRow(db, DEPART_ROLE_CRUD, b, caller, 'zh-CN');
}

/** Permission ids granted to a department role of the caller's tenant. */
export async function departRolePermissionIds(db: Db, roleId: string, caller: ListCaller): Promise<string[]> {
  await requireVisible(db, DEPART_ROLE_LIST, roleId, caller);
  return grantedPermissionIds(db, DEPART_ROLES, roleId);
}

/**
 * Replaces a department role's permissions (SPEC §6): every id must be one the role's department
 * holds (saveDepartPermission).
 * @throws AppError business departRolePermissionOutside otherwise; notFound for another tenant's role.
 */
export async function saveDepartRolePermissions(
  db: Db,
  roleId: string,
  permissionIds: string[],
  caller: ListCaller,
): Promise<void> {
  await requireVisible(db, DEPART_ROLE_LIST, roleId, caller);
  await db.tx(async (q) => {
    const departId = await departOf(q, roleId);
    if ((await countHeldPermissions(q, departId, permissionIds)) !== permissionIds.length)
      throw new AppError('business', 'departRolePermissionOutside');
    await replaceDepartRolePermissions(q, roleId, permissionIds);
  });
}

/** The department role `roleId` of `departId`, visible to the caller. @throws AppError notFound otherwise. */
async function requireRoleOf(db: Db, departId: string, roleId: string, caller: ListCaller): Promise<void> {
  await requireVisible(db, DEPART_ROLE_LIST, roleId, caller);
  if ((await departOf(db, roleId)) !== departId) throw new AppError('notFound', 'notFound');
}

/**
 * The data rules of a permission a department offers its roles (JeecgBoot's department
 * data rules): the ones it chose, or every rule of the permission in the tenant when it chose none.
 */
export async function offeredRules(
  q: Queryable,
  departId: string,
  permissionId: string,
  tenantId: number,
): Promise<{ id: string; ruleName: string }[]> {
  const all = await permissionDataRules(q, permissionId, tenantId);
  const chosen = new Set(await departChosenRuleIds(q, departId, permissionId));
  return chosen.size ? all.filter((r) => chosen.has(r.id)) : all;
}

/**
 * Data rules (SPEC §6) of a permission defined in the caller's tenant and the ones the department
 * role applies for it (JeecgBoot `GET /sys/sysDepartPermission/datarule/{permissionId}/{departId}/{roleId}`).
 * @throws AppError notFound when the role is not a role of `departId` in the caller's tenant.
 */
export async function departRoleDataRules(
  db: Db,
  permissionId: string,
  departId: string,
  roleId: string,
  caller: ListCaller,
): Promise<RoleDataRuleChoice> {
  await requireRoleOf(db, departId, roleId, caller);
  const datarule = await offeredRules(db, departId, permissionId, caller.tenantId);
  return { datarule, drChecked: (await departRoleRuleIds(db, roleId, permissionId)).join(',') };
}

/**
 * Chooses which of a permission's data rules a department role applies (JeecgBoot
 * `POST /sys/sysDepartPermission/datarule`); an empty list clears them. The rules are stored with
 * the role's grant of the permission, so they lapse with it.
 * @throws AppError business departRolePermissionOutside when the role's department does not hold
 *   the permission; business departRoleDataRuleUngranted when the role has not been granted it
 *   (saved) yet; notFound for a role of another tenant or a rule that is not one of this
 *   permission's rules in the caller's tenant.
 */
export async function saveDepartRoleDataRules(
  db: Db,
  roleId: string,
  permissionId: string,
  ruleIds: string[],
  caller: ListCaller,
): Promise<void> {
  await requireVisible(db, DEPART_ROLE_LIST, roleId, caller);
  await db.tx(async (q) => {
    const departId = await departOf(q, roleId);
    if (!(await departHolds(q, departId, permissionId))) throw new AppError('business', 'departRolePermissionOutside');
    if (!(await roleGranted(q, roleId, permissionId))) throw new AppError('business', 'departRoleDataRuleUngranted');
    const unique = [...new Set(ruleIds)];
    const offered = new Set((await offeredRules(q, departId, permissionId, caller.tenantId)).map((r) => r.id));
    if (!unique.every((id) => offered.has(id))) throw new AppError('notFound', 'notFound');
    await replaceDepartRoleRules(q, roleId, permissionId, unique);
  });
}

/**
 * Department role ids a user of the caller's tenant holds in a department of that tenant.
 * @throws AppError notFound for a department or user outside the caller's tenant.
 */
export async function userDepartRoles(
  db: Db,
  userId: string,
  departId: string,
  caller: ListCaller,
): Promise<{ droleId: string; userId: string; departId: string }[]> {
  return (await userDepartRoleIds(db, userId, departId, caller)).map((droleId) => ({ droleId, userId, departId }));
}

export async function userDepartRoleIds(
  db: Db,
  userId: string,
  departId: string,
  caller: ListCaller,
): Promise<string[]> {
  await requireVisible(db, DEPART_LIST, departId, caller);
  await requireVisible(db, USER_LIST, userId, caller);
  return memberRoleIds(db, userId, departId);
}

/**
 * Replaces the roles of `departId` a member holds with `roleIds` (all roles of that department).
 * @throws AppError business departRoleUserOutside when the user is not a member of the department;
 *   notFound for a department, user or role outside the caller's tenant or a role of another department.
 */
export async function saveUserDepartRoles(
  db: Db,
  departId: string | undefined,
  userId: string,
  roleIds: string[],
  caller: ListCaller,
  oldRoleIds: string[] = [],
): Promise<void> {
  if (!departId) {
    // JeecgBoot's DeptRoleUserModal names no department: the roles it sends tell it
    const roles = [...new Set([...roleIds, ...oldRoleIds])];
    if (roles.length === 0) return;
    await requireAllVisible(db, DEPART_ROLE_LIST, roles, caller);
    const departs = await departsOfRoles(db, roles);
    if (departs.length !== 1) throw new AppError('notFound', 'notFound');
    departId = departs[0]!;
  }
  await requireVisible(db, DEPART_LIST, departId, caller);
  await requireVisible(db, USER_LIST, userId, caller);
  await db.tx(async (q) => {
    if (!(await isMember(q, userId, departId))) throw new AppError('business', 'departRoleUserOutside');
    if ((await countDepartRoles(q, departId, roleIds)) !== roleIds.length) throw new AppError('notFound', 'notFound');
    await replaceMemberRoles(q, userId, departId, roleIds);
  });
}
