import { useState, type ReactNode } from 'react';
import { Alert, Button, Card, Empty, Input, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { SharedDevice } from '@ztj/contracts';
import { toLanguage } from '../../../platform/i18n/i18n';
import { useResponsive } from '../../../platform/responsive/useResponsive';
import { ParameterValues } from '../../devices/ParameterValues';
import { StatusTag } from '../../devices/StatusTag';
import { useReceiveList } from './api';
import { formatShareTime } from './shareFormat';
import { SharedDeviceDrawer } from './SharedDeviceDrawer';

/**
 * Shared devices (`share/SharedDeviceList`; SPEC §2 shared devices): the devices
 * other accounts share with me while their share is live — who shared, until when, latest values —
 * and a read-only detail (latest values, history chart and table, track map, alarms).
 */
export function SharedDeviceListPage(): ReactNode {
  const { t, i18n } = useTranslation('shares');
  const lang = toLanguage(i18n.language);
  const { isMobile } = useResponsive();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  const [open, setOpen] = useState<SharedDevice | null>(null);
  const list = useReceiveList({ ...page, ...(keyword ? { keyword } : {}) });

  const columns: ColumnsType<SharedDevice> = [
    {
      title: t('fields.deviceName'),
      key: 'name',
      render: (_: unknown, r) => (
        <>
          <a onClick={() => setOpen(r)} data-testid="shared-open">
            {r.device.alias || r.device.name}
          </a>
          {isMobile && (
            <Typography.Text
              type="secondary"
              style={{ display: 'block', fontSize: 12, whiteSpace: 'normal', maxWidth: 190 }}
            >
              {r.fromTenant}
              <br />
              {t('fields.until')}: {formatShareTime(r.expireTime, t('noExpiry'))}
            </Typography.Text>
          )}
        </>
      ),
    },
    { title: t('fields.deviceId'), key: 'id', render: (_: unknown, r) => r.device.id, responsive: ['sm'] },
    {
      title: t('fields.deviceStatus'),
      key: 'status',
      width: 90,
      render: (_: unknown, r) => <StatusTag status={r.device.status} />,
    },
    {
      title: t('fields.latest'),
      key: 'values',
      responsive: ['md'],
      render: (_: unknown, r) => <ParameterValues values={r.device.values} lang={lang} max={3} />,
    },
    {
      title: t('fields.from'),
      key: 'from',
      render: (_: unknown, r) => (
        <Typography.Text>
          {r.fromTenant} · {r.fromUser}
        </Typography.Text>
      ),
      responsive: ['lg'],
    },
    {
      title: t('fields.until'),
      key: 'until',
      width: 170,
      render: (_: unknown, r) => formatShareTime(r.expireTime, t('noExpiry')),
      responsive: ['sm'],
    },
    // on phones the device name opens the detail; the actions column would only take width
    ...(isMobile
      ? []
      : [
          {
            title: t('fields.actions'),
            key: 'actions',
            fixed: 'right' as const,
            width: 80,
            render: (_: unknown, r: SharedDevice) => (
              <Button type="link" size="small" onClick={() => setOpen(r)}>
                {t('actions.view')}
              </Button>
            ),
          },
        ]),
  ];

  return (
    <Card size="small" data-testid="shared-devices">
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder={t('received.search')}
          onSearch={(v) => {
            setKeyword(v.trim());
            setPage((p) => ({ ...p, pageNo: 1 }));
          }}
          style={{ width: 260, maxWidth: '100%' }}
          data-testid="shared-search"
        />
        <Typography.Text type="secondary">{t('received.hint')}</Typography.Text>
      </Space>
      {list.isError && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title={list.error.message}
          action={
            <Button size="small" onClick={() => void list.refetch()}>
              {t('actions.retry')}
            </Button>
          }
        />
      )}
      <Table<SharedDevice>
        size="middle"
        rowKey={(r) => `${r.shareId}|${r.device.id}`}
        scroll={{ x: 'max-content' }}
        loading={list.isFetching}
        dataSource={list.data?.records ?? []}
        columns={columns}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('received.empty')} /> }}
        pagination={{
          current: page.pageNo,
          pageSize: page.pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: ['10', '20', '30'],
          showTotal: (total) => t('received.total', { total }),
          onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
        }}
      />
      <SharedDeviceDrawer shared={open} onClose={() => setOpen(null)} />
    </Card>
  );
}
