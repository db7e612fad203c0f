import { useMemo, type ReactNode } from 'react';
import { Alert, Empty, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { MarkLineComponent } from 'echarts/components';
import { use as registerEchartsParts } from 'echarts/core';
import dayjs from 'dayjs';
import { PARAM } from '@ztj/contracts';
import { toLanguage } from '../../../platform/i18n/i18n';
import { useDeviceHistory } from '../../devices/api';
import { EChart, type LineChartOption } from '../../devices/EChart';
import { DATE_TIME_FORMAT, parameterName } from '../../devices/parameterFormat';
import { useDeviceLimits } from './api';
import { limitLines } from './tripLimits';
import styles from './waybills.module.css';

registerEchartsParts([MarkLineComponent]);

/** Points per series asked of the server (it downsamples above that). */
const POINTS = 1000;

interface TripChartProps {
  deviceId: string;
  /** `climate`: temperature (°C) and humidity (%RH) with limit lines; `speed`: GPS speed (km/h). */
  kind?: 'climate' | 'speed';
  /** The trip window, ms epoch (actual start, or planned start; actual end or now). */
  beginTime: number;
  endTime: number;
}

/**
 * Temperature (°C, left axis) and humidity (%RH, right axis) of one device over the trip window,
 * with the limit lines of the rule templates in effect on it (dashed red), or its GPS speed (km/h,
 * SPEC §2 waybill speed), on the device area's chart (the device history call in chart mode).
 */
export function TripChart({ deviceId, beginTime, endTime, kind = 'climate' }: TripChartProps): ReactNode {
  const { t, i18n } = useTranslation('waybills');
  const lang = toLanguage(i18n.language);
  const codes = kind === 'speed' ? [PARAM.speed] : [PARAM.temperature, PARAM.humidity];
  const history = useDeviceHistory(
    { id: deviceId, range: 'custom', beginTime, endTime, mode: 'chart', points: POINTS, codes: codes.join(',') },
    endTime > beginTime,
  );
  const limits = useDeviceLimits(kind === 'climate' ? deviceId : null);
  const option = useMemo<LineChartOption>(() => {
    const series = codes.map((code, axis) => {
      const s = history.data?.series.find((x) => x.code === code);
      const lines = limitLines(limits.data ?? [], code);
      return {
        type: 'line' as const,
        name: parameterName(code, lang),
        yAxisIndex: axis,
        showSymbol: false,
        sampling: 'lttb' as const,
        data: s?.points ?? [],
        lineStyle: { width: 1.5 },
        markLine: lines.length
          ? {
              symbol: 'none',
              silent: true,
              lineStyle: { color: '#f5222d', type: 'dashed' as const },
              label: { formatter: `{c}` },
              data: lines.map((y) => ({ yAxis: y })),
            }
          : undefined,
      };
    });
    return {
      animation: false,
      legend: { top: 0 },
      grid: { left: 48, right: 48, top: 36, bottom: 64 },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'time', min: beginTime, max: endTime, axisLabel: { hideOverlap: true } },
      yAxis:
        kind === 'speed'
          ? [{ type: 'value', name: 'km/h', min: 0 }]
          : [
              { type: 'value', name: '°C', scale: true },
              { type: 'value', name: '%RH', scale: true },
            ],
      dataZoom: [
        { type: 'inside' },
        { type: 'slider', height: 20, bottom: 12, labelFormatter: (v: number) => dayjs(v).format(DATE_TIME_FORMAT) },
      ],
      series,
    } as LineChartOption;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- codes is a constant pair
  }, [history.data, limits.data, lang, beginTime, endTime, kind]);
  const empty = !history.isLoading && (history.data?.series ?? []).every((s) => s.points.length === 0);
  return (
    <div data-testid="waybill-chart">
      {history.isError && <Alert type="error" showIcon title={t('detail.chartError')} />}
      <Spin spinning={history.isFetching}>
        {empty ? (
          <Empty description={t('detail.chartEmpty')} />
        ) : (
          <EChart option={option} className={styles.chartBox} testId="waybill-chart-canvas" />
        )}
      </Spin>
    </div>
  );
}
