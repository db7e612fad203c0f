import type { ReactNode } from 'react';
import { Button, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { WAREHOUSE_PERMS, WarehouseRoutes, type WarehouseRecord } from '@ztj/contracts';
import { feedback } from '../../../platform/feedback/feedback';
import { ListPage } from '../../../platform/list/ListPage';
import { formatDateTime } from '../../../platform/list/listQuery';
import { useListPage } from '../../../platform/list/useListPage';
import { Authorized } from '../../../platform/permissions/Authorized';
import { useResponsive } from '../../../platform/responsive/useResponsive';
import { ListEmpty } from '../../../platform/list/ListEmpty';
import { useListError } from '../../../platform/list/useListError';
import { WrapText } from '../../../platform/list/WrapText';
import { useDeleteWarehouses } from './api';

/**
 * Warehouse list (`warehouse/WarehouseList`; SPEC §3 Warehouse fields): query by
 * name and number, sortable columns, pages, export to the download center; view, edit (3-step
 * editor) and delete after confirmation. Buttons by WAREHOUSE_PERMS.
 */
export function WarehouseListPage(): ReactNode {
  const { t } = useTranslation('warehouses');
  const navigate = useNavigate();
  const list = useListPage({
    route: WarehouseRoutes.list,
    permissionPrefix: 'warehouse',
    sourceKey: '/warehouse/list',
    exportRoute: WarehouseRoutes.exportXls,
  });
  const listError = useListError(WarehouseRoutes.list.path);
  const remove = useDeleteWarehouses();
  const { isMobile } = useResponsive();
  const go = (path: string, id: string): void => void navigate(`/warehouse/${path}/${encodeURIComponent(id)}`);

  const confirmDelete = (w: WarehouseRecord): void => {
    feedback().modal.confirm({
      title: t('confirm.delete'),
      content: t('confirm.deleteContent', { name: w.name }),
      okButtonProps: { danger: true, 'data-testid': 'confirm-ok' } as never,
      okText: t('actions.delete'),
      cancelText: t('actions.cancel'),
      onOk: async () => {
        try {
          await remove.mutateAsync([w.id]);
          feedback().message.success(t('done.delete'));
          list.afterDelete(1);
        } catch (e) {
          feedback().message.error(e instanceof Error ? e.message : String(e));
        }
      },
    });
  };

  const columns: ColumnsType<WarehouseRecord> = [
    {
      title: t('fields.name'),
      dataIndex: 'name',
      key: 'name',
      sorter: true,
      render: (v: string, w) => (
        <WrapText max={isMobile ? 170 : 200}>
          <a onClick={() => go('detail', w.id)} data-testid="warehouse-open">
            {v}
          </a>
          {isMobile && (
            <Typography.Text type="secondary" style={{ display: 'block' }}>
              {w.number} · {t('list.devices', { count: w.deviceCount })}
            </Typography.Text>
          )}
        </WrapText>
      ),
    },
    { title: t('fields.number'), dataIndex: 'number', key: 'number', sorter: true, responsive: ['md'] },
    {
      title: t('fields.deviceCount'),
      dataIndex: 'deviceCount',
      key: 'deviceCount',
      sorter: true,
      width: 100,
      responsive: ['md'],
    },
    {
      title: t('fields.acquisitionPeriod'),
      dataIndex: 'acquisitionPeriod',
      key: 'acquisitionPeriod',
      sorter: true,
      width: 130,
      responsive: ['lg'],
      render: (v: number | null) => (v === null ? '—' : t('minutes', { count: v })),
    },
    {
      title: t('fields.templates'),
      key: 'templates',
      responsive: ['lg'],
      render: (_: unknown, w) => <WrapText>{w.templates.map((x) => x.name).join(', ') || '—'}</WrapText>,
    },
    {
      title: t('fields.description'),
      dataIndex: 'description',
      key: 'description',
      responsive: ['xl'],
      render: (v: string) => <WrapText>{v || '—'}</WrapText>,
    },
    {
      title: t('fields.createTime'),
      dataIndex: 'createTime',
      key: 'createTime',
      sorter: true,
      width: 170,
      responsive: ['xl'],
      render: (v: number) => formatDateTime(new Date(v).toISOString()),
    },
    {
      title: t('fields.actions'),
      key: 'actions',
      fixed: 'right',
      width: isMobile ? 90 : 170,
      render: (_: unknown, w) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => go('detail', w.id)}>
            {t('actions.view')}
          </Button>
          <Authorized action={WAREHOUSE_PERMS.edit}>
            <Button type="link" size="small" onClick={() => go('edit', w.id)}>
              {t('actions.edit')}
            </Button>
          </Authorized>
          <Authorized action={WAREHOUSE_PERMS.delete}>
            <Button type="link" size="small" danger onClick={() => confirmDelete(w)} data-testid="warehouse-delete">
              {t('actions.delete')}
            </Button>
          </Authorized>
        </Space>
      ),
    },
  ];

  return (
    <ListPage<WarehouseRecord>
      testId="warehouses"
      list={list}
      selectable={false}
      onAdd={() => void navigate('/warehouse/create')}
      exportName={t('exportName')}
      queryFields={[
        { name: 'name', label: t('fields.name'), kind: 'text' },
        { name: 'number', label: t('fields.number'), kind: 'text' },
      ]}
      columns={columns}
      tableProps={{ locale: { emptyText: <ListEmpty error={listError} text={t('empty')} /> } }}
    />
  );
}
