import { z } from 'zod';
import { pageResultOf } from '../envelope';
import { defineRoute } from '../route';
import { OptionalRefIdSchema, RefIdSchema } from '../validation';
import { IdQuerySchema, IdsQuerySchema, ImportResultSchema, ListQuerySchema } from './list';

/** Dictionary (SPEC §2 dictionaries; §5 code must not be empty). */
export const DictCreateSchema = z.object({
  dictCode: z
    .string()
    .min(1, 'validation.required')
    .max(100)
    .regex(/^[A-Za-z0-9_.-]+$/, 'validation.invalid'),
  dictName: z.string().min(1).max(100),
  dictNameEn: z.string().max(100).nullish(),
  description: z.string().max(500).nullish(),
});
export type DictCreate = z.infer<typeof DictCreateSchema>;
export const DictEditSchema = DictCreateSchema.extend({ id: z.string().min(1).max(64) });
export type DictEdit = z.infer<typeof DictEditSchema>;
export const DictRecordSchema = z.object({
  id: z.string(),
  dictCode: z.string(),
  dictName: z.string(),
  dictNameEn: z.string().nullable(),
  description: z.string().nullable(),
  createTime: z.string().nullable(),
});
export const DICT_LIST_FIELDS = ['dictCode', 'dictName', 'dictNameEn', 'description', 'createTime'] as const;

/** Dictionary item (SPEC §3 "Dictionary option"). */
export const DictItemCreateSchema = z.object({
  dictId: z.string().min(1).max(64),
  itemValue: z.string().min(1).max(100),
  itemText: z.string().min(1).max(100),
  itemTextEn: z.string().max(100).nullish(),
  sortOrder: z.coerce.number().int().min(0).max(99999).default(0),
  status: z.union([z.literal(0), z.literal(1)]).default(1),
});
export type DictItemCreate = z.infer<typeof DictItemCreateSchema>;
export const DictItemEditSchema = DictItemCreateSchema.omit({ dictId: true }).extend({ id: z.string().min(1).max(64) });
export type DictItemEdit = z.infer<typeof DictItemEditSchema>;
export const DictItemRecordSchema = z.object({
  id: z.string(),
  dictId: z.string(),
  itemValue: z.string(),
  itemText: z.string(),
  itemTextEn: z.string().nullable(),
  sortOrder: z.number().int(),
  status: z.number().int(),
  createTime: z.string().nullable(),
});
export const DICT_ITEM_LIST_FIELDS = [
  'dictId',
  'itemValue',
  'itemText',
  'itemTextEn',
  'sortOrder',
  'status',
  'createTime',
] as const;

/** Category tree node (SPEC §3 "Category tree node"): leaf '1' / '0'. */
export const CategoryCreateSchema = z.object({
  pid: OptionalRefIdSchema,
  name: z.string().min(1).max(100),
  code: z
    .string()
    .max(100)
    .regex(/^[A-Za-z0-9_.-]*$/, 'validation.invalid')
    .nullish(),
});
export type CategoryCreate = z.infer<typeof CategoryCreateSchema>;
export const CategoryEditSchema = CategoryCreateSchema.omit({ pid: true }).extend({ id: z.string().min(1).max(64) });
export type CategoryEdit = z.infer<typeof CategoryEditSchema>;
export const CategoryNodeSchema = z.object({
  key: z.string(),
  value: z.string(),
  code: z.string(),
  name: z.string(),
  label: z.string(),
  title: z.string(),
  pid: z.string().nullable(),
  leaf: z.enum(['0', '1']),
  isLeaf: z.boolean(),
});
export type CategoryNode = z.infer<typeof CategoryNodeSchema>;
/** A node of JeecgBoot's lazy tree selects (loadTreeRoot/loadTreeChildren): the node plus its loaded children. */
export type CategoryTreeNode = CategoryNode & { children?: CategoryTreeNode[] };
export const CategoryTreeNodeSchema: z.ZodType<CategoryTreeNode> = z.lazy(() =>
  CategoryNodeSchema.extend({ children: z.array(CategoryTreeNodeSchema).optional() }),
);
/**
 * A row of the category table as JeecgBoot's category screen reads it: `id`, `pid`,
 * `hasChild` '1'/'0' next to the tree-node fields; `children` holds the subtree where answered.
 */
