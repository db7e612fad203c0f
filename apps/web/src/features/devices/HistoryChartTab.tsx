import { useMemo, useState, type ReactNode } from 'react';
import { Alert, Empty, Select, Space, Spin, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { getParameter, type DeviceRecord } from '@ztj/contracts';
import { toLanguage } from '../../platform/i18n/i18n';
import { useAlarmMarks } from '../alarms/useAlarmMarks';
import { useDeviceHistory } from './api';
import { EChart, type LineChartOption } from './EChart';
import { HistoryRangePicker } from './HistoryRangePicker';
import { computeHistoryRange, type HistoryRangeValue } from './historyRange';
import { DATE_TIME_FORMAT, formatParameterValue, parameterName } from './parameterFormat';
import styles from './devices.module.css';
import dayjs from 'dayjs';

/** Points per series asked of the server (it downsamples with min/max buckets above that). */
export const CHART_POINTS = 1500;

interface HistoryChartTabProps {
  device: DeviceRecord;
  range: HistoryRangeValue;
  onRangeChange: (range: HistoryRangeValue) => void;
}

/** Numeric parameters of a device, the ones a line chart can show (temperature first). */
export function chartableCodes(device: DeviceRecord): string[] {
  const codes = device.values.filter((v) => getParameter(v.code)?.valueType === 'number').map((v) => v.code);
  return codes.length > 0 ? codes : ['P003'];
}

/**
 * History chart per parameter (ECharts line, server-downsampled chart mode, zoom by wheel and
 * slider, unit on the value axis). Thousands of points stay readable: no symbols, LTTB sampling.
 * The device's alarms over the range are shaded (markArea per alarm start/end).
 */
export function HistoryChartTab({ device, range, onRangeChange }: HistoryChartTabProps): ReactNode {
  const { t, i18n } = useTranslation(['devices', 'alarms']);
  const lang = toLanguage(i18n.language);
  const codes = useMemo(() => chartableCodes(device), [device]);
  const [code, setCode] = useState(codes[0]);
  const span = useMemo(() => computeHistoryRange(range), [range]);
  const history = useDeviceHistory({
    id: device.id,
    range: range.key,
    ...span,
    mode: 'chart',
    points: CHART_POINTS,
    codes: code,
  });
  const series = history.data?.series.find((s) => s.code === code);
  const unit = series?.unit || getParameter(code)?.unit || '';
  const marks = useAlarmMarks(device.id, span.beginTime, span.endTime);

  const option = useMemo<LineChartOption>(
    () => ({
      animation: false,
      grid: { left: 56, right: 24, top: 40, bottom: 72 },
      tooltip: {
        trigger: 'axis',
        valueFormatter: (v) => (typeof v === 'number' ? formatParameterValue(code, v, lang) : String(v)),
      },
      xAxis: { type: 'time', axisLabel: { hideOverlap: true } },
      yAxis: {
        type: 'value',
        name: unit ? `${parameterName(code, lang)} (${unit})` : parameterName(code, lang),
        scale: true,
      },
      dataZoom: [
        { type: 'inside' },
        { type: 'slider', height: 24, bottom: 16, labelFormatter: (v: number) => dayjs(v).format(DATE_TIME_FORMAT) },
      ],
      series: [
        {
          type: 'line',
          name: parameterName(code, lang),
          showSymbol: false,
          sampling: 'lttb',
          data: series?.points ?? [],
          lineStyle: { width: 1.5 },
          markArea: marks.markArea,
        },
      ],
    }),
    [code, lang, series, unit, marks.markArea],
  );

  return (
    <div data-testid="history-chart-tab">
      <Space wrap style={{ marginBottom: 12 }}>
        <HistoryRangePicker value={range} onChange={onRangeChange} />
        <Select
          style={{ minWidth: 160 }}
          value={code}
          onChange={setCode}
          options={codes.map((c) => ({ value: c, label: parameterName(c, lang) }))}
          data-testid="chart-parameter"
        />
        {series?.downsampled && <Tag color="blue">{t('chart.downsampled', { count: series.points.length })}</Tag>}
        {marks.count > 0 && (
          <Tag color="red" data-testid="chart-alarm-marks">
            {t('alarms:chart.marks')}: {marks.count}
          </Tag>
        )}
        {marks.isError && <Tag color="warning">{t('alarms:chart.marksError')}</Tag>}
      </Space>
      {history.isError && <Alert type="error" showIcon title={t('chart.error')} />}
      <Spin spinning={history.isFetching}>
        {!history.isLoading && (series?.points.length ?? 0) === 0 ? (
          <Empty description={t('chart.empty')} />
        ) : (
          <EChart option={option} className={styles.chartBox} testId="history-chart" />
        )}
      </Spin>
    </div>
  );
}
