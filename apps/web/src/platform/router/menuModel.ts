import { matchPath } from 'react-router';
import type { AuthEntry, Language, MenuItem } from '@ztj/contracts';

/** Component names that only lay out their children (SPEC §2 layouts). */
const LAYOUT_COMPONENTS = new Set([
  'layouts/RouteView',
  'layouts/PageView',
  'layouts/TabLayout',
  'layouts/BasicLayout',
  'layouts/UserLayout',
]);

/** True when a menu component only lays out its children. */
export function isLayoutComponent(component: string): boolean {
  return LAYOUT_COMPONENTS.has(component);
}

/** True when the menu entry opens outside the console (new window). */
export function isExternalEntry(item: MenuItem): boolean {
  return item.meta.internalOrExternal || /^https?:\/\//i.test(item.path) || /^https?:\/\//i.test(item.meta.url ?? '');
}

/** The entry's address for a new window (external and iframe entries). */
export function externalUrl(item: MenuItem): string {
  return item.meta.url || item.path;
}

/** Menu title in the interface language (SPEC §2: title zh, titleEn en). */
export function menuTitle(item: Pick<MenuItem, 'meta'>, lang: Language): string {
  return lang === 'en-US' ? item.meta.titleEn || item.meta.title : item.meta.title || item.meta.titleEn;
}

/** Route filter of SPEC §2: keep items without `meta.permission` or with one the user holds. */
export function hasRoutePermission(item: MenuItem, auth: readonly AuthEntry[]): boolean {
  const needed = item.meta.permission ?? [];
  if (needed.length === 0) return true;
  return needed.some((code) => auth.some((e) => e.action === code && e.status !== '0'));
}

/**
 * Prepares the server menu for routes and the side menu (SPEC §2): drops items failing the
 * permission filter, and hides an item whose children are all hidden.
 */
export function normalizeMenu(menu: readonly MenuItem[], auth: readonly AuthEntry[]): MenuItem[] {
  return menu
    .filter((item) => hasRoutePermission(item, auth))
    .map((item) => {
      if (!item.children || item.children.length === 0) return { ...item };
      const children = normalizeMenu(item.children, auth);
      const allHidden = children.length > 0 && children.every((c) => c.hidden);
      return { ...item, children, hidden: item.hidden || allHidden };
    });
}

/** Every entry of the tree, depth first, with its ancestors (outermost first). */
export function flattenMenu(
  menu: readonly MenuItem[],
  ancestors: MenuItem[] = [],
): { item: MenuItem; ancestors: MenuItem[] }[] {
  return menu.flatMap((item) => [{ item, ancestors }, ...flattenMenu(item.children ?? [], [...ancestors, item])]);
}

/** The entries from the top level down to the one whose path matches `pathname` (params allowed). */
export function findMenuTrail(menu: readonly MenuItem[], pathname: string): MenuItem[] {
  const all = flattenMenu(menu);
  const exact = all.find(({ item }) => item.path === pathname);
  const hit =
    exact ??
    all.find(({ item }) => item.path.includes(':') && matchPath({ path: item.path, end: true }, pathname) !== null);
  return hit ? [...hit.ancestors, hit.item] : [];
}

/**
 * Side-menu selection for `pathname`: the entry itself, or its nearest visible ancestor when it is
 * hidden (a hidden child selects its parent). Also the submenu keys to open.
 */
export function menuSelection(
  menu: readonly MenuItem[],
  pathname: string,
): { selectedKey: string | null; openKeys: string[] } {
  const trail = findMenuTrail(menu, pathname);
  if (trail.length === 0) return { selectedKey: null, openKeys: [] };
  let index = trail.length - 1;
  while (index > 0 && trail[index].hidden) index -= 1;
  const selected = trail[index];
  return {
    selectedKey: selected.path,
    openKeys: trail
      .slice(0, -1)
      .filter((i) => !i.hidden)
      .map((i) => i.path),
  };
}

/** Entries the menu search offers: visible, not layouts, not containers (SPEC §2 top bar). */
export function searchableEntries(menu: readonly MenuItem[]): MenuItem[] {
  return flattenMenu(menu)
    .filter(({ item, ancestors }) => !item.hidden && !ancestors.some((a) => a.hidden))
    .map(({ item }) => item)
    .filter((item) => !isLayoutComponent(item.component) && !(item.children && item.children.some((c) => !c.hidden)));
}
