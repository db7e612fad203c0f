import { useMemo, type ReactNode } from 'react';
import { Alert, Descriptions, Drawer, Skeleton, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { DeviceRecord } from '@ztj/contracts';
import { toLanguage } from '../../platform/i18n/i18n';
import { useResponsive } from '../../platform/responsive/useResponsive';
import { useGatewayDetail } from './api';
import { deviceColumns } from './deviceColumns';
import { patchDeviceRows } from './deviceLive';
import { formatReportTime } from './parameterFormat';
import { StatusTag } from './StatusTag';
import { useDeviceLive } from './useDeviceLive';

/** Gateway detail in a drawer: its fields and its sub-devices with live latest values. */
export function GatewayDetailDrawer({
  gatewayId,
  onClose,
}: {
  gatewayId: string | null;
  onClose: () => void;
}): ReactNode {
  const { t, i18n } = useTranslation('devices');
  const lang = toLanguage(i18n.language);
  const navigate = useNavigate();
  const { isMobile } = useResponsive();
  const { live, pollMs } = useDeviceLive();
  const detail = useGatewayDetail(gatewayId, gatewayId ? pollMs : false);
  const rows = useMemo(() => patchDeviceRows(detail.data?.subDevices ?? [], live), [detail.data, live]);
  const columns = useMemo(
    () =>
      deviceColumns(t, lang, live, {
        detail: (row: DeviceRecord) => void navigate(`/device/detail/${encodeURIComponent(row.id)}`),
        edit: (row: DeviceRecord) => void navigate(`/device/edit/${encodeURIComponent(row.id)}`),
        alias: () => undefined,
        shutdown: () => undefined,
      }).filter((c) => c.key !== 'actions' && c.key !== 'groupName'),
    [t, lang, live, navigate],
  );
  const g = detail.data;
  return (
    <Drawer
      open={gatewayId !== null}
      onClose={onClose}
      width={isMobile ? '100%' : 1000}
      title={g ? t('gateways.detailTitle', { name: g.name }) : t('gateways.detail')}
      destroyOnHidden
    >
      {detail.isLoading && <Skeleton active />}
      {detail.isError && <Alert type="error" showIcon title={t('gateways.error')} />}
      {g && (
        <div data-testid="gateway-detail">
          <Descriptions size="small" bordered column={{ xs: 1, sm: 2 }} style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('gateways.id')}>{g.id}</Descriptions.Item>
            <Descriptions.Item label={t('list.columns.model')}>{g.model}</Descriptions.Item>
            <Descriptions.Item label={t('list.columns.status')}>
              <StatusTag status={g.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('list.columns.lastReportTime')}>
              {formatReportTime(g.lastReportTime)}
            </Descriptions.Item>
            <Descriptions.Item label={t('gateways.address')}>{g.address ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('gateways.note')}>{g.note ?? '—'}</Descriptions.Item>
          </Descriptions>
          <Table<DeviceRecord>
            rowKey="id"
            size="small"
            columns={columns}
            dataSource={rows}
            scroll={{ x: 1100 }}
            pagination={{ pageSize: 10 }}
            locale={{ emptyText: t('gateways.noSubDevices') }}
          />
        </div>
      )}
    </Drawer>
  );
}
