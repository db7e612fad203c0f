import {
  DepartCallRoutes,
  DepartCreateSchema,
  splitIds,
  type DepartNode,
  type PermissionNode,
  type RoleDataRuleChoice,
} from '@ztj/contracts';
import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../../platform/auth/auth-context';
import type { Config } from '../../platform/config/config';
import type { Db } from '../../platform/db/db';
import { listExporter } from '../../platform/exports/export-registry';
import { registerExportRoute } from '../../platform/exports/export-route';
import { AppError } from '../../platform/http/app-error';
import { registerRoute } from '../../platform/http/register-route';
import { runImport, type ImportSpec } from '../../platform/list/import-runner';
import { listAll, requireVisible } from '../../platform/list/list-runner';
import {
  AUDIT_LABELS,
  callerOf,
  isoOrNull,
  textOrNull,
  type ListCaller,
  type ListSpec,
} from '../../platform/list/list-spec';
import { readMultipart, registerRawRoute } from '../../platform/list/raw-route';
import { node as permissionNode } from '../permissions/permissions.service';
import * as repo from './depart-calls.repo';
import { departHolds } from './depart-roles.repo';
import { DEPART_ROLE_LIST } from './depart-roles.service';
import { DEPART_LIST, departNode, departTree, insertDepart } from './departs.service';

const ORG_CATEGORY_TEXT = {
  '1': { 'zh-CN': '公司', 'en-US': 'Company' },
  '2': { 'zh-CN': '部门', 'en-US': 'Department' },
  '3': { 'zh-CN': '岗位', 'en-US': 'Post' },
};

type DepartExport = Record<string, string | number | null>;

/** Departments of the caller's tenant for export (JeecgBoot `sysDepart/exportXls`); the parent is named by its org code. */
export const DEPART_EXPORT_LIST: ListSpec<DepartExport> = {
  ...(DEPART_LIST as unknown as ListSpec<DepartExport>),
  name: 'depart-export',
  select: 'd.*, (SELECT p.org_code FROM sys_depart p WHERE p.id = d.parent_id) AS parent_org_code',
  defaultSort: { field: 'orgCode', order: 'asc' },
  fields: {
    departName: { sql: 'd.depart_name', type: 'string', label: { 'zh-CN': '部门名称', 'en-US': 'Department' } },
    departNameEn: { sql: 'd.depart_name_en', type: 'string', label: { 'zh-CN': '英文名称', 'en-US': 'English name' } },
    orgCode: { sql: 'd.org_code', type: 'string', label: { 'zh-CN': '部门编码', 'en-US': 'Org code' } },
    parentOrgCode: {
      sql: '(SELECT p.org_code FROM sys_depart p WHERE p.id = d.parent_id)',
      type: 'string',
      sortable: false,
      label: { 'zh-CN': '上级部门编码', 'en-US': 'Parent org code' },
    },
    orgCategory: {
      sql: 'd.org_category',
      type: 'string',
      options: ORG_CATEGORY_TEXT,
      label: { 'zh-CN': '机构类别', 'en-US': 'Category' },
    },
    mobile: { sql: 'd.mobile', type: 'string', label: { 'zh-CN': '电话', 'en-US': 'Phone' } },
    address: { sql: 'd.address', type: 'string', label: { 'zh-CN': '地址', 'en-US': 'Address' } },
    memo: { sql: 'd.memo', type: 'string', label: { 'zh-CN': '备注', 'en-US': 'Memo' } },
    departOrder: { sql: 'd.depart_order', type: 'number', label: { 'zh-CN': '排序', 'en-US': 'Order' } },
    createTime: { sql: 'd.create_time', type: 'datetime', label: AUDIT_LABELS.createTime },
  },
  map: (r) => ({
    id: String(r.id),
    departName: String(r.depart_name),
    departNameEn: textOrNull(r.depart_name_en),
    orgCode: String(r.org_code),
    parentOrgCode: textOrNull(r.parent_org_code),
    orgCategory: String(r.org_category),
    mobile: textOrNull(r.mobile),
    address: textOrNull(r.address),
    memo: textOrNull(r.memo),
    departOrder: Number(r.depart_order),
    createTime: isoOrNull(r.create_time),
  }),
};

const F = DEPART_EXPORT_LIST.fields;
/**
 * Department import (JeecgBoot `sysDepart/importExcel`): one department per row under the parent
 * named by its org code (in the caller's tenant; none → a root); org codes are generated, so the
 * exported org-code column is read-only. Parents come before children, as the export orders them.
 */
export const DEPART_IMPORT: ImportSpec = {
  name: 'departs',
  columns: {
    departName: F.departName!.label,
    departNameEn: F.departNameEn!.label,
    parentOrgCode: F.parentOrgCode!.label,
    orgCategory: F.orgCategory!.label,
    mobile: F.mobile!.label,
    address: F.address!.label,
    memo: F.memo!.label,
    departOrder: F.departOrder!.label,
  },
  options: { orgCategory: ORG_CATEGORY_TEXT },
  readOnly: { orgCode: F.orgCode!.label, createTime: AUDIT_LABELS.createTime },
  async importRow(q, row, caller) {
    let parentId: string | null = null;
    if (row.parentOrgCode) {
      const id = await repo.liveDepartIdByOrgCode(q, row.parentOrgCode, caller.tenantId);
      if (!id) throw new AppError('notFound', 'notFound');
      parentId = id;
    }
    const body = DepartCreateSchema.parse({
      departName: row.departName ?? '',
      departNameEn: row.departNameEn || null,
      parentId,
      orgCategory: row.orgCategory || undefined,
      mobile: row.mobile || null,
      address: row.address || null,
      memo: row.memo || null,
      departOrder: row.departOrder || 0,
    });
    await insertDepart(q, body, caller);
  },
};

