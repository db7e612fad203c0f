import { useState, type ReactNode } from 'react';
import { Button, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DepartRoutes } from '@ztj/contracts';
import { feedback } from '../../../platform/feedback/feedback';
import { useSeededSelection } from '../../../platform/forms/useSeededSelection';
import { callApi } from '../../../platform/http/callApi';
import { usePermission } from '../../../platform/permissions/usePermission';
import { PermissionTreeCheck } from '../permission/PermissionTreeCheck';

/**
 * Permissions of a department (SPEC §6 "departments have role rights"): the tree, saved as a
 * whole. They bound what the department's own roles may grant (roles tab).
 */
export function DepartPermissionPanel({ departId }: { departId: string }): ReactNode {
  const { t } = useTranslation(['system', 'list']);
  const { can } = usePermission();
  const granted = useQuery({
    queryKey: ['sys', 'depart', 'perm', departId],
    queryFn: ({ signal }) => callApi(DepartRoutes.queryDepartPermission, { query: { departId }, signal }),
  });
  const checked = useSeededSelection(granted.data, departId);
  const [saving, setSaving] = useState(false);
  const save = async (): Promise<void> => {
    setSaving(true);
    try {
      await callApi(DepartRoutes.saveDepartPermission, {
        body: { departId, permissionIds: checked.value.join(','), lastpermissionIds: (granted.data ?? []).join(',') },
      });
      feedback().message.success(t('list:saveSuccess'));
      await granted.refetch();
      checked.reset();
    } finally {
      setSaving(false);
    }
  };
  const editable = can('depart:auth');
  return (
    <>
      {checked.ready ? (
        <PermissionTreeCheck value={checked.value} onChange={checked.onChange} disabled={!editable} />
      ) : (
        <Spin />
      )}
      {editable && checked.ready && (
        <Button type="primary" style={{ marginTop: 12 }} loading={saving} onClick={() => void save()}>
          {t('depart.savePermissions')}
        </Button>
      )}
    </>
  );
}
