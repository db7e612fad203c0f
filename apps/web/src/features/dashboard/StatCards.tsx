import type { ReactNode } from 'react';
import { Card, Col, Skeleton, Statistic } from 'antd';
import { AlertOutlined, ClusterOutlined, HomeOutlined, NodeIndexOutlined, SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DashboardStats } from '@ztj/contracts';
import { countText, onlineRate, percentFigure } from './dashboardModel';
import styles from './dashboard.module.css';

interface CardProps {
  data: DashboardStats | undefined;
  loading: boolean;
}

const COL = { xs: 24, sm: 12, lg: 8, xxl: 8 } as const;

/** A figure card: title with icon and link, the main number (testid `stat-<key>`), details under it. */
function FigureCard(props: {
  title: ReactNode;
  icon: ReactNode;
  link?: string;
  statKey: string;
  value: number | null | undefined;
  loading: boolean;
  danger?: boolean;
  children?: ReactNode;
  testId: string;
}): ReactNode {
  const { t } = useTranslation('dashboard');
  return (
    <Col {...COL}>
      <Card
        size="small"
        className={styles.card}
        title={
          <span>
            {props.icon} {props.title}
          </span>
        }
        extra={
          props.link ? (
            <Link to={props.link} data-testid={`${props.testId}-link`}>
              {t('cards.open')}
            </Link>
          ) : undefined
        }
        data-testid={props.testId}
      >
        <Skeleton loading={props.loading} active paragraph={{ rows: 1 }}>
          {props.value === null || props.value === undefined ? (
            <div className={styles.bigNumber} data-testid={`stat-${props.statKey}`} data-unavailable="true">
              —
            </div>
          ) : (
            <Statistic
              value={props.value}
              styles={{ content: { color: props.danger && props.value > 0 ? '#cf1322' : undefined } }}
              data-testid={`stat-${props.statKey}`}
            />
          )}
          {props.children}
        </Skeleton>
      </Card>
    </Col>
  );
}

