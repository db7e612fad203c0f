import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Alert, Button, Empty, Slider, Space, Spin, Typography } from 'antd';
import { CaretRightOutlined, PauseOutlined } from '@ant-design/icons';
import { CircleMarker, Polyline, Tooltip } from 'react-leaflet';
import { useTranslation } from 'react-i18next';
import { PARAM, type WaybillRoute } from '@ztj/contracts';
import { BaseMap, FitBounds } from '../../../platform/map/BaseMap';
import { useMapTiles } from '../../../platform/map/useMapTiles';
import { useDeviceHistory, useDeviceTrack } from '../../devices/api';
import { formatReportTime } from '../../devices/parameterFormat';
import { bucketColour, colourTrack, TRACK_BUCKETS } from './trackColours';
import styles from './waybills.module.css';

/** Playback step interval, ms. */
const TICK_MS = 200;

interface TripTrackHistoryProps {
  deviceId: string;
  route: WaybillRoute;
  beginTime: number;
  endTime: number;
}

/**
 * Track playback of a trip (SPEC §2 waybill map history): the device's positions over the trip
 * window coloured by its temperature (blue coldest → red warmest of the trip, legend in °C), the
 * preset route dashed underneath, and a marker to play or scrub along the track with its time.
 */
export function TripTrackHistory({ deviceId, route, beginTime, endTime }: TripTrackHistoryProps): ReactNode {
  const { t } = useTranslation('waybills');
  const { toTile } = useMapTiles();
  const track = useDeviceTrack(deviceId, beginTime, endTime);
  const temps = useDeviceHistory({
    id: deviceId,
    range: 'custom',
    beginTime,
    endTime,
    mode: 'chart',
    points: 2000,
    codes: PARAM.temperature,
  });
  const points = useMemo(() => track.data?.points ?? [], [track.data]);
  const series = temps.data?.series.find((s) => s.code === PARAM.temperature)?.points;
  const coloured = useMemo(() => colourTrack(points, series ?? []), [points, series]);
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(false);
  useEffect(() => {
    if (!playing) return undefined;
    const timer = setInterval(() => setIndex((i) => (i + 1 < points.length ? i + 1 : i)), TICK_MS);
    return () => clearInterval(timer);
  }, [playing, points.length]);
  useEffect(() => {
    if (index >= points.length - 1) setPlaying(false);
  }, [index, points.length]);

  const at = (p: { lat: number; lng: number }): [number, number] => {
    const x = toTile(p.lat, p.lng);
    return [x.lat, x.lng];
  };
  const routeLine = [route.origin, ...route.waypoints, route.destination].map(at);
  const bounds = useMemo(() => points.map((p) => toTile(p.lat, p.lng)), [points, toTile]);
  const current = points[Math.min(index, points.length - 1)];

  if (track.isError) return <Alert type="error" showIcon title={t('history.error')} />;
  if (!track.isLoading && points.length === 0) return <Empty description={t('history.empty')} />;
  return (
    <Spin spinning={track.isLoading}>
      <BaseMap className={styles.mapBox} testId="waybill-history-map" initial={bounds[0]}>
        <FitBounds positions={bounds} fitKey={bounds.length ? deviceId : null} maxZoom={15} />
        <Polyline positions={routeLine} pathOptions={{ color: '#8c8c8c', weight: 2, dashArray: '6 6' }} />
        {coloured.runs.map((run, i) => (
          <Polyline
            key={i}
            positions={run.points.map(at)}
            pathOptions={{ color: bucketColour(run.bucket), weight: 5, opacity: 0.9 }}
            className="ztj-waybill-history-run"
          />
        ))}
        {current && (
          <CircleMarker
            center={at(current)}
            radius={8}
            pathOptions={{ color: '#fff', weight: 2, fillColor: '#fa541c', fillOpacity: 1 }}
          >
            <Tooltip permanent direction="top" offset={[0, -8]}>
              {formatReportTime(current.ts)}
            </Tooltip>
          </CircleMarker>
        )}
      </BaseMap>
      <Space wrap style={{ marginTop: 12, width: '100%' }}>
        <Button
          type="primary"
          icon={playing ? <PauseOutlined /> : <CaretRightOutlined />}
          onClick={() =>
            playing ? setPlaying(false) : (setIndex((i) => (i >= points.length - 1 ? 0 : i)), setPlaying(true))
          }
        >
          {playing ? t('history.pause') : t('history.play')}
        </Button>
        <Slider
          style={{ width: 240, maxWidth: '70vw' }}
          min={0}
          max={Math.max(points.length - 1, 0)}
          value={index}
          onChange={(v) => setIndex(v)}
          tooltip={{ formatter: (v) => formatReportTime(points[v ?? 0]?.ts) }}
        />
        {coloured.range && (
          <Space size={2} data-testid="waybill-history-legend">
            <Typography.Text type="secondary">{coloured.range[0].toFixed(1)} °C</Typography.Text>
            {Array.from({ length: TRACK_BUCKETS }, (_, i) => (
              <span key={i} style={{ display: 'inline-block', width: 14, height: 10, background: bucketColour(i) }} />
            ))}
            <Typography.Text type="secondary">{coloured.range[1].toFixed(1)} °C</Typography.Text>
          </Space>
        )}
      </Space>
    </Spin>
  );
}
