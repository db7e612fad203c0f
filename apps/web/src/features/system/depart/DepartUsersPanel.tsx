import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../platform/list/listQuery';
import { UserRoutes, type UserRecord } from '@ztj/contracts';
import { ListPage } from '../../../platform/list/ListPage';
import { useListPage } from '../../../platform/list/useListPage';

/** Users of a department (`departUserList` + depId) through the one list machinery. */
export function DepartUsersPanel({ departId }: { departId: string }): ReactNode {
  const { t } = useTranslation(['system', 'list']);
  const defaultQuery = useMemo(() => ({ depId: departId }), [departId]);
  const list = useListPage({ route: UserRoutes.departUserList, permissionPrefix: 'user', sourceKey: 'departUsers', defaultQuery });
  return (
    <ListPage<UserRecord>
      list={list}
      selectable={false}
        narrowQuery
      queryFields={[{ name: 'username', label: t('user.username'), kind: 'text' }, { name: 'realname', label: t('user.realname'), kind: 'text' }]}
      columns={[
        { title: t('user.username'), dataIndex: 'username', sorter: true },
        { title: t('user.realname'), dataIndex: 'realname' },
        { title: t('user.phone'), dataIndex: 'phone' },
        { title: t('user.status'), dataIndex: 'status', render: (v: number) => (v === 2 ? t('user.frozen') : t('user.normal')) },
        { title: t('user.createTime'), dataIndex: 'createTime', sorter: true, render: formatDateTime },
      ]}
    />
  );
}
