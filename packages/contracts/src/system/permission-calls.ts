import { z } from 'zod';
import { defineRoute } from '../route';
import { IdsQuerySchema } from './list';
import { DataRuleRecordSchema, PermissionNodeSchema } from './permissions';

/**
 * Permission calls of JeecgBoot's menu screens (PermissionList, NewPermissionList,
 * PermissionDataRuleList) besides {@link PermissionRoutes}. Menus are
 * platform-wide: reads need `permission:list`, changes the platform tenant.
 */

const tag = 'system-permission';

export const PermissionCallRoutes = {
  getSystemMenuList: defineRoute({
    method: 'GET',
    path: '/sys/permission/getSystemMenuList',
    access: 'permission:list',
    tag,
    summary: 'Top-level menus (menuType 0) without children; leaf says whether they have any',
    result: z.array(PermissionNodeSchema),
  }),
  getSystemSubmenu: defineRoute({
    method: 'GET',
    path: '/sys/permission/getSystemSubmenu',
    access: 'permission:list',
    tag,
    summary: 'Direct children of parentId',
    query: z.object({ parentId: z.string().min(1).max(64) }),
    result: z.array(PermissionNodeSchema),
  }),
  getSystemSubmenuBatch: defineRoute({
    method: 'GET',
    path: '/sys/permission/getSystemSubmenuBatch',
    access: 'permission:list',
    tag,
    summary: 'Direct children of comma-joined parentIds, keyed by parent id',
    query: z.object({ parentIds: z.string().min(1).max(20000) }),
    result: z.record(z.string(), z.array(PermissionNodeSchema)),
  }),
  deleteBatch: defineRoute({
    method: 'DELETE',
    path: '/sys/permission/deleteBatch',
    access: 'permission:batch_delete',
    tag,
    summary:
      'Delete menus or buttons (comma-joined ids) with their children; ids already gone are skipped (platform tenant only)',
    query: IdsQuerySchema,
    result: z.null(),
  }),
  queryListAsync: defineRoute({
    method: 'GET',
    path: '/sys/permission/queryListAsync',
    access: 'permission:list',
    tag,
    summary: 'Direct children of pid (roots without pid) as tree nodes',
    query: z.object({ pid: z.string().max(64).optional() }),
    result: z.array(PermissionNodeSchema),
  }),
  loadAllRoleIds: defineRoute({
    method: 'GET',
    path: '/sys/permission/loadAllRoleIds',
    access: 'permission:list',
    tag,
    summary: 'Ids of every menu and button (the authorisation dialog\'s "select all")',
    result: z.array(z.string()),
  }),
  queryPermissionRule: defineRoute({
    method: 'GET',
    path: '/sys/permission/queryPermissionRule',
    access: 'permission:list',
    tag,
    summary: 'Data rules of a permission filtered by name, column or value (contains)',
    query: z.object({
      permissionId: z.string().min(1).max(64),
      ruleName: z.string().max(60).optional(),
      ruleColumn: z.string().max(60).optional(),
      ruleValue: z.string().max(500).optional(),
    }),
    result: z.array(DataRuleRecordSchema),
  }),
  roleQueryTreeList: defineRoute({
    method: 'GET',
    path: '/sys/role/queryTreeList',
    access: 'role:list',
    tag: 'system-role',
    summary: 'The permission tree for the role authorisation dialog, with every id (as permission/queryTreeList)',
    result: z.object({ treeList: z.array(PermissionNodeSchema), ids: z.array(z.string()) }),
  }),
} as const;
