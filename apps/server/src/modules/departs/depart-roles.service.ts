import type { DepartRoleCreate, DepartRoleEdit, DepartRoleRecord, RoleDataRuleChoice } from '@ztj/contracts';
import type { Db, Queryable } from '../../platform/db/db';
import { AppError } from '../../platform/http/app-error';
import { requireAllVisible, requireVisible } from '../../platform/list/list-runner';
import { AUDIT_LABELS, isoOrNull, textOrNull, type ListCaller, type ListSpec } from '../../platform/list/list-spec';
import { USER_LIST } from '../users/users.list';
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
  fields: {
    roleName: { sql: 'r.role_name', type: 'string', label: { 'zh-CN': '角色名称', 'en-US': 'Role name' } },
    roleCode: { sql: 'r.role_code', type: 'string', label: { 'zh-CN': '角色编码', 'en-US': 'Role code' } },
    description: { sql: 'r.description', type: 'string', label: { 'zh-CN': '描述', 'en-US': 'Description' } },
    createTime: { sql: 'r.create_time', type: 'datetime', label: AUDIT_LABELS.createTime },
  },
  params: { deptId: 'r.depart_id = ?', departId: 'r.depart_id = ?' },
  map: (r) => ({
    id: String(r.id),
    departId: String(r.depart_id),
    roleName: String(r.role_name),
    roleCode: String(r.role_code),
    description: textOrNull(r.description),
    createBy: textOrNull(r.create_by),
    createTime: isoOrNull(r.create_time),
  }),
};

async function checkCode(q: Queryable, departId: string, code: string, exceptId: string | null): Promise<void> {
  const hit = await q.query(
    'SELECT 1 FROM sys_depart_role WHERE depart_id = $1 AND lower(role_code) = lower($2) AND id IS DISTINCT FROM $3',
    [departId, code, exceptId],
  );
  if (hit.length) throw new AppError('conflict', 'roleCodeExists');
}

async function departOf(db: Queryable, roleId: string): Promise<string> {
  const [row] = await db.query<{ depart_id: string }>('SELECT depart_id FROM sys_depart_role WHERE id = $1', [roleId]);
  return row!.depart_id;
}

/**
 * Creates a role of a department of the caller's tenant.
 * @throws AppError notFound (department of another tenant), conflict roleCodeExists (code taken in the department).
 */
export async function createDepartRole(db: Db, b: DepartRoleCreate, caller: ListCaller): Promise<string> {
  await requireVisible(db, DEPART_LIST, b.departId, caller);
  await checkCode(db, b.departId, b.roleCode, null);
  const [row] = await db.query<{ id: string }>(
    'INSERT INTO sys_depart_role (tenant_id, depart_id, role_name, role_code, description, create_by) VALUES ($1,$2,$3,$4,$5,$6) RETURNING id',
    [caller.tenantId, b.departId, b.roleName, b.roleCode, b.description ?? null, caller.username],
  );
  return row!.id;
}

/** Edits a department role (its department does not change). */
export async function editDepartRole(db: Db, b: DepartRoleEdit, caller: ListCaller): Promise<void> {
  await requireVisible(db, DEPART_ROLE_LIST, b.id, caller);
  await checkCode(db, await departOf(db, b.id), b.roleCode, b.id);
  await db.query(
    'UPDATE sys_depart_role SET role_name = $2, role_code = $3, description = $4, update_by = $5, update_time = now() WHERE id = $1',
    [b.id, b.roleName, b.roleCode, b.description ?? null, caller.username],
  );
}

/** Deletes department roles; their grants and member links go with them. */
export async function deleteDepartRoles(db: Db, ids: string[], caller: ListCaller): Promise<void> {
  const visible = await requireAllVisible(db, DEPART_ROLE_LIST, ids, caller);
  await db.query('DELETE FROM sys_depart_role WHERE id = ANY($1::text[])', [visible]);
}

/** Permission ids granted to a department role of the caller's tenant. */
export async function departRolePermissionIds(db: Db, roleId: string, caller: ListCaller): Promise<string[]> {
  await requireVisible(db, DEPART_ROLE_LIST, roleId, caller);
  const rows = await db.query<{ permission_id: string }>(
    'SELECT permission_id FROM sys_depart_role_permission WHERE role_id = $1 ORDER BY permission_id',
    [roleId],
  );
  return rows.map((r) => r.permission_id);
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
    const allowed = await q.query(
      'SELECT permission_id FROM sys_depart_permission WHERE depart_id = $1 AND permission_id = ANY($2::text[])',
      [departId, permissionIds],
    );
    if (allowed.length !== permissionIds.length) throw new AppError('business', 'departRolePermissionOutside');
    // Only the grants taken away are deleted: the data rules of the kept ones stay with them.
    await q.query(
      'DELETE FROM sys_depart_role_permission WHERE role_id = $1 AND NOT (permission_id = ANY($2::text[]))',
      [roleId, permissionIds],
    );
    if (permissionIds.length) {
      await q.query(
        'INSERT INTO sys_depart_role_permission (role_id, permission_id) SELECT $1, unnest($2::text[]) ON CONFLICT DO NOTHING',
        [roleId, permissionIds],
      );
    }
  });
}

