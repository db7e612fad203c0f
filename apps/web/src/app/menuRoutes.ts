import { createElement } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import type { MenuItem } from '@ztj/contracts';
import { isExternalEntry, isLayoutComponent, flattenMenu } from '../platform/router/menuModel';
import { resolveComponent, NotAvailableScreen } from './screenRegistry';
import type { RouteHandle } from '../platform/router/routeHandle';

function handleOf(item: MenuItem): RouteHandle {
  return {
    name: item.name,
    title: item.meta.title,
    titleEn: item.meta.titleEn,
    keepAlive: item.meta.keepAlive,
    path: item.path,
  };
}

function redirectRoute(id: string, path: string, to: string): RouteObject {
  return { id: `${id}:redirect`, path, element: createElement(Navigate, { to, replace: true }) };
}

function firstRoutablePath(items: readonly MenuItem[]): string | undefined {
  for (const child of items) {
    if (child.route === '0' || isExternalEntry(child)) continue;
    if (!child.children?.length) return child.path;
    const nested = firstRoutablePath(child.children);
    if (nested) return nested;
  }
  return undefined;
}

/**
 * Turns the (normalized) menu into routes under the basic layout (SPEC §2): items with route '0'
 * and external entries get none; a parent becomes a layout route (its component, normally
 * `layouts/RouteView`, renders the nested outlet) with its path redirecting to `redirect` or the
 * first child; a leaf renders the registry screen of its component. Paths stay absolute.
 */
export function buildMenuRoutes(menu: readonly MenuItem[]): RouteObject[] {
  return menu.flatMap((item): RouteObject[] => {
    if (item.route === '0' || isExternalEntry(item) || !item.path) return [];
    if (item.children && item.children.length > 0) {
      const children = buildMenuRoutes(item.children);
      const target = item.redirect || firstRoutablePath(item.children);
      const ownPath = !children.some((c) => c.path === item.path);
      if (ownPath && target && target !== item.path) children.push(redirectRoute(item.id, item.path, target));
      const Layout = isLayoutComponent(item.component)
        ? resolveComponent(item.component)
        : resolveComponent('layouts/RouteView');
      return [{ id: item.id, Component: Layout, handle: handleOf(item), children }];
    }
    return [{ id: item.id, path: item.path, Component: resolveComponent(item.component), handle: handleOf(item) }];
  });
}

/** Pages the top bar links to; added as "not available yet" when the menu does not have them. */
const FALLBACK_PAGES: { path: string; name: string; titleKey: string }[] = [
  { path: '/account/settings', name: 'account-settings', titleKey: 'routes.accountSettings' },
  { path: '/account/downcenter', name: 'account-downcenter', titleKey: 'routes.downloadCenter' },
];

/** Fallback routes for top-bar pages missing from the menu (never a 404 from the user menu). */
export function fallbackRoutes(menu: readonly MenuItem[]): RouteObject[] {
  const paths = new Set(flattenMenu(menu).map(({ item }) => item.path));
  return FALLBACK_PAGES.filter((p) => !paths.has(p.path)).map((p) => ({
    id: `fallback:${p.name}`,
    path: p.path,
    Component: NotAvailableScreen,
    handle: { name: p.name, titleKey: p.titleKey, path: p.path } satisfies RouteHandle,
  }));
}
