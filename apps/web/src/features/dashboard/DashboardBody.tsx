import { lazy, Suspense, type ReactNode } from 'react';
import { Alert, Button, Card, Col, Row, Skeleton, Statistic } from 'antd';
import {
  ApartmentOutlined,
  GlobalOutlined,
  HistoryOutlined,
  LoginOutlined,
  SafetyOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DashboardStats } from '@ztj/contracts';
import { useDashboardStats } from './api';
import { LoginTrend } from './LoginTrend';
import { StatCards } from './StatCards';

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

/** Users, departments, roles, tenants and sign-ins of the tenant with the 7-day sign-in trend. */
function SystemFigures({ data, loading }: { data: DashboardStats | undefined; loading: boolean }): ReactNode {
  const { t } = useTranslation('dashboard');
  return (
    <>
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        {FIGURES.map((f) => (
          <Col key={f.key} xs={12} sm={12} lg={6} xl={6}>
            <Card size="small">
              <Skeleton loading={loading} active paragraph={false}>
                <Statistic
                  title={t(`figures.${f.key}`)}
                  value={data?.[f.key] ?? 0}
                  prefix={f.icon}
                  data-testid={`stat-${f.key}`}
                />
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
 * Everything of the analysis page under the greeting (its own chunk, loaded while the figures are
 * fetched): the scroll info bar, the figure cards, the trend and the administration figures, with
 * the loading and error states of the figures.
 */
export default function DashboardBody(): ReactNode {
  const { t } = useTranslation('dashboard');
  const { data, isLoading, isError, error, refetch, isFetching } = useDashboardStats();

  if (isError) {
    return (
      <Alert
        type="error"
        showIcon
        style={{ marginTop: 16 }}
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
    <>
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
    </>
  );
}
