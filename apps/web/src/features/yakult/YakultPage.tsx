import { lazy, Suspense, useCallback, useEffect, useState, type CSSProperties, type ReactNode } from 'react';
import { Button, ConfigProvider, Result, Spin } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import { BgColorsOutlined, DashboardOutlined, LoginOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BigScreenData } from '@ztj/contracts';
import { LanguageDropdown } from '../../layouts/LanguageDropdown';
import { queryClient } from '../../platform/http/queryClient';
import { dayjs } from '../../platform/i18n/dayjsLocale';
import { toLanguage } from '../../platform/i18n/i18n';
import { usePermission } from '../../platform/permissions/usePermission';
import { usePermissionStore } from '../../platform/permissions/permissionStore';
import { loadPermissions } from '../../platform/router/loadPermissions';
import { useSessionStore } from '../../platform/session/sessionStore';
import { useTelemetrySocket, type LiveReading } from '../../platform/websocket/telemetrySocket';
import AlarmTicker from '../dashboard/AlarmTicker';
import { useBigScreenData } from '../dashboard/api';
import { BigScreenMap } from '../dashboard/BigScreenMap';
import { applyReadings, countText } from '../dashboard/dashboardModel';
import { useLiveDashboard } from '../dashboard/useLiveDashboard';
import { useBranding } from './api';
import { YakultDevices } from './YakultDevices';
import { YakultWarehouses } from './YakultWarehouses';
import styles from './yakult.module.css';

const BrandingModal = lazy(() => import('./BrandingModal').then((m) => ({ default: m.BrandingModal })));

type MapDevices = NonNullable<BigScreenData['devices']>;

/** Map devices with the live telemetry frames applied since the last load. */
function useLiveMapDevices(base: BigScreenData['devices'] | undefined): MapDevices {
  const [live, setLive] = useState<{ base: BigScreenData['devices'] | undefined; devices: MapDevices }>({
    base: undefined,
    devices: [],
  });
  const current = live.base === base ? live.devices : (base ?? []);
  const onReadings = useCallback(
    (readings: LiveReading[]) =>
      setLive((prev) => ({ base, devices: applyReadings(prev.base === base ? prev.devices : (base ?? []), readings) })),
    [base],
  );
  useTelemetrySocket(onReadings);
  return current;
}

