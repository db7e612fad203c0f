import { useMemo, useState, type ReactNode } from 'react';
import { Alert, Badge, Button, Card, Empty, Space, Table, Tooltip } from 'antd';
import type { TablePaginationConfig } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { ExportOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import dayjs from 'dayjs';
import { DEVICE_PERMS, type DeviceRecord } from '@ztj/contracts';
import { Authorized } from '../../platform/permissions/Authorized';
import { feedback } from '../../platform/feedback/feedback';
import { isApiError } from '../../platform/http/ApiError';
import { toLanguage } from '../../platform/i18n/i18n';
import { useResponsive } from '../../platform/responsive/useResponsive';
import { exportDevices, useDeviceList, useShutdownDevice } from './api';
import { AliasModal } from './AliasModal';
import { deviceColumns } from './deviceColumns';
import { patchDeviceRows } from './deviceLive';
import { DeviceSearchForm, type DeviceFilters } from './DeviceSearchForm';
import { useDeviceLive } from './useDeviceLive';

/** Page sizes of lists (SPEC §9). */
export const PAGE_SIZES = [10, 20, 30];

/** Paging, sorting and filters of the list. */
interface ListState extends DeviceFilters {
  pageNo: number;
  pageSize: number;
  column?: string;
  order?: 'asc' | 'desc';
}

/**
 * Device list (`device/DeviceList`, /device/list): server paging and sorting, search form, latest
 * values with units patched live from the WebSocket, selection export, alias and remote shutdown.
 */
export function DeviceListPage(): ReactNode {
  const { t, i18n } = useTranslation('devices');
  const lang = toLanguage(i18n.language);
  const navigate = useNavigate();
  const { isMobile } = useResponsive();
  const [query, setQuery] = useState<ListState>({ pageNo: 1, pageSize: 10 });
  const [selected, setSelected] = useState<string[]>([]);
  const [aliasOf, setAliasOf] = useState<DeviceRecord | null>(null);
  const [exporting, setExporting] = useState(false);
  const { live, connected, pollMs } = useDeviceLive();
  const list = useDeviceList(query, pollMs);
  const shutdown = useShutdownDevice();

  const rows = useMemo(() => patchDeviceRows(list.data?.records ?? [], live), [list.data, live]);

  const confirmShutdown = (row: DeviceRecord): void => {
    feedback().modal.confirm({
      title: t('list.shutdown.title'),
      content: t('list.shutdown.content', { name: row.alias || row.name, id: row.id }),
      okText: t('list.shutdown.ok'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await shutdown.mutateAsync(row.id);
          feedback().message.success(t('list.shutdown.sent'));
        } catch (error) {
          if (isApiError(error) && !error.notified) feedback().message.warning(error.message);
        }
      },
    });
  };

  const columns = useMemo(
    () =>
      deviceColumns(t, lang, live, {
        detail: (row) => void navigate(`/device/detail/${encodeURIComponent(row.id)}`),
        edit: (row) => void navigate(`/device/edit/${encodeURIComponent(row.id)}`),
        alias: setAliasOf,
        shutdown: confirmShutdown,
      }, !isMobile),
    // confirmShutdown only closes over t and the mutation
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, lang, live, navigate, isMobile],
  );

  const onSearch = (filters: DeviceFilters): void => setQuery((q) => ({ pageNo: 1, pageSize: q.pageSize, column: q.column, order: q.order, ...filters }));

  const onTableChange = (pagination: TablePaginationConfig, _filters: unknown, sorter: SorterResult<DeviceRecord> | SorterResult<DeviceRecord>[]): void => {
    const s = Array.isArray(sorter) ? sorter[0] : sorter;
    const column = s?.order ? String(s.columnKey ?? s.field) : undefined;
    const order = s?.order === 'ascend' ? 'asc' : s?.order === 'descend' ? 'desc' : undefined;
    setQuery((q) => ({ ...q, pageNo: pagination.current ?? 1, pageSize: pagination.pageSize ?? 10, column, order }));
  };

  const doExport = async (): Promise<void> => {
    setExporting(true);
    try {
      await exportDevices(selected, `${t('list.exportFile')}_${dayjs().format('YYYYMMDDHHmmss')}.xls`);
      feedback().message.success(t('list.exportDone'));
    } catch {
      // the HTTP client has told the user
    } finally {
      setExporting(false);
    }
  };

  return (
    <Card data-testid="device-list">
      <DeviceSearchForm onSearch={onSearch} />
      <Space style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }} wrap>
        <Space wrap>
          <Authorized action={DEVICE_PERMS.export}>
            <Tooltip title={selected.length === 0 ? t('list.selectFirst') : undefined}>
              <Button icon={<ExportOutlined />} disabled={selected.length === 0} loading={exporting} onClick={() => void doExport()} data-testid="device-export">
                {t('list.export', { count: selected.length })}
              </Button>
            </Tooltip>
          </Authorized>
          <Button icon={<ReloadOutlined />} onClick={() => void list.refetch()} loading={list.isFetching && !list.isLoading}>
            {t('list.refresh')}
          </Button>
        </Space>
        <Badge status={connected ? 'processing' : 'default'} text={connected ? t('live.on') : t('live.polling')} data-testid="live-state" />
      </Space>
      {list.isError && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('list.error')}
          description={list.error instanceof Error ? list.error.message : undefined}
          action={<Button size="small" onClick={() => void list.refetch()}>{t('common.retry')}</Button>}
          data-testid="device-list-error"
        />
      )}
      <Table<DeviceRecord>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={rows}
        loading={list.isLoading}
        scroll={{ x: 'max-content' }}
        onChange={onTableChange}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)), preserveSelectedRowKeys: true }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('list.empty')} /> }}
        pagination={{
          current: query.pageNo,
          pageSize: query.pageSize,
          total: list.data?.total ?? 0,
          pageSizeOptions: PAGE_SIZES,
          showSizeChanger: true,
          showTotal: (total) => t('common.total', { total }),
        }}
      />
      <AliasModal device={aliasOf} onClose={() => setAliasOf(null)} />
    </Card>
  );
}
