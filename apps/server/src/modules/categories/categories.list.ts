import { CategoryCreateSchema, type CategoryRecord } from '@ztj/contracts';
import type { Queryable } from '../../platform/db/db';
import { AppError } from '../../platform/http/app-error';
import type { ImportSpec } from '../../platform/list/import-runner';
import { nextOrgCode } from '../departs/org-code';
import { AUDIT_LABELS, isoOrNull, type ListSpec } from '../../platform/list/list-spec';

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
      const [p] = await q.query<{ id: string }>('SELECT id FROM sys_category WHERE code = $1', [row.parentCode]);
      if (!p) throw new AppError('notFound', 'notFound');
      pid = p.id;
    }
    await insertCategory(
      q,
      CategoryCreateSchema.parse({ pid, name: row.name ?? '', code: row.code || null }),
      caller.username,
    );
  },
};

/** Lock key serialising category code generation. */
const CODE_LOCK = 727102;

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
  await q.query(`SELECT pg_advisory_xact_lock(${CODE_LOCK})`);
  let parentCode = '';
  if (b.pid) {
    const [p] = await q.query<{ code: string }>('SELECT code FROM sys_category WHERE id = $1', [b.pid]);
    if (!p) throw new AppError('notFound', 'notFound');
    parentCode = p.code;
  }
  let code = b.code || '';
  if (!code) {
    const used = await q.query<{ code: string }>('SELECT code FROM sys_category WHERE pid IS NOT DISTINCT FROM $1', [
      b.pid ?? null,
    ]);
    code = nextOrgCode(
      parentCode,
      used.map((u) => u.code),
    );
  }
  if ((await q.query('SELECT 1 FROM sys_category WHERE code = $1', [code])).length)
    throw new AppError('conflict', 'categoryCodeExists');
  const [row] = await q.query<{ id: string }>(
    'INSERT INTO sys_category (pid, name, code, create_by) VALUES ($1,$2,$3,$4) RETURNING id',
    [b.pid ?? null, b.name, code, by],
  );
  if (b.pid) await q.query('UPDATE sys_category SET has_child = true WHERE id = $1', [b.pid]);
  return { id: row!.id, code };
}