function useClock(): string {
  const [now, setNow] = useState(() => dayjs());
  useEffect(() => {
    const timer = setInterval(() => setNow(dayjs()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now.format('YYYY-MM-DD HH:mm:ss');
}

/** The signed-in screen: branding from the server, figures, live map, alarms, devices and warehouses. */
function MonitoringScreen(): ReactNode {
  const { t, i18n } = useTranslation('yakult');
  const lang = toLanguage(i18n.language);
  const clock = useClock();
  const branding = useBranding(true);
  const screen = useBigScreenData();
  const devices = useLiveMapDevices(screen.data?.devices);
  const { can } = usePermission();
  const menuLoaded = usePermissionStore((s) => s.menuLoaded);
  const [editing, setEditing] = useState(false);
  useLiveDashboard();
  // a public path: the router does not load the permission lists on the way here
  useEffect(() => {
    if (!menuLoaded) loadPermissions().catch(() => undefined);
  }, [menuLoaded]);

  const b = branding.data;
  const name = b ? (lang === 'en-US' ? b.nameEn : b.nameZh) : '';
  useEffect(() => {
    if (name) document.title = `${name} · ${t('title')}`;
  }, [name, t]);
  const s = screen.data?.stats;
  const vars = {
    '--brand-primary': b?.primaryColor ?? '#1677ff',
    '--brand-bg': b?.backgroundColor ?? '#0b1d33',
  } as CSSProperties;
  return (
    <ConfigProvider theme={{ token: { colorPrimary: b?.primaryColor ?? '#1677ff' } }}>
      <div className={styles.screen} style={vars} data-testid="yakult-screen">
        <header className={styles.header}>
          <div className={styles.brand}>
            {b?.logo && <img src={b.logo} alt="" className={styles.logo} data-testid="yakult-logo" />}
            <h1 className={styles.name} data-testid="yakult-brand">
              {name || '\u00a0'}
            </h1>
            <span className={styles.subtitle}>{t('title')}</span>
          </div>
          <div className={styles.tools}>
            <span className={styles.clock}>{clock}</span>
            {can('user:edit') && (
              <Button
                size="small"
                ghost
                icon={<BgColorsOutlined />}
                onClick={() => setEditing(true)}
                data-testid="yakult-branding-edit"
              >
                {t('branding.edit')}
              </Button>
            )}
            <Link to="/dashboard/analysis" className={styles.toolLink} title={t('console')}>
              <DashboardOutlined />
            </Link>
            <LanguageDropdown style={{ color: '#fff' }} />
          </div>
        </header>
        {screen.isLoading ? (
          <div className={styles.state}>
            <Spin size="large" />
          </div>
        ) : (
          <main className={styles.grid}>
            <section className={styles.kpis} aria-label={t('figures')}>
              <div className={styles.kpi}>
                <b data-testid="yakult-online">{countText(s?.devices?.online)}</b>
                <span>{t('kpi.online')}</span>
              </div>
              <div className={styles.kpi}>
                <b>{countText(s?.devices?.total)}</b>
                <span>{t('kpi.devices')}</span>
              </div>
              <div className={`${styles.kpi} ${styles.bad}`}>
                <b>{countText(s?.alarms?.active)}</b>
                <span>{t('kpi.alarms')}</span>
              </div>
              <div className={`${styles.kpi} ${styles.bad}`}>
                <b>{countText(s?.warehousesOutOfLimits)}</b>
                <span>{t('kpi.outOfLimits')}</span>
              </div>
            </section>
            <section className={styles.mapBox}>
              <BigScreenMap devices={devices} warehouses={screen.data?.warehouses ?? []} />
            </section>
            <section className={styles.panel}>
              <h2>{t('alarms')}</h2>
              <AlarmTicker alarms={s?.latestAlarms ?? []} direction="vertical" testId="yakult-alarms" />
            </section>
            <section className={`${styles.panel} ${styles.wide}`}>
              <h2>{t('devices.title')}</h2>
              <YakultDevices lang={lang} />
            </section>
            <section className={`${styles.panel} ${styles.wide}`}>
              <h2>{t('warehouses')}</h2>
              <YakultWarehouses lang={lang} />
            </section>
          </main>
        )}
        <Suspense fallback={null}>
          {editing && b && <BrandingModal initial={b} onClose={() => setEditing(false)} />}
        </Suspense>
      </div>
    </ConfigProvider>
  );
}

/**
 * Customer-branded real-time monitoring (`/yakult/index`; SPEC §1-§2): a public
 * path whose data needs a session, from a login-free link (`/user/login?at&guid&uid&redirect=
 * /yakult/index`) or the customer's own sign-in. Name, logo and colours are the tenant's branding
 * setting; the figures, map, alarms, devices and warehouses are the console's own APIs, live.
 */
export function YakultPage(): ReactNode {
  const { t } = useTranslation('yakult');
  const signedIn = useSessionStore((s) => s.token !== null);
  // a public path outside the console layout: it brings the layout's query cache itself
  if (signedIn) {
    return (
      <QueryClientProvider client={queryClient}>
        <MonitoringScreen />
      </QueryClientProvider>
    );
  }
  return (
    <div className={styles.screen} data-testid="yakult-signin">
      <Result
        className={styles.signIn}
        title={<span className={styles.signInTitle}>{t('title')}</span>}
        subTitle={<span className={styles.signInText}>{t('signInFirst')}</span>}
        extra={
          <Link to={`/user/login?redirect=${encodeURIComponent('/yakult/index')}`}>
            <Button type="primary" icon={<LoginOutlined />} data-testid="yakult-signin-button">
              {t('signIn')}
            </Button>
          </Link>
        }
      />
    </div>
  );
}
