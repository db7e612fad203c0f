import { lazy, Suspense, type ReactNode } from 'react';
import { Button } from 'antd';
import { FullscreenOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { dayjs } from '../../platform/i18n/dayjsLocale';
import { useSessionStore } from '../../platform/session/sessionStore';
import { greetingKey } from '../../layouts/greeting';
import { useDashboardStats } from './api';
import { useLiveDashboard } from './useLiveDashboard';
import { enterFullscreen } from './fullscreen';
import styles from './dashboard.module.css';

/** The figures, ticker, cards and trend: a chunk of their own, fetched while the figures load. */
const DashboardBody = lazy(() => import('./DashboardBody'));

/** Greeting by hour (SPEC §9), the date, and the button opening the big screen full-screen with its hint. */
function WelcomeCard(): ReactNode {
  const { t } = useTranslation('dashboard');
  const { t: tl } = useTranslation('layout');
  const navigate = useNavigate();
  const name = useSessionStore((s) => s.userInfo?.realname || s.userInfo?.username || '');
  const now = dayjs();
  const openBigScreen = (): void => {
    enterFullscreen();
    void navigate('/dashboard/bigscreen');
  };
  return (
    <div className={styles.welcomeCard} data-testid="dashboard-welcome">
      <div className={styles.welcome}>
        <div>
          <h2 className={styles.welcomeTitle} data-testid="dashboard-greeting">
            {t('welcome.title', { greeting: tl(`greeting.${greetingKey(now.hour())}`), name })}
          </h2>
          <div className={styles.muted}>{now.format(t('welcome.dateFormat'))}</div>
        </div>
        <div className={styles.bigScreenBox}>
          <Button type="primary" icon={<FullscreenOutlined />} onClick={openBigScreen} data-testid="open-bigscreen">
            {t('bigScreen.open')}
          </Button>
          <span className={styles.bigScreenHint} data-testid="bigscreen-hint">
            {t('bigScreen.hint')}
          </span>
        </div>
      </div>
    </div>
  );
}

/**
 * Analysis dashboard (`dashboard/Analysis`, the home page; SPEC §2): greeting,
 * the scroll info bar of the latest alarms (live), the tenant's figures (devices, alarms by
 * severity, waybills by status and timing, pushes, warehouses out of limits), the 7/14/30-day
 * trend, then the administration figures and sign-ins. The figures are requested at once; the
 * part that shows them is its own chunk (`DashboardBody`) so the home page's first load is small.
 */
export function AnalysisPage(): ReactNode {
  useDashboardStats();
  useLiveDashboard();
  return (
    <div data-testid="dashboard">
      <WelcomeCard />
      <Suspense fallback={<div className={styles.bodyFallback} aria-busy="true" />}>
        <DashboardBody />
      </Suspense>
    </div>
  );
}
