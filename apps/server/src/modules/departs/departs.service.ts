import type { DepartCreate, DepartEdit, DepartIdNode, DepartNode } from '@ztj/contracts';
import type { Db, Queryable } from '../../platform/db/db';
import { AppError } from '../../platform/http/app-error';
import { requireVisible } from '../../platform/list/list-runner';
import { textOrNull, type ListCaller, type ListSpec } from '../../platform/list/list-spec';
import * as repo from './departs.repo';
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

/** The department tree of the caller's tenant (SPEC §3 department; queryTreeList). */
export async function departTree(db: Db, tenantId: number): Promise<DepartNode[]> {
  const nodes = (await repo.departRows(db, tenantId)).map(departNode);
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
  return (await repo.departRowsNamed(db, tenantId, keyWord)).map(departNode);
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
  await repo.lockOrgCodes(q);
  const { parentCode, used } = await repo.siblingOrgCodes(q, body.parentId);
  const orgCode = nextOrgCode(parentCode, used);
  const id = await repo.insertDepartRow(q, caller.tenantId, body, orgCode, caller.username);
  return { id, orgCode };
}

export async function editDepart(db: Db, body: DepartEdit, caller: ListCaller): Promise<void> {
  await requireVisible(db, DEPART_LIST, body.id, caller);
  await repo.updateDepart(db, body, caller.username);
}

/**
 * Deletes departments of the caller's tenant.
 * @throws AppError business departHasChildren / departHasUsers, notFound for another tenant's id.
 */
export async function deleteDeparts(db: Db, ids: string[], caller: ListCaller): Promise<void> {
  if (ids.length === 0) throw new AppError('badRequest', 'selectRecord');
  for (const id of ids) await requireVisible(db, DEPART_LIST, id, caller);
  if (await repo.hasOtherChildren(db, ids)) throw new AppError('business', 'departHasChildren');
  if (await repo.hasMembers(db, ids)) throw new AppError('business', 'departHasUsers');
  // Children first when a whole branch is deleted at once.
  await db.tx((q) => repo.deleteDepartRows(q, ids));
}

export async function departPermissionIds(db: Db, departId: string, caller: ListCaller): Promise<string[]> {
  await requireVisible(db, DEPART_LIST, departId, caller);
  return repo.departPermissionRows(db, departId);
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
    if ((await repo.countLivePermissions(q, permissionIds)) !== permissionIds.length)
      throw new AppError('notFound', 'notFound');
    // department data rules lapse with the permission they were chosen for; its roles stay within
    // the department's permissions
    await repo.replaceDepartPermissions(q, departId, permissionIds);
  });
}

/** Roles held by the users of a department, with how many of its users hold each. */
export async function departRoles(
  db: Db,
  departId: string,
  caller: ListCaller,
): Promise<{ id: string; roleName: string; roleCode: string; users: number }[]> {
  await requireVisible(db, DEPART_LIST, departId, caller);
  return repo.rolesOfMembers(db, departId, caller.tenantId);
}
