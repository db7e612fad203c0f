import { describe, expect, it } from 'vitest';
import type { AuthEntry, MenuItem } from '@ztj/contracts';
import { buildMenuRoutes, fallbackRoutes } from './menuRoutes';
import { NotAvailableScreen, resolveComponent } from './screenRegistry';
import { menuSelection, menuTitle, normalizeMenu, searchableEntries } from '../platform/router/menuModel';

function item(path: string, over: Partial<MenuItem> = {}): MenuItem {
  return {
    id: path.replace(/\W+/g, '-'),
    path,
    name: path,
    component: 'x/Unknown',
    hidden: false,
    route: '1',
    meta: {
      title: `中${path}`,
      titleEn: `en${path}`,
      keepAlive: false,
      internalOrExternal: false,
      componentName: path,
    },
    ...over,
  };
}

const MENU: MenuItem[] = [
  item('/dashboard', {
    component: 'layouts/RouteView',
    redirect: '/dashboard/analysis',
    children: [item('/dashboard/analysis', { component: 'dashboard/Analysis' })],
  }),
  item('/device', {
    component: 'layouts/RouteView',
    children: [item('/device/list'), item('/device/detail/:id', { hidden: true })],
  }),
  item('/account', { component: 'layouts/RouteView', children: [item('/account/center', { hidden: true })] }),
  item('/secret', { meta: { ...item('/secret').meta, permission: ['secret:view'] } }),
  item('/link', { route: '0' }),
  item('/ext', { meta: { ...item('/ext').meta, internalOrExternal: true, url: 'https://docs.example' } }),
];

const auth: AuthEntry[] = [];

describe('normalizeMenu', () => {
  it('hides a parent whose children are all hidden and drops entries lacking meta.permission', () => {
    const menu = normalizeMenu(MENU, auth);
    expect(menu.find((m) => m.path === '/account')?.hidden).toBe(true);
    expect(menu.find((m) => m.path === '/device')?.hidden).toBe(false);
    expect(menu.some((m) => m.path === '/secret')).toBe(false);
    const granted = normalizeMenu(MENU, [{ action: 'secret:view', describe: '', type: '1', status: '1' }]);
    expect(granted.some((m) => m.path === '/secret')).toBe(true);
  });
});

describe('menuSelection', () => {
  const menu = normalizeMenu(MENU, auth);
  it('selects the entry of the route and opens its parents', () => {
    expect(menuSelection(menu, '/device/list')).toEqual({ selectedKey: '/device/list', openKeys: ['/device'] });
  });
  it('a hidden child (with params) selects its parent', () => {
    expect(menuSelection(menu, '/device/detail/42').selectedKey).toBe('/device');
  });
  it('selects nothing for paths outside the menu', () => {
    expect(menuSelection(menu, '/nowhere')).toEqual({ selectedKey: null, openKeys: [] });
  });
});

describe('menu titles and search', () => {
  it('uses the title of the interface language', () => {
    expect(menuTitle(MENU[0], 'zh-CN')).toBe('中/dashboard');
    expect(menuTitle(MENU[0], 'en-US')).toBe('en/dashboard');
  });
  it('offers visible, non-layout entries only', () => {
    const paths = searchableEntries(normalizeMenu(MENU, auth)).map((m) => m.path);
    expect(paths).toEqual(['/dashboard/analysis', '/device/list', '/link', '/ext']);
  });
});

describe('buildMenuRoutes', () => {
  const routes = buildMenuRoutes(normalizeMenu(MENU, auth));

  it('skips route "0" and external entries', () => {
    const ids = JSON.stringify(routes.map((r) => r.id));
    expect(ids).not.toContain('link');
    expect(ids).not.toContain('ext');
  });

  it('nests children under a layout route and redirects the parent path', () => {
    const dashboard = routes.find((r) => r.id === '-dashboard');
    expect(dashboard?.path).toBeUndefined();
    expect(dashboard?.children?.map((c) => c.path)).toEqual(['/dashboard/analysis', '/dashboard']);
  });

  it('maps unknown components to the not-available page, known ones to their screen', () => {
    const device = routes.find((r) => r.id === '-device');
    expect(device?.children?.[0].Component).toBe(NotAvailableScreen);
    expect(resolveComponent('dashboard/Analysis')).not.toBe(NotAvailableScreen);
    expect(resolveComponent('system/NotBuiltYet')).toBe(NotAvailableScreen);
  });

  it('adds the top-bar pages the menu lacks', () => {
    const paths = fallbackRoutes(MENU).map((r) => r.path);
    // the help pages are public routes of their own, not fallbacks
    expect(paths).toEqual(['/account/settings', '/account/downcenter']);
  });
});
