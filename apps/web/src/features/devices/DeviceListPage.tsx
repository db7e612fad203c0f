import { useMemo, useState, type ReactNode } from 'react';
import { Badge, Button, Empty, Tooltip } from 'antd';
import { ExportOutlined, FileTextOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DEVICE_MODEL_CODES, DEVICE_PERMS, DeviceRoutes, type DeviceRecord } from '@ztj/contracts';
import { Authorized } from '../../platform/permissions/Authorized';
import { feedback } from '../../platform/feedback/feedback';
import { isApiError } from '../../platform/http/ApiError';
import { toLanguage } from '../../platform/i18n/i18n';
import { ListPage } from '../../platform/list/ListPage';
import { ListErrorAlert } from '../../platform/list/ListErrorAlert';
import { useResponsive } from '../../platform/responsive/useResponsive';
import type { QueryField } from '../../platform/list/QueryForm';
import { exportDevices, useGroups, useShutdownDevice } from './api';
import { AliasModal } from './AliasModal';
import { DeviceReportButton } from '../reports/DeviceReportDialog';
import { deviceColumns } from './deviceColumns';
import { DEVICE_STATUSES } from './deviceEnums';
import { patchDeviceRows } from './deviceLive';
import { useDeviceLive } from './useDeviceLive';
import { useLiveListPage } from './useLiveListPage';

/**
 * Device list (`device/DeviceList`, /device/list) on the list machinery: server paging (remembered
 * page size) and sorting, query form (name or alias, id with the text operators, model, online
 * status, group; one field on phones until expanded), latest values with units patched live from
 * the WebSocket with a flash, selection export (`device:export`), alias and remote shutdown.
 */
export function DeviceListPage(): ReactNode {
  const { t, i18n } = useTranslation('devices');
  const lang = toLanguage(i18n.language);
  const navigate = useNavigate();
  const { isMobile } = useResponsive();
  const [aliasOf, setAliasOf] = useState<DeviceRecord | null>(null);
  const [exporting, setExporting] = useState(false);
  const { live, connected, pollMs } = useDeviceLive();
  const { list, error } = useLiveListPage(
    { route: DeviceRoutes.list, permissionPrefix: 'device', sourceKey: '/device/list' },
    pollMs,
  );
  const groups = useGroups({ pageNo: 1, pageSize: 1000 });
  const shutdown = useShutdownDevice();

  const rows = useMemo(() => patchDeviceRows(list.rows, live), [list.rows, live]);
  const shown = useMemo(() => ({ ...list, rows }), [list, rows]);

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
        } catch (err) {
          if (isApiError(err) && !err.notified) feedback().message.warning(err.message);
        }
      },
    });
  };

  const columns = useMemo(
    () =>
      deviceColumns(
        t,
        lang,
        live,
        {
          detail: (row) => void navigate(`/device/detail/${encodeURIComponent(row.id)}`),
          edit: (row) => void navigate(`/device/edit/${encodeURIComponent(row.id)}`),
          alias: setAliasOf,
          shutdown: confirmShutdown,
        },
        !isMobile,
      ),
    // confirmShutdown only closes over t and the mutation
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, lang, live, navigate, isMobile],
  );

  const queryFields = useMemo<QueryField[]>(
    () => [
      { name: 'name', label: t('list.search.name'), kind: 'text' },
      { name: 'id', label: t('list.search.id'), kind: 'text' },
      {
        name: 'model',
        label: t('list.search.model'),
        kind: 'select',
        options: DEVICE_MODEL_CODES.map((m) => ({ value: m, label: m })),
      },
      {
        name: 'status',
        label: t('list.search.status'),
        kind: 'select',
        options: DEVICE_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
      },
      {
        name: 'groupId',
        label: t('list.search.group'),
        kind: 'select',
        options: (groups.data?.records ?? []).map((g) => ({ value: g.id, label: g.name })),
      },
    ],
    [t, groups.data],
  );

  const selected = list.selectedKeys;
  const doExport = async (): Promise<void> => {
    setExporting(true);
    try {
      // the server generates the file in the background; startExport tells the user where it goes
      await exportDevices(selected);
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <ListErrorAlert
        error={error}
        title={t('list.error')}
        retryText={t('common.retry')}
        onRetry={() => void list.reload()}
        testId="device-list-error"
      />
      <ListPage<DeviceRecord>
        testId="device-list"
        list={shown}
        queryFields={queryFields}
        columns={columns}
        tableProps={{
          locale: { emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('list.empty')} /> },
        }}
        extra={
          <>
            <Authorized action={DEVICE_PERMS.export}>
              <Tooltip title={selected.length === 0 ? t('list.selectFirst') : undefined}>
                <Button
                  icon={<ExportOutlined />}
                  disabled={selected.length === 0}
                  loading={exporting}
                  onClick={() => void doExport()}
                  data-testid="device-export"
                >
                  {t('list.export', { count: selected.length })}
                </Button>
              </Tooltip>
            </Authorized>
            <Authorized action={DEVICE_PERMS.export}>
              <DeviceReportButton deviceIds={selected} withCount icon={<FileTextOutlined />} />
            </Authorized>
            <Button icon={<ReloadOutlined />} onClick={() => void list.reload()}>
              {t('list.refresh')}
            </Button>
            <Badge
              status={connected ? 'processing' : 'default'}
              text={connected ? t('live.on') : t('live.polling')}
              data-testid="live-state"
            />
          </>
        }
      />
      <AliasModal device={aliasOf} onClose={() => setAliasOf(null)} />
    </>
  );
}
