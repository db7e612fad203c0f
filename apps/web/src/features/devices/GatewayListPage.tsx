import { useState, type ReactNode } from 'react';
import { Alert, Button, Card, Empty, Form, Input, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useGateways, type GatewayRecord } from './api';
import { GatewayDetailDrawer } from './GatewayDetailDrawer';
import { formatReportTime } from './parameterFormat';
import { StatusTag } from './StatusTag';
import { POLL_WITHOUT_SOCKET_MS } from './useDeviceLive';

/**
 * Gateways (`device/GatewayList`, /device/gateway): paged list with search; the detail with its
 * sub-devices and their latest values opens in a drawer (no separate route).
 */
export function GatewayListPage(): ReactNode {
  const { t } = useTranslation('devices');
  const [query, setQuery] = useState<{ pageNo: number; pageSize: number; name?: string; id?: string }>({ pageNo: 1, pageSize: 10 });
  const [open, setOpen] = useState<string | null>(null);
  const gateways = useGateways(query, POLL_WITHOUT_SOCKET_MS * 5);

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
    { title: t('list.columns.status'), dataIndex: 'status', key: 'status', width: 90, render: (_: unknown, g) => <StatusTag status={g.status} /> },
    { title: t('gateways.subDevices'), dataIndex: 'subDeviceCount', key: 'subDeviceCount', width: 110 },
    { title: t('list.columns.lastReportTime'), dataIndex: 'lastReportTime', key: 'lastReportTime', width: 170, render: (v: number | null) => formatReportTime(v) },
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
    <Card data-testid="gateway-list">
      <Form
        layout="inline"
        style={{ marginBottom: 16, rowGap: 8 }}
        onFinish={(v: { name?: string; id?: string }) => setQuery((q) => ({ ...q, pageNo: 1, name: v.name?.trim() || undefined, id: v.id?.trim() || undefined }))}
      >
        <Form.Item name="name" label={t('gateways.name')}>
          <Input allowClear />
        </Form.Item>
        <Form.Item name="id" label={t('gateways.id')}>
          <Input allowClear />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {t('list.search.submit')}
        </Button>
      </Form>
      {gateways.isError && <Alert type="error" showIcon title={t('gateways.error')} style={{ marginBottom: 12 }} />}
      <Table<GatewayRecord>
        rowKey="id"
        columns={columns}
        dataSource={gateways.data?.records ?? []}
        loading={gateways.isLoading}
        scroll={{ x: 900 }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('gateways.empty')} /> }}
        onChange={(p) => setQuery((q) => ({ ...q, pageNo: p.current ?? 1, pageSize: p.pageSize ?? 10 }))}
        pagination={{ current: query.pageNo, pageSize: query.pageSize, total: gateways.data?.total ?? 0, pageSizeOptions: [10, 20, 30], showSizeChanger: true, showTotal: (total) => t('common.total', { total }) }}
      />
      <GatewayDetailDrawer gatewayId={open} onClose={() => setOpen(null)} />
    </Card>
  );
}
