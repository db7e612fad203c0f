import { useState, type ReactNode } from 'react';
import { Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { ALARM_SETTINGS_PERMS, AlarmSettingsRoutes, type UserGroupRecord } from '@ztj/contracts';
import { confirmRowDelete, sectionDeleteTexts } from '../../../platform/crud/confirmRowDelete';
import { epochTimeColumn } from '../../../platform/crud/crudColumns';
import { LinkActions } from '../../../platform/crud/LinkActions';
import { ListPage } from '../../../platform/list/ListPage';
import { useListPage } from '../../../platform/list/useListPage';
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

  const confirmDelete = (g: UserGroupRecord): void =>
    confirmRowDelete({
      texts: sectionDeleteTexts(t, 'groups', g.name),
      remove: () => remove.mutateAsync([g.id]),
      onDone: () => list.afterDelete(1),
    });

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
    epochTimeColumn(t('fields.createTime'), 'createTime', { responsive: ['md'] }),
    {
      title: t('fields.actions'),
      key: 'actions',
      fixed: 'right',
      width: 112,
      render: (_: unknown, g) => (
        <LinkActions
          actions={[
            {
              key: 'edit',
              label: t('actions.edit'),
              permission: ALARM_SETTINGS_PERMS.groupEdit,
              onClick: () => setEditing(g),
            },
            {
              key: 'delete',
              label: t('actions.delete'),
              permission: ALARM_SETTINGS_PERMS.groupDelete,
              danger: true,
              onClick: () => confirmDelete(g),
            },
          ]}
        />
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
