import type { DictCreate, DictEdit, DictItemCreate, DictItemEdit } from '@ztj/contracts';
import { z } from 'zod';
import { DictItemRecordSchema, DictRecordSchema } from '@ztj/contracts';
import type { Db, Queryable } from '../../platform/db/db';
import { AppError } from '../../platform/http/app-error';
import { requireVisible } from '../../platform/list/list-runner';
import { isoOrNull, textOrNull, type ListCaller, type ListSpec } from '../../platform/list/list-spec';
import * as repo from './dict-admin.repo';

type DictRecord = z.infer<typeof DictRecordSchema>;
type DictItemRecord = z.infer<typeof DictItemRecordSchema>;

/** Dictionaries: platform-wide data, read by every tenant, changed by the platform tenant. */
export const DICT_LIST: ListSpec<DictRecord> = {
  name: 'dicts',
  from: 'sys_dict d',
  select: 'd.*',
  tenantScope: null,
  global: true,
  where: ['d.del_flag = 0'],
  idSql: 'd.id',
  fields: {
    dictCode: { sql: 'd.dict_code', type: 'string', label: { 'zh-CN': '字典编码', 'en-US': 'Code' } },
    dictName: { sql: 'd.dict_name', type: 'string', label: { 'zh-CN': '字典名称', 'en-US': 'Name' } },
    dictNameEn: { sql: 'd.dict_name_en', type: 'string', label: { 'zh-CN': '英文名称', 'en-US': 'English name' } },
    description: { sql: 'd.description', type: 'string', label: { 'zh-CN': '描述', 'en-US': 'Description' } },
    createTime: { sql: 'd.create_time', type: 'datetime', label: { 'zh-CN': '创建时间', 'en-US': 'Created' } },
  },
  map: (r) => ({
    id: String(r.id),
    dictCode: String(r.dict_code),
    dictName: String(r.dict_name),
    dictNameEn: textOrNull(r.dict_name_en),
    description: textOrNull(r.description),
    createTime: isoOrNull(r.create_time),
  }),
};

export const DICT_ITEM_LIST: ListSpec<DictItemRecord> = {
  name: 'dict-items',
  from: 'sys_dict_item i',
  select: 'i.*',
  tenantScope: null,
  global: true,
  idSql: 'i.id',
  defaultSort: { field: 'sortOrder', order: 'asc' },
  // JeecgBoot's item list sends delFlag (items have no recycle bin): 0 matches all, else none
  params: { delFlag: "'0' = ?" },
  fields: {
    dictId: { sql: 'i.dict_id', type: 'string', label: { 'zh-CN': '字典', 'en-US': 'Dictionary' } },
    itemValue: { sql: 'i.item_value', type: 'string', label: { 'zh-CN': '数据值', 'en-US': 'Value' } },
    itemText: { sql: 'i.item_text', type: 'string', label: { 'zh-CN': '名称', 'en-US': 'Text' } },
    itemTextEn: { sql: 'i.item_text_en', type: 'string', label: { 'zh-CN': '英文名称', 'en-US': 'English text' } },
    sortOrder: { sql: 'i.sort_order', type: 'number', label: { 'zh-CN': '排序', 'en-US': 'Order' } },
    status: { sql: 'i.status', type: 'number', multi: true, label: { 'zh-CN': '状态', 'en-US': 'Status' } },
    createTime: { sql: 'i.create_time', type: 'datetime', label: { 'zh-CN': '创建时间', 'en-US': 'Created' } },
  },
  map: (r) => ({
    id: String(r.id),
    dictId: String(r.dict_id),
    itemValue: String(r.item_value),
    itemText: String(r.item_text),
    itemTextEn: textOrNull(r.item_text_en),
    sortOrder: Number(r.sort_order),
    status: Number(r.status),
    createTime: isoOrNull(r.create_time),
  }),
};

async function checkCode(db: Queryable, code: string, exceptId: string | null): Promise<void> {
  if (await repo.dictCodeTaken(db, code, exceptId)) throw new AppError('conflict', 'dictCodeExists');
}

/** Creates a dictionary. @throws AppError conflict dictCodeExists */
export async function createDict(db: Queryable, b: DictCreate, by: string): Promise<string> {
  await checkCode(db, b.dictCode, null);
  return repo.insertDict(db, b, by);
}

/** Edits a dictionary. @throws AppError notFound, conflict dictCodeExists */
export async function editDict(db: Db, b: DictEdit, caller: ListCaller): Promise<void> {
  await requireVisible(db, DICT_LIST, b.id, caller);
  await checkCode(db, b.dictCode, b.id);
  await repo.updateDict(db, b, caller.username);
}

/**
 * Moves dictionaries to the recycle bin (JeecgBoot's logical delete, `del_flag` 1): they leave
 * lists and dictionary reads, keep their items and code, and can be restored or deleted for good.
 */
export async function deleteDicts(db: Db, ids: string[], caller: ListCaller): Promise<void> {
  if (ids.length === 0) throw new AppError('badRequest', 'selectRecord');
  for (const id of ids) await requireVisible(db, DICT_LIST, id, caller);
  await repo.recycleDicts(db, ids, caller.username);
}

/** Adds an item to a dictionary. @throws AppError notFound, conflict dictItemExists */
export async function createItem(db: Db, b: DictItemCreate, caller: ListCaller): Promise<string> {
  await requireVisible(db, DICT_LIST, b.dictId, caller);
  if (await repo.itemValueTaken(db, b.dictId, b.itemValue)) throw new AppError('conflict', 'dictItemExists');
  return repo.insertItem(db, b, caller.username);
}

/** Edits an item. @throws AppError notFound, conflict dictItemExists */
export async function editItem(db: Db, b: DictItemEdit, caller: ListCaller): Promise<void> {
  await requireVisible(db, DICT_ITEM_LIST, b.id, caller);
  if (await repo.otherItemHasValue(db, b.id, b.itemValue)) throw new AppError('conflict', 'dictItemExists');
  await repo.updateItem(db, b, caller.username);
}

/** Deletes an item. @throws AppError notFound */
export async function deleteItem(db: Db, id: string, caller: ListCaller): Promise<void> {
  await requireVisible(db, DICT_ITEM_LIST, id, caller);
  await repo.deleteItemRow(db, id);
}

/**
 * Dictionary cache refresh (SPEC §7): the server reads dictionaries from the database on every
 * call, so there is nothing stale to drop; it answers the current counts for the console, which
 * then fetches every item again and keeps them 7 days.
 */
export async function refreshCache(db: Db): Promise<{ dictionaries: number; items: number }> {
  return repo.dictCounts(db);
}
