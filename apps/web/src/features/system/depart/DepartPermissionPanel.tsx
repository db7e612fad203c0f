import { useEffect, useState, type ReactNode } from 'react';
import { Button, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DepartRoutes } from '@ztj/contracts';
import { feedback } from '../../../platform/feedback/feedback';
import { callApi } from '../../../platform/http/callApi';
import { usePermission } from '../../../platform/permissions/usePermission';
import { PermissionTreeCheck } from '../permission/PermissionTreeCheck';

/** Permissions of a department (SPEC §6 "departments have role rights"): the tree, saved as a whole. */
export function DepartPermissionPanel({ departId }: { departId: string }): ReactNode {
  const { t } = useTranslation(['system', 'list']);
  const { can } = usePermission();
  const granted = useQuery({ queryKey: ['sys', 'depart', 'perm', departId], queryFn: ({ signal }) => callApi(DepartRoutes.queryDepartPermission, { query: { departId }, signal }) });
  const [checked, setChecked] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  useEffect(() => setChecked(granted.data ?? []), [granted.data]);
  const save = async (): Promise<void> => {
    setSaving(true);
    try {
      await callApi(DepartRoutes.saveDepartPermission, { body: { departId, permissionIds: checked.join(','), lastpermissionIds: (granted.data ?? []).join(',') } });
      feedback().message.success(t('list:saveSuccess'));
      await granted.refetch();
    } finally {
      setSaving(false);
    }
  };
  const editable = can('depart:auth');
  return (
    <>
      <PermissionTreeCheck value={checked} onChange={setChecked} disabled={!editable} />
      {editable && <Button type="primary" style={{ marginTop: 12 }} loading={saving} onClick={() => void save()}>{t('depart.savePermissions')}</Button>}
    </>
  );
}

/** Roles held by the users of a department. */
export function DepartRolesPanel({ departId }: { departId: string }): ReactNode {
  const { t } = useTranslation(['system', 'list']);
  const roles = useQuery({ queryKey: ['sys', 'depart', 'roles', departId], queryFn: ({ signal }) => callApi(DepartRoutes.departRoles, { query: { departId }, signal }) });
  return (
    <Table
      size="small"
      rowKey="id"
      loading={roles.isFetching}
      dataSource={roles.data ?? []}
      pagination={false}
      columns={[
        { title: t('role.roleName'), dataIndex: 'roleName' },
        { title: t('role.roleCode'), dataIndex: 'roleCode' },
        { title: t('depart.roleUsers'), dataIndex: 'users' },
      ]}
    />
  );
}
