import { useState, type ReactNode } from 'react';
import { Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { FillRuleRoutes, type FillRuleRecord } from '@ztj/contracts';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../../platform/feedback/feedback';
import { callApi } from '../../../platform/http/callApi';
import { ListErrorAlert } from '../../../platform/list/ListErrorAlert';
import { ListPage } from '../../../platform/list/ListPage';
import { formatDateTime } from '../../../platform/list/listQuery';
import { RowActions } from '../../../platform/list/RowActions';
import { useListPage } from '../../../platform/list/useListPage';
import { FillRuleFormModal } from './FillRuleFormModal';
import { previewNumber } from './rulesForm';

/**
 * Fill rules (`system/FillRuleList`; SPEC §2 system → fill rules): list with code,
 * name, generator and an example number; add/edit choosing one of the product's generators and
 * its parameters; "generate" runs the rule once (advancing its sequence); delete and batch delete.
 */
export function FillRuleListPage(): ReactNode {
  const { t } = useTranslation(['rules', 'list']);
  const [dialog, setDialog] = useState<{ rule?: FillRuleRecord } | null>(null);
  const list = useListPage({
    route: FillRuleRoutes.list,
    permissionPrefix: 'fillrule',
    sourceKey: '/system/fillrule',
    deleteRoute: FillRuleRoutes.delete,
    deleteBatchRoute: FillRuleRoutes.deleteBatch,
  });
  const error =
    useQueryClient()
      .getQueryCache()
      .findAll({ queryKey: ['list', FillRuleRoutes.list.path], type: 'active' })
      .find((q) => q.state.status === 'error')?.state.error ?? null;
  const generate = (row: FillRuleRecord): void => {
    void callApi(FillRuleRoutes.executeRuleByCode, { params: { ruleCode: row.ruleCode }, body: {} })
      .then((value) => feedback().message.success(t('fill.generated', { value: value ?? '-' })))
      .catch(() => undefined);
  };
  return (
    <>
      <ListErrorAlert
        error={error}
        title={t('fill.loadError')}
        retryText={t('fill.retry')}
        onRetry={() => void list.reload()}
        testId="fillrule-list-error"
      />
      <ListPage<FillRuleRecord>
        testId="fillrule-list"
        list={list}
        batchDelete
        onAdd={() => setDialog({})}
        queryFields={[
          { name: 'ruleCode', label: t('fill.fields.ruleCode'), kind: 'text' },
          { name: 'ruleName', label: t('fill.fields.ruleName'), kind: 'text' },
        ]}
        columns={[
          {
            title: t('fill.fields.ruleCode'),
            dataIndex: 'ruleCode',
            sorter: true,
            render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
          },
          { title: t('fill.fields.ruleName'), dataIndex: 'ruleName', sorter: true, ellipsis: true },
          {
            title: t('fill.fields.generator'),
            dataIndex: 'generator',
            render: (v: FillRuleRecord['generator']) => t(`fill.generators.${v}`),
          },
          {
            title: t('fill.fields.example'),
            key: 'example',
            render: (_v, row) => <Typography.Text code>{previewNumber(row.ruleParams)}</Typography.Text>,
          },
          {
            title: t('fill.fields.createTime'),
            dataIndex: 'createTime',
            sorter: true,
            width: 170,
            render: (v: string | null) => (v ? formatDateTime(v) : '-'),
          },
          {
            title: t('list:actions.title'),
            key: 'actions',
            fixed: 'right',
            width: 170,
            render: (_v, row) => (
              <RowActions
                actions={[
                  { key: 'generate', label: t('fill.generate'), onClick: () => generate(row) },
                  {
                    key: 'edit',
                    label: t('list:actions.edit'),
                    permission: 'fillrule:edit',
                    onClick: () => setDialog({ rule: row }),
                  },
                  {
                    key: 'delete',
                    label: t('list:actions.delete'),
                    permission: 'fillrule:delete',
                    danger: true,
                    onClick: () => list.confirmDelete(row.id),
                  },
                ]}
              />
            ),
          },
        ]}
      />
      {dialog && (
        <FillRuleFormModal rule={dialog.rule} onClose={() => setDialog(null)} onSaved={() => void list.reload()} />
      )}
    </>
  );
}
