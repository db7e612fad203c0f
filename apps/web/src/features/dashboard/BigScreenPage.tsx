import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { Button, Spin } from 'antd';
import { FullscreenExitOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useBigScreenData, useDashboardTrend } from './api';
import AlarmTicker from './AlarmTicker';
import { BigScreenMap } from './BigScreenMap';
import { gaugeOption, trendOption } from './chartOptions';
import { Figures, Kpi, Panel, useClock, useLiveDevices } from './BigScreenParts';
import {
  countText,
  failedPushes,
  formatRate,
  lateWaybills,
  onlineRate,
  percentFigure,
  trendSeries,
} from './dashboardModel';
import { exitFullscreen } from './fullscreen';
import { useLiveDashboard } from './useLiveDashboard';
import styles from './bigscreen.module.css';

const DashChart = lazy(() => import('./DashChart'));

/**
 * Big-data screen (`dashboard/BigScreen`; SPEC §2): a full-screen dark wall
 * display for 1920×1080 (readable at 1440×900) over the console's layout: counts, the live map of
 * vehicles/devices and warehouses, the temperature compliance rate, the alarm ticker and the
 * 7-day trend. Live: telemetry frames move the map, alarm notices feed the ticker and refetch
 * the figures; everything is refetched every minute besides.
 */
