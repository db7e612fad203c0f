import type { CategoryCreate, CategoryEdit, CategoryNode, CategoryRecord, CategoryTreeNode } from '@ztj/contracts';
import type { Db } from '../../platform/db/db';
import { AppError } from '../../platform/http/app-error';
import { conditionPairs } from '../../platform/list/json-condition';
import { escapeLike } from '../../platform/list/list-sql';
import { categoryRecord, insertCategory } from './categories.list';

type Row = { id: string; pid: string | null; name: string; code: string; has_child: boolean };

const node = (r: Row): CategoryNode => ({
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
  const cur = await db.one<{ code: string }>('SELECT code FROM sys_category WHERE id = $1', [b.id]);
  if (!cur) throw new AppError('notFound', 'notFound');
  const code = b.code || cur.code;
  if ((await db.query('SELECT 1 FROM sys_category WHERE code = $1 AND id <> $2', [code, b.id])).length)
    throw new AppError('conflict', 'categoryCodeExists');
  await db.query('UPDATE sys_category SET name = $2, code = $3, update_by = $4, update_time = now() WHERE id = $1', [
    b.id,
    b.name,
    code,
    by,
  ]);
}

/** Deletes categories with their children (the table cascades); parents' hasChild follows. */
export async function deleteCategories(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) throw new AppError('badRequest', 'selectRecord');
  const found = await db.query<{ id: string; pid: string | null }>(
    'SELECT id, pid FROM sys_category WHERE id = ANY($1::text[])',
    [ids],
  );
  if (found.length !== new Set(ids).size) throw new AppError('notFound', 'notFound');
  await db.tx(async (q) => {
    await q.query('DELETE FROM sys_category WHERE id = ANY($1::text[])', [ids]);
    const parents = [...new Set(found.map((f) => f.pid).filter((p): p is string => p !== null))];
    await q.query(
      'UPDATE sys_category p SET has_child = EXISTS (SELECT 1 FROM sys_category c WHERE c.pid = p.id) WHERE p.id = ANY($1::text[])',
      [parents],
    );
  });
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
  const params: unknown[] = [];
  const where: string[] = [];
  if (q.pcode) {
    params.push(q.pcode);
    where.push(`pid = (SELECT id FROM sys_category WHERE code = $${params.length})`);
  } else if (q.pid && q.pid !== '0') {
    params.push(q.pid);
    where.push(`pid = $${params.length}`);
  } else where.push('pid IS NULL');
  for (const [col, value] of parseCondition(q.condition)) {
    params.push(`%${escapeLike(value)}%`);
    where.push(`${col} ILIKE $${params.length} ESCAPE '\\'`);
  }
  const rows = await db.query<Row>(
    `SELECT id, pid, name, code, has_child FROM sys_category WHERE ${where.join(' AND ')} ORDER BY sort_no, code`,
    params,
  );
  return rows.map(node);
}

/** Names of comma-joined ids, in the given order (unknown ids give empty names). */
export async function loadDictItem(db: Db, ids: string[]): Promise<string[]> {
  const rows = await db.query<{ id: string; name: string }>(
    'SELECT id, name FROM sys_category WHERE id = ANY($1::text[])',
    [ids],
  );
  const byId = new Map(rows.map((r) => [r.id, r.name]));
  return ids.map((id) => byId.get(id) ?? '');
}

/** The category whose code or id equals `val` (JeecgBoot's loadOne answers the record). */
export async function loadOne(db: Db, field: 'code' | 'id', val: string): Promise<CategoryRecord> {
  const row = await db.one(`SELECT * FROM sys_category WHERE ${field === 'code' ? 'code' : 'id'} = $1`, [val]);
  if (!row) throw new AppError('notFound', 'notFound');
  return categoryRecord(row);
}

/** Every category, as records with their subtrees under `children`, keyed by id. */
export async function categoryRecords(db: Db): Promise<CategoryRecord[]> {
  const rows = await db.query('SELECT * FROM sys_category ORDER BY sort_no, code');
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
  const rows =
    code && code !== '0'
      ? await db.query<{ id: string; name: string }>(
          `WITH RECURSIVE sub AS (SELECT c.id, c.name, c.code FROM sys_category c JOIN sys_category p ON c.pid = p.id WHERE p.code = $1
         UNION ALL SELECT c.id, c.name, c.code FROM sys_category c JOIN sub ON c.pid = sub.id)
       SELECT id, name FROM sub ORDER BY code`,
          [code],
        )
      : await db.query<{ id: string; name: string }>('SELECT id, name FROM sys_category ORDER BY code');
  return rows.map((r) => ({ value: r.id, text: r.name }));
}
