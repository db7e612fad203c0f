import { useMemo, useState, type ReactNode } from 'react';
import { Alert, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { HistoryRow } from '@ztj/contracts';
import { toLanguage } from '../../platform/i18n/i18n';
import { useDeviceHistory } from './api';
import { HistoryRangePicker } from './HistoryRangePicker';
import { computeHistoryRange, type HistoryRangeValue } from './historyRange';
import { formatParameterValue, formatReportTime, parameterName } from './parameterFormat';

interface HistoryTableTabProps {
  deviceId: string;
  range: HistoryRangeValue;
  onRangeChange: (range: HistoryRangeValue) => void;
}

/** History table of a device over the chosen range, paged by the server, one column per parameter. */
export function HistoryTableTab({ deviceId, range, onRangeChange }: HistoryTableTabProps): ReactNode {
  const { t, i18n } = useTranslation('devices');
  const lang = toLanguage(i18n.language);
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  const span = useMemo(() => computeHistoryRange(range), [range]);
  const history = useDeviceHistory({ id: deviceId, range: range.key, ...span, mode: 'table', ...page });
  const records = useMemo(() => history.data?.records ?? [], [history.data]);

  const columns = useMemo<ColumnsType<HistoryRow>>(() => {
    const codes = [...new Set(records.flatMap((r) => r.values.map((v) => v.code)))];
    return [
      {
        title: t('history.ts'),
        key: 'ts',
        width: 170,
        fixed: 'left',
        render: (_: unknown, r) => formatReportTime(r.ts),
      },
      ...codes.map((code) => ({
        title: parameterName(code, lang),
        key: code,
        width: 120,
        render: (_: unknown, r: HistoryRow) =>
          formatParameterValue(code, r.values.find((v) => v.code === code)?.value, lang),
      })),
      {
        title: t('history.position'),
        key: 'pos',
        width: 180,
        render: (_: unknown, r) =>
          r.lat !== null && r.lng !== null ? `${r.lat.toFixed(5)}, ${r.lng.toFixed(5)}` : '—',
      },
      {
        title: t('history.receivedAt'),
        key: 'receivedAt',
        width: 170,
        render: (_: unknown, r) => formatReportTime(r.receivedAt),
      },
    ];
  }, [records, t, lang]);

  return (
    <div data-testid="history-table-tab">
      <div style={{ marginBottom: 12 }}>
        <HistoryRangePicker
          value={range}
          onChange={(r) => {
            setPage((p) => ({ ...p, pageNo: 1 }));
            onRangeChange(r);
          }}
        />
      </div>
      {history.isError && <Alert type="error" showIcon title={t('history.error')} style={{ marginBottom: 12 }} />}
      <Table<HistoryRow>
        rowKey={(r) => `${r.ts}-${r.receivedAt}`}
        size="small"
        columns={columns}
        dataSource={records}
        loading={history.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('history.empty') }}
        onChange={(p) => setPage({ pageNo: p.current ?? 1, pageSize: p.pageSize ?? 10 })}
        pagination={{
          current: page.pageNo,
          pageSize: page.pageSize,
          total: history.data?.total ?? 0,
          pageSizeOptions: [10, 20, 30],
          showSizeChanger: true,
          showTotal: (total) => t('common.total', { total }),
        }}
      />
    </div>
  );
}
