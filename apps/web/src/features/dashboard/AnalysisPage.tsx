import type { ReactNode } from 'react';
import { Alert, Button, Card, Col, Row, Skeleton, Statistic } from 'antd';
import { ApartmentOutlined, GlobalOutlined, LoginOutlined, SafetyOutlined, TeamOutlined, UserOutlined, HistoryOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DashboardStats } from '@ztj/contracts';
import { useDashboardStats } from './api';
import { LoginTrend } from './LoginTrend';

type Figure = Exclude<keyof DashboardStats, 'loginTrend'>;

const FIGURES: { key: Figure; icon: ReactNode }[] = [
  { key: 'users', icon: <UserOutlined /> },
  { key: 'departments', icon: <ApartmentOutlined /> },
  { key: 'roles', icon: <SafetyOutlined /> },
  { key: 'tenants', icon: <TeamOutlined /> },
  { key: 'loginsToday', icon: <LoginOutlined /> },
  { key: 'loginsTotal', icon: <HistoryOutlined /> },
  { key: 'ipsToday', icon: <GlobalOutlined /> },
];

/** Analysis dashboard (`dashboard/Analysis`): real counts of the caller's tenant and a 7-day trend. */
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
      </Row>
      <Card title={t('trend.title')} size="small" style={{ marginTop: 16 }}>
        {isLoading || !data ? <Skeleton active /> : <LoginTrend trend={data.loginTrend} />}
      </Card>
    </div>
  );
}
