import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { APP_CONFIG, HOME_PATH } from '../platform/settings/appConfig';

/** Logo and product title; links to the dashboard route (SPEC §2). */
export function LogoLink({ theme, collapsed }: { theme: 'dark' | 'light'; collapsed: boolean }): ReactNode {
  return (
    <Link
      to={HOME_PATH}
      data-testid="logo"
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 10,
        height: 64,
        padding: collapsed ? '0 24px' : '0 20px',
        overflow: 'hidden',
        whiteSpace: 'nowrap',
        flex: 'none',
      }}
    >
      <img src="./logo.svg" alt="" style={{ width: 32, height: 32 }} />
      {!collapsed && (
        <span style={{ fontSize: 18, fontWeight: 600, color: theme === 'dark' ? '#fff' : 'rgba(0,0,0,0.85)' }}>
          {APP_CONFIG.productTitle}
        </span>
      )}
    </Link>
  );
}
