import { useState, type ReactNode } from 'react';
import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../platform/list/listQuery';
import { TenantRoutes, type TenantRecord } from '@ztj/contracts';
import { ListPage } from '../../../platform/list/ListPage';
import { RowActions } from '../../../platform/list/RowActions';
import { useListPage } from '../../../platform/list/useListPage';
import { TenantFormModal } from './TenantFormModal';
import { TenantRenewModal } from './TenantRenewModal';

const day = (v: string | null): string => (v ? v.slice(0, 10) : '');

/**
 * Tenants (`system/TenantList`): id, name, status, validity. Changes need the platform tenant;
 * adding one also creates its first administrator (TenantFormModal); "renew" sets a new end date
 * (TenantRenewModal) and an ended tenant's end date shows as expired.
 */
export function TenantListPage(): ReactNode {
  const { t } = useTranslation(['system', 'list']);
  const [editing, setEditing] = useState<{ row?: TenantRecord } | null>(null);
  const [renewing, setRenewing] = useState<TenantRecord | null>(null);
  const list = useListPage({
    route: TenantRoutes.list,
    permissionPrefix: 'tenant',
    sourceKey: '/system/tenant',
    deleteRoute: TenantRoutes.delete,
  });
  const row = editing?.row;
  const status = [
    { value: 1, label: t('tenant.normal') },
    { value: 0, label: t('tenant.frozen') },
  ];
  return (
    <>
      <ListPage<TenantRecord>
        testId="tenant-list"
        list={list}
        selectable={false}
        onAdd={() => setEditing({})}
        queryFields={[
          { name: 'name', label: t('tenant.name'), kind: 'text' },
          { name: 'status', label: t('tenant.status'), kind: 'select', options: status },
        ]}
        superFields={[
          { field: 'name', label: t('tenant.name'), type: 'string' },
          {
            field: 'status',
            label: t('tenant.status'),
            type: 'select',
            options: status.map((s) => ({ value: String(s.value), label: s.label })),
          },
          { field: 'beginDate', label: t('tenant.beginDate'), type: 'date' },
          { field: 'endDate', label: t('tenant.endDate'), type: 'date' },
        ]}
        columns={[
          { title: t('tenant.id'), dataIndex: 'id', sorter: true },
          { title: t('tenant.name'), dataIndex: 'name', sorter: true },
          { title: t('tenant.nameEn'), dataIndex: 'nameEn' },
          { title: t('tenant.beginDate'), dataIndex: 'beginDate', render: day },
          {
            title: t('tenant.endDate'),
            dataIndex: 'endDate',
            render: (v: string | null) =>
              v && Date.parse(v) < Date.now() ? (
                <Badge status="error" text={`${day(v)} ${t('tenant.expired')}`} />
              ) : (
                day(v)
              ),
          },
          {
            title: t('tenant.status'),
            dataIndex: 'status',
            render: (v: number) => (
              <Badge status={v === 1 ? 'success' : 'error'} text={v === 1 ? t('tenant.normal') : t('tenant.frozen')} />
            ),
          },
          { title: t('user.createTime'), dataIndex: 'createTime', sorter: true, width: 200, render: formatDateTime },
          {
            title: t('list:actions.title'),
            key: 'actions',
            width: 180,
            render: (_v, r) => (
              <RowActions
                actions={[
                  {
                    key: 'edit',
                    label: t('list:actions.edit'),
                    permission: 'tenant:edit',
                    onClick: () => setEditing({ row: r }),
                  },
                  { key: 'renew', label: t('tenant.renew'), permission: 'tenant:edit', onClick: () => setRenewing(r) },
                  {
                    key: 'delete',
                    label: t('list:actions.delete'),
                    permission: 'tenant:delete',
                    danger: true,
                    onClick: () => list.confirmDelete(String(r.id)),
                  },
                ]}
              />
            ),
          },
        ]}
      />
      {renewing && (
        <TenantRenewModal tenant={renewing} onClose={() => setRenewing(null)} onSaved={() => list.reload()} />
      )}
      {editing && <TenantFormModal tenant={row} onClose={() => setEditing(null)} onSaved={() => list.reload()} />}
    </>
  );
}
