import type { Queryable } from '../../platform/db/db';
import { escapeLike } from '../../platform/list/list-sql';

/**
 * Category queries (CONVENTIONS §1 repo): table `sys_category`, platform-wide (no tenant). Ids and
 * codes are strings; `has_child` is kept by the writers here.
 */

/** The tree fields of one category row. */
export interface CategoryTreeRow {
  id: string;
  pid: string | null;
  name: string;
  code: string;
  has_child: boolean;
}

/** Lock key serialising category code generation. */
const CODE_LOCK = 727102;

/** Takes the transaction-scoped lock that serialises category code generation (call inside a transaction). */
export async function lockCategoryCodes(q: Queryable): Promise<void> {
  await q.query(`SELECT pg_advisory_xact_lock(${CODE_LOCK})`);
}

/** Id of the category coded `code`, or undefined. */
export async function categoryIdByCode(q: Queryable, code: string): Promise<string | undefined> {
  const [p] = await q.query<{ id: string }>('SELECT id FROM sys_category WHERE code = $1', [code]);
  return p?.id;
}

/** Code of the category `id`, or undefined when there is none. */
export async function categoryCodeById(q: Queryable, id: string): Promise<string | undefined> {
  const [p] = await q.query<{ code: string }>('SELECT code FROM sys_category WHERE id = $1', [id]);
  return p?.code;
}

/** Codes of the children of `pid` (null = the roots). */
export async function childCodes(q: Queryable, pid: string | null): Promise<string[]> {
  const used = await q.query<{ code: string }>('SELECT code FROM sys_category WHERE pid IS NOT DISTINCT FROM $1', [
    pid,
  ]);
  return used.map((u) => u.code);
}

/** True when some category (other than `exceptId`, when given) is coded `code`. */
export async function categoryCodeTaken(q: Queryable, code: string, exceptId?: string): Promise<boolean> {
  const rows =
    exceptId === undefined
      ? await q.query('SELECT 1 FROM sys_category WHERE code = $1', [code])
      : await q.query('SELECT 1 FROM sys_category WHERE code = $1 AND id <> $2', [code, exceptId]);
  return rows.length > 0;
}

/** Inserts a category under `pid` (null = root) by user name `by` and marks the parent as having children; returns its id. */
export async function insertCategoryRow(
  q: Queryable,
  c: { pid: string | null; name: string; code: string },
  by: string,
): Promise<string> {
  const [row] = await q.query<{ id: string }>(
    'INSERT INTO sys_category (pid, name, code, create_by) VALUES ($1,$2,$3,$4) RETURNING id',
    [c.pid, c.name, c.code, by],
  );
  if (c.pid) await q.query('UPDATE sys_category SET has_child = true WHERE id = $1', [c.pid]);
  return row!.id;
}

/** Renames / recodes category `id`; `by` = user name. */
export async function updateCategory(
  q: Queryable,
  c: { id: string; name: string; code: string },
  by: string,
): Promise<void> {
  await q.query('UPDATE sys_category SET name = $2, code = $3, update_by = $4, update_time = now() WHERE id = $1', [
    c.id,
    c.name,
    c.code,
    by,
  ]);
}

/** Id and parent of each existing category among `ids`. */
export async function categoryParents(q: Queryable, ids: string[]): Promise<{ id: string; pid: string | null }[]> {
  return q.query<{ id: string; pid: string | null }>('SELECT id, pid FROM sys_category WHERE id = ANY($1::text[])', [
    ids,
  ]);
}

/** Deletes categories `ids` (the table cascades to children) and recomputes `has_child` of `parents`. */
export async function deleteCategoryRows(q: Queryable, ids: string[], parents: string[]): Promise<void> {
  await q.query('DELETE FROM sys_category WHERE id = ANY($1::text[])', [ids]);
  await q.query(
    'UPDATE sys_category p SET has_child = EXISTS (SELECT 1 FROM sys_category c WHERE c.pid = p.id) WHERE p.id = ANY($1::text[])',
    [parents],
  );
}

/**
 * Children of the node coded `parent.pcode`, else of `parent.pid`, else the roots, whose columns
 * contain each condition's value (case-insensitive); by sort number then code. Condition columns
 * must come from the caller's allow-list.
 */
export async function categoryChildren(
  q: Queryable,
  parent: { pid?: string; pcode?: string },
  conditions: [string, string][],
): Promise<CategoryTreeRow[]> {
  const params: unknown[] = [];
  const where: string[] = [];
  if (parent.pcode) {
    params.push(parent.pcode);
    where.push(`pid = (SELECT id FROM sys_category WHERE code = $${params.length})`);
  } else if (parent.pid) {
    params.push(parent.pid);
    where.push(`pid = $${params.length}`);
  } else where.push('pid IS NULL');
  for (const [col, value] of conditions) {
    params.push(`%${escapeLike(value)}%`);
    where.push(`${col} ILIKE $${params.length} ESCAPE '\\'`);
  }
  return q.query<CategoryTreeRow>(
    `SELECT id, pid, name, code, has_child FROM sys_category WHERE ${where.join(' AND ')} ORDER BY sort_no, code`,
    params,
  );
}

/** Id and name of each existing category among `ids`. */
export async function categoryNames(q: Queryable, ids: string[]): Promise<{ id: string; name: string }[]> {
  return q.query<{ id: string; name: string }>('SELECT id, name FROM sys_category WHERE id = ANY($1::text[])', [ids]);
}

/** The whole row of the category whose `field` equals `val`, or undefined. */
export async function categoryBy(
  q: Queryable,
  field: 'code' | 'id',
  val: string,
): Promise<Record<string, unknown> | undefined> {
  const [row] = await q.query(`SELECT * FROM sys_category WHERE ${field === 'code' ? 'code' : 'id'} = $1`, [val]);
  return row;
}

/** Every category row, by sort number then code. */
export async function allCategoryRows(q: Queryable): Promise<Record<string, unknown>[]> {
  return q.query('SELECT * FROM sys_category ORDER BY sort_no, code');
}

/** Id and name of every category below the node coded `code` (any depth; all categories when undefined), by code. */
export async function categoriesBelow(q: Queryable, code: string | undefined): Promise<{ id: string; name: string }[]> {
  return code
    ? q.query<{ id: string; name: string }>(
        `WITH RECURSIVE sub AS (SELECT c.id, c.name, c.code FROM sys_category c JOIN sys_category p ON c.pid = p.id WHERE p.code = $1
         UNION ALL SELECT c.id, c.name, c.code FROM sys_category c JOIN sub ON c.pid = sub.id)
       SELECT id, name FROM sub ORDER BY code`,
        [code],
      )
    : q.query<{ id: string; name: string }>('SELECT id, name FROM sys_category ORDER BY code');
}
