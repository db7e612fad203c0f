import { RoleCreateSchema, type RoleCreate, type RoleEdit, type RoleRecord } from '@ztj/contracts';
import type { Db, Queryable } from '../../platform/db/db';
import { AppError } from '../../platform/http/app-error';
import type { ImportSpec } from '../../platform/list/import-runner';
import { requireAllVisible, requireVisible } from '../../platform/list/list-runner';
import { AUDIT_LABELS, isoOrNull, textOrNull, type ListCaller, type ListSpec } from '../../platform/list/list-spec';

/** Roles of the caller's tenant (SPEC §3 role; §7 role list). */
export const ROLE_LIST: ListSpec<RoleRecord> = {
  name: 'roles',
  from: 'sys_role r',
  select: 'r.*',
  tenantScope: 'r.tenant_id = $tenant',
  idSql: 'r.id',
  fields: {
    roleName: { sql: 'r.role_name', type: 'string', label: { 'zh-CN': '角色名称', 'en-US': 'Role name' } },
    roleCode: { sql: 'r.role_code', type: 'string', label: { 'zh-CN': '角色编码', 'en-US': 'Role code' } },
    description: { sql: 'r.description', type: 'string', label: { 'zh-CN': '描述', 'en-US': 'Description' } },
    createTime: { sql: 'r.create_time', type: 'datetime', label: AUDIT_LABELS.createTime },
    updateTime: { sql: 'r.update_time', type: 'datetime', label: AUDIT_LABELS.updateTime, exported: false },
    createBy: { sql: 'r.create_by', type: 'string', label: AUDIT_LABELS.createBy, exported: false },
  },
  map: (r) => ({
    id: String(r.id),
    roleName: String(r.role_name),
    roleCode: String(r.role_code),
    description: textOrNull(r.description),
    createBy: textOrNull(r.create_by),
    createTime: isoOrNull(r.create_time),
    updateTime: isoOrNull(r.update_time),
  }),
};

async function checkCode(q: Queryable, tenantId: number, code: string, exceptId: string | null): Promise<void> {
  const hit = await q.query(
    'SELECT 1 FROM sys_role WHERE tenant_id = $1 AND lower(role_code) = lower($2) AND id IS DISTINCT FROM $3',
    [tenantId, code, exceptId],
  );
  if (hit.length) throw new AppError('conflict', 'roleCodeExists');
}

export async function createRole(q: Queryable, body: RoleCreate, caller: ListCaller): Promise<string> {
  await checkCode(q, caller.tenantId, body.roleCode, null);
  const [row] = await q.query<{ id: string }>(
    'INSERT INTO sys_role (tenant_id, role_name, role_code, description, create_by) VALUES ($1,$2,$3,$4,$5) RETURNING id',
    [caller.tenantId, body.roleName, body.roleCode, body.description ?? null, caller.username],
  );
  return row!.id;
}

export async function editRole(db: Db, body: RoleEdit, caller: ListCaller): Promise<void> {
  await requireVisible(db, ROLE_LIST, body.id, caller);
  await checkCode(db, caller.tenantId, body.roleCode, body.id);
  await db.query(
    'UPDATE sys_role SET role_name = $2, role_code = $3, description = $4, update_by = $5, update_time = now() WHERE id = $1',
    [body.id, body.roleName, body.roleCode, body.description ?? null, caller.username],
  );
}

/** Deletes roles of the caller's tenant; their grants and user links go with them. */
export async function deleteRoles(db: Db, ids: string[], caller: ListCaller): Promise<void> {
  const visible = await requireAllVisible(db, ROLE_LIST, ids, caller);
  await db.query('DELETE FROM sys_role WHERE id = ANY($1::text[])', [visible]);
}

export async function rolePermissionIds(db: Db, roleId: string, caller: ListCaller): Promise<string[]> {
  await requireVisible(db, ROLE_LIST, roleId, caller);
  const rows = await db.query<{ permission_id: string }>(
    'SELECT permission_id FROM sys_role_permission WHERE role_id = $1 ORDER BY permission_id',
    [roleId],
  );
  return rows.map((r) => r.permission_id);
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
    const known = await q.query('SELECT id FROM sys_permission WHERE id = ANY($1::text[]) AND del_flag = 0', [
      permissionIds,
    ]);
    if (known.length !== permissionIds.length) throw new AppError('notFound', 'notFound');
    await q.query('DELETE FROM sys_role_permission WHERE role_id = $1', [roleId]);
    if (permissionIds.length)
      await q.query('INSERT INTO sys_role_permission (role_id, permission_id) SELECT $1, unnest($2::text[])', [
        roleId,
        permissionIds,
      ]);
  });
}

/** Data rules of a permission in the caller's tenant and the ones the role applies. */
export async function roleDataRules(
  db: Db,
  permissionId: string,
  roleId: string,
  caller: ListCaller,
): Promise<{ datarule: { id: string; ruleName: string }[]; drChecked: string }> {
  await requireVisible(db, ROLE_LIST, roleId, caller);
  const datarule = await db.query<{ id: string; ruleName: string }>(
    `SELECT id, rule_name AS "ruleName" FROM sys_permission_data_rule WHERE permission_id = $1 AND tenant_id = $2 ORDER BY create_time`,
    [permissionId, caller.tenantId],
  );
  const checked = await db.query<{ rule_id: string }>(
    'SELECT rd.rule_id FROM sys_role_data_rule rd JOIN sys_permission_data_rule r ON r.id = rd.rule_id WHERE rd.role_id = $1 AND r.permission_id = $2',
    [roleId, permissionId],
  );
  return { datarule, drChecked: checked.map((c) => c.rule_id).join(',') };
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
    const known = await q.query(
      'SELECT id FROM sys_permission_data_rule WHERE id = ANY($1::text[]) AND permission_id = $2 AND tenant_id = $3',
      [ruleIds, permissionId, caller.tenantId],
    );
    if (known.length !== ruleIds.length) throw new AppError('notFound', 'notFound');
    await q.query(
      'DELETE FROM sys_role_data_rule rd USING sys_permission_data_rule r WHERE r.id = rd.rule_id AND rd.role_id = $1 AND r.permission_id = $2',
      [roleId, permissionId],
    );
    if (ruleIds.length)
      await q.query('INSERT INTO sys_role_data_rule (role_id, rule_id) SELECT $1, unnest($2::text[])', [
        roleId,
        ruleIds,
      ]);
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
