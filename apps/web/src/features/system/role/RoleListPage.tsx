import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../platform/list/listQuery';
import { RoleRoutes, type RoleRecord } from '@ztj/contracts';
import { ListPage } from '../../../platform/list/ListPage';
import { RowActions } from '../../../platform/list/RowActions';
import { useListPage } from '../../../platform/list/useListPage';
import { RoleAuthDrawer } from './RoleAuthDrawer';
import { RoleFormModal } from './RoleFormModal';

type Dialog = { kind: 'form'; role?: RoleRecord } | { kind: 'auth'; role: RoleRecord } | null;

/** Roles (`system/RoleList`): list, add/edit, delete, import/export, permission assignment. */
export function RoleListPage(): ReactNode {
  const { t } = useTranslation(['system', 'list']);
  const [dialog, setDialog] = useState<Dialog>(null);
  const list = useListPage({
    route: RoleRoutes.list,
    permissionPrefix: 'role',
    sourceKey: '/system/role',
    deleteRoute: RoleRoutes.delete,
    deleteBatchRoute: RoleRoutes.deleteBatch,
    exportRoute: RoleRoutes.exportXls,
  });
  return (
    <>
      <ListPage<RoleRecord>
        testId="role-list"
        list={list}
        batchDelete
        exportName={t('role.exportName')}
        importRoute={RoleRoutes.importExcel}
        onAdd={() => setDialog({ kind: 'form' })}
        queryFields={[
          { name: 'roleName', label: t('role.roleName'), kind: 'text' },
          { name: 'roleCode', label: t('role.roleCode'), kind: 'text' },
          { name: 'createTime', label: t('user.createTime'), kind: 'datetimeRange' },
        ]}
        superFields={[
          { field: 'roleName', label: t('role.roleName'), type: 'string' },
          { field: 'roleCode', label: t('role.roleCode'), type: 'string' },
          { field: 'description', label: t('role.description'), type: 'string' },
          { field: 'createTime', label: t('user.createTime'), type: 'datetime' },
        ]}
        columns={[
          { title: t('role.roleName'), dataIndex: 'roleName', sorter: true },
          { title: t('role.roleCode'), dataIndex: 'roleCode', sorter: true },
          { title: t('role.description'), dataIndex: 'description', ellipsis: true, width: 200 },
          { title: t('user.createTime'), dataIndex: 'createTime', sorter: true, width: 200, render: formatDateTime },
          {
            title: t('list:actions.title'),
            key: 'actions',
            fixed: 'right',
            width: 160,
            render: (_v, row) => (
              <RowActions
                actions={[
                  {
                    key: 'auth',
                    label: t('role.auth'),
                    permission: 'role:auth',
                    onClick: () => setDialog({ kind: 'auth', role: row }),
                  },
                  {
                    key: 'edit',
                    label: t('list:actions.edit'),
                    permission: 'role:edit',
                    onClick: () => setDialog({ kind: 'form', role: row }),
                  },
                  {
                    key: 'delete',
                    label: t('list:actions.delete'),
                    permission: 'role:delete',
                    danger: true,
                    onClick: () => list.confirmDelete(row.id),
                  },
                ]}
              />
            ),
          },
        ]}
      />
      {dialog?.kind === 'form' && (
        <RoleFormModal role={dialog.role} onClose={() => setDialog(null)} onSaved={() => void list.reload()} />
      )}
      {dialog?.kind === 'auth' && <RoleAuthDrawer role={dialog.role} onClose={() => setDialog(null)} />}
    </>
  );
}
