import { useEffect, useMemo, type ReactNode } from 'react';
import { Dropdown, Tabs, type MenuProps } from 'antd';
import {
  CloseOutlined,
  ReloadOutlined,
  VerticalLeftOutlined,
  VerticalRightOutlined,
  ColumnWidthOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { Language } from '@ztj/contracts';
import { feedback } from '../platform/feedback/feedback';
import { toLanguage } from '../platform/i18n/i18n';
import { usePermissionStore } from '../platform/permissions/permissionStore';
import { findMenuTrail, menuTitle } from '../platform/router/menuModel';
import { handleTitle, isRouteHandle } from '../platform/router/routeHandle';
import { APP_ROUTE_ID } from '../platform/router/routeIds';
import { HOME_PATH } from '../platform/settings/appConfig';
import type { PageTab } from '../platform/tabs/tabRules';
import { activeAfterBulkClose } from '../platform/tabs/tabRules';
import { closePageTab, closePageTabs, openPageTab, refreshPageTab, useTabsStore } from '../platform/tabs/tabsStore';
import { useShellSlots } from './shellSlots';

type TabAction = 'refresh' | 'left' | 'right' | 'others';

/**
 * Multi-tab bar (SPEC §2 "Tabs"): each opened route is a tab keyed by its full path; the homepage
 * tab and the last tab cannot be closed; right-click offers refresh, close left, close right and
 * close others.
 */
export function MultiTabs(): ReactNode {
  const { t, i18n } = useTranslation('layout');
  const lang = toLanguage(i18n.language);
  const location = useLocation();
  const navigate = useNavigate();
  const { router } = useShellSlots();
  const menu = usePermissionStore((s) => s.menu);
  const tabs = useTabsStore((s) => s.tabs);
  const activeKey = `${location.pathname}${location.search}`;
  const homeExists = useMemo(() => findMenuTrail(menu, HOME_PATH).length > 0, [menu]);

  // Every completed navigation opens its tab, also one React never rendered because the next
  // navigation came first (quick clicks), so tabs follow the router rather than renders.
  useEffect(() => {
    const open = (state: typeof router.state): void => {
      const { pathname, search } = state.location;
      const handle = [...state.matches]
        .reverse()
        .map((m) => m.route.handle as unknown)
        .find(isRouteHandle);
      if (state.matches.some((m) => m.route.id === APP_ROUTE_ID))
        openPageTab({ key: `${pathname}${search}`, pathname, handle }, homeExists ? HOME_PATH : undefined);
    };
    open(router.state);
    return router.subscribe((state) => {
      if (state.navigation.state === 'idle') open(state);
    });
  }, [homeExists, router]);

  const titleOf = (tab: PageTab, language: Language): string => {
    if (tab.handle) return handleTitle(tab.handle, language, t);
    const entry = findMenuTrail(menu, tab.pathname).at(-1);
    return entry ? menuTitle(entry, language) : tab.pathname;
  };

  const close = (key: string): void => {
    const result = closePageTab(key, activeKey, HOME_PATH);
    if ('refused' in result) {
      feedback().message.warning(t(result.refused === 'homepage' ? 'tabs.homepageCannotClose' : 'tabs.lastPage'));
      return;
    }
    if (result.next !== activeKey) void navigate(result.next);
  };

  const act = (action: TabAction, key: string): void => {
    if (action === 'refresh') {
      refreshPageTab(key);
      if (key !== activeKey) void navigate(key);
      return;
    }
    const next = closePageTabs(action, key, HOME_PATH);
    const target = activeAfterBulkClose(next, key, activeKey);
    if (target !== activeKey) void navigate(target);
  };

  const contextItems: MenuProps['items'] = [
    { key: 'refresh', icon: <ReloadOutlined />, label: t('tabs.refresh') },
    { key: 'left', icon: <VerticalRightOutlined />, label: t('tabs.closeLeft') },
    { key: 'right', icon: <VerticalLeftOutlined />, label: t('tabs.closeRight') },
    { key: 'others', icon: <ColumnWidthOutlined />, label: t('tabs.closeOthers') },
  ];

  const items = tabs.map((tab) => ({
    key: tab.key,
    closeIcon: <CloseOutlined data-testid="tab-close" />,
    label: (
      <Dropdown
        trigger={['contextMenu']}
        menu={{ items: contextItems, onClick: ({ key }) => act(key as TabAction, tab.key) }}
      >
        <span data-tab-key={tab.key}>{titleOf(tab, lang)}</span>
      </Dropdown>
    ),
  }));

  return (
    <Tabs
      type="editable-card"
      hideAdd
      size="small"
      activeKey={activeKey}
      items={items}
      onChange={(key) => void navigate(key)}
      onEdit={(key, kind) => kind === 'remove' && typeof key === 'string' && close(key)}
      tabBarStyle={{ margin: 0, padding: '6px 16px 0', background: '#fff' }}
      data-testid="multi-tabs"
    />
  );
}