export type CategoryRecord = CategoryNode & {
  id: string;
  hasChild: '0' | '1';
  createTime: string | null;
  children?: CategoryRecord[];
};
export const CategoryRecordSchema: z.ZodType<CategoryRecord> = z.lazy(() =>
  CategoryNodeSchema.extend({
    id: z.string(),
    hasChild: z.enum(['0', '1']),
    createTime: z.string().nullable(),
    children: z.array(CategoryRecordSchema).optional(),
  }),
);
export const CATEGORY_LIST_FIELDS = ['name', 'code', 'parentCode', 'createTime'] as const;
/** `loadTreeData` query: only these params; table, text and code columns are fixed on the server. */
export const CategoryTreeQuerySchema = z.strictObject({
  pid: z.string().max(64).optional(),
  pcode: z.string().max(100).optional(),
  condition: z.string().max(2000).optional(),
  _t: z.string().optional(),
});

const ok = z.null();
const tag = 'system-dict';

/** Route table of dictionaries, items and categories (SPEC §7 "dict", "dictItem", "category"). */
export const DictAdminRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/sys/dict/list',
    access: 'dict:list',
    tag,
    summary: 'Dictionaries (generic list)',
    query: ListQuerySchema,
    result: pageResultOf(DictRecordSchema),
  }),
  add: defineRoute({
    method: 'POST',
    path: '/sys/dict/add',
    access: 'dict:add',
    tag,
    summary: 'Create a dictionary (platform tenant only)',
    body: DictCreateSchema,
    result: z.object({ id: z.string() }),
  }),
  edit: defineRoute({
    method: 'PUT',
    path: '/sys/dict/edit',
    access: 'dict:edit',
    tag,
    summary: 'Edit a dictionary (platform tenant only)',
    body: DictEditSchema,
    result: ok,
  }),
  delete: defineRoute({
    method: 'DELETE',
    path: '/sys/dict/delete',
    access: 'dict:delete',
    tag,
    summary: 'Delete a dictionary and its items',
    query: IdQuerySchema,
    result: ok,
  }),
  deleteBatch: defineRoute({
    method: 'DELETE',
    path: '/sys/dict/deleteBatch',
    access: 'dict:batch_delete',
    tag,
    summary: 'Delete dictionaries',
    query: IdsQuerySchema,
    result: ok,
  }),
  refleshCache: defineRoute({
    method: 'GET',
    path: '/sys/dict/refleshCache',
    access: 'dict:refresh',
    tag,
    summary: 'Refresh the dictionary cache; answers the number of dictionaries',
    result: z.object({ dictionaries: z.number().int(), items: z.number().int() }),
  }),
  itemList: defineRoute({
    method: 'GET',
    path: '/sys/dictItem/list',
    access: 'dict:list',
    tag,
    summary: 'Items of a dictionary (generic list + dictId)',
    query: ListQuerySchema,
    result: pageResultOf(DictItemRecordSchema),
  }),
  itemAdd: defineRoute({
    method: 'POST',
    path: '/sys/dictItem/add',
    access: 'dict:add',
    tag,
    summary: 'Create a dictionary item',
    body: DictItemCreateSchema,
    result: z.object({ id: z.string() }),
  }),
  itemEdit: defineRoute({
    method: 'PUT',
    path: '/sys/dictItem/edit',
    access: 'dict:edit',
    tag,
    summary: 'Edit a dictionary item',
    body: DictItemEditSchema,
    result: ok,
  }),
  itemDelete: defineRoute({
    method: 'DELETE',
    path: '/sys/dictItem/delete',
    access: 'dict:delete',
    tag,
    summary: 'Delete a dictionary item',
    query: IdQuerySchema,
    result: ok,
  }),
} as const;

