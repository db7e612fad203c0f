import type { PermissionCreate, PermissionEdit, PermissionNode } from '@ztj/contracts';
import type { Db } from '../../platform/db/db';
import { AppError } from '../../platform/http/app-error';
import * as repo from './permissions.repo';

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
  const rows = await repo.livePermissionRows(db);
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

async function requireParent(db: Db, parentId: string | null | undefined): Promise<void> {
  if (!parentId) return;
  if (!(await repo.permissionLive(db, parentId))) throw new AppError('notFound', 'notFound');
}

/** Creates a menu or button; buttons (menuType 2) are never routes. */
export async function createPermission(db: Db, b: PermissionCreate, by: string): Promise<string> {
  await requireParent(db, b.parentId);
  return repo.insertPermission(db, b, by);
}

export async function editPermission(db: Db, b: PermissionEdit, by: string): Promise<void> {
  if (!(await repo.permissionLive(db, b.id))) throw new AppError('notFound', 'notFound');
  if (b.parentId === b.id) throw new AppError('badRequest', 'validationFailed');
  await requireParent(db, b.parentId);
  await repo.updatePermission(db, b.id, b, by);
}

/** Deletes a menu or button with everything under it; grants and data rules go with them. */
export async function deletePermission(db: Db, id: string): Promise<void> {
  const found = await repo.permissionParent(db, id);
  if (!found) throw new AppError('notFound', 'notFound');
  await db.tx((q) => repo.deletePermissionTree(q, id, found.parent_id));
}