export function BigScreenPage(): ReactNode {
  const { t } = useTranslation('dashboard');
  const { t: ta } = useTranslation('alarms');
  const navigate = useNavigate();
  const clock = useClock();
  const { data, isLoading, isError, refetch, isFetching } = useBigScreenData();
  const trend = useDashboardTrend(7);
  const devices = useLiveDevices(data);
  useLiveDashboard();

  const s = data?.stats;
  const trendChart = useMemo(() => {
    if (!trend.data) return null;
    const { labels, series } = trendSeries(trend.data);
    return trendOption(
      labels,
      series,
      { alarms: t('trend.series.alarms'), pushes: t('trend.series.pushes'), readings: t('trend.series.readings') },
      true,
    );
  }, [trend.data, t]);
  // the compliance rate is formatted once: the KPI's text and the gauge both show this figure
  const compliance = useMemo(() => percentFigure(data?.compliance?.rate), [data?.compliance?.rate]);
  const gauge = useMemo(() => gaugeOption(compliance, t('bigScreen.compliance')), [compliance, t]);

  const leave = (): void => {
    exitFullscreen();
    void navigate('/dashboard/analysis');
  };
  const late = s?.waybills ? lateWaybills(s.waybills) : null;

  return (
    <div className={styles.screen} data-testid="bigscreen">
      <header className={styles.header}>
        <div className={styles.headerSide}>
          <Button ghost size="small" icon={<FullscreenExitOutlined />} onClick={leave} data-testid="bigscreen-exit">
            {t('bigScreen.exit')}
          </Button>
        </div>
        <h1 className={styles.title}>{t('bigScreen.title')}</h1>
        <div className={`${styles.headerSide} ${styles.clock}`} data-testid="bigscreen-clock">
          {clock}
        </div>
      </header>
      {isLoading ? (
        <div className={styles.state}>
          <Spin size="large" />
        </div>
      ) : isError || !data || !s ? (
        <div className={styles.state} data-testid="bigscreen-error">
          <p>{t('error.title')}</p>
          <Button icon={<ReloadOutlined />} loading={isFetching} onClick={() => void refetch()}>
            {t('error.retry')}
          </Button>
        </div>
      ) : (
        <main className={styles.grid}>
          <div className={styles.column}>
            <Panel title={t('cards.devices')} testId="bigscreen-devices">
              <Figures
                rows={[
                  [t('cards.online'), countText(s.devices?.online)],
                  [t('cards.offline'), countText(s.devices?.offline)],
                  [t('cards.total'), countText(s.devices?.total)],
                  [t('cards.onlineRate'), formatRate(onlineRate(s.devices))],
                ]}
              />
            </Panel>
            <Panel title={t('cards.activeAlarms')} testId="bigscreen-alarms">
              <Figures
                rows={[
                  [ta('severity.urgent'), countText(s.alarms?.H), 'bad'],
                  [ta('severity.important'), countText(s.alarms?.M), 'warn'],
                  [ta('severity.general'), countText(s.alarms?.L)],
                  [ta('dashboard.unprocessed'), countText(s.alarms?.unprocessed)],
                ]}
              />
            </Panel>
            <Panel title={t('cards.waybills')} testId="bigscreen-waybills">
              <Figures
                rows={[
                  [t('cards.waybillsOngoing'), countText(s.waybills?.byStatus.ongoing)],
                  [t('bigScreen.late'), countText(late), 'warn'],
                  [t('cards.total'), countText(s.waybills?.total)],
                  [t('cards.warehousesOutOfLimits'), countText(s.warehousesOutOfLimits), 'bad'],
                ]}
              />
            </Panel>
            <Panel title={t('bigScreen.pushes')} testId="bigscreen-pushes">
              <Figures
                rows={[
                  [t('cards.pushesSent'), countText(s.pushes?.sent)],
                  [t('bigScreen.pushesFailed'), countText(s.pushes ? failedPushes(s.pushes) : null), 'warn'],
                  [t('cards.total'), countText(s.pushes?.total)],
                  [t('bigScreen.mapDevices'), countText(data.devices ? devices.length : null)],
                ]}
              />
            </Panel>
          </div>
          <div className={styles.center}>
            <div className={styles.kpis}>
              <Kpi label={t('cards.online')} value={countText(s.devices?.online)} tone="good" testId="kpi-online" />
              <Kpi label={t('cards.activeAlarms')} value={countText(s.alarms?.active)} tone="bad" testId="kpi-alarms" />
              <Kpi
                label={t('cards.waybillsOngoing')}
                value={countText(s.waybills?.byStatus.ongoing)}
                testId="kpi-waybills"
              />
              <Kpi label={t('bigScreen.compliance')} value={compliance.text} tone="good" testId="kpi-compliance" />
            </div>
            <div className={styles.mapBox}>
              <BigScreenMap devices={devices} warehouses={data.warehouses ?? []} />
              <div className={styles.legend}>
                <span>
                  <i className={styles.dotOnline} />
                  {t('cards.online')}
                </span>
                <span>
                  <i className={styles.dotOffline} />
                  {t('cards.offline')}
                </span>
                <span>
                  <i className={styles.dotStore} />
                  {t('bigScreen.warehouse')}
                </span>
                <span>
                  <i className={styles.dotStoreBad} />
                  {t('bigScreen.outOfLimits')}
                </span>
              </div>
            </div>
          </div>
          <div className={styles.column}>
            <Panel title={t('bigScreen.compliance')} testId="bigscreen-compliance">
              <Suspense fallback={<Spin />}>
                <DashChart
                  option={gauge}
                  className={styles.gauge}
                  label={t('bigScreen.compliance')}
                  testId="bigscreen-compliance-gauge"
                />
              </Suspense>
              <p className={styles.note}>
                {t('bigScreen.complianceNote', {
                  hours: data.compliance?.windowHours ?? 24,
                  inLimits: data.compliance?.inLimits ?? 0,
                  total: data.compliance?.total ?? 0,
                })}
              </p>
            </Panel>
            <Panel title={t('ticker.label')} className={styles.grow} testId="bigscreen-ticker">
              <AlarmTicker alarms={s.latestAlarms ?? []} direction="vertical" dark testId="bigscreen-alarm-ticker" />
            </Panel>
            <Panel title={t('trend.title', { days: 7 })}>
              {trendChart ? (
                <Suspense fallback={<Spin />}>
                  <DashChart option={trendChart} className={styles.trend} label={t('trend.title', { days: 7 })} />
                </Suspense>
              ) : (
                <Spin />
              )}
            </Panel>
          </div>
        </main>
      )}
    </div>
  );
}
