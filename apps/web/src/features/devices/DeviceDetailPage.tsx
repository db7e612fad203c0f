import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Alert, Button, Card, Result, Skeleton, Space, Spin, Tabs, Typography } from 'antd';
import { EditOutlined, FileTextOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ALARM_PERMS, DEVICE_PERMS } from '@ztj/contracts';
import { Authorized } from '../../platform/permissions/Authorized';
import { usePermission } from '../../platform/permissions/usePermission';
import { useDeviceDetail } from './api';
import { DeviceInfoTab } from './DeviceInfoTab';
import { EventsTab } from './EventsTab';
import { HistoryTableTab } from './HistoryTableTab';
import type { HistoryRangeValue } from './historyRange';
import { LogTab } from './LogTab';
import { RealtimeTab } from './RealtimeTab';
import { StatusTag } from './StatusTag';
import { ServiceExpiredTag } from '../logistics/subscriptions/ServiceExpiredTag';
import { DeviceReportButton } from '../reports/DeviceReportDialog';

const HistoryChartTab = lazy(() => import('./HistoryChartTab').then((m) => ({ default: m.HistoryChartTab })));
const TrackTab = lazy(() => import('./TrackTab').then((m) => ({ default: m.TrackTab })));
const DeviceAlarmsTab = lazy(() => import('../alarms/DeviceAlarmsTab').then((m) => ({ default: m.DeviceAlarmsTab })));

/** Tabs of the device detail page. */
export const DETAIL_TABS = ['info', 'realtime', 'history', 'chart', 'track', 'events', 'log', 'alarms'] as const;
type DetailTab = (typeof DETAIL_TABS)[number];

/** The tab opened by a route: /device/history|chart|event|log/:id open that tab of the detail page. */
export function tabOfPath(pathname: string): DetailTab {
  const segment = pathname.split('/')[2] ?? '';
  const byRoute: Record<string, DetailTab> = {
    history: 'history',
    chart: 'chart',
    event: 'events',
    log: 'log',
    map: 'track',
  };
  return byRoute[segment] ?? 'info';
}

/**
 * Device detail (`device/DeviceDetail`, /device/detail/:id; also the hidden history, chart, event
 * and log routes): basic information, live values, history table and chart, track with playback,
 * events, log and the device's alarms (`alarm:list`). Chart, map and alarm code load only when their tab opens.
 */
export function DeviceDetailPage(): ReactNode {
  const { t } = useTranslation(['devices', 'alarms']);
  const { can } = usePermission();
  const { id = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const [tab, setTab] = useState<DetailTab>(() => tabOfPath(location.pathname));
  const [range, setRange] = useState<HistoryRangeValue>({ key: 'today' });
  const detail = useDeviceDetail(id);

  if (detail.isLoading)
    return (
      <Card>
        <Skeleton active />
      </Card>
    );
  if (detail.isError || !detail.data) {
    return (
      <Card>
        <Result
          status="warning"
          title={t('detail.notFound')}
          subTitle={detail.error instanceof Error ? detail.error.message : undefined}
          extra={<Button onClick={() => void navigate('/device/list')}>{t('detail.back')}</Button>}
        />
      </Card>
    );
  }
  const device = detail.data;
  const rangeProps = { range, onRangeChange: setRange };
  const lazyTab = (node: ReactNode): ReactNode => (
    <Suspense fallback={<Spin style={{ display: 'block', margin: 48 }} />}>{node}</Suspense>
  );

  return (
    <Card data-testid="device-detail">
      <Space wrap style={{ width: '100%', justifyContent: 'space-between', marginBottom: 8 }}>
        <Space wrap>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {device.alias || device.name}
          </Typography.Title>
          <Typography.Text type="secondary">{device.id}</Typography.Text>
          <StatusTag status={device.status} />
          <ServiceExpiredTag deviceId={device.id} />
        </Space>
        <Space wrap>
          <Authorized action={DEVICE_PERMS.export}>
            <DeviceReportButton deviceIds={[device.id]} icon={<FileTextOutlined />} />
          </Authorized>
          <Authorized action={DEVICE_PERMS.edit}>
            <Button
              icon={<EditOutlined />}
              onClick={() => void navigate(`/device/edit/${encodeURIComponent(device.id)}`)}
            >
              {t('list.actions.edit')}
            </Button>
          </Authorized>
        </Space>
      </Space>
      {device.status === 'offline' && (
        <Alert type="info" showIcon title={t('detail.offline')} style={{ marginBottom: 8 }} />
      )}
      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(k as DetailTab)}
        destroyOnHidden
        items={[
          { key: 'info', label: t('detail.tabs.info'), children: <DeviceInfoTab device={device} /> },
          { key: 'realtime', label: t('detail.tabs.realtime'), children: <RealtimeTab deviceId={device.id} /> },
          {
            key: 'history',
            label: t('detail.tabs.history'),
            children: <HistoryTableTab deviceId={device.id} {...rangeProps} />,
          },
          {
            key: 'chart',
            label: t('detail.tabs.chart'),
            children: lazyTab(<HistoryChartTab device={device} {...rangeProps} />),
          },
          {
            key: 'track',
            label: t('detail.tabs.track'),
            children: lazyTab(<TrackTab device={device} {...rangeProps} />),
          },
          {
            key: 'events',
            label: t('detail.tabs.events'),
            children: <EventsTab deviceId={device.id} {...rangeProps} />,
          },
          { key: 'log', label: t('detail.tabs.log'), children: <LogTab deviceId={device.id} {...rangeProps} /> },
          ...(can(ALARM_PERMS.list)
            ? [{ key: 'alarms', label: t('alarms:tab'), children: lazyTab(<DeviceAlarmsTab deviceId={device.id} />) }]
            : []),
        ]}
      />
    </Card>
  );
}
