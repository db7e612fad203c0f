import { useMemo, useState, type ReactNode } from 'react';
import { Button, Card, Checkbox, Empty, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DepartRoleRoutes, RoleRoutes } from '@ztj/contracts';
import { feedback } from '../../../platform/feedback/feedback';
import { useSeededSelection } from '../../../platform/forms/useSeededSelection';
import { callApi } from '../../../platform/http/callApi';

interface RoleDataRulePanelProps {
  roleId: string;
  permissionId: string;
  /** Title of the permission, shown in the card title. */
  title: string;
  /**
   * Department of a department role: the panel then
   * reads and saves through `/sys/sysDepartPermission/datarule`; a tenant role when absent.
   */
  departId?: string;
}

/**
 * Data rules a role applies for one permission (SPEC §6): tick the rules, save. Shared by the
 * tenant role drawer and the department role authorisation dialog (`departId`).
 */
export function RoleDataRulePanel({ roleId, permissionId, title, departId }: RoleDataRulePanelProps): ReactNode {
  const { t } = useTranslation(['system', 'list']);
  const rules = useQuery({
    queryKey: departId
      ? ['sys', 'depart', 'drole-datarule', departId, roleId, permissionId]
      : ['sys', 'role', 'datarule', roleId, permissionId],
    queryFn: ({ signal }) =>
      departId
        ? callApi(DepartRoleRoutes.queryDataRule, { params: { permissionId, departId, roleId }, signal })
        : callApi(RoleRoutes.queryDataRule, { params: { permissionId, roleId }, signal }),
  });
  const seed = useMemo(() => rules.data && rules.data.drChecked.split(',').filter(Boolean), [rules.data]);
  const checked = useSeededSelection(seed);
  const [saving, setSaving] = useState(false);
  const save = async (): Promise<void> => {
    setSaving(true);
    try {
      const body = { roleId, permissionId, dataRuleIds: checked.value.join(',') };
      await callApi(departId ? DepartRoleRoutes.saveDataRule : RoleRoutes.saveDataRule, { body });
      feedback().message.success(t('list:saveSuccess'));
    } finally {
      setSaving(false);
    }
  };
  const list = rules.data?.datarule ?? [];
  return (
    <Card
      size="small"
      title={t('role.dataRulesOf', { name: title })}
      style={{ marginTop: 12 }}
      data-testid="role-datarule"
    >
      <Spin spinning={rules.isFetching}>
        {list.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('role.noDataRules')} />
        ) : (
          <>
            <Checkbox.Group
              value={checked.value}
              onChange={(v) => checked.onChange(v.map(String))}
              options={list.map((r) => ({ value: r.id, label: r.ruleName }))}
            />
            <div>
              <Button type="primary" size="small" style={{ marginTop: 8 }} loading={saving} onClick={() => void save()}>
                {t('role.saveDataRules')}
              </Button>
            </div>
          </>
        )}
      </Spin>
    </Card>
  );
}
