import { useState, type ReactNode } from 'react';
import { Button, Drawer, Space, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RoleRoutes, type RoleRecord } from '@ztj/contracts';
import { feedback } from '../../../platform/feedback/feedback';
import { useSeededSelection } from '../../../platform/forms/useSeededSelection';
import { callApi } from '../../../platform/http/callApi';
import { useResponsive } from '../../../platform/responsive/useResponsive';
import { PermissionTreeCheck } from '../permission/PermissionTreeCheck';
import { RoleDataRulePanel } from './RoleDataRulePanel';

/** Assigns menus and buttons to a role (SPEC §6): antd Tree checkable, saved as the full set. */
export function RoleAuthDrawer({ role, onClose }: { role: RoleRecord; onClose: () => void }): ReactNode {
  const { t } = useTranslation(['system', 'list']);
  const { isMobile } = useResponsive();
  const granted = useQuery({
    queryKey: ['sys', 'role', 'perm', role.id],
    queryFn: ({ signal }) => callApi(RoleRoutes.queryRolePermission, { query: { roleId: role.id }, signal }),
  });
  const checked = useSeededSelection(granted.data);
  const [saving, setSaving] = useState(false);
  const [ruleNode, setRuleNode] = useState<{ id: string; title: string } | null>(null);
  const save = async (close: boolean): Promise<void> => {
    setSaving(true);
    try {
      await callApi(RoleRoutes.saveRolePermission, {
        body: {
          roleId: role.id,
          permissionIds: checked.value.join(','),
          lastpermissionIds: (granted.data ?? []).join(','),
        },
      });
      feedback().message.success(t('list:saveSuccess'));
      if (close) onClose();
      else {
        await granted.refetch();
        checked.reset();
      }
    } finally {
      setSaving(false);
    }
  };
  return (
    <Drawer
      open
      size={isMobile ? 'default' : 'large'}
      title={t('role.authTitle', { name: role.roleName })}
      onClose={onClose}
      footer={
        <Space>
          <Button onClick={onClose}>{t('depart.cancel')}</Button>
          <Button loading={saving} disabled={!checked.ready} onClick={() => void save(false)}>
            {t('role.saveOnly')}
          </Button>
          <Button
            type="primary"
            loading={saving}
            disabled={!checked.ready}
            onClick={() => void save(true)}
            data-testid="role-auth-save"
          >
            {t('role.saveClose')}
          </Button>
        </Space>
      }
    >
      {checked.ready ? (
        <PermissionTreeCheck
          value={checked.value}
          onChange={checked.onChange}
          onSelectNode={(id, title) => setRuleNode({ id, title })}
        />
      ) : (
        <Spin />
      )}
      {ruleNode && (
        <RoleDataRulePanel key={ruleNode.id} roleId={role.id} permissionId={ruleNode.id} title={ruleNode.title} />
      )}
    </Drawer>
  );
}