/** Direct children of `pid` (roots without) in the caller's tenant, isLeaf from live children (queryDepartTreeSync). */
async function departChildren(db: Db, pid: string | undefined, caller: ListCaller): Promise<DepartNode[]> {
  if (pid) await requireVisible(db, DEPART_LIST, pid, caller);
  const rows = await repo.departChildRows(db, caller.tenantId, pid ?? null);
  return rows.map((r) => ({ ...departNode(r), isLeaf: r.leaf === true }));
}

/** The caller's own departments with their subtrees (queryMyDeptTreeList); one inside another is not repeated. */
async function myDepartTrees(db: Db, auth: AuthContext): Promise<DepartNode[]> {
  const mine = new Set(await repo.departIdsOfUser(db, auth.userId));
  const out: DepartNode[] = [];
  const walk = (nodes: DepartNode[]): void =>
    nodes.forEach((n) => (mine.has(n.id) ? out.push(n) : walk(n.children ?? [])));
  walk(await departTree(db, auth.tenantId));
  return out;
}

/** The department's permission grant, or business departRolePermissionOutside when it does not hold it. */
async function requireHeld(db: Db, departId: string, permissionId: string, caller: ListCaller): Promise<void> {
  await requireVisible(db, DEPART_LIST, departId, caller);
  if (!(await departHolds(db, departId, permissionId))) throw new AppError('business', 'departRolePermissionOutside');
}

async function departDataRules(
  db: Db,
  permissionId: string,
  departId: string,
  caller: ListCaller,
): Promise<RoleDataRuleChoice> {
  await requireHeld(db, departId, permissionId, caller);
  const datarule = await repo.tenantRuleNames(db, permissionId, caller.tenantId);
  const chosen = await repo.offeredRuleIds(db, departId, permissionId);
  return { datarule, drChecked: chosen.join(',') };
}

/**
 * Chooses the rules a department offers its roles for a permission it holds (empty: all); the
 * department's roles drop the rules they applied that are no longer offered.
 */
async function saveDepartDataRules(
  db: Db,
  b: { permissionId: string; departId: string; dataRuleIds: string },
  caller: ListCaller,
): Promise<void> {
  await requireHeld(db, b.departId, b.permissionId, caller);
  const ids = splitIds(b.dataRuleIds);
  if ((await repo.countTenantRules(db, ids, b.permissionId, caller.tenantId)) !== ids.length)
    throw new AppError('notFound', 'notFound');
  await db.tx((q) => repo.replaceOfferedRules(q, b.departId, b.permissionId, ids));
}

/** The permissions a department holds as a tree (a node whose parent it does not hold is a root), with their ids. */
async function departPermissionTree(
  db: Db,
  departId: string,
  caller: ListCaller,
): Promise<{ treeList: PermissionNode[]; ids: string[] }> {
  await requireVisible(db, DEPART_LIST, departId, caller);
  const rows = await repo.heldPermissionRows(db, departId);
  const nodes = rows.map((r) => ({ ...permissionNode(r), leaf: true }));
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const treeList: PermissionNode[] = [];
  for (const n of nodes) {
    const parent = n.parentId ? byId.get(n.parentId) : undefined;
    if (parent) {
      (parent.children ??= []).push(n);
      parent.leaf = false;
    } else treeList.push(n);
  }
  return { treeList, ids: nodes.map((n) => n.id) };
}

/** Routes of {@link DepartCallRoutes}, all in the caller's tenant. */
export function departCallRoutes(app: FastifyInstance, db: Db, config: Config): void {
  const C = DepartCallRoutes;
  registerRoute(app, db, C.queryDepartTreeSync, ({ auth, query }) =>
    departChildren(db, query.pid || undefined, callerOf(auth)),
  );
  registerRoute(app, db, C.queryMyDeptTreeList, ({ auth }) => myDepartTrees(db, auth));
  registerRoute(app, db, C.queryParentName, async ({ auth, query }) => {
    await requireVisible(db, DEPART_LIST, query.departId, callerOf(auth));
    const parent = await repo.liveParentRow(db, query.departId);
    return parent ? departNode(parent) : null;
  });
  registerExportRoute(
    app,
    db,
    C.exportXls,
    listExporter({
      key: C.exportXls.path,
      list: DEPART_EXPORT_LIST,
      permission: C.exportXls.access,
      title: { 'zh-CN': '部门列表', 'en-US': 'Departments' },
      fileBase: { 'zh-CN': '部门列表', 'en-US': 'departments' },
    }),
  );
  registerRawRoute(app, db, C.importExcel, async ({ auth, req, lang }) => {
    const { files } = await readMultipart(req);
    return { kind: 'envelope', body: await runImport(db, DEPART_IMPORT, files, callerOf(auth), lang, config.dataDir) };
  });
  registerRoute(app, db, C.departDataRule, ({ auth, params }) =>
    departDataRules(db, params.permissionId, params.departId, callerOf(auth)),
  );
  registerRoute(app, db, C.saveDepartDataRule, async ({ auth, body }) => {
    await saveDepartDataRules(db, body, callerOf(auth));
    return null;
  });
  registerRoute(app, db, C.getDeptRoleList, async ({ auth, query }) => {
    await requireVisible(db, DEPART_LIST, query.departId, callerOf(auth));
    return listAll(
      db,
      DEPART_ROLE_LIST,
      { departId: query.departId, column: 'roleCode', order: 'asc' },
      callerOf(auth, C.getDeptRoleList.access),
    );
  });
  registerRoute(app, db, C.queryTreeListForDeptRole, ({ auth, query }) =>
    departPermissionTree(db, query.departId, callerOf(auth)),
  );
}
