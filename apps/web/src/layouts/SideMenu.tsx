import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Menu, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { Language, MenuItem } from '@ztj/contracts';
import { toLanguage } from '../platform/i18n/i18n';
import { usePermissionStore } from '../platform/permissions/permissionStore';
import { externalUrl, flattenMenu, isExternalEntry, menuSelection, menuTitle } from '../platform/router/menuModel';
import { storeRouteTitle } from '../platform/router/routeTitle';
import { menuIcon } from './menuIcons';

type MenuItems = NonNullable<MenuProps['items']>;

/** The highlighted entry of SPEC §2 ("The /subscribe item is highlighted"). */
const HIGHLIGHTED_PATH = '/subscribe';

function toMenuItems(items: readonly MenuItem[], lang: Language, depth = 0): MenuItems {
  return items
    .filter((item) => !item.hidden)
    .map((item) => {
      const visibleChildren = (item.children ?? []).filter((c) => !c.hidden);
      const title = menuTitle(item, lang);
      const label = item.path === HIGHLIGHTED_PATH ? <span style={{ color: '#faad14' }}>{title}</span> : title;
      const icon = menuIcon(item.meta.icon ?? (depth === 0 ? 'AppstoreOutlined' : undefined));
      if (visibleChildren.length > 0 || item.alwaysShow) {
        return { key: item.path, icon, label, children: toMenuItems(visibleChildren, lang, depth + 1) };
      }
      return { key: item.path, icon, label: <span data-menu-path={item.path}>{label}</span> };
    });
}

interface SideMenuProps {
  mode: 'inline' | 'horizontal';
  theme: 'dark' | 'light';
  collapsed?: boolean;
  /** Called after an entry was chosen (closes the mobile drawer). */
  onNavigate?: () => void;
}

/**
 * The permission menu (SPEC §2 side menu / top menu): titles in the interface language, hidden
 * entries left out, one top-level submenu open at a time, open submenus folded while collapsed,
 * selection from the current route (a hidden child selects its parent).
 */
export function SideMenu({ mode, theme, collapsed = false, onNavigate }: SideMenuProps): ReactNode {
  const menu = usePermissionStore((s) => s.menu);
  const { i18n } = useTranslation();
  const lang = toLanguage(i18n.language);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const items = useMemo(() => toMenuItems(menu, lang), [menu, lang]);
  const topKeys = useMemo(() => new Set(menu.map((m) => m.path)), [menu]);
  const selection = useMemo(() => menuSelection(menu, pathname), [menu, pathname]);
  const [openKeys, setOpenKeys] = useState<string[]>(collapsed ? [] : selection.openKeys);
  const keysBeforeCollapse = useRef<string[]>(selection.openKeys);
  const wasCollapsed = useRef(collapsed);

  // A new route opens the submenus of its entry (while the sidebar is open).
  useEffect(() => {
    if (!wasCollapsed.current) setOpenKeys(selection.openKeys);
  }, [selection.openKeys]);

  // Collapsing folds every submenu; opening again restores them.
  useEffect(() => {
    if (wasCollapsed.current === collapsed) return;
    wasCollapsed.current = collapsed;
    if (collapsed) {
      setOpenKeys((keys) => {
        keysBeforeCollapse.current = keys;
        return [];
      });
    } else setOpenKeys(keysBeforeCollapse.current);
  }, [collapsed]);

  const onOpenChange = (keys: string[]): void => {
    const latest = keys.find((k) => !openKeys.includes(k));
    if (latest && topKeys.has(latest)) setOpenKeys([latest]);
    else setOpenKeys(keys);
  };

  const onClick: MenuProps['onClick'] = ({ key }) => {
    const entry = flattenMenu(menu).find(({ item }) => item.path === key)?.item;
    if (!entry) return;
    if (isExternalEntry(entry)) {
      window.open(externalUrl(entry), '_blank', 'noopener');
      return;
    }
    storeRouteTitle(entry.path, { 'zh-CN': entry.meta.title, 'en-US': entry.meta.titleEn });
    void navigate(entry.path);
    onNavigate?.();
  };

  const inlineProps = mode === 'inline' ? { openKeys, onOpenChange } : {};
  return (
    <Menu
      mode={mode}
      theme={theme}
      items={items}
      selectedKeys={selection.selectedKey ? [selection.selectedKey] : []}
      onClick={onClick}
      style={mode === 'horizontal' ? { flex: 1, minWidth: 0, borderBottom: 'none' } : { borderInlineEnd: 'none' }}
      data-testid={mode === 'inline' ? 'side-menu' : 'top-menu'}
      {...inlineProps}
    />
  );
}
