import { useMemo, useState, type ReactNode } from 'react';
import { Alert, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useDeviceLogs, type DeviceLogRecord } from './api';
import { HistoryRangePicker } from './HistoryRangePicker';
import { toLanguage } from '../../platform/i18n/i18n';
import { formatLogContent, logKindLabel, logOperatorText } from './deviceLogFormat';
import { computeHistoryRange, type HistoryRangeValue } from './historyRange';
import { formatReportTime } from './parameterFormat';

interface LogTabProps {
  deviceId: string;
  range: HistoryRangeValue;
  onRangeChange: (range: HistoryRangeValue) => void;
}

/**
 * Device log: commands sent (from the console or by a scene), acknowledgements, configuration
 * changes and messages the ingest refused (with the reason in the interface language), paged.
 */
export function LogTab({ deviceId, range, onRangeChange }: LogTabProps): ReactNode {
  const { t, i18n } = useTranslation('devices');
  const lang = toLanguage(i18n.language);
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  const span = useMemo(() => computeHistoryRange(range), [range]);
  const logs = useDeviceLogs({ id: deviceId, ...span, ...page });
  const columns: ColumnsType<DeviceLogRecord> = [
    {
      title: t('log.createTime'),
      dataIndex: 'createTime',
      key: 'createTime',
      width: 170,
      render: (v: number) => formatReportTime(v),
    },
    {
      title: t('log.kind'),
      dataIndex: 'kind',
      key: 'kind',
      width: 110,
      render: (kind: string) => <Tag color={kind === 'refused' ? 'warning' : undefined}>{logKindLabel(kind, t)}</Tag>,
    },
    {
      title: t('log.content'),
      dataIndex: 'content',
      key: 'content',
      render: (content: string, r) => <span title={content}>{formatLogContent(r.kind, content, t, lang)}</span>,
    },
    {
      title: t('log.result'),
      dataIndex: 'ok',
      key: 'ok',
      width: 100,
      render: (ok: boolean | null) =>
        ok === null ? '—' : <Tag color={ok ? 'success' : 'error'}>{ok ? t('log.ok') : t('log.failed')}</Tag>,
    },
    {
      title: t('log.operator'),
      dataIndex: 'operator',
      key: 'operator',
      width: 120,
      render: (v: string | null) => logOperatorText(v, t),
    },
  ];
  return (
    <div data-testid="log-tab">
      <div style={{ marginBottom: 12 }}>
        <HistoryRangePicker value={range} onChange={onRangeChange} />
      </div>
      {logs.isError && <Alert type="error" showIcon title={t('log.error')} style={{ marginBottom: 12 }} />}
      <Table<DeviceLogRecord>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={logs.data?.records ?? []}
        loading={logs.isFetching}
        scroll={{ x: 700 }}
        locale={{ emptyText: t('log.empty') }}
        onChange={(p) => setPage({ pageNo: p.current ?? 1, pageSize: p.pageSize ?? 10 })}
        pagination={{
          current: page.pageNo,
          pageSize: page.pageSize,
          total: logs.data?.total ?? 0,
          pageSizeOptions: [10, 20, 30],
          showSizeChanger: true,
        }}
      />
    </div>
  );
}
