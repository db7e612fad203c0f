import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Button, Card, Descriptions, Result, Select, Space, Spin, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { AlarmRoutes, WAYBILL_PERMS } from '@ztj/contracts';
import { formatDateTime } from '../../../platform/list/listQuery';
import { Authorized } from '../../../platform/permissions/Authorized';
import { WaybillReportMenu } from './WaybillReportMenu';
import { AlarmListView } from '../../alarms/AlarmListView';
import { useDeviceTrack } from '../../devices/api';
import { useWaybillDetail, useWaybillReal } from './api';
import { ModifyTimeModal } from './ModifyTimeModal';
import { TripChart } from './TripChart';
import { tripWindow } from './tripWindow';
import { useWaybillActions } from './useWaybillActions';
import { WaybillDevicesPanel } from './WaybillDevicesPanel';
import { WaybillMap } from './WaybillMap';
import { WaybillStatusTag, WaybillTimingTag } from './WaybillTags';
import styles from './waybills.module.css';

const time = (v: number | null | undefined): string =>
  v === null || v === undefined ? '—' : formatDateTime(new Date(v).toISOString());

/**
 * Waybill detail (`task/TaskDetail`, /task/detail/:id; SPEC §2 detail, §7 getDetailById and
 * getRealById polled every 6 s): information with status, timing outcome and ETA; the map with the
 * preset route, its fences, the track driven and the live position; the temperature / humidity
 * chart over the trip with limit lines; the devices (add / remove while running); the alarms of its
 * devices in the trip window. Start / stop / delete after the spec's confirmations.
 */
