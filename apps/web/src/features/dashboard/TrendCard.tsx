import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { Alert, Button, Card, Empty, Segmented, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_TREND_DAYS, type DashboardTrendDays } from '@ztj/contracts';
import { useDashboardTrend } from './api';
import { trendIsEmpty, trendSeries } from './dashboardModel';
import { trendOption } from './chartOptions';
import styles from './dashboard.module.css';

/** ECharts loads with this chunk only when a trend is drawn (the dashboard's first load stays small). */
const DashChart = lazy(() => import('./DashChart'));

/**
 * Trend card of the analysis page (SPEC §9: one week, two weeks, one month): alarms and pushes per
 * day as bars, readings as a line, days of Asia/Shanghai; loading, error (retry) and empty states.
 */
export default function TrendCard(): ReactNode {
  const { t } = useTranslation('dashboard');
  const [days, setDays] = useState<DashboardTrendDays>(7);
  const { data, isLoading, isError, refetch, isFetching } = useDashboardTrend(days);
  const option = useMemo(() => {
    if (!data) return null;
    const { labels, series } = trendSeries(data);
    return trendOption(labels, series, {
      alarms: t('trend.series.alarms'),
      pushes: t('trend.series.pushes'),
      readings: t('trend.series.readings'),
    });
  }, [data, t]);

  const ranges = DASHBOARD_TREND_DAYS.map((d) => ({ value: d, label: t(`trend.range.${d}`) }));
  let body: ReactNode;
  if (isError) {
    body = (
      <Alert
        type="error"
        showIcon
        title={t('error.title')}
        action={
          <Button size="small" onClick={() => void refetch()} loading={isFetching}>
            {t('error.retry')}
          </Button>
        }
        data-testid="trend-error"
      />
    );
  } else if (isLoading || !data || !option) {
    body = <Skeleton active />;
  } else if (trendIsEmpty(data)) {
    body = <Empty description={t('trend.empty')} data-testid="trend-empty" />;
  } else {
    body = (
      <Suspense fallback={<Skeleton active />}>
        <DashChart
          option={option}
          className={styles.trendChart}
          testId="trend-chart"
          label={t('trend.title', { days })}
        />
      </Suspense>
    );
  }

  return (
    <Card
      size="small"
      title={t('trend.title', { days })}
      extra={
        <Segmented size="small" options={ranges} value={days} onChange={(v) => setDays(v)} data-testid="trend-range" />
      }
      data-testid="trend-card"
      data-days={data?.days}
      className={styles.card}
    >
      <div aria-busy={isFetching} data-testid="trend-body">
        {body}
      </div>
      <div className={styles.muted}>{t('trend.timeZone', { zone: data?.timeZone ?? 'Asia/Shanghai' })}</div>
    </Card>
  );
}
