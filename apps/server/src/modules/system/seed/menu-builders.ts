/**
 * The shape of the seeded permission/menu tree and the builders its tables are written with, so
 * each screen reads as one row: id, Chinese name, English name, route path, component.
 */
export interface MenuSeed {
  id: string;
  name: string;
  nameEn: string;
  /** Route path; buttons have none. */
  path?: string;
  component?: string;
  icon?: string;
  hidden?: boolean;
  redirect?: string;
  /** Button permission codes under this menu: [code, Chinese name, English name]. */
  buttons?: [string, string, string][];
  /** Permission code of the menu itself (route filter, menu-level auth). */
  perms?: string;
  children?: MenuSeed[];
  keepAlive?: boolean;
}

/** What a row may add to its screen: hidden, permission code, buttons, keep-alive… */
export type MenuOptions = Omit<MenuSeed, 'id' | 'name' | 'nameEn' | 'path' | 'component' | 'icon' | 'redirect'>;

/** A screen reached from another one (detail, edit, history…), not listed in the menu. */
export const HIDDEN: MenuOptions = { hidden: true };

/**
 * The six standard buttons of an administered list, `<prefix>:add|edit|delete|batch_delete|export|import`,
 * named after the thing (`zh` / `en`); a menu takes the slice it has.
 */
export const crud = (prefix: string, zh: string, en: string): [string, string, string][] => [
  [`${prefix}:add`, `新增${zh}`, `Add ${en}`],
  [`${prefix}:edit`, `编辑${zh}`, `Edit ${en}`],
  [`${prefix}:delete`, `删除${zh}`, `Delete ${en}`],
  [`${prefix}:batch_delete`, `批量删除${zh}`, `Batch delete ${en}`],
  [`${prefix}:export`, `导出${zh}`, `Export ${en}`],
  [`${prefix}:import`, `导入${zh}`, `Import ${en}`],
];

/** One screen: its id, names, route path and component name, and what else it has. */
export function page(
  id: string,
  name: string,
  nameEn: string,
  path: string,
  component: string,
  options: MenuOptions = {},
): MenuSeed {
  return { id, name, nameEn, path, component, ...options };
}

/**
 * A top-level area at `/<id>`: a route view with an icon in the side menu that opens `redirect`
 * and holds `children`.
 */
export function area(
  id: string,
  name: string,
  nameEn: string,
  icon: string,
  redirect: string,
  children: MenuSeed[],
  options: MenuOptions = {},
): MenuSeed {
  return { id, name, nameEn, path: `/${id}`, component: 'layouts/RouteView', icon, ...options, redirect, children };
}
