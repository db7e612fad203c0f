import { z } from 'zod';
import { defineRoute } from '../route';
import { OptionalRefIdSchema } from '../validation';
import { IdQuerySchema } from './list';

/** `menuType` of a permission (SPEC §3): 0 top menu, 1 sub menu, 2 button. */
export const MENU_TYPES = [0, 1, 2] as const;

/** `POST /sys/permission/add` body (SPEC §2 menu item, §3 permission). */
export const PermissionCreateSchema = z.object({
  parentId: OptionalRefIdSchema,
  name: z.string().min(1).max(60),
  /** English name; JeecgBoot's menu form has none, so an empty one falls back to `name`. */
  nameEn: z.string().max(100).nullish(),
  menuType: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  url: z.string().max(300).nullish(),
  component: z.string().max(200).nullish(),
  redirect: z.string().max(300).nullish(),
  perms: z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9_:,.-]*$/, 'validation.invalid')
    .nullish(),
  /** '1' enabled, '0' disabled. */
  status: z.enum(['0', '1']).default('1'),
  sortNo: z.coerce.number().min(0).max(100000).default(1),
  icon: z.string().max(100).nullish(),
  route: z.boolean().default(true),
  hidden: z.boolean().default(false),
  keepAlive: z.boolean().default(false),
  internalOrExternal: z.boolean().default(false),
  alwaysShow: z.boolean().default(false),
});
export type PermissionCreate = z.infer<typeof PermissionCreateSchema>;
export const PermissionEditSchema = PermissionCreateSchema.extend({ id: z.string().min(1).max(64) });
export type PermissionEdit = z.infer<typeof PermissionEditSchema>;

export interface PermissionNode {
  id: string;
  key: string;
  title: string;
  parentId: string | null;
  name: string;
  nameEn: string;
  menuType: number;
  url: string | null;
  component: string | null;
  redirect: string | null;
  perms: string | null;
  status: string;
  sortNo: number;
  icon: string | null;
  route: boolean;
  hidden: boolean;
  keepAlive: boolean;
  internalOrExternal: boolean;
  alwaysShow: boolean;
  leaf: boolean;
  children?: PermissionNode[];
}
export const PermissionNodeSchema: z.ZodType<PermissionNode> = z.lazy(() =>
  z.object({
    id: z.string(),
    key: z.string(),
    title: z.string(),
    parentId: z.string().nullable(),
    name: z.string(),
    nameEn: z.string(),
    menuType: z.number().int(),
    url: z.string().nullable(),
    component: z.string().nullable(),
    redirect: z.string().nullable(),
    perms: z.string().nullable(),
    status: z.string(),
    sortNo: z.number(),
    icon: z.string().nullable(),
    route: z.boolean(),
    hidden: z.boolean(),
    keepAlive: z.boolean(),
    internalOrExternal: z.boolean(),
    alwaysShow: z.boolean(),
    leaf: z.boolean(),
    children: z.array(PermissionNodeSchema).optional(),
  }),
);

/** Conditions a data rule may use (SPEC §6 data rules); no raw SQL rule exists. */
export const DATA_RULE_CONDITIONS = ['=', '!=', '>', '>=', '<', '<=', 'LIKE', 'LEFT_LIKE', 'RIGHT_LIKE', 'IN'] as const;
export type DataRuleCondition = (typeof DATA_RULE_CONDITIONS)[number];
/** Variables a rule value may use: the caller's account name and current org code. */
export const DATA_RULE_VARIABLES = ['#{sys_user_code}', '#{sys_org_code}'] as const;

/**
 * A data rule of a permission (`sys_permission_data_rule`): restricts list queries of that
 * permission for users whose roles carry it. `ruleColumn` is a public field name of the list.
 */
export const DataRuleCreateSchema = z.object({
  permissionId: z.string().min(1).max(64),
  ruleName: z.string().min(1).max(60),
  ruleColumn: z
    .string()
    .min(1)
    .max(60)
    .regex(/^[A-Za-z][A-Za-z0-9]*$/, 'validation.invalid'),
  ruleConditions: z.enum(DATA_RULE_CONDITIONS),
  ruleValue: z.string().min(1).max(500),
  status: z.enum(['0', '1']).default('1'),
});
export type DataRuleCreate = z.infer<typeof DataRuleCreateSchema>;
export const DataRuleEditSchema = DataRuleCreateSchema.extend({ id: z.string().min(1).max(64) });
export type DataRuleEdit = z.infer<typeof DataRuleEditSchema>;
export const DataRuleRecordSchema = DataRuleEditSchema.extend({ createTime: z.string().nullable() });
export type DataRuleRecord = z.infer<typeof DataRuleRecordSchema>;

const tag = 'system-permission';
const ok = z.null();

/** Route table of permissions and data rules (SPEC §7 "permission"). */
export const PermissionRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/sys/permission/list',
    access: 'permission:list',
    tag,
    summary: 'Every menu and button as a tree (table)',
    result: z.array(PermissionNodeSchema),
  }),
  queryTreeList: defineRoute({
    method: 'GET',
    path: '/sys/permission/queryTreeList',
    access: 'permission:list',
    tag,
    summary: 'Tree for authorisation dialogs, with every id',
    result: z.object({ treeList: z.array(PermissionNodeSchema), ids: z.array(z.string()) }),
  }),
  add: defineRoute({
    method: 'POST',
    path: '/sys/permission/add',
    access: 'permission:add',
    tag,
    summary: 'Create a menu or button (platform tenant only)',
    body: PermissionCreateSchema,
    result: z.object({ id: z.string() }),
  }),
  edit: defineRoute({
    method: 'PUT',
    path: '/sys/permission/edit',
    access: 'permission:edit',
    tag,
    summary: 'Edit a menu or button (platform tenant only)',
    body: PermissionEditSchema,
    result: ok,
  }),
  delete: defineRoute({
    method: 'DELETE',
    path: '/sys/permission/delete',
    access: 'permission:delete',
    tag,
    summary: 'Delete a menu or button and its children (platform tenant only)',
    query: IdQuerySchema,
    result: ok,
  }),
  ruleList: defineRoute({
    method: 'GET',
    path: '/sys/permission/getPermRuleListByPermId',
    access: 'permission:list',
    tag,
    summary: 'Data rules of a permission',
    query: z.object({ permissionId: z.string().min(1).max(64) }),
    result: z.array(DataRuleRecordSchema),
  }),
  ruleAdd: defineRoute({
    method: 'POST',
    path: '/sys/permission/addPermissionRule',
    access: 'permission:edit',
    tag,
    summary: 'Add a data rule',
    body: DataRuleCreateSchema,
    result: z.object({ id: z.string() }),
  }),
  ruleEdit: defineRoute({
    method: 'PUT',
    path: '/sys/permission/editPermissionRule',
    access: 'permission:edit',
    tag,
    summary: 'Edit a data rule',
    body: DataRuleEditSchema,
    result: ok,
  }),
  ruleDelete: defineRoute({
    method: 'DELETE',
    path: '/sys/permission/deletePermissionRule',
    access: 'permission:edit',
    tag,
    summary: 'Delete a data rule',
    query: IdQuerySchema,
    result: ok,
  }),
} as const;
