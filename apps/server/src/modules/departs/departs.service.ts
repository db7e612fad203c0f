import type { DepartCreate, DepartEdit, DepartIdNode, DepartNode } from '@ztj/contracts';
import type { Db, Queryable } from '../../platform/db/db';
import { AppError } from '../../platform/http/app-error';
import { requireVisible } from '../../platform/list/list-runner';
import { textOrNull, type ListCaller, type ListSpec } from '../../platform/list/list-spec';
import { escapeLike } from '../../platform/list/list-sql';
import { nextOrgCode } from './org-code';

/** Departments of the caller's tenant: the scope every department id is checked against. */
export const DEPART_LIST: ListSpec<{ id: string }> = {
  name: 'departs',
  from: 'sys_depart d',
  select: 'd.id',
  tenantScope: 'd.tenant_id = $tenant',
  where: ['d.del_flag = 0'],
  idSql: 'd.id',
  fields: {
    departName: { sql: 'd.depart_name', type: 'string', label: { 'zh-CN': '部门名称', 'en-US': 'Department' } },
    orgCode: { sql: 'd.org_code', type: 'string', label: { 'zh-CN': '部门编码', 'en-US': 'Org code' } },
    createTime: { sql: 'd.create_time', type: 'datetime', label: { 'zh-CN': '创建时间', 'en-US': 'Created' } },
  },
  map: (r) => ({ id: String(r.id) }),
};

type Row = Record<string, unknown>;

/** A `sys_depart` row as a tree node (isLeaf true; tree builders set it). */
export function departNode(r: Row): DepartNode {
  return {
    id: String(r.id),
    key: String(r.id),
    value: String(r.id),
    title: String(r.depart_name),
    departName: String(r.depart_name),
    departNameEn: textOrNull(r.depart_name_en),
    orgCode: String(r.org_code),
    orgCategory: String(r.org_category),
    parentId: textOrNull(r.parent_id),
    mobile: textOrNull(r.mobile),
    fax: textOrNull(r.fax),
    address: textOrNull(r.address),
    memo: textOrNull(r.memo),
    departOrder: Number(r.depart_order),
    isLeaf: true,
  };
}

async function rows(db: Db, tenantId: number): Promise<Row[]> {
  return db.query('SELECT * FROM sys_depart WHERE tenant_id = $1 AND del_flag = 0 ORDER BY depart_order, org_code', [
    tenantId,
  ]);
}

/** The department tree of the caller's tenant (SPEC §3 department; queryTreeList). */
export async function departTree(db: Db, tenantId: number): Promise<DepartNode[]> {
  const nodes = (await rows(db, tenantId)).map(departNode);
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const roots: DepartNode[] = [];
  for (const n of nodes) {
    const parent = n.parentId ? byId.get(n.parentId) : undefined;
    if (parent) {
      (parent.children ??= []).push(n);
      parent.isLeaf = false;
    } else roots.push(n);
  }
  return roots;
}

export async function departIdTree(db: Db, tenantId: number): Promise<DepartIdNode[]> {
  const strip = (n: DepartNode): DepartIdNode => ({
    key: n.key,
    value: n.value,
    title: n.title,
    isLeaf: n.isLeaf,
    ...(n.children ? { children: n.children.map(strip) } : {}),
  });
  return (await departTree(db, tenantId)).map(strip);
}

/** Departments whose name contains `keyWord` (wildcards taken literally). */
export async function searchDeparts(db: Db, tenantId: number, keyWord: string): Promise<DepartNode[]> {
  const found = await db.query(
    `SELECT * FROM sys_depart WHERE tenant_id = $1 AND del_flag = 0 AND depart_name ILIKE $2 ESCAPE '\\' ORDER BY depart_order, org_code`,
    [tenantId, `%${escapeLike(keyWord)}%`],
  );
  return found.map(departNode);
}

/** Creates a department; its org code is generated under the parent (A01 → A01A01…). */
export async function createDepart(
  db: Db,
  body: DepartCreate,
  caller: ListCaller,
): Promise<{ id: string; orgCode: string }> {
  if (body.parentId) await requireVisible(db, DEPART_LIST, body.parentId, caller);
  return db.tx((q) => insertDepart(q, body, caller));
}

/**
 * Inserts a department inside the caller's transaction (the parent, if any, already checked to be
 * in the caller's tenant); its org code is generated under the parent's.
 */
export async function insertDepart(
  q: Queryable,
  body: DepartCreate,
  caller: ListCaller,
): Promise<{ id: string; orgCode: string }> {
  await q.query('SELECT pg_advisory_xact_lock(727101)');
  let parentCode = '';
  let used: { org_code: string }[];
  if (body.parentId) {
    parentCode = (
      await q.query<{ org_code: string }>('SELECT org_code FROM sys_depart WHERE id = $1', [body.parentId])
    )[0]!.org_code;
    used = await q.query('SELECT org_code FROM sys_depart WHERE parent_id = $1', [body.parentId]);
  } else {
    used = await q.query('SELECT org_code FROM sys_depart WHERE length(org_code) = 3');
  }
  const orgCode = nextOrgCode(
    parentCode,
    used.map((u) => u.org_code),
  );
  const [row] = await q.query<{ id: string }>(
    `INSERT INTO sys_depart (tenant_id, parent_id, depart_name, depart_name_en, org_code, org_category, depart_order, mobile, fax, address, memo, create_by)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12) RETURNING id`,
    [
      caller.tenantId,
      body.parentId ?? null,
      body.departName,
      body.departNameEn ?? null,
      orgCode,
      body.orgCategory,
      body.departOrder,
      body.mobile ?? null,
      body.fax ?? null,
      body.address ?? null,
      body.memo ?? null,
      caller.username,
    ],
  );
  return { id: row!.id, orgCode };
}

