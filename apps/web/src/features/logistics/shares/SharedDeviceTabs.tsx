import { useMemo, useState, type ReactNode } from 'react';
import { Alert, Empty, Select, Space, Spin, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { getParameter, type AlarmRecord, type DeviceRecord, type HistoryRow, type Language } from '@ztj/contracts';
import { useMapTiles } from '../../../platform/map/useMapTiles';
import { SeverityTag, StatusTag as AlarmStatusTag } from '../../alarms/AlarmTags';
import { alarmTypeName, formatAlarmTime, formatAlarmValue } from '../../alarms/alarmText';
import { EChart, type LineChartOption } from '../../devices/EChart';
import { chartableCodes } from '../../devices/HistoryChartTab';
import { computeHistoryRange, type HistoryRangeValue } from '../../devices/historyRange';
import { DATE_TIME_FORMAT, formatParameterValue, formatReportTime, parameterName } from '../../devices/parameterFormat';
import { TrackMap } from '../../devices/TrackMap';
import { toTilePoints } from '../../devices/trackPlayback';
import deviceStyles from '../../devices/devices.module.css';
import { useSharedAlarms, useSharedHistory, useSharedTrack } from './api';
import { SizedMount } from './SizedMount';

/**
 * Read-only views of a shared device: history chart, history table, track map
 * and alarms. They read through the share calls (checked on the server on every call) and reuse
 * the device and alarm screens' presentational parts (EChart, TrackMap, parameter and alarm texts).
 */

interface TabProps {
  device: DeviceRecord;
  range: HistoryRangeValue;
  lang: Language;
}

/** Points per series asked of the server. */
const CHART_POINTS = 1000;

/** Line chart of one parameter over the range. */
export function SharedChart({ device, range, lang }: TabProps): ReactNode {
  const { t } = useTranslation('shares');
  const codes = useMemo(() => chartableCodes(device), [device]);
  const [code, setCode] = useState(codes[0]!);
  const span = useMemo(() => computeHistoryRange(range), [range]);
  const history = useSharedHistory({
    id: device.id,
    range: range.key,
    ...span,
    mode: 'chart',
    points: CHART_POINTS,
    codes: code,
  });
  const series = history.data?.series.find((s) => s.code === code);
  const unit = series?.unit || getParameter(code)?.unit || '';
  const option = useMemo<LineChartOption>(
    () => ({
      animation: false,
      grid: { left: 56, right: 16, top: 40, bottom: 64 },
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
        { type: 'slider', height: 20, bottom: 12, labelFormatter: (v: number) => dayjs(v).format(DATE_TIME_FORMAT) },
      ],
      series: [
        {
          type: 'line',
          name: parameterName(code, lang),
          showSymbol: false,
          sampling: 'lttb',
          data: series?.points ?? [],
          lineStyle: { width: 1.5 },
        },
      ],
    }),
    [code, lang, series, unit],
  );
  return (
    <div data-testid="shared-chart">
      <Select
        style={{ minWidth: 160, marginBottom: 12 }}
        value={code}
        onChange={setCode}
        options={codes.map((c) => ({ value: c, label: parameterName(c, lang) }))}
      />
      {history.isError && <Alert type="error" showIcon title={history.error.message} />}
      <Spin spinning={history.isFetching}>
        {!history.isLoading && (series?.points.length ?? 0) === 0 ? (
          <Empty description={t('device.noData')} />
        ) : (
          <EChart option={option} testId="shared-history-chart" className={deviceStyles.chartBox} />
        )}
      </Spin>
    </div>
  );
}

