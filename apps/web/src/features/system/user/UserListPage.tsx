import { useState, type ReactNode } from 'react';
import { Badge, Button } from 'antd';
import { DeleteRowOutlined, LockOutlined, UnlockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../platform/list/listQuery';
import { UserRoutes, type UserRecord } from '@ztj/contracts';
import { feedback } from '../../../platform/feedback/feedback';
import { callApi } from '../../../platform/http/callApi';
import { ListPage } from '../../../platform/list/ListPage';
import { RowActions } from '../../../platform/list/RowActions';
import { useListPage } from '../../../platform/list/useListPage';
import { StoredAvatar } from '../../../platform/pickers/StoredAvatar';
import { usePermission } from '../../../platform/permissions/usePermission';
import { RecycleBinModal } from './RecycleBinModal';
import { ResetPasswordModal } from './ResetPasswordModal';
import { LoginFreeLinkModal } from './LoginFreeLinkModal';
import { UserFormModal } from './UserFormModal';
import { userQueryFields, userSuperFields } from './userFields';

type Dialog =
  | { kind: 'form'; user?: UserRecord; readOnly?: boolean }
  | { kind: 'password'; username: string }
  | { kind: 'recycle' }
  | { kind: 'loginFree'; user: UserRecord }
  | null;

/** Users (`system/UserList`, /system/user): list, form, freeze, recycle bin, password, import/export. */
export function UserListPage(): ReactNode {
  const { t } = useTranslation(['system', 'list', 'sso']);
  const { can } = usePermission();
  const [dialog, setDialog] = useState<Dialog>(null);
  const list = useListPage({
    route: UserRoutes.list,
    permissionPrefix: 'user',
    sourceKey: '/system/user',
    deleteRoute: UserRoutes.delete,
    deleteBatchRoute: UserRoutes.deleteBatch,
    exportRoute: UserRoutes.exportXls,
  });

  const freeze = (ids: string[], status: 1 | 2): void => {
    if (ids.length === 0) {
      feedback().message.warning(t('list:selectRecord'));
      return;
    }
    feedback().modal.confirm({
      title: status === 2 ? t('user.freeze') : t('user.unfreeze'),
      content:
        status === 2
          ? t('user.freezeConfirm', { count: ids.length })
          : t('user.unfreezeConfirm', { count: ids.length }),
      onOk: async () => {
        await callApi(UserRoutes.frozenBatch, { body: { ids: ids.join(','), status } });
        feedback().message.success(t('list:operateSuccess'));
        list.clearSelection();
        await list.reload();
      },
    });
  };

  const sexText = (v: number | null): string => (v === 1 ? t('user.male') : v === 2 ? t('user.female') : '');
  return (
    <>
      <ListPage<UserRecord>
        testId="user-list"
        list={list}
        exportName={t('user.exportName')}
        importRoute={UserRoutes.importExcel}
        onAdd={() => setDialog({ kind: 'form' })}
        batchDelete
        queryFields={userQueryFields(t)}
        superFields={userSuperFields(t)}
        extra={
          <>
            {can('user:freeze') && (
              <>
                <Button icon={<LockOutlined />} onClick={() => freeze(list.selectedKeys, 2)}>
                  {t('user.freeze')}
                </Button>
                <Button icon={<UnlockOutlined />} onClick={() => freeze(list.selectedKeys, 1)}>
                  {t('user.unfreeze')}
                </Button>
              </>
            )}
            {can('user:recycle') && (
              <Button
                icon={<DeleteRowOutlined />}
                onClick={() => setDialog({ kind: 'recycle' })}
                data-testid="user-recycle"
              >
                {t('user.recycle.title')}
              </Button>
            )}
          </>
        }
        columns={[
          { title: t('user.username'), dataIndex: 'username', sorter: true, width: 120 },
          { title: t('user.realname'), dataIndex: 'realname', width: 120 },
          {
            title: t('user.avatar'),
            dataIndex: 'avatar',
            width: 80,
            render: (v: string | null) => (
              <StoredAvatar size="small" path={v}>
                {v ? null : '—'}
              </StoredAvatar>
            ),
          },
          { title: t('user.sex'), dataIndex: 'sex', sorter: true, width: 80, render: sexText },
          { title: t('user.birthday'), dataIndex: 'birthday', width: 120 },
          { title: t('user.phone'), dataIndex: 'phone', width: 120 },
          { title: t('user.departs'), dataIndex: 'orgCodeTxt', width: 160, ellipsis: true },
          {
            title: t('user.identity'),
            dataIndex: 'userIdentity',
            width: 100,
            render: (v: number) => (v === 2 ? t('user.identityUpper') : t('user.identityNormal')),
          },
          {
            title: t('user.status'),
            dataIndex: 'status',
            width: 90,
            render: (v: number) => (
              <Badge status={v === 2 ? 'error' : 'success'} text={v === 2 ? t('user.frozen') : t('user.normal')} />
            ),
          },
          { title: t('user.createTime'), dataIndex: 'createTime', sorter: true, width: 200, render: formatDateTime },
          {
            title: t('list:actions.title'),
            key: 'actions',
            fixed: 'right',
            width: 140,
            render: (_v, row) => (
              <RowActions
                actions={[
                  {
                    key: 'edit',
                    label: t('list:actions.edit'),
                    permission: 'user:edit',
                    onClick: () => setDialog({ kind: 'form', user: row }),
                  },
                  {
                    key: 'detail',
                    label: t('list:actions.detail'),
                    onClick: () => setDialog({ kind: 'form', user: row, readOnly: true }),
                  },
                  {
                    key: 'password',
                    label: t('user.resetPassword'),
                    permission: 'user:password',
                    onClick: () => setDialog({ kind: 'password', username: row.username }),
                  },
                  {
                    key: 'loginFree',
                    label: t('sso:link.action'),
                    permission: 'user:password',
                    hidden: row.status === 2,
                    onClick: () => setDialog({ kind: 'loginFree', user: row }),
                  },
                  {
                    key: 'freeze',
                    label: t('user.freeze'),
                    permission: 'user:freeze',
                    hidden: row.status === 2,
                    onClick: () => freeze([row.id], 2),
                  },
                  {
                    key: 'unfreeze',
                    label: t('user.unfreeze'),
                    permission: 'user:freeze',
                    hidden: row.status !== 2,
                    onClick: () => freeze([row.id], 1),
                  },
                  {
                    key: 'delete',
                    label: t('list:actions.delete'),
                    permission: 'user:delete',
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
        <UserFormModal
          user={dialog.user}
          readOnly={dialog.readOnly}
          onClose={() => setDialog(null)}
          onSaved={() => void list.reload()}
        />
      )}
      {dialog?.kind === 'password' && <ResetPasswordModal username={dialog.username} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'loginFree' && <LoginFreeLinkModal user={dialog.user} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'recycle' && (
        <RecycleBinModal onClose={() => setDialog(null)} onRestored={() => void list.reload()} />
      )}
    </>
  );
}