export function WaybillDetailPage(): ReactNode {
  const { t } = useTranslation('waybills');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const detail = useWaybillDetail(id);
  const real = useWaybillReal(id, detail.data?.status !== 'completed');
  const actions = useWaybillActions();
  const [timeOpen, setTimeOpen] = useState(false);
  const w = detail.data;
  // the live call saw a transition (AI start/stop, another user): read the waybill again
  const liveStatus = real.data?.status;
  useEffect(() => {
    if (liveStatus && w && liveStatus !== w.status) void detail.refetch();
  }, [liveStatus, w, detail]);
  const lead = real.data?.position?.deviceId ?? w?.devices[0]?.id ?? null;
  const [chartDevice, setChartDevice] = useState<string | null>(null);
  const { beginTime: begin, endTime: end } = w ? tripWindow(w, real.data?.now ?? 0) : { beginTime: 0, endTime: 0 };
  const track = useDeviceTrack(lead ?? '', begin, end);
  const entries = useMemo(() => {
    if (!w) return [];
    const points = w.status === 'unstarted' ? [] : (track.data?.points ?? []);
    // a completed trip shows where it ended, not where the truck is now
    const p = w.status === 'completed' ? points.at(-1) : real.data?.position;
    return [
      {
        id: w.id,
        route: w.route,
        position: p ? { lat: p.lat, lng: p.lng, label: w.vehicle || w.name } : null,
        track: points,
      },
    ];
  }, [w, real.data, track.data]);

  if (detail.isError)
    return (
      <Result
        status="error"
        title={t('detail.loadError')}
        subTitle={detail.error.message}
        extra={<Button onClick={() => void navigate('/task/list')}>{t('actions.back')}</Button>}
      />
    );
  if (!w) return <Spin spinning style={{ display: 'block', marginTop: 48 }} />;

  const devices = real.data?.devices ?? w.deviceRecords;
  const progress = real.data?.progress;
  const timing = real.data && real.data.status === w.status ? real.data.timing : w.timing;
  const eta = real.data?.etaMs ?? w.etaMs;
  const deviceIds = w.deviceHistory.map((h) => h.id);
  const alarmQuery = {
    deviceId: [...new Set(deviceIds)].join(','),
    startTs_begin: String(begin),
    startTs_end: String(end),
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={12} data-testid="waybill-detail">
      <Card size="small">
        <Space wrap size={4} style={{ marginBottom: 4 }}>
          <Typography.Text strong style={{ fontSize: 16 }}>
            {w.name}
          </Typography.Text>
          <WaybillStatusTag status={w.status} />
          <WaybillTimingTag timing={timing} />
        </Space>
        <div style={{ marginBottom: 8 }}>
          <Space wrap size={0}>
            {w.status === 'unstarted' && (
              <Authorized action={WAYBILL_PERMS.start}>
                <Button type="link" size="small" onClick={() => actions.start(w)} data-testid="detail-start">
                  {t('actions.start')}
                </Button>
              </Authorized>
            )}
            {w.status === 'ongoing' && (
              <Authorized action={WAYBILL_PERMS.stop}>
                <Button type="link" size="small" danger onClick={() => actions.stop(w)} data-testid="detail-stop">
                  {t('actions.stop')}
                </Button>
              </Authorized>
            )}
            {w.status === 'unstarted' && (
              <Authorized action={WAYBILL_PERMS.edit}>
                <Button
                  type="link"
                  size="small"
                  onClick={() => void navigate(`/task/edit/${encodeURIComponent(w.id)}`)}
                >
                  {t('actions.edit')}
                </Button>
              </Authorized>
            )}
            {w.status !== 'completed' && (
              <Authorized action={WAYBILL_PERMS.edit}>
                <Button type="link" size="small" onClick={() => setTimeOpen(true)}>
                  {t('actions.modifyTime')}
                </Button>
              </Authorized>
            )}
            {(['chart', 'speed', 'maphistory'] as const).map((view) => (
              <Button
                key={view}
                type="link"
                size="small"
                onClick={() => void navigate(`/task/${view}/${encodeURIComponent(w.id)}`)}
              >
                {t(`actions.${view}`)}
              </Button>
            ))}
            {w.status !== 'unstarted' && <WaybillReportMenu waybillId={w.id} />}
            <Authorized action={WAYBILL_PERMS.delete}>
              <Button
                type="link"
                size="small"
                danger
                onClick={() => actions.remove(w, () => void navigate('/task/list'))}
              >
                {t('actions.delete')}
              </Button>
            </Authorized>
          </Space>
        </div>
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
          <Descriptions.Item label={t('fields.number')}>{w.number}</Descriptions.Item>
          <Descriptions.Item label={t('fields.innerNumber')}>{w.innerNumber || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('fields.vehicle')}>{w.vehicle || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('fields.driverPhone')}>{w.driverPhone || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('fields.company')}>{w.company || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('fields.mileageKm')}>{w.mileageKm ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('fields.plannedStart')}>{time(w.plannedStart)}</Descriptions.Item>
          <Descriptions.Item label={t('fields.plannedEnd')}>{time(w.plannedEnd)}</Descriptions.Item>
          <Descriptions.Item label={t('fields.actualStart')}>{time(w.actualStart)}</Descriptions.Item>
          <Descriptions.Item label={t('fields.actualEnd')}>{time(w.actualEnd)}</Descriptions.Item>
          <Descriptions.Item label={t('fields.routeName')}>{w.routeName}</Descriptions.Item>
          <Descriptions.Item label={t('fields.aiStartStop')}>
            {w.aiStartStop ? t('common.yes') : t('common.no')}
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.monitors')}>
            {w.monitors.map((m) => m.name).join(', ') || '—'}
          </Descriptions.Item>
          {w.status === 'ongoing' && <Descriptions.Item label={t('detail.eta')}>{time(eta)}</Descriptions.Item>}
          {w.status === 'ongoing' && progress && (
            <Descriptions.Item label={t('detail.remaining')}>
              {t('detail.km', {
                km: (progress.remainingM / 1000).toFixed(1),
                total: (progress.totalM / 1000).toFixed(1),
              })}
            </Descriptions.Item>
          )}
          <Descriptions.Item label={t('detail.lastPosition')}>{time(real.data?.position?.ts)}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card size="small">
        <Tabs
          items={[
            {
              key: 'map',
              label: t('detail.map'),
              children: <WaybillMap entries={entries} fitKey={w.id} className={styles.mapBox} />,
            },
            {
              key: 'chart',
              label: t('detail.chart'),
              children: (
                <Space direction="vertical" style={{ width: '100%' }}>
                  {w.devices.length > 1 && (
                    <Select
                      style={{ minWidth: 200 }}
                      value={chartDevice ?? lead ?? undefined}
                      onChange={setChartDevice}
                      options={w.devices.map((d) => ({ value: d.id, label: d.name }))}
                    />
                  )}
                  {(chartDevice ?? lead) && (
                    <TripChart deviceId={(chartDevice ?? lead)!} beginTime={begin} endTime={end} />
                  )}
                </Space>
              ),
            },
            {
              key: 'devices',
              label: t('detail.devices'),
              children: <WaybillDevicesPanel waybill={w} devices={devices} />,
            },
            {
              key: 'alarms',
              label: t('detail.alarms'),
              children: (
                <AlarmListView
                  route={AlarmRoutes.list}
                  sourceKey="/task/detail/alarms"
                  testId="waybill-alarms"
                  defaultQuery={alarmQuery}
                  accept={(a) => deviceIds.includes(a.deviceId)}
                />
              ),
            },
          ]}
        />
      </Card>
      <ModifyTimeModal waybill={w} open={timeOpen} onClose={() => setTimeOpen(false)} />
    </Space>
  );
}
