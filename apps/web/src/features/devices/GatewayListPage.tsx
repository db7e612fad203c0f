import { useState, type ReactNode } from 'react';
import { Alert, Button, Empty } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { DeviceRoutes } from '@ztj/contracts';
import { ListPage } from '../../platform/list/ListPage';
import type { GatewayRecord } from './api';
import { GatewayDetailDrawer } from './GatewayDetailDrawer';
import { formatReportTime } from './parameterFormat';
import { StatusTag } from './StatusTag';
import { POLL_WITHOUT_SOCKET_MS } from './useDeviceLive';
import { useLiveListPage } from './useLiveListPage';

/** Background refresh of the gateway list (status and report time move on their own), ms. */
const GATEWAY_POLL_MS = POLL_WITHOUT_SOCKET_MS * 5;

/**
 * Gateways (`device/GatewayList`, /device/gateway) on the list machinery: paged list with name and
 * id queries, refreshed in the background; the detail with its sub-devices and their latest values
 * opens in a drawer (no separate route).
 */
export function GatewayListPage(): ReactNode {
  const { t } = useTranslation('devices');
  const [open, setOpen] = useState<string | null>(null);
  const { list, error } = useLiveListPage(
    { route: DeviceRoutes.gatewayList, permissionPrefix: 'device:gateway', sourceKey: '/device/gateway' },
    GATEWAY_POLL_MS,
  );

  const columns: ColumnsType<GatewayRecord> = [
    {
      title: t('gateways.name'),
      dataIndex: 'name',
      key: 'name',
      render: (name: string, g) => (
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setOpen(g.id)}>
          {name}
        </Button>
      ),
    },
    { title: t('gateways.id'), dataIndex: 'id', key: 'id', width: 150 },
    { title: t('list.columns.model'), dataIndex: 'model', key: 'model', width: 130 },
    {
      title: t('list.columns.status'),
      dataIndex: 'status',
      key: 'status',
      width: 90,
      render: (_: unknown, g) => <StatusTag status={g.status} />,
    },
    { title: t('gateways.subDevices'), dataIndex: 'subDeviceCount', key: 'subDeviceCount', width: 110 },
    {
      title: t('list.columns.lastReportTime'),
      dataIndex: 'lastReportTime',
      key: 'lastReportTime',
      width: 170,
      render: (v: number | null) => formatReportTime(v),
    },
    { title: t('gateways.address'), dataIndex: 'address', key: 'address', render: (v: string | null) => v ?? '—' },
    {
      title: t('list.columns.actions'),
      key: 'actions',
      width: 100,
      render: (_: unknown, g) => (
        <Button type="link" size="small" onClick={() => setOpen(g.id)} data-testid={`gateway-detail-${g.id}`}>
          {t('list.actions.detail')}
        </Button>
      ),
    },
  ];

  return (
    <>
      {error && (
        <Alert
          type="error"
          showIcon
          title={t('gateways.error')}
          description={error.message}
          style={{ marginBottom: 12 }}
        />
      )}
      <ListPage<GatewayRecord>
        testId="gateway-list"
        list={list}
        selectable={false}
        queryFields={[
          { name: 'name', label: t('gateways.name'), kind: 'text' },
          { name: 'id', label: t('gateways.id'), kind: 'text' },
        ]}
        columns={columns}
        tableProps={{
          scroll: { x: 900 },
          locale: { emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('gateways.empty')} /> },
        }}
      />
      <GatewayDetailDrawer gatewayId={open} onClose={() => setOpen(null)} />
    </>
  );
}
