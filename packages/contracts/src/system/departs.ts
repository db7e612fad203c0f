import { z } from 'zod';
import { defineRoute } from '../route';
import { OptionalRefIdSchema, PATTERNS } from '../validation';
import { IdQuerySchema, IdsQuerySchema } from './list';

/** Organisation categories (SPEC §3 department "organization type"): 1 company, 2 department, 3 post. */
export const ORG_CATEGORIES = ['1', '2', '3'] as const;

/**
 * `POST /sys/sysDepart/add` body (SPEC §3 department creation fields). The org code is generated
 * by the server from the parent (A01, A01A01…), never taken from the client.
 */
export const DepartCreateSchema = z.object({
  departName: z.string().min(1).max(60).regex(PATTERNS.noSlash, 'validation.noSlash'),
  departNameEn: z.string().max(100).nullish(),
  orgCategory: z.enum(ORG_CATEGORIES).default('2'),
  parentId: OptionalRefIdSchema,
  mobile: z.string().max(32).nullish(),
  fax: z.string().max(32).nullish(),
  address: z.string().max(200).nullish(),
  memo: z.string().max(500).nullish(),
  departOrder: z.coerce.number().int().min(0).max(99999).default(0),
});
export type DepartCreate = z.infer<typeof DepartCreateSchema>;
export const DepartEditSchema = DepartCreateSchema.omit({ parentId: true }).extend({ id: z.string().min(1).max(64) });
export type DepartEdit = z.infer<typeof DepartEditSchema>;

/** A department tree node (SPEC §3 "Department"): key/value/title for tree widgets plus the fields. */
export interface DepartNode {
  id: string;
  key: string;
  value: string;
  title: string;
  departName: string;
  departNameEn: string | null;
  orgCode: string;
  orgCategory: string;
  parentId: string | null;
  mobile: string | null;
  fax: string | null;
  address: string | null;
  memo: string | null;
  departOrder: number;
  isLeaf: boolean;
  children?: DepartNode[];
}
export const DepartNodeSchema: z.ZodType<DepartNode> = z.lazy(() =>
  z.object({
    id: z.string(),
    key: z.string(),
    value: z.string(),
    title: z.string(),
    departName: z.string(),
    departNameEn: z.string().nullable(),
    orgCode: z.string(),
    orgCategory: z.string(),
    parentId: z.string().nullable(),
    mobile: z.string().nullable(),
    fax: z.string().nullable(),
    address: z.string().nullable(),
    memo: z.string().nullable(),
    departOrder: z.number().int(),
    isLeaf: z.boolean(),
    children: z.array(DepartNodeSchema).optional(),
  }),
);

/** Id-only tree node for pickers (`queryIdTree`). */
export interface DepartIdNode {
  key: string;
  value: string;
  title: string;
  isLeaf: boolean;
  children?: DepartIdNode[];
}
export const DepartIdNodeSchema: z.ZodType<DepartIdNode> = z.lazy(() =>
  z.object({
    key: z.string(),
    value: z.string(),
    title: z.string(),
    isLeaf: z.boolean(),
    children: z.array(DepartIdNodeSchema).optional(),
  }),
);

/** Department permissions (SPEC §6 "departments have role rights"). */
export const DepartPermissionSaveSchema = z.object({
  departId: z.string().min(1).max(64),
  permissionIds: z.string().max(40000),
  lastpermissionIds: z.string().max(40000).optional(),
});
export type DepartPermissionSave = z.infer<typeof DepartPermissionSaveSchema>;

const tag = 'system-depart';
const ok = z.null();

/** Route table of departments (SPEC §7 "sysDepart"). */
export const DepartRoutes = {
  queryTreeList: defineRoute({
    method: 'GET',
    path: '/sys/sysDepart/queryTreeList',
    access: 'depart:list',
    tag,
    summary: 'Department tree of the current tenant',
    result: z.array(DepartNodeSchema),
  }),
  queryIdTree: defineRoute({
    method: 'GET',
    path: '/sys/sysDepart/queryIdTree',
    access: 'depart:list',
    tag,
    summary: 'Id tree for pickers',
    result: z.array(DepartIdNodeSchema),
  }),
  searchBy: defineRoute({
    method: 'GET',
    path: '/sys/sysDepart/searchBy',
    access: 'depart:list',
    tag,
    summary: 'Departments whose name contains keyWord',
    query: z.object({ keyWord: z.string().max(100).default('') }),
    result: z.array(DepartNodeSchema),
  }),
  add: defineRoute({
    method: 'POST',
    path: '/sys/sysDepart/add',
    access: 'depart:add',
    tag,
    summary: 'Create a department; the org code is generated',
    body: DepartCreateSchema,
    result: z.object({ id: z.string(), orgCode: z.string() }),
  }),
  edit: defineRoute({
    method: 'PUT',
    path: '/sys/sysDepart/edit',
    access: 'depart:edit',
    tag,
    summary: 'Edit a department',
    body: DepartEditSchema,
    result: ok,
  }),
  delete: defineRoute({
    method: 'DELETE',
    path: '/sys/sysDepart/delete',
    access: 'depart:delete',
    tag,
    summary: 'Delete a department without children or users',
    query: IdQuerySchema,
    result: ok,
  }),
  deleteBatch: defineRoute({
    method: 'DELETE',
    path: '/sys/sysDepart/deleteBatch',
    access: 'depart:batch_delete',
    tag,
    summary: 'Delete departments without children or users',
    query: IdsQuerySchema,
    result: ok,
  }),
  queryDepartPermission: defineRoute({
    method: 'GET',
    path: '/sys/permission/queryDepartPermission',
    access: 'depart:list',
    tag,
    summary: 'Permission ids granted to a department',
    query: z.object({ departId: z.string().min(1).max(64) }),
    result: z.array(z.string()),
  }),
  saveDepartPermission: defineRoute({
    method: 'POST',
    path: '/sys/permission/saveDepartPermission',
    access: 'depart:auth',
    tag,
    summary: 'Replace the permissions of a department',
    body: DepartPermissionSaveSchema,
    result: ok,
  }),
  departRoles: defineRoute({
    method: 'GET',
    path: '/sys/sysDepart/queryDepartRoles',
    access: 'depart:list',
    tag,
    summary: 'Roles held by the users of a department',
    query: z.object({ departId: z.string().min(1).max(64) }),
    result: z.array(z.object({ id: z.string(), roleName: z.string(), roleCode: z.string(), users: z.number().int() })),
  }),
} as const;