/** Route table of categories (SPEC §7 "Category tree"). */
export const CategoryRoutes = {
  rootList: defineRoute({
    method: 'GET',
    path: '/sys/category/rootList',
    access: 'category:list',
    tag: 'system-category',
    summary: 'Root categories as a page (generic list; records carry hasChild and their whole subtree in children)',
    query: ListQuerySchema,
    result: pageResultOf(CategoryRecordSchema),
  }),
  add: defineRoute({
    method: 'POST',
    path: '/sys/category/add',
    access: 'category:add',
    tag: 'system-category',
    summary: 'Create a category; code generated under the parent when empty',
    body: CategoryCreateSchema,
    result: z.object({ id: z.string(), code: z.string() }),
  }),
  edit: defineRoute({
    method: 'PUT',
    path: '/sys/category/edit',
    access: 'category:edit',
    tag: 'system-category',
    summary: 'Edit a category',
    body: CategoryEditSchema,
    result: ok,
  }),
  delete: defineRoute({
    method: 'DELETE',
    path: '/sys/category/delete',
    access: 'category:delete',
    tag: 'system-category',
    summary: 'Delete a category and its children',
    query: IdQuerySchema,
    result: ok,
  }),
  loadTreeData: defineRoute({
    method: 'GET',
    path: '/sys/category/loadTreeData',
    access: 'session',
    tag: 'system-category',
    summary: 'Children of pid, or of the node coded pcode',
    query: CategoryTreeQuerySchema,
    result: z.array(CategoryNodeSchema),
  }),
  loadDictItem: defineRoute({
    method: 'GET',
    path: '/sys/category/loadDictItem',
    access: 'session',
    tag: 'system-category',
    summary: 'Names of comma-joined category ids, in order',
    query: z.object({ ids: z.string().max(20000) }),
    result: z.array(z.string()),
  }),
  loadOne: defineRoute({
    method: 'GET',
    path: '/sys/category/loadOne',
    access: 'session',
    tag: 'system-category',
    summary: 'The category whose code or id equals val (JeecgBoot reads .name)',
    query: z.object({ field: z.enum(['code', 'id']), val: z.string().max(100) }),
    result: CategoryRecordSchema,
  }),
  childList: defineRoute({
    method: 'GET',
    path: '/sys/category/childList',
    access: 'category:list',
    tag: 'system-category',
    summary: 'Children of pid (records of the category table)',
    query: z.object({ pid: RefIdSchema }).passthrough(),
    result: z.array(CategoryRecordSchema),
  }),
  getChildListBatch: defineRoute({
    method: 'GET',
    path: '/sys/category/getChildListBatch',
    access: 'category:list',
    tag: 'system-category',
    summary: 'Children of comma-joined parentIds, as one page',
    query: z.object({ parentIds: z.string().min(1).max(20000) }),
    result: pageResultOf(CategoryRecordSchema),
  }),
  deleteBatch: defineRoute({
    method: 'DELETE',
    path: '/sys/category/deleteBatch',
    access: 'category:batch_delete',
    tag: 'system-category',
    summary: 'Delete categories (comma-joined ids) and their children',
    query: IdsQuerySchema,
    result: ok,
  }),
  exportXls: defineRoute({
    method: 'GET',
    path: '/sys/category/exportXls',
    access: 'category:export',
    tag: 'system-category',
    summary: 'Export categories as .xls (download center; name, code, parent code)',
    query: ListQuerySchema,
    result: z.unknown(),
  }),
  importExcel: defineRoute({
    method: 'POST',
    path: '/sys/category/importExcel',
    access: 'category:import',
    tag: 'system-category',
    summary: 'Import categories from .xls/.xlsx (name, code, parent code; parents before children)',
    result: ImportResultSchema,
  }),
  loadTreeRoot: defineRoute({
    method: 'GET',
    path: '/sys/category/loadTreeRoot',
    access: 'session',
    tag: 'system-category',
    summary: 'Children of the node coded pcode (roots when empty or 0); the whole subtree unless async',
    query: z.object({ async: z.enum(['true', 'false']).default('true'), pcode: z.string().max(100).optional() }),
    result: z.array(CategoryTreeNodeSchema),
  }),
  loadTreeChildren: defineRoute({
    method: 'GET',
    path: '/sys/category/loadTreeChildren',
    access: 'session',
    tag: 'system-category',
    summary: 'Children of pid',
    query: z.object({ pid: RefIdSchema }),
    result: z.array(CategoryTreeNodeSchema),
  }),
  loadAllData: defineRoute({
    method: 'GET',
    path: '/sys/category/loadAllData',
    access: 'session',
    tag: 'system-category',
    summary: 'Every category under the node coded code (all when empty or 0) as {value: id, text: name}',
    query: z.object({ code: z.string().max(100).optional() }),
    result: z.array(z.object({ value: z.string(), text: z.string() })),
  }),
  loadDictItemSlash: defineRoute({
    method: 'GET',
    path: '/sys/category/loadDictItem/',
    access: 'session',
    tag: 'system-category',
    summary: 'loadDictItem as JCategorySelect calls it (trailing slash)',
    query: z.object({ ids: z.string().max(20000) }),
    result: z.array(z.string()),
  }),
} as const;
