import type { ReactNode } from 'react';
import { Alert, Button, Card, Col, Row, Skeleton, Statistic } from 'antd';
import { AlertOutlined, ApartmentOutlined, GlobalOutlined, LoginOutlined, SafetyOutlined, TeamOutlined, UserOutlined, HistoryOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ALARM_PERMS, type DashboardStats } from '@ztj/contracts';
import { usePermission } from '../../platform/permissions/usePermission';
import { useDashboardStats } from './api';
import { LoginTrend } from './LoginTrend';

type Figure = Exclude<keyof DashboardStats, 'loginTrend' | 'activeAlarms' | 'unprocessedAlarms'>;

const FIGURES: { key: Figure; icon: ReactNode }[] = [
  { key: 'users', icon: <UserOutlined /> },
  { key: 'departments', icon: <ApartmentOutlined /> },
  { key: 'roles', icon: <SafetyOutlined /> },
  { key: 'tenants', icon: <TeamOutlined /> },
  { key: 'loginsToday', icon: <LoginOutlined /> },
  { key: 'loginsTotal', icon: <HistoryOutlined /> },
  { key: 'ipsToday', icon: <GlobalOutlined /> },
];

/**
 * Active / unprocessed alarm counts of the dashboard call, linking to the alarm list (issue 9
 * item 4); left out for users who may not list alarms.
 */
function AlarmCountsCard({ data, loading }: { data: DashboardStats | undefined; loading: boolean }): ReactNode {
  const { t } = useTranslation('alarms');
  const { can } = usePermission();
  if (!can(ALARM_PERMS.list)) return null;
  const active = data?.activeAlarms ?? 0;
  return (
    <Col xs={24} sm={12} lg={8} xl={6}>
      <Card
        size="small"
        title={<span><AlertOutlined /> {t('dashboard.title')}</span>}
        extra={<Link to="/alarm/list" data-testid="dashboard-alarms-link">{t('dashboard.open')}</Link>}
        data-testid="dashboard-alarms"
      >
        <Skeleton loading={loading} active paragraph={false}>
          <Row gutter={8}>
            <Col span={12}>
              <Statistic title={t('dashboard.active')} value={active} styles={{ content: { color: active > 0 ? '#cf1322' : undefined } }} data-testid="stat-activeAlarms" />
            </Col>
            <Col span={12}>
              <Statistic title={t('dashboard.unprocessed')} value={data?.unprocessedAlarms ?? 0} data-testid="stat-unprocessedAlarms" />
            </Col>
          </Row>
        </Skeleton>
      </Card>
    </Col>
  );
}

/** Analysis dashboard (`dashboard/Analysis`): real counts of the caller's tenant, the alarm counts and a 7-day trend. */
export function AnalysisPage(): ReactNode {
  const { t } = useTranslation('dashboard');
  const { data, isLoading, isError, error, refetch, isFetching } = useDashboardStats();

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
      <Row gutter={[16, 16]}>
        {FIGURES.map((f) => (
          <Col key={f.key} xs={24} sm={12} lg={8} xl={6}>
            <Card size="small">
              <Skeleton loading={isLoading} active paragraph={false}>
                <Statistic title={t(`figures.${f.key}`)} value={data?.[f.key] ?? 0} prefix={f.icon} data-testid={`stat-${f.key}`} />
              </Skeleton>
            </Card>
          </Col>
        ))}
        <AlarmCountsCard data={data} loading={isLoading} />
      </Row>
      <Card title={t('trend.title')} size="small" style={{ marginTop: 16 }}>
        {isLoading || !data ? <Skeleton active /> : <LoginTrend trend={data.loginTrend} />}
      </Card>
    </div>
  );
}
