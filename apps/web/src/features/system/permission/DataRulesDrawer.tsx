import { useState, type ReactNode } from 'react';
import { Badge, Button, Drawer, Table } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DATA_RULE_CONDITIONS, PermissionRoutes, type DataRuleRecord, type PermissionNode } from '@ztj/contracts';
import { feedback } from '../../../platform/feedback/feedback';
import { callApi } from '../../../platform/http/callApi';
import { RowActions } from '../../../platform/list/RowActions';
import { EntityFormModal } from '../EntityFormModal';

/** Data rules of one permission (SPEC §6) in a drawer, from the permission list. */
export function DataRulesDrawer({ node, onClose }: { node: PermissionNode; onClose: () => void }): ReactNode {
  const { t } = useTranslation(['system', 'list']);
  return (
    <Drawer open size="large" title={t('permission.rulesOf', { name: node.title })} onClose={onClose}>
      <DataRulesPanel permissionId={node.id} />
    </Drawer>
  );
}

/**
 * Data rules of one permission (SPEC §6): column, condition, value, status; add, edit, delete.
 * Shared by the permission list's drawer and the data-rule screen (SPEC §2 system "data rules").
 */
export function DataRulesPanel({ permissionId }: { permissionId: string }): ReactNode {
  const { t } = useTranslation(['system', 'list']);
  const node = { id: permissionId };
  const [editing, setEditing] = useState<{ row?: DataRuleRecord } | null>(null);
  const rules = useQuery({
    queryKey: ['sys', 'permission', 'rules', node.id],
    queryFn: ({ signal }) => callApi(PermissionRoutes.ruleList, { query: { permissionId: node.id }, signal }),
  });
  const remove = (id: string): void =>
    void feedback().modal.confirm({
      title: t('list:delete.title'),
      content: t('list:delete.confirm'),
      onOk: async () => {
        await callApi(PermissionRoutes.ruleDelete, { query: { id } });
        feedback().message.success(t('list:delete.success'));
        await rules.refetch();
      },
    });
  const row = editing?.row;
  return (
    <div data-testid="data-rules">
      <Button type="primary" icon={<PlusOutlined />} style={{ marginBottom: 12 }} onClick={() => setEditing({})}>
        {t('list:toolbar.add')}
      </Button>
      <Table<DataRuleRecord>
        size="small"
        rowKey="id"
        scroll={{ x: 'max-content' }}
        loading={rules.isFetching}
        dataSource={rules.data ?? []}
        pagination={false}
        columns={[
          { title: t('permission.ruleName'), dataIndex: 'ruleName' },
          { title: t('permission.ruleColumn'), dataIndex: 'ruleColumn' },
          { title: t('permission.ruleConditions'), dataIndex: 'ruleConditions' },
          { title: t('permission.ruleValue'), dataIndex: 'ruleValue' },
          {
            title: t('permission.status'),
            dataIndex: 'status',
            render: (v: string) => (
              <Badge
                status={v === '1' ? 'success' : 'default'}
                text={v === '1' ? t('dict.enabled') : t('dict.disabled')}
              />
            ),
          },
          {
            title: t('list:actions.title'),
            key: 'actions',
            render: (_v, r) => (
              <RowActions
                actions={[
                  { key: 'edit', label: t('list:actions.edit'), onClick: () => setEditing({ row: r }) },
                  { key: 'delete', label: t('list:actions.delete'), danger: true, onClick: () => remove(r.id) },
                ]}
              />
            ),
          },
        ]}
      />
      {editing && (
        <EntityFormModal
          title={row ? t('permission.editRule') : t('permission.addRule')}
          initial={row ? { ...row } : { status: '1', ruleConditions: '=' }}
          fields={[
            { name: 'ruleName', label: t('permission.ruleName'), required: true, max: 60 },
            { name: 'ruleColumn', label: t('permission.ruleColumn'), required: true, max: 60 },
            {
              name: 'ruleConditions',
              label: t('permission.ruleConditions'),
              kind: 'radio',
              required: true,
              options: DATA_RULE_CONDITIONS.map((c) => ({ value: c, label: c })),
            },
            { name: 'ruleValue', label: t('permission.ruleValue'), required: true, max: 500 },
            {
              name: 'status',
              label: t('permission.status'),
              kind: 'radio',
              options: [
                { value: '1', label: t('dict.enabled') },
                { value: '0', label: t('dict.disabled') },
              ],
            },
          ]}
          onClose={() => setEditing(null)}
          onSubmit={async (v) => {
            const cond = DATA_RULE_CONDITIONS.find((c) => c === v.ruleConditions) ?? '=';
            const body = {
              permissionId: node.id,
              ruleName: String(v.ruleName ?? ''),
              ruleColumn: String(v.ruleColumn ?? ''),
              ruleConditions: cond,
              ruleValue: String(v.ruleValue ?? ''),
              status: v.status === '0' ? ('0' as const) : ('1' as const),
            };
            if (row) await callApi(PermissionRoutes.ruleEdit, { body: { ...body, id: row.id } });
            else await callApi(PermissionRoutes.ruleAdd, { body });
            await rules.refetch();
          }}
        />
      )}
    </div>
  );
}
