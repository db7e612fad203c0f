import { z } from 'zod';
import { defineRoute } from '../route';
import { RefIdSchema } from '../validation';
import { DictRecordSchema } from './dicts';
import { IdsQuerySchema, ImportResultSchema, ListQuerySchema } from './list';

/**
 * Dictionary calls of JeecgBoot's console besides the ones of {@link DictAdminRoutes}:
 * the recycle bin, the dictionary tree, export/import, item batch delete and check, and
 * the table-dictionary tree loads of JTreeSelect. Table dictionaries name a table and columns
 * (`dict=table,text,code`); here only allow-listed table/column triples are understood and the
 * SQL is the server's, so a client never reaches SQL but values.
 */

const ok = z.null();
const tag = 'system-dict';

/** A tree-select node of a table dictionary (JeecgBoot TreeSelectModel). */
export const DictTreeNodeSchema = z.object({
  key: z.string(),
  value: z.string(),
  title: z.string(),
  label: z.string(),
  parentId: z.string().nullable(),
  leaf: z.boolean(),
  isLeaf: z.boolean(),
});
export type DictTreeNode = z.infer<typeof DictTreeNodeSchema>;

/** `GET /sys/dict/loadTreeData` parameters as JTreeSelect sends them (table and columns allow-listed). */
export const DictTreeQuerySchema = z.object({
  pid: z.string().max(64).optional(),
  tableName: z.string().min(1).max(64),
  text: z.string().min(1).max(64),
  code: z.string().min(1).max(64),
  pidField: z.string().max(64).optional(),
  hasChildField: z.string().max(64).optional(),
  condition: z.string().max(2000).optional(),
});
export type DictTreeQuery = z.infer<typeof DictTreeQuerySchema>;

/** A node of the dictionary tree (`treeList`): JeecgBoot's SysDictTree. */
export const DictTreeRecordSchema = DictRecordSchema.extend({ key: z.string(), title: z.string() });

export const DictCallRoutes = {
  deleteList: defineRoute({
    method: 'GET',
    path: '/sys/dict/deleteList',
    access: 'dict:list',
    tag,
    summary: 'Dictionaries in the recycle bin',
    result: z.array(DictRecordSchema),
  }),
  back: defineRoute({
    method: 'PUT',
    path: '/sys/dict/back/:id',
    access: 'dict:delete',
    tag,
    summary: 'Restore a dictionary from the recycle bin (platform tenant only)',
    params: z.object({ id: RefIdSchema }),
    result: ok,
  }),
  deletePhysic: defineRoute({
    method: 'DELETE',
    path: '/sys/dict/deletePhysic/:id',
    access: 'dict:delete',
    tag,
    summary: 'Delete a dictionary of the recycle bin for good, with its items (platform tenant only)',
    params: z.object({ id: RefIdSchema }),
    result: ok,
  }),
  treeList: defineRoute({
    method: 'GET',
    path: '/sys/dict/treeList',
    access: 'dict:list',
    tag,
    summary: 'Dictionaries as tree nodes (optional dictName / dictCode filters)',
    query: z
      .object({ dictName: z.string().max(100).optional(), dictCode: z.string().max(100).optional() })
      .passthrough(),
    result: z.array(DictTreeRecordSchema),
  }),
  exportXls: defineRoute({
    method: 'GET',
    path: '/sys/dict/exportXls',
    access: 'dict:export',
    tag,
    summary: 'Export dictionaries as .xls (download center)',
    query: ListQuerySchema,
    result: z.unknown(),
  }),
  importExcel: defineRoute({
    method: 'POST',
    path: '/sys/dict/importExcel',
    access: 'dict:import',
    tag,
    summary: 'Import dictionaries from .xls/.xlsx (code, name, English name, description)',
    result: ImportResultSchema,
  }),
  loadTreeData: defineRoute({
    method: 'GET',
    path: '/sys/dict/loadTreeData',
    access: 'session',
    tag,
    summary: 'Children of pid in an allow-listed table dictionary (JTreeSelect); other tables or columns are refused',
    query: DictTreeQuerySchema,
    result: z.array(DictTreeNodeSchema),
  }),
  loadDictItem: defineRoute({
    method: 'GET',
    path: '/sys/dict/loadDictItem/:dict',
    access: 'session',
    tag,
    summary: 'Texts of comma-joined keys in an allow-listed table dictionary (dict = table,text,code)',
    params: z.object({ dict: z.string().min(1).max(200) }),
    query: z.object({ key: z.string().max(20000) }),
    result: z.array(z.string()),
  }),
  itemDeleteBatch: defineRoute({
    method: 'DELETE',
    path: '/sys/dictItem/deleteBatch',
    access: 'dict:delete',
    tag,
    summary: 'Delete dictionary items (comma-joined ids; platform tenant only)',
    query: IdsQuerySchema,
    result: ok,
  }),
  itemCheck: defineRoute({
    method: 'GET',
    path: '/sys/dictItem/dictItemCheck',
    access: 'dict:list',
    tag,
    summary: 'Whether an item value is free in a dictionary (id: the item being edited)',
    query: z.object({ dictId: RefIdSchema, itemValue: z.string().max(100), id: z.string().max(64).optional() }),
    result: ok,
  }),
} as const;
