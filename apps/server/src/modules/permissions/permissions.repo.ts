import type { PermissionCreate } from '@ztj/contracts';
import type { Queryable } from '../../platform/db/db';

/**
 * Menu and button queries (CONVENTIONS §1 repo): table `sys_permission`, platform-wide (no
 * tenant); live rows have `del_flag = 0`. Rows are returned whole for `node()` of
 * permissions.service.ts.
 */

type Row = Record<string, unknown>;

/** Every live menu and button, by sort number then id. */
export async function livePermissionRows(q: Queryable): Promise<Row[]> {
  return q.query('SELECT * FROM sys_permission WHERE del_flag = 0 ORDER BY sort_no, id');
}

/** Live menus and buttons matching `where` (parameters `params`), with `is_leaf` from their live children. */
async function rowsWhere(q: Queryable, where: string, params: unknown[]): Promise<Row[]> {
  return q.query(
    `SELECT p.*, NOT EXISTS (SELECT 1 FROM sys_permission c WHERE c.parent_id = p.id AND c.del_flag = 0) AS is_leaf
       FROM sys_permission p WHERE p.del_flag = 0 AND ${where} ORDER BY p.sort_no, p.id`,
    params,
  );
}

/** The live top-level menus (menuType 0), `is_leaf` computed. */
export const systemMenuRows = (q: Queryable): Promise<Row[]> =>
  rowsWhere(q, 'p.menu_type = 0 AND p.parent_id IS NULL', []);

/** The live direct children of `parentId` (the roots when undefined), `is_leaf` computed. */
export const childRows = (q: Queryable, parentId: string | undefined): Promise<Row[]> =>
  parentId ? rowsWhere(q, 'p.parent_id = $1', [parentId]) : rowsWhere(q, 'p.parent_id IS NULL', []);

/** The live direct children of any of `parentIds`, `is_leaf` computed. */
export const childRowsOfAny = (q: Queryable, parentIds: string[]): Promise<Row[]> =>
  rowsWhere(q, 'p.parent_id = ANY($1::text[])', [parentIds]);

/** Ids of every live menu and button, by sort number then id. */
export async function livePermissionIds(q: Queryable): Promise<string[]> {
  return (await q.query<{ id: string }>('SELECT id FROM sys_permission WHERE del_flag = 0 ORDER BY sort_no, id')).map(
    (r) => r.id,
  );
}

/** True when `id` is a live menu or button. */
export async function permissionLive(q: Queryable, id: string): Promise<boolean> {
  return (await q.query('SELECT 1 FROM sys_permission WHERE id = $1 AND del_flag = 0', [id])).length > 0;
}

/** The column values `$1…$16` of a menu or button (English name defaults to the name, empty perms to null). */
const values = (b: PermissionCreate): unknown[] => [
  b.parentId ?? null,
  b.name,
  b.nameEn || b.name,
  b.menuType,
  b.url ?? null,
  b.component ?? null,
  b.redirect ?? null,
  b.perms || null,
  b.status,
  b.sortNo,
  b.icon ?? null,
  b.route,
  b.hidden,
  b.keepAlive,
  b.internalOrExternal,
  b.alwaysShow,
];

/** Inserts a menu or button (a button, menuType 2, is never a route) by user name `by` and marks its parent a non-leaf; returns its id. */
export async function insertPermission(q: Queryable, b: PermissionCreate, by: string): Promise<string> {
  const [row] = await q.query<{ id: string }>(
    `INSERT INTO sys_permission (id, parent_id, name, name_en, menu_type, url, component, redirect, perms, status, sort_no, icon,
                                 is_route, hidden, keep_alive, internal_or_external, always_show, is_leaf, create_by)
     VALUES (gen_random_uuid()::text,$1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12 AND $4 <> 2,$13,$14,$15,$16,true,$17) RETURNING id`,
    [...values(b), by],
  );
  if (b.parentId) await q.query('UPDATE sys_permission SET is_leaf = false WHERE id = $1', [b.parentId]);
  return row!.id;
}

/** Rewrites menu or button `id` (a button is never a route); `by` = user name. */
export async function updatePermission(q: Queryable, id: string, b: PermissionCreate, by: string): Promise<void> {
  await q.query(
    `UPDATE sys_permission SET parent_id = $1, name = $2, name_en = $3, menu_type = $4, url = $5, component = $6, redirect = $7,
            perms = $8, status = $9, sort_no = $10, icon = $11, is_route = $12 AND $4 <> 2, hidden = $13, keep_alive = $14,
            internal_or_external = $15, always_show = $16, update_by = $17, update_time = now() WHERE id = $18`,
    [...values(b), by, id],
  );
}

/** The permission row `id` (deleted ones too) as its parent: `{ parent_id }`, or undefined when there is none. */
export async function permissionParent(q: Queryable, id: string): Promise<{ parent_id: string | null } | undefined> {
  const [row] = await q.query<{ parent_id: string | null }>('SELECT parent_id FROM sys_permission WHERE id = $1', [id]);
  return row;
}

/** Deletes `id` with its whole subtree (grants and data rules cascade) and recomputes the leaf flag of `parentId`. */
export async function deletePermissionTree(q: Queryable, id: string, parentId: string | null): Promise<void> {
  await q.query(
    `WITH RECURSIVE tree AS (SELECT id FROM sys_permission WHERE id = $1
         UNION ALL SELECT p.id FROM sys_permission p JOIN tree ON p.parent_id = tree.id)
       DELETE FROM sys_permission WHERE id IN (SELECT id FROM tree)`,
    [id],
  );
  if (parentId) {
    await q.query(
      'UPDATE sys_permission SET is_leaf = NOT EXISTS (SELECT 1 FROM sys_permission c WHERE c.parent_id = $1) WHERE id = $1',
      [parentId],
    );
  }
}
