import { useMemo, useState, type ReactNode } from 'react';
import { Checkbox, Empty, Modal, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../platform/list/listQuery';
import { DepartRoleRoutes, UserRoutes, type UserRecord } from '@ztj/contracts';
import { feedback } from '../../../platform/feedback/feedback';
import { useSeededSelection } from '../../../platform/forms/useSeededSelection';
import { callApi } from '../../../platform/http/callApi';
import { ListPage } from '../../../platform/list/ListPage';
import { RowActions } from '../../../platform/list/RowActions';
import { useListPage } from '../../../platform/list/useListPage';
import { useDepartRoles } from './DepartRolesPanel';

/** Which of the department's roles a member holds (SPEC §6). */
function MemberRolesModal({
  departId,
  user,
  onClose,
}: {
  departId: string;
  user: UserRecord;
  onClose: () => void;
}): ReactNode {
  const { t } = useTranslation(['system', 'list']);
  const roles = useDepartRoles(departId);
  const held = useQuery({
    queryKey: ['sys', 'depart', 'member-roles', departId, user.id],
    queryFn: ({ signal }) => callApi(DepartRoleRoutes.userRoles, { query: { userId: user.id, departId }, signal }),
  });
  const seed = useMemo(() => held.data?.map((r) => r.droleId), [held.data]);
  const checked = useSeededSelection(seed);
  const [saving, setSaving] = useState(false);
  const save = async (): Promise<void> => {
    setSaving(true);
    try {
      await callApi(DepartRoleRoutes.saveUserRoles, {
        body: { departId, userId: user.id, newRoleId: checked.value.join(',') },
      });
      feedback().message.success(t('list:saveSuccess'));
      onClose();
    } finally {
      setSaving(false);
    }
  };
  const options = (roles.data ?? []).map((r) => ({ value: r.id, label: `${r.roleName} (${r.roleCode})` }));
  return (
    <Modal
      open
      title={t('depart.memberRolesOf', { name: user.realname })}
      onCancel={onClose}
      onOk={() => void save()}
      confirmLoading={saving}
      okButtonProps={{ disabled: !checked.ready || !roles.data }}
      destroyOnHidden
    >
      {!checked.ready || !roles.data ? (
        <Spin />
      ) : options.length === 0 ? (
        <Empty description={t('depart.noOwnRoles')} />
      ) : (
        <Checkbox.Group
          options={options}
          value={checked.value}
          onChange={(v) => checked.onChange(v.map(String))}
          data-testid="depart-member-roles"
        />
      )}
    </Modal>
  );
}

/** Users of a department (`departUserList` + depId) through the one list machinery; department roles per member. */
export function DepartUsersPanel({ departId }: { departId: string }): ReactNode {
  const { t } = useTranslation(['system', 'list']);
  const [member, setMember] = useState<UserRecord | null>(null);
  const defaultQuery = useMemo(() => ({ depId: departId }), [departId]);
  const list = useListPage({
    route: UserRoutes.departUserList,
    permissionPrefix: 'user',
    sourceKey: 'departUsers',
    defaultQuery,
  });
  return (
    <>
      <ListPage<UserRecord>
        list={list}
        selectable={false}
        narrowQuery
        queryFields={[
          { name: 'username', label: t('user.username'), kind: 'text' },
          { name: 'realname', label: t('user.realname'), kind: 'text' },
        ]}
        columns={[
          { title: t('user.username'), dataIndex: 'username', sorter: true },
          { title: t('user.realname'), dataIndex: 'realname' },
          { title: t('user.phone'), dataIndex: 'phone' },
          {
            title: t('user.status'),
            dataIndex: 'status',
            render: (v: number) => (v === 2 ? t('user.frozen') : t('user.normal')),
          },
          { title: t('user.createTime'), dataIndex: 'createTime', sorter: true, render: formatDateTime },
          {
            title: t('list:actions.title'),
            key: 'actions',
            render: (_v, r) => (
              <RowActions
                actions={[
                  {
                    key: 'member-roles',
                    label: t('depart.memberRoles'),
                    permission: 'depart:auth',
                    onClick: () => setMember(r),
                  },
                ]}
              />
            ),
          },
        ]}
      />
      {member && <MemberRolesModal departId={departId} user={member} onClose={() => setMember(null)} />}
    </>
  );
}