/** History table, paged by the server, one column per parameter. */
export function SharedTable({ device, range, lang }: TabProps): ReactNode {
  const { t } = useTranslation('shares');
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  const span = useMemo(() => computeHistoryRange(range), [range]);
  const history = useSharedHistory({ id: device.id, range: range.key, ...span, mode: 'table', ...page });
  const records = useMemo(() => history.data?.records ?? [], [history.data]);
  const columns = useMemo<ColumnsType<HistoryRow>>(() => {
    const codes = [...new Set(records.flatMap((r) => r.values.map((v) => v.code)))];
    return [
      { title: t('device.time'), key: 'ts', width: 170, render: (_: unknown, r) => formatReportTime(r.ts) },
      ...codes.map((code) => ({
        title: parameterName(code, lang),
        key: code,
        render: (_: unknown, r: HistoryRow) =>
          formatParameterValue(code, r.values.find((v) => v.code === code)?.value, lang),
      })),
      {
        title: t('device.position'),
        key: 'pos',
        render: (_: unknown, r) =>
          r.lat === null || r.lng === null ? '—' : `${r.lat.toFixed(5)}, ${r.lng.toFixed(5)}`,
      },
    ];
  }, [records, lang, t]);
  return (
    <>
      {history.isError && <Alert type="error" showIcon title={history.error.message} style={{ marginBottom: 8 }} />}
      <Table<HistoryRow>
        size="small"
        rowKey="ts"
        data-testid="shared-history-table"
        loading={history.isFetching}
        dataSource={records}
        columns={columns}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('device.noData')} /> }}
        pagination={{
          current: page.pageNo,
          pageSize: page.pageSize,
          total: history.data?.total ?? 0,
          size: 'small',
          showSizeChanger: true,
          pageSizeOptions: ['10', '20', '30'],
          onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
        }}
      />
    </>
  );
}

/** Track of the range on the map (start, end and newest point). */
export function SharedTrack({ device, range }: TabProps): ReactNode {
  const { t } = useTranslation('shares');
  const span = useMemo(() => computeHistoryRange(range), [range]);
  const track = useSharedTrack(device.id, span.beginTime, span.endTime);
  const { toTile } = useMapTiles();
  const points = useMemo(() => toTilePoints(track.data?.points ?? [], toTile), [track.data, toTile]);
  return (
    <div data-testid="shared-track">
      {track.isError && <Alert type="error" showIcon title={track.error.message} style={{ marginBottom: 8 }} />}
      <Spin spinning={track.isFetching}>
        {track.isLoading ? (
          <div style={{ minHeight: 240 }} />
        ) : points.length === 0 ? (
          <Empty description={t('device.noTrack')} />
        ) : (
          <SizedMount>{() => <TrackMap points={points} index={points.length - 1} />}</SizedMount>
        )}
      </Spin>
    </div>
  );
}

/** Alarms of the device (read-only: no processing, no comments). */
export function SharedAlarms({ device, lang }: Omit<TabProps, 'range'>): ReactNode {
  const { t } = useTranslation('shares');
  const { t: ta } = useTranslation('alarms');
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  const alarms = useSharedAlarms(device.id, page.pageNo, page.pageSize);
  const columns: ColumnsType<AlarmRecord> = [
    { title: t('alarm.type'), key: 'type', render: (_: unknown, a) => alarmTypeName(a.alarmType, lang, ta) },
    { title: t('alarm.severity'), key: 'severity', render: (_: unknown, a) => <SeverityTag severity={a.severity} /> },
    { title: t('alarm.value'), key: 'value', render: (_: unknown, a) => formatAlarmValue(a, a.value, lang) },
    { title: t('alarm.start'), key: 'start', render: (_: unknown, a) => formatAlarmTime(a.startTs) },
    { title: t('alarm.end'), key: 'end', render: (_: unknown, a) => formatAlarmTime(a.endTs) },
    { title: t('alarm.status'), key: 'status', render: (_: unknown, a) => <AlarmStatusTag status={a.status} /> },
  ];
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {alarms.isError && <Alert type="error" showIcon title={alarms.error.message} />}
      <Table<AlarmRecord>
        size="small"
        rowKey="id"
        data-testid="shared-alarms"
        loading={alarms.isFetching}
        dataSource={alarms.data?.records ?? []}
        columns={columns}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('device.noAlarms')} /> }}
        pagination={{
          current: page.pageNo,
          pageSize: page.pageSize,
          total: alarms.data?.total ?? 0,
          size: 'small',
          showSizeChanger: true,
          pageSizeOptions: ['10', '20', '30'],
          onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
        }}
      />
    </Space>
  );
}
