import { z } from 'zod';
import { defineRoute } from '../route';
import { DepartNodeSchema } from './departs';
import { DepartRoleRecordSchema } from './depart-roles';
import { ImportResultSchema, ListQuerySchema } from './list';
import { PermissionNodeSchema } from './permissions';
import { RoleDataRuleChoiceSchema } from './roles';

/**
 * Department calls of JeecgBoot's console besides {@link DepartRoutes} and
 * {@link DepartRoleRoutes}: the lazy department tree, "my departments",
 * export/import, the data rules a department offers its roles, and the department-role dialogs.
 * Everything is scoped to the caller's tenant.
 */

const tag = 'system-depart';
const Id = z.string().min(1).max(64);

/** `POST /sys/sysDepartPermission/datarule` (DepartDataruleModal): the rules a department offers for one of its permissions. */
export const DepartDataRuleSaveSchema = z.object({
  permissionId: Id,
  departId: Id,
  dataRuleIds: z.string().max(20000).default(''),
});
export type DepartDataRuleSave = z.infer<typeof DepartDataRuleSaveSchema>;

export const DepartCallRoutes = {
  queryDepartTreeSync: defineRoute({
    method: 'GET',
    path: '/sys/sysDepart/queryDepartTreeSync',
    access: 'depart:list',
    tag,
    summary: 'Direct children of pid (roots without pid), isLeaf telling whether they have any',
    query: z.object({ pid: z.string().max(64).optional() }),
    result: z.array(DepartNodeSchema),
  }),
  queryMyDeptTreeList: defineRoute({
    method: 'GET',
    path: '/sys/sysDepart/queryMyDeptTreeList',
    access: 'session',
    tag,
    summary: 'The departments the caller belongs to in the current tenant, each with its subtree',
    result: z.array(DepartNodeSchema),
  }),
  queryParentName: defineRoute({
    method: 'GET',
    path: '/sys/sysDepart/queryParentName',
    access: 'depart:list',
    tag,
    summary: 'The parent department of departId (null for a root)',
    query: z.object({ departId: Id }),
    result: DepartNodeSchema.nullable(),
  }),
  exportXls: defineRoute({
    method: 'GET',
    path: '/sys/sysDepart/exportXls',
    access: 'depart:export',
    tag,
    summary: 'Export the departments of the current tenant as .xls (download center)',
    query: ListQuerySchema,
    result: z.unknown(),
  }),
  importExcel: defineRoute({
    method: 'POST',
    path: '/sys/sysDepart/importExcel',
    access: 'depart:import',
    tag,
    summary: 'Import departments from .xls/.xlsx (name, English name, parent org code, category…; org codes generated)',
    result: ImportResultSchema,
  }),
  departDataRule: defineRoute({
    method: 'GET',
    path: '/sys/sysDepartPermission/datarule/:permissionId/:departId',
    access: 'depart:list',
    tag,
    summary: 'Data rules of a permission the department holds and the ones it offers its roles',
    params: z.object({ permissionId: Id, departId: Id }),
    result: RoleDataRuleChoiceSchema,
  }),
  saveDepartDataRule: defineRoute({
    method: 'POST',
    path: '/sys/sysDepartPermission/datarule',
    access: 'depart:auth',
    tag,
    summary: 'Choose the data rules a department offers its roles for a permission it holds (empty: all of them)',
    body: DepartDataRuleSaveSchema,
    result: z.null(),
  }),
  getDeptRoleList: defineRoute({
    method: 'GET',
    path: '/sys/sysDepartRole/getDeptRoleList',
    access: 'depart:list',
    tag,
    summary: 'Roles of a department (DeptRoleUserModal choices)',
    query: z.object({ departId: Id, userId: z.string().max(64).optional() }),
    result: z.array(DepartRoleRecordSchema),
  }),
  queryTreeListForDeptRole: defineRoute({
    method: 'GET',
    path: '/sys/sysDepartPermission/queryTreeListForDeptRole',
    access: 'depart:list',
    tag,
    summary: 'The permissions a department holds as a tree, with their ids (what its roles may be granted)',
    query: z.object({ departId: Id }),
    result: z.object({ treeList: z.array(PermissionNodeSchema), ids: z.array(z.string()) }),
  }),
} as const;
