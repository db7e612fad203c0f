import { useMemo, useState, type ReactNode } from 'react';
import { Alert, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { DeviceEventType } from '@ztj/contracts';
import { useDeviceEvents, type DeviceEventRecord } from './api';
import { HistoryRangePicker } from './HistoryRangePicker';
import { computeHistoryRange, type HistoryRangeValue } from './historyRange';
import { formatReportTime } from './parameterFormat';

/** Tag colour of each device event type (SPEC §4); the labels are `events.types.*`. */
export const EVENT_COLOURS: Readonly<Record<DeviceEventType, string>> = {
  power_on: 'green',
  power_off: 'red',
  flight_on: 'purple',
  flight_off: 'default',
  low_power_on: 'orange',
  low_power_off: 'default',
  charging_on: 'cyan',
  charging_off: 'default',
};

interface EventsTabProps {
  deviceId: string;
  range: HistoryRangeValue;
  onRangeChange: (range: HistoryRangeValue) => void;
}

/** Device events (power, flight mode, low-power mode, charging) with translated types, paged. */
export function EventsTab({ deviceId, range, onRangeChange }: EventsTabProps): ReactNode {
  const { t } = useTranslation('devices');
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  const span = useMemo(() => computeHistoryRange(range), [range]);
  const events = useDeviceEvents({ id: deviceId, ...span, ...page });
  const columns: ColumnsType<DeviceEventRecord> = [
    {
      title: t('events.type'),
      dataIndex: 'type',
      key: 'type',
      render: (type: DeviceEventType) => <Tag color={EVENT_COLOURS[type]}>{t(`events.types.${type}`)}</Tag>,
    },
    { title: t('events.ts'), dataIndex: 'ts', key: 'ts', render: (v: number) => formatReportTime(v) },
    {
      title: t('history.receivedAt'),
      dataIndex: 'receivedAt',
      key: 'receivedAt',
      render: (v: number) => formatReportTime(v),
    },
  ];
  return (
    <div data-testid="events-tab">
      <div style={{ marginBottom: 12 }}>
        <HistoryRangePicker value={range} onChange={onRangeChange} />
      </div>
      {events.isError && <Alert type="error" showIcon title={t('events.error')} style={{ marginBottom: 12 }} />}
      <Table<DeviceEventRecord>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={events.data?.records ?? []}
        loading={events.isFetching}
        locale={{ emptyText: t('events.empty') }}
        onChange={(p) => setPage({ pageNo: p.current ?? 1, pageSize: p.pageSize ?? 10 })}
        pagination={{
          current: page.pageNo,
          pageSize: page.pageSize,
          total: events.data?.total ?? 0,
          pageSizeOptions: [10, 20, 30],
          showSizeChanger: true,
        }}
      />
    </div>
  );
}
