import type { CSSProperties, ReactNode } from 'react';
import { Layout } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from '../platform/session/sessionStore';
import { APP_CONFIG } from '../platform/settings/appConfig';
import { greetingKey } from './greeting';
import { LogoLink } from './LogoLink';
import { SideMenu } from './SideMenu';
import { TopBarActions } from './TopBarActions';

interface GlobalHeaderProps {
  mode: 'sidemenu' | 'topmenu';
  theme: 'dark' | 'light';
  collapsed: boolean;
  onToggle: () => void;
  isMobileLayout: boolean;
  isMobile: boolean;
  style?: CSSProperties;
}

/**
 * Header of the basic layout (SPEC §2): collapse toggle, welcome line on desktop and the short
 * product code on mobile (or logo and horizontal menu in top-menu mode), then the top-bar actions.
 */
export function GlobalHeader({
  mode,
  theme,
  collapsed,
  onToggle,
  isMobileLayout,
  isMobile,
  style,
}: GlobalHeaderProps): ReactNode {
  const { t } = useTranslation('layout');
  const realname = useSessionStore((s) => s.userInfo?.realname ?? s.userInfo?.username ?? '');
  const topMenu = mode === 'topmenu' && !isMobileLayout;
  const dark = topMenu && theme === 'dark';
  const greeting = t(`greeting.${greetingKey(new Date().getHours())}`);

  return (
    <Layout.Header
      style={{
        padding: 0,
        height: 64,
        lineHeight: '64px',
        display: 'flex',
        alignItems: 'center',
        background: dark ? '#001529' : '#fff',
        color: dark ? 'rgba(255,255,255,0.85)' : undefined,
        boxShadow: '0 1px 4px rgba(0,21,41,0.08)',
        ...style,
      }}
      data-testid="global-header"
    >
      {topMenu ? (
        <>
          <LogoLink theme={theme} collapsed={false} />
          <SideMenu mode="horizontal" theme={theme} />
        </>
      ) : (
        <>
          <span
            role="button"
            tabIndex={0}
            onClick={onToggle}
            aria-label={t(collapsed ? 'header.expand' : 'header.collapse')}
            data-testid="sider-toggle"
            style={{ padding: isMobile ? '0 12px' : '0 20px', fontSize: 18, cursor: 'pointer' }}
          >
            {collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          </span>
          <span
            style={{ flex: 1, minWidth: 0, overflow: 'hidden', whiteSpace: 'nowrap', textOverflow: 'ellipsis' }}
            data-testid="header-welcome"
          >
            {isMobile
              ? APP_CONFIG.productCode
              : t('header.welcome', { greeting, name: realname, product: APP_CONFIG.productTitle })}
          </span>
        </>
      )}
      <TopBarActions isMobile={isMobile} />
    </Layout.Header>
  );
}