/** The department role `roleId` of `departId`, visible to the caller. @throws AppError notFound otherwise. */
async function requireRoleOf(db: Db, departId: string, roleId: string, caller: ListCaller): Promise<void> {
  await requireVisible(db, DEPART_ROLE_LIST, roleId, caller);
  if ((await departOf(db, roleId)) !== departId) throw new AppError('notFound', 'notFound');
}

/**
 * Data rules (SPEC §6) of a permission defined in the caller's tenant and the ones the department
 * role applies for it (JeecgBoot `GET /sys/sysDepartPermission/datarule/{permissionId}/{departId}/{roleId}`).
 * @throws AppError notFound when the role is not a role of `departId` in the caller's tenant.
 */
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
  const all = await q.query<{ id: string; ruleName: string }>(
    'SELECT id, rule_name AS "ruleName" FROM sys_permission_data_rule WHERE permission_id = $1 AND tenant_id = $2 ORDER BY create_time, id',
    [permissionId, tenantId],
  );
  const chosen = new Set(
    (
      await q.query<{ rule_id: string }>(
        'SELECT rule_id FROM sys_depart_data_rule WHERE depart_id = $1 AND permission_id = $2',
        [departId, permissionId],
      )
    ).map((r) => r.rule_id),
  );
  return chosen.size ? all.filter((r) => chosen.has(r.id)) : all;
}

export async function departRoleDataRules(
  db: Db,
  permissionId: string,
  departId: string,
  roleId: string,
  caller: ListCaller,
): Promise<RoleDataRuleChoice> {
  await requireRoleOf(db, departId, roleId, caller);
  const datarule = await offeredRules(db, departId, permissionId, caller.tenantId);
  const checked = await db.query<{ rule_id: string }>(
    'SELECT rule_id FROM sys_depart_role_data_rule WHERE role_id = $1 AND permission_id = $2 ORDER BY rule_id',
    [roleId, permissionId],
  );
  return { datarule, drChecked: checked.map((c) => c.rule_id).join(',') };
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
    const held = await q.query('SELECT 1 FROM sys_depart_permission WHERE depart_id = $1 AND permission_id = $2', [
      departId,
      permissionId,
    ]);
    if (!held.length) throw new AppError('business', 'departRolePermissionOutside');
    const granted = await q.query(
      'SELECT 1 FROM sys_depart_role_permission WHERE role_id = $1 AND permission_id = $2',
      [roleId, permissionId],
    );
    if (!granted.length) throw new AppError('business', 'departRoleDataRuleUngranted');
    const unique = [...new Set(ruleIds)];
    const offered = new Set((await offeredRules(q, departId, permissionId, caller.tenantId)).map((r) => r.id));
    if (!unique.every((id) => offered.has(id))) throw new AppError('notFound', 'notFound');
    await q.query('DELETE FROM sys_depart_role_data_rule WHERE role_id = $1 AND permission_id = $2', [
      roleId,
      permissionId,
    ]);
    if (unique.length) {
      await q.query(
        'INSERT INTO sys_depart_role_data_rule (role_id, permission_id, rule_id) SELECT $1, $2, unnest($3::text[])',
        [roleId, permissionId, unique],
      );
    }
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
  const rows = await db.query<{ role_id: string }>(
    'SELECT dru.role_id FROM sys_depart_role_user dru JOIN sys_depart_role dr ON dr.id = dru.role_id WHERE dru.user_id = $1 AND dr.depart_id = $2 ORDER BY dr.role_code',
    [userId, departId],
  );
  return rows.map((r) => r.role_id);
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
    const departs = await db.query<{ depart_id: string }>(
      'SELECT DISTINCT depart_id FROM sys_depart_role WHERE id = ANY($1::text[])',
      [roles],
    );
    if (departs.length !== 1) throw new AppError('notFound', 'notFound');
    departId = departs[0]!.depart_id;
  }
  await requireVisible(db, DEPART_LIST, departId, caller);
  await requireVisible(db, USER_LIST, userId, caller);
  await db.tx(async (q) => {
    const member = await q.query('SELECT 1 FROM sys_user_depart WHERE user_id = $1 AND dep_id = $2', [
      userId,
      departId,
    ]);
    if (!member.length) throw new AppError('business', 'departRoleUserOutside');
    const known = await q.query('SELECT 1 FROM sys_depart_role WHERE depart_id = $1 AND id = ANY($2::text[])', [
      departId,
      roleIds,
    ]);
    if (known.length !== roleIds.length) throw new AppError('notFound', 'notFound');
    await q.query(
      'DELETE FROM sys_depart_role_user dru USING sys_depart_role dr WHERE dr.id = dru.role_id AND dr.depart_id = $2 AND dru.user_id = $1',
      [userId, departId],
    );
    if (roleIds.length)
      await q.query('INSERT INTO sys_depart_role_user (user_id, role_id) SELECT $1, unnest($2::text[])', [
        userId,
        roleIds,
      ]);
  });
}
