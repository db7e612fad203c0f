import { useState, type ReactNode } from 'react';
import { Button, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { ALARM_SETTINGS_PERMS, AlarmSettingsRoutes, type UserGroupRecord } from '@ztj/contracts';
import { feedback } from '../../../platform/feedback/feedback';
import { ListPage } from '../../../platform/list/ListPage';
import { formatDateTime } from '../../../platform/list/listQuery';
import { useListPage } from '../../../platform/list/useListPage';
import { Authorized } from '../../../platform/permissions/Authorized';
import { useDeleteByIds } from '../api';
import { ListEmpty } from '../../../platform/list/ListEmpty';
import { useListError } from '../../../platform/list/useListError';
import { WrapText } from '../../../platform/list/WrapText';
import { UserGroupModal } from './UserGroupModal';

/**
 * Settings → user groups (`settings/UserGroupList`): recipient groups of alarm pushes with their
 * members; add / edit in a modal, delete after confirmation; buttons by ALARM_SETTINGS_PERMS.
 */
export function UserGroupListPage(): ReactNode {
  const { t } = useTranslation('alarmSettings');
  const [editing, setEditing] = useState<UserGroupRecord | 'new' | null>(null);
  const list = useListPage({
    route: AlarmSettingsRoutes.groupList,
    permissionPrefix: 'usergroup',
    sourceKey: '/settings/userGroups',
  });
  const listError = useListError(AlarmSettingsRoutes.groupList.path);
  const remove = useDeleteByIds(AlarmSettingsRoutes.groupDelete);

  const confirmDelete = (g: UserGroupRecord): void => {
    feedback().modal.confirm({
      title: t('groups.deleteTitle'),
      content: t('groups.deleteContent', { name: g.name }),
      okButtonProps: { danger: true },
      okText: t('actions.delete'),
      cancelText: t('actions.cancel'),
      onOk: async () => {
        await remove.mutateAsync([g.id]);
        feedback().message.success(t('actions.deleted'));
        list.afterDelete(1);
      },
    });
  };

  const columns: ColumnsType<UserGroupRecord> = [
    {
      title: t('fields.name'),
      dataIndex: 'name',
      key: 'name',
      sorter: true,
      render: (v: string) => <WrapText>{v}</WrapText>,
    },
    {
      title: t('fields.description'),
      dataIndex: 'description',
      key: 'description',
      responsive: ['md'],
      render: (v: string) => <Typography.Text type="secondary">{v}</Typography.Text>,
    },
    {
      title: t('groups.members'),
      key: 'members',
      responsive: ['md'],
      render: (_: unknown, g) => g.members.map((m) => m.name || m.phone || m.email).join(', ') || '—',
    },
    {
      title: t('fields.createTime'),
      dataIndex: 'createTime',
      key: 'createTime',
      width: 170,
      responsive: ['md'],
      render: (v: number) => formatDateTime(new Date(v).toISOString()),
    },
    {
      title: t('fields.actions'),
      key: 'actions',
      fixed: 'right',
      width: 112,
      render: (_: unknown, g) => (
        <Space size={0} wrap>
          <Authorized action={ALARM_SETTINGS_PERMS.groupEdit}>
            <Button type="link" size="small" onClick={() => setEditing(g)}>
              {t('actions.edit')}
            </Button>
          </Authorized>
          <Authorized action={ALARM_SETTINGS_PERMS.groupDelete}>
            <Button type="link" size="small" danger onClick={() => confirmDelete(g)}>
              {t('actions.delete')}
            </Button>
          </Authorized>
        </Space>
      ),
    },
  ];

  return (
    <>
      <ListPage<UserGroupRecord>
        testId="user-groups"
        list={list}
        selectable={false}
        onAdd={() => setEditing('new')}
        queryFields={[{ name: 'name', label: t('fields.name'), kind: 'text' }]}
        columns={columns}
        tableProps={{ locale: { emptyText: <ListEmpty error={listError} text={t('groups.empty')} /> } }}
      />
      <UserGroupModal group={editing} onClose={() => setEditing(null)} />
    </>
  );
}
