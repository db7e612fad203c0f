import type { CategoryCreate, CategoryEdit, CategoryNode } from '@ztj/contracts';
import type { Db } from '../../platform/db/db';
import { AppError } from '../../platform/http/app-error';
import { escapeLike } from '../../platform/list/list-sql';
import { nextOrgCode } from '../departs/org-code';

type Row = { id: string; pid: string | null; name: string; code: string; has_child: boolean };

const node = (r: Row): CategoryNode => ({
  key: r.id, value: r.id, code: r.code, name: r.name, label: r.name, title: r.name, pid: r.pid,
  leaf: r.has_child ? '0' : '1', isLeaf: !r.has_child,
});

/** The whole category tree (SPEC §3 category tree node). */
export async function categoryTree(db: Db): Promise<(CategoryNode & { children?: CategoryNode[] })[]> {
  const rows = await db.query<Row>('SELECT id, pid, name, code, has_child FROM sys_category ORDER BY sort_no, code');
  const nodes = rows.map((r) => ({ ...node(r) }) as CategoryNode & { children?: CategoryNode[] });
  const byId = new Map(nodes.map((n) => [n.key, n]));
  const roots: typeof nodes = [];
  for (const n of nodes) {
    const parent = n.pid ? byId.get(n.pid) : undefined;
    if (parent) (parent.children ??= []).push(n);
    else roots.push(n);
  }
  return roots;
}

/** Creates a category; an empty code is generated under the parent's (A01, A01A01…). */
export async function createCategory(db: Db, b: CategoryCreate, by: string): Promise<{ id: string; code: string }> {
  return db.tx(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock(727102)');
    let parentCode = '';
    if (b.pid) {
      const [p] = await q.query<{ code: string }>('SELECT code FROM sys_category WHERE id = $1', [b.pid]);
      if (!p) throw new AppError('notFound', 'notFound');
      parentCode = p.code;
    }
    let code = b.code || '';
    if (!code) {
      const used = await q.query<{ code: string }>('SELECT code FROM sys_category WHERE pid IS NOT DISTINCT FROM $1', [b.pid ?? null]);
      code = nextOrgCode(parentCode, used.map((u) => u.code));
    }
    if ((await q.query('SELECT 1 FROM sys_category WHERE code = $1', [code])).length) throw new AppError('conflict', 'categoryCodeExists');
    const [row] = await q.query<{ id: string }>('INSERT INTO sys_category (pid, name, code, create_by) VALUES ($1,$2,$3,$4) RETURNING id', [b.pid ?? null, b.name, code, by]);
    if (b.pid) await q.query('UPDATE sys_category SET has_child = true WHERE id = $1', [b.pid]);
    return { id: row!.id, code };
  });
}

export async function editCategory(db: Db, b: CategoryEdit, by: string): Promise<void> {
  const cur = await db.one<{ code: string }>('SELECT code FROM sys_category WHERE id = $1', [b.id]);
  if (!cur) throw new AppError('notFound', 'notFound');
  const code = b.code || cur.code;
  if ((await db.query('SELECT 1 FROM sys_category WHERE code = $1 AND id <> $2', [code, b.id])).length) throw new AppError('conflict', 'categoryCodeExists');
  await db.query('UPDATE sys_category SET name = $2, code = $3, update_by = $4, update_time = now() WHERE id = $1', [b.id, b.name, code, by]);
}

export async function deleteCategory(db: Db, id: string): Promise<void> {
  const cur = await db.one<{ pid: string | null }>('SELECT pid FROM sys_category WHERE id = $1', [id]);
  if (!cur) throw new AppError('notFound', 'notFound');
  await db.tx(async (q) => {
    await q.query('DELETE FROM sys_category WHERE id = $1', [id]);
    if (cur.pid) await q.query('UPDATE sys_category SET has_child = EXISTS (SELECT 1 FROM sys_category WHERE pid = $1) WHERE id = $1', [cur.pid]);
  });
}

/** Condition keys `loadTreeData` accepts (SPEC §5: a JSON string), each on a fixed column. */
const CONDITION_COLUMNS: Record<string, string> = { name: 'name', code: 'code' };

function parseCondition(condition: string | undefined): [string, string][] {
  if (!condition) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(condition);
  } catch {
    throw new AppError('badRequest', 'listValueInvalid', { field: 'condition' });
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new AppError('badRequest', 'listValueInvalid', { field: 'condition' });
  return Object.entries(parsed as Record<string, unknown>).map(([k, v]) => {
    const col = CONDITION_COLUMNS[k];
    if (!col) throw new AppError('badRequest', 'listFieldUnknown', { field: k });
    return [col, String(v ?? '')];
  });
}

/**
 * Children of `pid` (empty or '0' → roots) or of the node coded `pcode` (SPEC §7 loadTreeData).
 * Table, text and code columns are fixed here; the client's table/field parameters are refused by
 * the route schema, condition keys by an allow-list.
 */
export async function loadTreeData(db: Db, q: { pid?: string; pcode?: string; condition?: string }): Promise<CategoryNode[]> {
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
  const rows = await db.query<Row>(`SELECT id, pid, name, code, has_child FROM sys_category WHERE ${where.join(' AND ')} ORDER BY sort_no, code`, params);
  return rows.map(node);
}

/** Names of comma-joined ids, in the given order (unknown ids give empty names). */
export async function loadDictItem(db: Db, ids: string[]): Promise<string[]> {
  const rows = await db.query<{ id: string; name: string }>('SELECT id, name FROM sys_category WHERE id = ANY($1::text[])', [ids]);
  const byId = new Map(rows.map((r) => [r.id, r.name]));
  return ids.map((id) => byId.get(id) ?? '');
}

export async function loadOne(db: Db, field: 'code' | 'id', val: string): Promise<string> {
  const row = await db.one<{ name: string }>(`SELECT name FROM sys_category WHERE ${field === 'code' ? 'code' : 'id'} = $1`, [val]);
  if (!row) throw new AppError('notFound', 'notFound');
  return row.name;
}