/** Devices online / offline (device list's online rule). */
function DevicesCard({ data, loading }: CardProps): ReactNode {
  const { t } = useTranslation('dashboard');
  const d = data?.devices;
  if (data && !d) return null;
  const rate = percentFigure(onlineRate(d));
  return (
    <FigureCard
      testId="card-devices"
      statKey="devicesOnline"
      title={t('cards.devices')}
      icon={<ClusterOutlined />}
      link="/device/list"
      value={d?.online}
      loading={loading}
    >
      <div className={styles.figureRow}>
        <span>
          {t('cards.online')}: <b data-testid="devices-online">{countText(d?.online)}</b>
        </span>
        <span>
          {t('cards.offline')}: <b data-testid="devices-offline">{countText(d?.offline)}</b>
        </span>
        <span>
          {t('cards.total')}: <b data-testid="devices-total">{countText(d?.total)}</b>
        </span>
      </div>
      <div
        className={styles.meter}
        role="meter"
        aria-label={t('cards.onlineRate')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={rate.percent ?? 0}
        aria-valuetext={rate.text}
      >
        <span style={{ width: `${rate.percent ?? 0}%` }} />
      </div>
    </FigureCard>
  );
}

/** Active alarms by severity and the unprocessed ones. */
function AlarmsCard({ data, loading }: CardProps): ReactNode {
  const { t } = useTranslation('dashboard');
  const { t: ta } = useTranslation('alarms');
  const a = data?.alarms;
  if (data && !a) return null;
  return (
    <FigureCard
      testId="dashboard-alarms"
      statKey="activeAlarms"
      title={t('cards.activeAlarms')}
      icon={<AlertOutlined />}
      link="/alarm/list"
      value={a?.active}
      loading={loading}
      danger
    >
      <div className={styles.figureRow}>
        <span style={{ color: '#cf1322' }}>
          {ta('severity.urgent')}: <b data-testid="alarms-H">{countText(a?.H)}</b>
        </span>
        <span style={{ color: '#d46b08' }}>
          {ta('severity.important')}: <b data-testid="alarms-M">{countText(a?.M)}</b>
        </span>
        <span style={{ color: '#1677ff' }}>
          {ta('severity.general')}: <b data-testid="alarms-L">{countText(a?.L)}</b>
        </span>
      </div>
      <div className={styles.figureRow}>
        <span data-testid="stat-unprocessedAlarms">
          {ta('dashboard.unprocessed')}: <b className="ant-statistic-content-value">{countText(a?.unprocessed)}</b>
        </span>
      </div>
    </FigureCard>
  );
}

/** Waybills by status and timing outcome (SPEC §4). */
function WaybillsCard({ data, loading }: CardProps): ReactNode {
  const { t } = useTranslation('dashboard');
  const { t: tw } = useTranslation('waybills');
  const w = data?.waybills;
  if (data && !w) return null;
  return (
    <FigureCard
      testId="card-waybills"
      statKey="waybillsOngoing"
      title={t('cards.waybillsOngoing')}
      icon={<NodeIndexOutlined />}
      link="/task/list"
      value={w?.byStatus.ongoing}
      loading={loading}
    >
      <div className={styles.figureRow}>
        <span>
          {tw('status.unstarted')}: <b>{countText(w?.byStatus.unstarted)}</b>
        </span>
        <span>
          {tw('status.completed')}: <b>{countText(w?.byStatus.completed)}</b>
        </span>
        <span>
          {t('cards.total')}: <b data-testid="waybills-total">{countText(w?.total)}</b>
        </span>
      </div>
      <div className={styles.figureRow} data-testid="waybills-timing">
        {Object.entries(w?.byTiming ?? {})
          .filter(([k, n]) => k !== 'none' && n > 0)
          .map(([k, n]) => (
            <span key={k}>
              {tw(`timing.${k}`)}: <b>{n}</b>
            </span>
          ))}
      </div>
    </FigureCard>
  );
}

/** Pushes sent, failed and by channel. */
function PushesCard({ data, loading }: CardProps): ReactNode {
  const { t } = useTranslation('dashboard');
  const { t: ts } = useTranslation('alarmSettings');
  const p = data?.pushes;
  if (data && !p) return null;
  return (
    <FigureCard
      testId="card-pushes"
      statKey="pushesSent"
      title={t('cards.pushesSent')}
      icon={<SendOutlined />}
      link="/push/list"
      value={p?.sent}
      loading={loading}
    >
      <div className={styles.figureRow}>
        <span>
          {t('cards.total')}: <b data-testid="pushes-total">{countText(p?.total)}</b>
        </span>
        {p?.byStatus
          .filter((s) => s.status !== 'sent' && s.count > 0)
          .map((s) => (
            <span key={s.status}>
              {ts(`push.status.${s.status}`)}: <b>{s.count}</b>
            </span>
          ))}
      </div>
      <div className={styles.figureRow}>
        {p?.byChannel
          .filter((c) => c.count > 0)
          .map((c) => (
            <span key={c.channel}>
              {ts(`push.channel.${c.channel}`)}: <b>{c.count}</b>
            </span>
          ))}
      </div>
    </FigureCard>
  );
}

/** Warehouses with a sensor out of limits ('—' while the product has no warehouses). */
function WarehousesCard({ data, loading }: CardProps): ReactNode {
  const { t } = useTranslation('dashboard');
  return (
    <FigureCard
      testId="card-warehouses"
      statKey="warehousesOutOfLimits"
      title={t('cards.warehousesOutOfLimits')}
      icon={<HomeOutlined />}
      value={data?.warehousesOutOfLimits}
      loading={loading}
      danger
    >
      <div className={styles.muted}>{t('cards.warehousesHint')}</div>
    </FigureCard>
  );
}

/** The figure cards of the analysis page; a card whose section the caller may not see is left out. */
export function StatCards(props: CardProps): ReactNode {
  return (
    <>
      <DevicesCard {...props} />
      <AlarmsCard {...props} />
      <WaybillsCard {...props} />
      <PushesCard {...props} />
      <WarehousesCard {...props} />
    </>
  );
}
