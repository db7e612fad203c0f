import type { AuthEntry, MenuItem } from '@ztj/contracts';
import { GRANTED_PERMISSION_IDS_SQL } from '../../platform/auth/auth-context';
import type { Db } from '../../platform/db/db';
import { PLATFORM_ONLY_PERMISSIONS } from '../../platform/tenancy/platform-scope';
import { PLATFORM_TENANT_ID } from '../../platform/tenancy/tenant-ids';

interface PermissionRow {
  id: string;
  parent_id: string | null;
  name: string;
  name_en: string;
  url: string | null;
  component: string | null;
  component_name: string | null;
  redirect: string | null;
  menu_type: number;
  perms: string | null;
  perms_type: string;
  icon: string | null;
  is_route: boolean;
  keep_alive: boolean;
  hidden: boolean;
  always_show: boolean;
  internal_or_external: boolean;
  status: string;
  granted: boolean;
}

/**
 * Builds the `getUserPermissionByToken` answer (SPEC §2, §6): the menu tree of the menus granted
 * through the user's roles and department roles in `tenantId` (GRANTED_PERMISSION_IDS_SQL), the
 * granted auth list, and the list of all button and menu-level permission codes. Outside the
 * platform tenant a menu or button whose codes are all platform-only (PLATFORM_ONLY_PERMISSIONS:
 * pages of the whole server) counts as not granted, whatever the roles say: its page would only
 * answer that it is the platform tenant's.
 */
export async function userPermissions(
  db: Db,
  userId: string,
  tenantId: number,
): Promise<{ menu: MenuItem[]; auth: AuthEntry[]; allAuth: AuthEntry[] }> {
  const rows = await db.query<PermissionRow>(
    `SELECT p.*, p.id IN (${GRANTED_PERMISSION_IDS_SQL}) AS granted
       FROM sys_permission p
      WHERE p.del_flag = 0
      ORDER BY p.sort_no, p.id`,
    [userId, tenantId],
  );
  if (tenantId !== PLATFORM_TENANT_ID) {
    for (const r of rows)
      if (r.granted && r.perms && codesOf(r.perms).every((c) => PLATFORM_ONLY_PERMISSIONS.has(c))) r.granted = false;
  }
  const authEntry = (r: PermissionRow, code: string): AuthEntry => ({
    action: code,
    describe: r.name,
    type: r.menu_type === 2 ? '2' : '1',
    status: r.status === '0' ? '0' : '1',
  });
  const allAuth: AuthEntry[] = [];
  const auth: AuthEntry[] = [];
  for (const r of rows) {
    if (!r.perms) continue;
    for (const code of codesOf(r.perms)) {
      allAuth.push(authEntry(r, code));
      if (r.granted && r.status === '1') auth.push(authEntry(r, code));
    }
  }
  const menus = rows.filter((r) => r.menu_type !== 2 && r.granted && r.status === '1');
  return { menu: buildTree(menus, rows), auth, allAuth };
}

/** The permission codes of a `perms` column (comma-separated). */
const codesOf = (perms: string): string[] =>
  perms
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);

function buildTree(menus: PermissionRow[], all: PermissionRow[]): MenuItem[] {
  const byParent = new Map<string | null, PermissionRow[]>();
  const granted = new Set(menus.map((m) => m.id));
  for (const m of menus) {
    // A granted child whose parent is not granted still hangs under its parent's place: the
    // nearest granted ancestor, or the top level.
    let parent = m.parent_id;
    while (parent && !granted.has(parent)) parent = all.find((r) => r.id === parent)?.parent_id ?? null;
    const list = byParent.get(parent) ?? [];
    list.push(m);
    byParent.set(parent, list);
  }
  const buttonsOf = new Map<string, { action: string; type: string }[]>();
  for (const b of all) {
    if (b.menu_type !== 2 || !b.parent_id || !b.perms) continue;
    const list = buttonsOf.get(b.parent_id) ?? [];
    list.push({ action: b.perms, type: b.perms_type });
    buttonsOf.set(b.parent_id, list);
  }
  const toItem = (r: PermissionRow): MenuItem => {
    const children = (byParent.get(r.id) ?? []).map(toItem);
    const external = r.internal_or_external || /^https?:\/\//.test(r.url ?? '');
    const item: MenuItem = {
      id: r.id,
      path: r.url ?? `/${r.id}`,
      name: r.component_name ?? r.id,
      component: r.component ?? 'layouts/RouteView',
      hidden: r.hidden || (children.length > 0 && children.every((c) => c.hidden)),
      route: r.is_route ? '1' : '0',
      meta: {
        title: r.name,
        titleEn: r.name_en,
        keepAlive: r.keep_alive,
        internalOrExternal: external,
        componentName: r.component_name ?? r.id,
        ...(r.icon ? { icon: r.icon } : {}),
        ...(external && r.url ? { url: r.url } : {}),
        ...(buttonsOf.has(r.id) ? { permissionList: buttonsOf.get(r.id) } : {}),
      },
    };
    if (r.redirect) item.redirect = r.redirect;
    if (r.always_show) item.alwaysShow = true;
    if (children.length) item.children = children;
    return item;
  };
  return (byParent.get(null) ?? []).map(toItem);
}
