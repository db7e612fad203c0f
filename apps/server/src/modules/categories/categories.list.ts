import { CategoryCreateSchema, type CategoryRecord } from '@ztj/contracts';
import type { Queryable } from '../../platform/db/db';
import { AppError } from '../../platform/http/app-error';
import type { ImportSpec } from '../../platform/list/import-runner';
import { nextOrgCode } from '../departs/org-code';
import { AUDIT_LABELS, isoOrNull, type ListSpec } from '../../platform/list/list-spec';
import {
  categoryCodeById,
  categoryCodeTaken,
  categoryIdByCode,
  childCodes,
  insertCategoryRow,
  lockCategoryCodes,
} from './categories.repo';

/** A `sys_category` row as JeecgBoot's category screen reads it: tree-node fields plus id, pid, hasChild. */
export function categoryRecord(r: Record<string, unknown>): CategoryRecord {
  const id = String(r.id);
  const name = String(r.name);
  const hasChild = r.has_child === true;
  return {
    id,
    key: id,
    value: id,
    code: String(r.code),
    name,
    label: name,
    title: name,
    pid: r.pid === null || r.pid === undefined ? null : String(r.pid),
    leaf: hasChild ? '0' : '1',
    isLeaf: !hasChild,
    hasChild: hasChild ? '1' : '0',
    createTime: isoOrNull(r.create_time),
  };
}

/**
 * Categories for the generic list machinery (rootList, childList, export): platform-wide data
 * (`global`), fields allow-listed; `pid` is a parameter, never a client's SQL.
 */
export const CATEGORY_LIST: ListSpec<CategoryRecord> = {
  name: 'categories',
  from: 'sys_category c',
  select: 'c.*, (SELECT p.code FROM sys_category p WHERE p.id = c.pid) AS parent_code',
  tenantScope: null,
  global: true,
  idSql: 'c.id',
  defaultSort: { field: 'code', order: 'asc' },
  params: { pid: 'c.pid = ?' },
  fields: {
    name: { sql: 'c.name', type: 'string', label: { 'zh-CN': '分类名称', 'en-US': 'Name' } },
    code: { sql: 'c.code', type: 'string', label: { 'zh-CN': '分类编码', 'en-US': 'Code' } },
    parentCode: {
      sql: '(SELECT p.code FROM sys_category p WHERE p.id = c.pid)',
      type: 'string',
      sortable: false,
      label: { 'zh-CN': '父级编码', 'en-US': 'Parent code' },
    },
    createTime: { sql: 'c.create_time', type: 'datetime', label: AUDIT_LABELS.createTime },
  },
  map: (r) => ({ ...categoryRecord(r), parentCode: r.parent_code ?? null }) as CategoryRecord,
};

/** The root categories only (rootList). */
export const CATEGORY_ROOTS: ListSpec<CategoryRecord> = {
  ...CATEGORY_LIST,
  name: 'category-roots',
  where: ['c.pid IS NULL'],
};

/**
 * Category import (JeecgBoot `sys/category/importExcel`): name, code and parent code per row, as
 * the export writes them; a parent must exist (an earlier row or the table) — rows are stored in
 * file order, so parents come first as the export orders them (by code).
 */
export const CATEGORY_IMPORT: ImportSpec = {
  name: 'categories',
  columns: {
    name: CATEGORY_LIST.fields.name!.label,
    code: CATEGORY_LIST.fields.code!.label,
    parentCode: CATEGORY_LIST.fields.parentCode!.label,
  },
  readOnly: { createTime: AUDIT_LABELS.createTime },
  async importRow(q, row, caller) {
    let pid: string | null = null;
    if (row.parentCode) {
      const id = await categoryIdByCode(q, row.parentCode);
      if (!id) throw new AppError('notFound', 'notFound');
      pid = id;
    }
    await insertCategory(
      q,
      CategoryCreateSchema.parse({ pid, name: row.name ?? '', code: row.code || null }),
      caller.username,
    );
  },
};

/**
 * Inserts a category inside the caller's transaction; an empty code is generated under the
 * parent's (the departments' scheme: A01, A01A01…).
 * @throws AppError notFound for an unknown parent; conflict categoryCodeExists.
 */
export async function insertCategory(
  q: Queryable,
  b: { pid?: string | null; name: string; code?: string | null },
  by: string,
): Promise<{ id: string; code: string }> {
  await lockCategoryCodes(q);
  let parentCode = '';
  if (b.pid) {
    const found = await categoryCodeById(q, b.pid);
    if (found === undefined) throw new AppError('notFound', 'notFound');
    parentCode = found;
  }
  let code = b.code || '';
  if (!code) code = nextOrgCode(parentCode, await childCodes(q, b.pid ?? null));
  if (await categoryCodeTaken(q, code)) throw new AppError('conflict', 'categoryCodeExists');
  const id = await insertCategoryRow(q, { pid: b.pid ?? null, name: b.name, code }, by);
  return { id, code };
}