export async function editDepart(db: Db, body: DepartEdit, caller: ListCaller): Promise<void> {
  await requireVisible(db, DEPART_LIST, body.id, caller);
  await db.query(
    `UPDATE sys_depart SET depart_name = $2, depart_name_en = $3, org_category = $4, depart_order = $5, mobile = $6, fax = $7,
            address = $8, memo = $9, update_by = $10, update_time = now() WHERE id = $1`,
    [
      body.id,
      body.departName,
      body.departNameEn ?? null,
      body.orgCategory,
      body.departOrder,
      body.mobile ?? null,
      body.fax ?? null,
      body.address ?? null,
      body.memo ?? null,
      caller.username,
    ],
  );
}

/**
 * Deletes departments of the caller's tenant.
 * @throws AppError business departHasChildren / departHasUsers, notFound for another tenant's id.
 */
export async function deleteDeparts(db: Db, ids: string[], caller: ListCaller): Promise<void> {
  if (ids.length === 0) throw new AppError('badRequest', 'selectRecord');
  for (const id of ids) await requireVisible(db, DEPART_LIST, id, caller);
  const kids = await db.query(
    'SELECT 1 FROM sys_depart WHERE parent_id = ANY($1::text[]) AND del_flag = 0 AND NOT (id = ANY($1::text[])) LIMIT 1',
    [ids],
  );
  if (kids.length) throw new AppError('business', 'departHasChildren');
  const users = await db.query(
    'SELECT 1 FROM sys_user_depart ud JOIN sys_user u ON u.id = ud.user_id WHERE ud.dep_id = ANY($1::text[]) LIMIT 1',
    [ids],
  );
  if (users.length) throw new AppError('business', 'departHasUsers');
  await db.tx(async (q) => {
    // Children first when a whole branch is deleted at once.
    const ordered = await q.query<{ id: string }>(
      'SELECT id FROM sys_depart WHERE id = ANY($1::text[]) ORDER BY length(org_code) DESC',
      [ids],
    );
    for (const { id } of ordered) await q.query('DELETE FROM sys_depart WHERE id = $1', [id]);
  });
}

export async function departPermissionIds(db: Db, departId: string, caller: ListCaller): Promise<string[]> {
  await requireVisible(db, DEPART_LIST, departId, caller);
  const found = await db.query<{ permission_id: string }>(
    'SELECT permission_id FROM sys_depart_permission WHERE depart_id = $1 ORDER BY permission_id',
    [departId],
  );
  return found.map((r) => r.permission_id);
}

/**
 * Replaces a department's permissions with existing permission ids (SPEC §6, §7
 * saveDepartPermission). They bound its department roles: permissions taken from the department
 * are taken from its roles too, so members lose what they held only through them.
 */
export async function saveDepartPermissions(
  db: Db,
  departId: string,
  permissionIds: string[],
  caller: ListCaller,
): Promise<void> {
  await requireVisible(db, DEPART_LIST, departId, caller);
  await db.tx(async (q) => {
    const known = await q.query<{ id: string }>(
      'SELECT id FROM sys_permission WHERE id = ANY($1::text[]) AND del_flag = 0',
      [permissionIds],
    );
    if (known.length !== permissionIds.length) throw new AppError('notFound', 'notFound');
    await q.query('DELETE FROM sys_depart_permission WHERE depart_id = $1', [departId]);
    // department data rules lapse with the permission they were chosen for
    await q.query('DELETE FROM sys_depart_data_rule WHERE depart_id = $1 AND permission_id <> ALL($2::text[])', [
      departId,
      permissionIds,
    ]);
    if (permissionIds.length)
      await q.query('INSERT INTO sys_depart_permission (depart_id, permission_id) SELECT $1, unnest($2::text[])', [
        departId,
        permissionIds,
      ]);
    // Its roles stay within the department's permissions.
    await q.query(
      `DELETE FROM sys_depart_role_permission drp USING sys_depart_role dr
        WHERE dr.id = drp.role_id AND dr.depart_id = $1
          AND NOT EXISTS (SELECT 1 FROM sys_depart_permission dp WHERE dp.depart_id = $1 AND dp.permission_id = drp.permission_id)`,
      [departId],
    );
  });
}

/** Roles held by the users of a department, with how many of its users hold each. */
export async function departRoles(
  db: Db,
  departId: string,
  caller: ListCaller,
): Promise<{ id: string; roleName: string; roleCode: string; users: number }[]> {
  await requireVisible(db, DEPART_LIST, departId, caller);
  return db.query(
    `SELECT r.id, r.role_name AS "roleName", r.role_code AS "roleCode", count(DISTINCT ur.user_id)::int AS users
       FROM sys_user_depart ud JOIN sys_user_role ur ON ur.user_id = ud.user_id
       JOIN sys_role r ON r.id = ur.role_id AND r.tenant_id = $2
      WHERE ud.dep_id = $1 GROUP BY r.id, r.role_name, r.role_code ORDER BY r.role_code`,
    [departId, caller.tenantId],
  );
}
