import { useMemo, useState, type ReactNode } from 'react';
import { Button, Card, Result, Select, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useWaybillDetail } from './api';
import { TripChart } from './TripChart';
import { TripTrackHistory } from './TripTrackHistory';
import { tripWindow } from './tripWindow';
import { WaybillStatusTag } from './WaybillTags';

type TripView = 'chart' | 'speed' | 'history';

/**
 * One view of a waybill's trip (SPEC §2 waybill chart, speed, map history): the temperature /
 * humidity chart with limit lines, the speed curve (km/h), or the track playback of a device over
 * the trip window coloured by its temperature (actual start to actual end, now while ongoing). A device select when the waybill
 * has several.
 */
function WaybillTripPage({ view }: { view: TripView }): ReactNode {
  const { t } = useTranslation('waybills');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const detail = useWaybillDetail(id);
  const [deviceId, setDeviceId] = useState<string | null>(null);
  const [now] = useState(() => Date.now());
  const w = detail.data;
  const span = useMemo(() => (w ? tripWindow(w, now) : null), [w, now]);
  if (detail.isError)
    return (
      <Result
        status="error"
        title={t('detail.loadError')}
        subTitle={detail.error.message}
        extra={<Button onClick={() => void navigate('/task/list')}>{t('actions.back')}</Button>}
      />
    );
  if (!w || !span) return <Spin spinning style={{ display: 'block', marginTop: 48 }} />;
  const chosen = deviceId ?? w.devices[0]?.id ?? null;
  return (
    <Card
      size="small"
      data-testid={`waybill-${view}`}
      title={
        <Space wrap size={4}>
          <a onClick={() => void navigate(`/task/detail/${encodeURIComponent(w.id)}`)}>{w.name}</a>
          <WaybillStatusTag status={w.status} />
        </Space>
      }
    >
      {w.devices.length > 1 && (
        <Select
          style={{ minWidth: 200, marginBottom: 12 }}
          value={chosen ?? undefined}
          onChange={setDeviceId}
          options={w.devices.map((d) => ({ value: d.id, label: d.name }))}
        />
      )}
      {chosen && view !== 'history' && (
        <TripChart
          deviceId={chosen}
          kind={view === 'speed' ? 'speed' : 'climate'}
          beginTime={span.beginTime}
          endTime={span.endTime}
        />
      )}
      {chosen && view === 'history' && (
        <TripTrackHistory deviceId={chosen} route={w.route} beginTime={span.beginTime} endTime={span.endTime} />
      )}
    </Card>
  );
}

/** `task/TaskChart`: temperature and humidity over the trip. */
export function WaybillChartPage(): ReactNode {
  return <WaybillTripPage view="chart" />;
}
/** `task/TaskSpeed`: speed over the trip. */
export function WaybillSpeedPage(): ReactNode {
  return <WaybillTripPage view="speed" />;
}
/** `task/TaskMapHistory`: track playback over the trip. */
export function WaybillMapHistoryPage(): ReactNode {
  return <WaybillTripPage view="history" />;
}
