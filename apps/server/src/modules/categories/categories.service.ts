import type { CategoryCreate, CategoryEdit, CategoryNode, CategoryRecord, CategoryTreeNode } from '@ztj/contracts';
import type { Db } from '../../platform/db/db';
import { AppError } from '../../platform/http/app-error';
import { conditionPairs } from '../../platform/list/json-condition';
import { categoryRecord, insertCategory } from './categories.list';
import * as repo from './categories.repo';

const node = (r: repo.CategoryTreeRow): CategoryNode => ({
  key: r.id,
  value: r.id,
  code: r.code,
  name: r.name,
  label: r.name,
  title: r.name,
  pid: r.pid,
  leaf: r.has_child ? '0' : '1',
  isLeaf: !r.has_child,
});

/** Creates a category; an empty code is generated under the parent's (A01, A01A01…). */
export async function createCategory(db: Db, b: CategoryCreate, by: string): Promise<{ id: string; code: string }> {
  return db.tx((q) => insertCategory(q, b, by));
}

export async function editCategory(db: Db, b: CategoryEdit, by: string): Promise<void> {
  const cur = await repo.categoryCodeById(db, b.id);
  if (cur === undefined) throw new AppError('notFound', 'notFound');
  const code = b.code || cur;
  if (await repo.categoryCodeTaken(db, code, b.id)) throw new AppError('conflict', 'categoryCodeExists');
  await repo.updateCategory(db, { id: b.id, name: b.name, code }, by);
}

/** Deletes categories with their children (the table cascades); parents' hasChild follows. */
export async function deleteCategories(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) throw new AppError('badRequest', 'selectRecord');
  const found = await repo.categoryParents(db, ids);
  if (found.length !== new Set(ids).size) throw new AppError('notFound', 'notFound');
  const parents = [...new Set(found.map((f) => f.pid).filter((p): p is string => p !== null))];
  await db.tx((q) => repo.deleteCategoryRows(q, ids, parents));
}

/** Condition keys `loadTreeData` accepts (SPEC §5: a JSON string), each on a fixed column. */
const CONDITION_COLUMNS: Record<string, string> = { name: 'name', code: 'code' };

function parseCondition(condition: string | undefined): [string, string][] {
  return conditionPairs(condition).map(([k, v]) => {
    const col = Object.hasOwn(CONDITION_COLUMNS, k) ? CONDITION_COLUMNS[k] : undefined; // own keys only (`constructor`…)
    if (!col) throw new AppError('badRequest', 'listFieldUnknown', { field: k });
    return [col, v];
  });
}

/**
 * Children of `pid` (empty or '0' → roots) or of the node coded `pcode` (SPEC §7 loadTreeData).
 * Table, text and code columns are fixed here; the client's table/field parameters are refused by
 * the route schema, condition keys by an allow-list.
 */
export async function loadTreeData(
  db: Db,
  q: { pid?: string; pcode?: string; condition?: string },
): Promise<CategoryNode[]> {
  const parent = q.pcode ? { pcode: q.pcode } : q.pid && q.pid !== '0' ? { pid: q.pid } : {};
  const rows = await repo.categoryChildren(db, parent, parseCondition(q.condition));
  return rows.map(node);
}

/** Names of comma-joined ids, in the given order (unknown ids give empty names). */
export async function loadDictItem(db: Db, ids: string[]): Promise<string[]> {
  const rows = await repo.categoryNames(db, ids);
  const byId = new Map(rows.map((r) => [r.id, r.name]));
  return ids.map((id) => byId.get(id) ?? '');
}

/** The category whose code or id equals `val` (JeecgBoot's loadOne answers the record). */
export async function loadOne(db: Db, field: 'code' | 'id', val: string): Promise<CategoryRecord> {
  const row = await repo.categoryBy(db, field, val);
  if (!row) throw new AppError('notFound', 'notFound');
  return categoryRecord(row);
}

/** Every category, as records with their subtrees under `children`, keyed by id. */
export async function categoryRecords(db: Db): Promise<CategoryRecord[]> {
  const rows = await repo.allCategoryRows(db);
  const nodes = rows.map(categoryRecord);
  const byId = new Map(nodes.map((n) => [n.id, n]));
  for (const n of nodes) {
    const parent = n.pid ? byId.get(n.pid) : undefined;
    if (parent) (parent.children ??= []).push(n);
  }
  return nodes;
}

/**
 * JeecgBoot's loadTreeRoot: the children of the node coded `pcode` (roots when empty or '0'),
 * each with its whole subtree unless `async`.
 */
export async function loadTreeRoot(db: Db, pcode: string | undefined, async: boolean): Promise<CategoryTreeNode[]> {
  const all = await categoryRecords(db);
  let parentId: string | null = null;
  if (pcode && pcode !== '0') {
    const parent = all.find((n) => n.code === pcode);
    if (!parent) throw new AppError('notFound', 'notFound');
    parentId = parent.id;
  }
  const strip = (n: CategoryRecord, deep: boolean): CategoryTreeNode => {
    const { id: _id, hasChild: _h, createTime: _c, children, ...node } = n;
    return deep && children?.length ? { ...node, children: children.map((c) => strip(c, true)) } : node;
  };
  return all.filter((n) => n.pid === parentId).map((n) => strip(n, !async));
}

/** JeecgBoot's loadAllData: every category below the node coded `code`, at any depth (all when empty or '0'). */
export async function loadAllData(db: Db, code: string | undefined): Promise<{ value: string; text: string }[]> {
  const rows = await repo.categoriesBelow(db, code && code !== '0' ? code : undefined);
  return rows.map((r) => ({ value: r.id, text: r.name }));
}
