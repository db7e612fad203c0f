import type { PermissionCreate, PermissionEdit, PermissionNode } from '@ztj/contracts';
import type { Db } from '../../platform/db/db';
import { AppError } from '../../platform/http/app-error';

type Row = Record<string, unknown>;

/** A `sys_permission` row as a tree node (leaf from is_leaf; the tree builder recomputes it). */
export function node(r: Row): PermissionNode {
  return {
    id: String(r.id),
    key: String(r.id),
    title: String(r.name),
    parentId: r.parent_id === null ? null : String(r.parent_id),
    name: String(r.name),
    nameEn: String(r.name_en),
    menuType: Number(r.menu_type),
    url: (r.url as string | null) ?? null,
    component: (r.component as string | null) ?? null,
    redirect: (r.redirect as string | null) ?? null,
    perms: (r.perms as string | null) ?? null,
    status: String(r.status),
    sortNo: Number(r.sort_no),
    icon: (r.icon as string | null) ?? null,
    route: r.is_route === true,
    hidden: r.hidden === true,
    keepAlive: r.keep_alive === true,
    internalOrExternal: r.internal_or_external === true,
    alwaysShow: r.always_show === true,
    leaf: r.is_leaf !== false,
  };
}

/** Every menu and button as a tree, in sort order (SPEC §2 menu items, §3 permission). */
export async function permissionTree(db: Db): Promise<PermissionNode[]> {
  const rows = await db.query('SELECT * FROM sys_permission WHERE del_flag = 0 ORDER BY sort_no, id');
  const nodes = rows.map((r) => ({ ...node(r), leaf: true }));
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const roots: PermissionNode[] = [];
  for (const n of nodes) {
    const parent = n.parentId ? byId.get(n.parentId) : undefined;
    if (parent) {
      (parent.children ??= []).push(n);
      parent.leaf = false;
    } else roots.push(n);
  }
  return roots;
}

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

async function requireParent(db: Db, parentId: string | null | undefined): Promise<void> {
  if (!parentId) return;
  const hit = await db.one('SELECT 1 FROM sys_permission WHERE id = $1 AND del_flag = 0', [parentId]);
  if (!hit) throw new AppError('notFound', 'notFound');
}

/** Creates a menu or button; buttons (menuType 2) are never routes. */
export async function createPermission(db: Db, b: PermissionCreate, by: string): Promise<string> {
  await requireParent(db, b.parentId);
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO sys_permission (id, parent_id, name, name_en, menu_type, url, component, redirect, perms, status, sort_no, icon,
                                 is_route, hidden, keep_alive, internal_or_external, always_show, is_leaf, create_by)
     VALUES (gen_random_uuid()::text,$1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12 AND $4 <> 2,$13,$14,$15,$16,true,$17) RETURNING id`,
    [...values(b), by],
  );
  if (b.parentId) await db.query('UPDATE sys_permission SET is_leaf = false WHERE id = $1', [b.parentId]);
  return row!.id;
}

export async function editPermission(db: Db, b: PermissionEdit, by: string): Promise<void> {
  const found = await db.one('SELECT 1 FROM sys_permission WHERE id = $1 AND del_flag = 0', [b.id]);
  if (!found) throw new AppError('notFound', 'notFound');
  if (b.parentId === b.id) throw new AppError('badRequest', 'validationFailed');
  await requireParent(db, b.parentId);
  await db.query(
    `UPDATE sys_permission SET parent_id = $1, name = $2, name_en = $3, menu_type = $4, url = $5, component = $6, redirect = $7,
            perms = $8, status = $9, sort_no = $10, icon = $11, is_route = $12 AND $4 <> 2, hidden = $13, keep_alive = $14,
            internal_or_external = $15, always_show = $16, update_by = $17, update_time = now() WHERE id = $18`,
    [...values(b), by, b.id],
  );
}

/** Deletes a menu or button with everything under it; grants and data rules go with them. */
export async function deletePermission(db: Db, id: string): Promise<void> {
  const found = await db.one<{ parent_id: string | null }>('SELECT parent_id FROM sys_permission WHERE id = $1', [id]);
  if (!found) throw new AppError('notFound', 'notFound');
  await db.tx(async (q) => {
    await q.query(
      `WITH RECURSIVE tree AS (SELECT id FROM sys_permission WHERE id = $1
         UNION ALL SELECT p.id FROM sys_permission p JOIN tree ON p.parent_id = tree.id)
       DELETE FROM sys_permission WHERE id IN (SELECT id FROM tree)`,
      [id],
    );
    if (found.parent_id) {
      await q.query(
        'UPDATE sys_permission SET is_leaf = NOT EXISTS (SELECT 1 FROM sys_permission c WHERE c.parent_id = $1) WHERE id = $1',
        [found.parent_id],
      );
    }
  });
}
