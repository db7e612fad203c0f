import type { ReactNode } from 'react';
import { APP_CONFIG } from '../platform/settings/appConfig';
import { useSettingsStore } from '../platform/settings/settingsStore';
import styles from './ShellSkeleton.module.css';

/** The basic layout's sider widths (BasicLayout SIDER_WIDTH / SIDER_COLLAPSED_WIDTH, not imported: that would pull the layout into the login bundle). */
const SIDER_WIDTH_PX = 200;
const SIDER_COLLAPSED_WIDTH_PX = 80;

/**
 * The basic layout's outline (side menu, header, tab bar, content) in the user's theme and layout,
 * without data: shown from the moment a sign-in completes until the router has the menu, the
 * layout's chunk and its texts (the screen stayed blank for seconds after the
 * tenant choice). Plain elements and CSS only, so the login bundle stays small.
 */
export function ShellSkeleton(): ReactNode {
  const theme = useSettingsStore((s) => s.theme);
  const sideMenu = useSettingsStore((s) => s.layoutMode === 'sidemenu');
  const collapsed = useSettingsStore((s) => !s.sidebarOpened);
  const multipage = useSettingsStore((s) => s.multipage);
  const dark = theme === 'dark';
  return (
    <div className={styles.shell} aria-busy="true" data-testid="shell-skeleton">
      {sideMenu && (
        <div
          className={`${styles.sider} ${dark ? styles.dark : ''}`}
          style={{
            width: collapsed ? SIDER_COLLAPSED_WIDTH_PX : SIDER_WIDTH_PX,
            background: dark ? '#001529' : '#fff',
          }}
        >
          <div style={{ display: 'flex', alignItems: 'center', gap: 10, height: 32, marginBottom: 14 }}>
            <img src="./logo.svg" alt="" style={{ width: 32, height: 32 }} />
            {!collapsed && (
              <span style={{ fontSize: 18, fontWeight: 600, color: dark ? '#fff' : 'rgba(0,0,0,0.85)' }}>
                {APP_CONFIG.productTitle}
              </span>
            )}
          </div>
          {[70, 55, 80, 60, 65].map((w) => (
            <div key={w} className={styles.bar} style={{ width: `${w}%` }} />
          ))}
        </div>
      )}
      <div className={styles.main}>
        <div
          className={`${styles.header} ${!sideMenu && dark ? styles.dark : ''}`}
          style={{ background: !sideMenu && dark ? '#001529' : '#fff' }}
        >
          {!sideMenu && <img src="./logo.svg" alt="" style={{ width: 32, height: 32 }} />}
          <div className={styles.bar} style={{ width: 160 }} />
          <div style={{ flex: 1 }} />
          <div className={styles.bar} style={{ width: 96 }} />
        </div>
        {multipage && <div className={styles.tabs} />}
        <div className={styles.content}>
          {[40, 90, 75, 85, 60].map((w) => (
            <div key={w} className={styles.bar} style={{ width: `${w}%` }} />
          ))}
        </div>
      </div>
    </div>
  );
}
