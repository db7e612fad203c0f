import { useState, type ReactNode } from 'react';
import { Button, Modal, Spin, Table, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DepartRoleRoutes, DepartRoutes, type DepartRoleRecord } from '@ztj/contracts';
import { feedback } from '../../../platform/feedback/feedback';
import { useSeededSelection } from '../../../platform/forms/useSeededSelection';
import { callApi } from '../../../platform/http/callApi';
import { RowActions } from '../../../platform/list/RowActions';
import { usePermission } from '../../../platform/permissions/usePermission';
import { EntityFormModal } from '../EntityFormModal';
import { PermissionTreeCheck } from '../permission/PermissionTreeCheck';
import { RoleDataRulePanel } from '../role/RoleDataRulePanel';

/** Department roles of a department (query key shared with the member dialog). */
export function useDepartRoles(departId: string): ReturnType<typeof useQuery<DepartRoleRecord[]>> {
  return useQuery({
    queryKey: ['sys', 'depart', 'droles', departId],
    queryFn: async ({ signal }) =>
      (
        await callApi(DepartRoleRoutes.list, {
          query: { deptId: departId, pageSize: '1000', column: 'roleCode', order: 'asc' },
          signal,
        })
      ).records,
  });
}

/**
 * Grants of one department role, only within the department's own permissions (SPEC §6); clicking
 * the title of one of those permissions opens its data rules for this role (the role drawer's panel).
 */
function DepartRoleAuthModal({ role, onClose }: { role: DepartRoleRecord; onClose: () => void }): ReactNode {
  const { t } = useTranslation(['system', 'list']);
  const departPerms = useQuery({
    queryKey: ['sys', 'depart', 'perm', role.departId],
    queryFn: ({ signal }) =>
      callApi(DepartRoutes.queryDepartPermission, { query: { departId: role.departId }, signal }),
  });
  const granted = useQuery({
    queryKey: ['sys', 'depart', 'drole-perm', role.id],
    queryFn: ({ signal }) => callApi(DepartRoleRoutes.queryPermission, { query: { roleId: role.id }, signal }),
  });
  const checked = useSeededSelection(granted.data);
  const [saving, setSaving] = useState(false);
  const [ruleNode, setRuleNode] = useState<{ id: string; title: string } | null>(null);
  const save = async (): Promise<void> => {
    setSaving(true);
    try {
      await callApi(DepartRoleRoutes.savePermission, {
        body: {
          roleId: role.id,
          permissionIds: checked.value.join(','),
          lastpermissionIds: (granted.data ?? []).join(','),
        },
      });
      feedback().message.success(t('list:saveSuccess'));
      onClose();
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      width={720}
      title={t('role.authTitle', { name: role.roleName })}
      onCancel={onClose}
      onOk={() => void save()}
      confirmLoading={saving}
      okButtonProps={{ disabled: !checked.ready }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        {t('depart.roleWithin')} {t('depart.roleDataRulesHint')}
      </Typography.Paragraph>
      {!departPerms.data || !checked.ready ? (
        <Spin />
      ) : (
        <PermissionTreeCheck
          value={checked.value}
          onChange={checked.onChange}
          allowedIds={departPerms.data}
          onSelectNode={(id, title) => setRuleNode(departPerms.data.includes(id) ? { id, title } : null)}
        />
      )}
      {ruleNode && (
        <RoleDataRulePanel
          key={ruleNode.id}
          roleId={role.id}
          departId={role.departId}
          permissionId={ruleNode.id}
          title={ruleNode.title}
        />
      )}
    </Modal>
  );
}

/**
 * Roles of a department (SPEC §6): its own roles, granted within the
 * department's permissions and given to its members (users tab); below, the tenant roles its
 * members hold.
 */
export function DepartRolesPanel({ departId }: { departId: string }): ReactNode {
  const { t } = useTranslation(['system', 'list']);
  const { can } = usePermission();
  const editable = can('depart:auth');
  const droles = useDepartRoles(departId);
  const held = useQuery({
    queryKey: ['sys', 'depart', 'roles', departId],
    queryFn: ({ signal }) => callApi(DepartRoutes.departRoles, { query: { departId }, signal }),
  });
  const [editing, setEditing] = useState<{ row?: DepartRoleRecord } | null>(null);
  const [auth, setAuth] = useState<DepartRoleRecord | null>(null);
  const remove = (id: string): void =>
    void feedback().modal.confirm({
      title: t('list:delete.title'),
      content: t('list:delete.confirm'),
      onOk: async () => {
        await callApi(DepartRoleRoutes.delete, { query: { id } });
        feedback().message.success(t('list:delete.success'));
        await droles.refetch();
      },
    });
  const row = editing?.row;
  return (
    <div data-testid="depart-roles">
      <Typography.Title level={5}>{t('depart.ownRoles')}</Typography.Title>
      {editable && (
        <Button
          type="primary"
          icon={<PlusOutlined />}
          style={{ marginBottom: 12 }}
          onClick={() => setEditing({})}
          data-testid="depart-role-add"
        >
          {t('role.add')}
        </Button>
      )}
      <Table<DepartRoleRecord>
        size="small"
        rowKey="id"
        loading={droles.isFetching}
        dataSource={droles.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: t('role.roleName'), dataIndex: 'roleName' },
          { title: t('role.roleCode'), dataIndex: 'roleCode' },
          { title: t('role.description'), dataIndex: 'description' },
          {
            title: t('list:actions.title'),
            key: 'actions',
            hidden: !editable,
            render: (_v, r) => (
              <RowActions
                actions={[
                  { key: 'auth', label: t('role.auth'), onClick: () => setAuth(r) },
                  { key: 'edit', label: t('list:actions.edit'), onClick: () => setEditing({ row: r }) },
                  { key: 'delete', label: t('list:actions.delete'), danger: true, onClick: () => remove(r.id) },
                ]}
              />
            ),
          },
        ]}
      />
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {t('depart.heldRoles')}
      </Typography.Title>
      <Table
        size="small"
        rowKey="id"
        loading={held.isFetching}
        dataSource={held.data ?? []}
        pagination={false}
        columns={[
          { title: t('role.roleName'), dataIndex: 'roleName' },
          { title: t('role.roleCode'), dataIndex: 'roleCode' },
          { title: t('depart.roleUsers'), dataIndex: 'users' },
        ]}
      />
      {editing && (
        <EntityFormModal
          title={row ? t('role.edit') : t('role.add')}
          initial={row ? { ...row } : {}}
          fields={[
            { name: 'roleName', label: t('role.roleName'), required: true, max: 30 },
            { name: 'roleCode', label: t('role.roleCode'), required: true, max: 30 },
            { name: 'description', label: t('role.description'), max: 200 },
          ]}
          onClose={() => setEditing(null)}
          onSubmit={async (v) => {
            const body = {
              roleName: String(v.roleName ?? ''),
              roleCode: String(v.roleCode ?? ''),
              description: v.description ? String(v.description) : null,
            };
            if (row) await callApi(DepartRoleRoutes.edit, { body: { ...body, id: row.id } });
            else await callApi(DepartRoleRoutes.add, { body: { ...body, departId } });
            await droles.refetch();
          }}
        />
      )}
      {auth && <DepartRoleAuthModal role={auth} onClose={() => setAuth(null)} />}
    </div>
  );
}
