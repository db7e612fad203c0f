import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Alert, Button, Empty, Slider, Space, Spin, Typography } from 'antd';
import { CaretRightOutlined, PauseOutlined, UndoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DeviceRecord } from '@ztj/contracts';
import { useDeviceTrack } from './api';
import { HistoryRangePicker } from './HistoryRangePicker';
import { computeHistoryRange, type HistoryRangeValue } from './historyRange';
import { formatReportTime } from './parameterFormat';
import { TrackMap } from './TrackMap';
import { PLAYBACK_SPEEDS, nextPlaybackIndex, toTilePoints } from './trackPlayback';
import { useMapTiles } from '../../platform/map/useMapTiles';

interface TrackTabProps {
  device: DeviceRecord;
  range: HistoryRangeValue;
  onRangeChange: (range: HistoryRangeValue) => void;
}

/** Track of a device over the chosen range with playback: play/pause, restart, speed slider. */
export function TrackTab({ device, range, onRangeChange }: TrackTabProps): ReactNode {
  const { t } = useTranslation('devices');
  const span = useMemo(() => computeHistoryRange(range), [range]);
  const track = useDeviceTrack(device.id, span.beginTime, span.endTime);
  const { toTile, coords } = useMapTiles();
  const points = useMemo(() => toTilePoints(track.data?.points ?? [], toTile), [track.data, toTile]);
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<number>(PLAYBACK_SPEEDS.default);

  useEffect(() => {
    setIndex(Math.max(0, points.length - 1));
    setPlaying(false);
  }, [points]);

  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(() => {
      setIndex((i) => {
        const next = nextPlaybackIndex(i, speed, points.length);
        if (next >= points.length - 1) setPlaying(false);
        return next;
      });
    }, 100);
    return () => clearInterval(timer);
  }, [playing, speed, points.length]);

  const play = (): void => {
    if (index >= points.length - 1) setIndex(0);
    setPlaying(true);
  };

  return (
    <div data-testid="track-tab">
      <Space wrap style={{ marginBottom: 12 }}>
        <HistoryRangePicker value={range} onChange={onRangeChange} />
      </Space>
      {track.isError && <Alert type="error" showIcon title={t('track.error')} style={{ marginBottom: 12 }} />}
      <Spin spinning={track.isFetching}>
        {!track.isLoading && points.length === 0 ? (
          <Empty description={t('track.empty')} />
        ) : (
          <TrackMap points={points} index={index} />
        )}
      </Spin>
      {points.length > 1 && (
        <Space wrap style={{ marginTop: 12, width: '100%' }} align="center">
          {playing ? (
            <Button icon={<PauseOutlined />} onClick={() => setPlaying(false)} data-testid="track-pause">
              {t('track.pause')}
            </Button>
          ) : (
            <Button type="primary" icon={<CaretRightOutlined />} onClick={play} data-testid="track-play">
              {t('track.play')}
            </Button>
          )}
          <Button icon={<UndoOutlined />} onClick={() => setIndex(0)}>
            {t('track.restart')}
          </Button>
          <span>{t('track.speed')}</span>
          <Slider
            style={{ width: 160 }}
            min={PLAYBACK_SPEEDS.min}
            max={PLAYBACK_SPEEDS.max}
            value={speed}
            onChange={setSpeed}
          />
          <Typography.Text type="secondary" data-testid="track-position">
            {t('track.position', { index: index + 1, total: points.length, time: formatReportTime(points[index]?.ts) })}
          </Typography.Text>
          {coords === 'gcj02' && <Typography.Text type="secondary">{t('track.gcj02')}</Typography.Text>}
        </Space>
      )}
    </div>
  );
}
