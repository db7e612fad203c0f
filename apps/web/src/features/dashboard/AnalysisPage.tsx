import { lazy, Suspense, type ReactNode } from 'react';
import { Alert, Button, Card, Col, Row, Skeleton, Statistic } from 'antd';
import { ApartmentOutlined, FullscreenOutlined, GlobalOutlined, HistoryOutlined, LoginOutlined, SafetyOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { DashboardStats } from '@ztj/contracts';
import { dayjs } from '../../platform/i18n/dayjsLocale';
import { useSessionStore } from '../../platform/session/sessionStore';
import { greetingKey } from '../../layouts/greeting';
import { useDashboardStats } from './api';
import { LoginTrend } from './LoginTrend';
import { StatCards } from './StatCards';
import { useLiveDashboard } from './useLiveDashboard';
import { enterFullscreen } from './fullscreen';
import styles from './dashboard.module.css';

/** The ticker (alarm type names) and the trend (ECharts) load as chunks of their own after the figures. */
const AlarmTicker = lazy(() => import('./AlarmTicker'));
const TrendCard = lazy(() => import('./TrendCard'));

type Figure = 'users' | 'departments' | 'roles' | 'tenants' | 'loginsToday' | 'loginsTotal' | 'ipsToday';

const FIGURES: { key: Figure; icon: ReactNode }[] = [
  { key: 'users', icon: <UserOutlined /> },
  { key: 'departments', icon: <ApartmentOutlined /> },
  { key: 'roles', icon: <SafetyOutlined /> },
  { key: 'tenants', icon: <TeamOutlined /> },
  { key: 'loginsToday', icon: <LoginOutlined /> },
  { key: 'loginsTotal', icon: <HistoryOutlined /> },
  { key: 'ipsToday', icon: <GlobalOutlined /> },
];

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
    <Card size="small" data-testid="dashboard-welcome">
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
          <span className={styles.bigScreenHint} data-testid="bigscreen-hint">{t('bigScreen.hint')}</span>
        </div>
      </div>
    </Card>
  );
}

/** Users, departments, roles, tenants and sign-ins of the tenant (issue #2) with the 7-day sign-in trend. */
function SystemFigures({ data, loading }: { data: DashboardStats | undefined; loading: boolean }): ReactNode {
  const { t } = useTranslation('dashboard');
  return (
    <>
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        {FIGURES.map((f) => (
          <Col key={f.key} xs={12} sm={12} lg={6} xl={6}>
            <Card size="small">
              <Skeleton loading={loading} active paragraph={false}>
                <Statistic title={t(`figures.${f.key}`)} value={data?.[f.key] ?? 0} prefix={f.icon} data-testid={`stat-${f.key}`} />
              </Skeleton>
            </Card>
          </Col>
        ))}
      </Row>
      <Card title={t('logins.title')} size="small" style={{ marginTop: 16 }}>
        {loading || !data ? <Skeleton active /> : <LoginTrend trend={data.loginTrend} />}
      </Card>
    </>
  );
}

/**
 * Analysis dashboard (`dashboard/Analysis`, the home page; SPEC §2, issue 11 item 5): greeting,
 * the scroll info bar of the latest alarms (live), the tenant's figures (devices, alarms by
 * severity, waybills by status and timing, pushes, warehouses out of limits), the 7/14/30-day
 * trend, then the administration figures and sign-ins.
 */
export function AnalysisPage(): ReactNode {
  const { t } = useTranslation('dashboard');
  const { data, isLoading, isError, error, refetch, isFetching } = useDashboardStats();
  useLiveDashboard();

  if (isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('error.title')}
        description={error instanceof Error ? error.message : undefined}
        action={
          <Button size="small" onClick={() => void refetch()} loading={isFetching}>
            {t('error.retry')}
          </Button>
        }
        data-testid="dashboard-error"
      />
    );
  }

  return (
    <div data-testid="dashboard">
      <WelcomeCard />
      {(isLoading || data?.latestAlarms) && (
        <div style={{ marginTop: 16 }}>
          {isLoading ? (
            <Skeleton.Input active block />
          ) : (
            <Suspense fallback={<Skeleton.Input active block />}>
              <AlarmTicker alarms={data?.latestAlarms ?? []} />
            </Suspense>
          )}
        </div>
      )}
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <StatCards data={data} loading={isLoading} />
      </Row>
      <div style={{ marginTop: 16 }}>
        <Suspense fallback={<Skeleton active />}>
          <TrendCard />
        </Suspense>
      </div>
      <SystemFigures data={data} loading={isLoading} />
    </div>
  );
}
