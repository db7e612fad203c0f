import { useEffect, useState, type ReactNode } from 'react';
import { Drawer, Layout, Typography } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import '../platform/i18n/dayjsLocale';
import { queryClient } from '../platform/http/queryClient';
import { useResponsive } from '../platform/responsive/useResponsive';
import { toLanguage } from '../platform/i18n/i18n';
import { useSettingsStore } from '../platform/settings/settingsStore';
import { useAnnouncementSocket } from '../platform/websocket/useAnnouncementSocket';
import { GlobalHeader } from './GlobalHeader';
import { LogoLink } from './LogoLink';
import { MultiTabs } from './MultiTabs';
import { PageBreadcrumb, useRouteTrail } from './PageBreadcrumb';
import { PageContent } from './PageContent';
import { SettingsDrawer } from './SettingsDrawer';
import { SideMenu } from './SideMenu';

/** Sidebar widths of SPEC §2 / §9. */
export const SIDER_WIDTH = 200;
export const SIDER_COLLAPSED_WIDTH = 80;
/** Scroll distance after which an auto-hiding header hides (SPEC §9). */
const AUTO_HIDE_AFTER_PX = 100;

function useHeaderHidden(enabled: boolean): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    if (!enabled) {
      setHidden(false);
      return;
    }
    let last = window.scrollY;
    const onScroll = (): void => {
      const y = window.scrollY;
      setHidden(y > AUTO_HIDE_AFTER_PX && y > last);
      last = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [enabled]);
  return hidden;
}

/**
 * Basic layout (SPEC §2): side or top menu, header, multi-tab bar, page header with breadcrumbs,
 * routed content, settings drawer. Below 1088 px the side menu is a 200 px drawer.
 */
export function BasicLayout(): ReactNode {
  const settings = useSettingsStore();
  const { isMobileLayout, isMobile } = useResponsive();
  const { pathname } = useLocation();
  const { i18n } = useTranslation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const trail = useRouteTrail();
  const headerHidden = useHeaderHidden(settings.fixedHeader && settings.autoHideHeader);
  useAnnouncementSocket();

  useEffect(() => setDrawerOpen(false), [pathname]);

  const sideMode = settings.layoutMode === 'sidemenu' || isMobileLayout;
  const collapsed = !settings.sidebarOpened && !isMobileLayout;
  const toggle = (): void =>
    isMobileLayout ? setDrawerOpen((o) => !o) : settings.set('sidebarOpened', !settings.sidebarOpened);
  const fixedWidth = settings.layoutMode === 'topmenu' && settings.contentWidth === 'Fixed' && !isMobileLayout;
  const menuBody = (inDrawer: boolean): ReactNode => (
    <>
      <LogoLink theme={settings.theme} collapsed={collapsed && !inDrawer} />
      <SideMenu
        mode="inline"
        theme={settings.theme}
        collapsed={collapsed && !inDrawer}
        onNavigate={() => setDrawerOpen(false)}
      />
    </>
  );

  return (
    <QueryClientProvider client={queryClient}>
      <Layout style={{ minHeight: '100vh' }} data-lang={toLanguage(i18n.language)}>
        {sideMode && !isMobileLayout && (
          <Layout.Sider
            width={SIDER_WIDTH}
            collapsedWidth={SIDER_COLLAPSED_WIDTH}
            collapsed={collapsed}
            trigger={null}
            theme={settings.theme}
            data-testid="sider"
            style={
              settings.fixedSidebar ? { position: 'sticky', top: 0, height: '100vh', overflow: 'auto' } : undefined
            }
          >
            {menuBody(false)}
          </Layout.Sider>
        )}
        {isMobileLayout && (
          <Drawer
            open={drawerOpen}
            placement="left"
            size={SIDER_WIDTH}
            closable={false}
            onClose={() => setDrawerOpen(false)}
            styles={{ body: { padding: 0, background: settings.theme === 'dark' ? '#001529' : '#fff' } }}
            data-testid="menu-drawer"
          >
            {menuBody(true)}
          </Drawer>
        )}
        <Layout>
          <GlobalHeader
            mode={sideMode ? 'sidemenu' : 'topmenu'}
            theme={settings.theme}
            collapsed={isMobileLayout ? !drawerOpen : collapsed}
            onToggle={toggle}
            isMobileLayout={isMobileLayout}
            isMobile={isMobile}
            style={
              settings.fixedHeader
                ? {
                    position: 'sticky',
                    top: 0,
                    zIndex: 9,
                    transition: 'transform 0.2s',
                    transform: headerHidden ? 'translateY(-100%)' : undefined,
                  }
                : undefined
            }
          />
          {settings.multipage && <MultiTabs />}
          <div style={{ background: '#fff', padding: '12px 24px 16px', borderBottom: '1px solid #f0f0f0' }}>
            <PageBreadcrumb />
            <Typography.Title level={4} style={{ margin: '8px 0 0' }} data-testid="page-title">
              {trail.at(-1)?.title}
            </Typography.Title>
          </div>
          <Layout.Content style={{ margin: isMobile ? 12 : 24 }}>
            <div style={fixedWidth ? { maxWidth: 1200, margin: '0 auto' } : undefined}>
              <PageContent />
            </div>
          </Layout.Content>
        </Layout>
        <SettingsDrawer />
      </Layout>
    </QueryClientProvider>
  );
}
