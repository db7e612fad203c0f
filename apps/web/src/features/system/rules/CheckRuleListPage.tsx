import { useState, type ReactNode } from 'react';
import { Tooltip, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { CheckRuleRoutes, type CheckRuleRecord } from '@ztj/contracts';
import { useTranslation } from 'react-i18next';
import { ListErrorAlert } from '../../../platform/list/ListErrorAlert';
import { ListPage } from '../../../platform/list/ListPage';
import { formatDateTime } from '../../../platform/list/listQuery';
import { RowActions } from '../../../platform/list/RowActions';
import { useListPage } from '../../../platform/list/useListPage';
import { CheckRuleFormModal } from './CheckRuleFormModal';

/**
 * Check rules (`system/CheckRuleList`; SPEC §2 system → check rules): list with
 * code, name, rows and description; add/edit with an editable list of {digits, pattern, message}
 * rows and a box that tests a value with the check call; delete and batch delete (confirmed).
 */
export function CheckRuleListPage(): ReactNode {
  const { t } = useTranslation(['rules', 'list']);
  const [dialog, setDialog] = useState<{ rule?: CheckRuleRecord } | null>(null);
  const list = useListPage({
    route: CheckRuleRoutes.list,
    permissionPrefix: 'checkrule',
    sourceKey: '/system/checkrule',
    deleteRoute: CheckRuleRoutes.delete,
    deleteBatchRoute: CheckRuleRoutes.deleteBatch,
  });
  const error =
    useQueryClient()
      .getQueryCache()
      .findAll({ queryKey: ['list', CheckRuleRoutes.list.path], type: 'active' })
      .find((q) => q.state.status === 'error')?.state.error ?? null;
  return (
    <>
      <ListErrorAlert
        error={error}
        title={t('check.loadError')}
        retryText={t('check.retry')}
        onRetry={() => void list.reload()}
        testId="checkrule-list-error"
      />
      <ListPage<CheckRuleRecord>
        testId="checkrule-list"
        list={list}
        batchDelete
        onAdd={() => setDialog({})}
        queryFields={[
          { name: 'ruleCode', label: t('check.fields.ruleCode'), kind: 'text' },
          { name: 'ruleName', label: t('check.fields.ruleName'), kind: 'text' },
        ]}
        columns={[
          {
            title: t('check.fields.ruleCode'),
            dataIndex: 'ruleCode',
            sorter: true,
            render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
          },
          { title: t('check.fields.ruleName'), dataIndex: 'ruleName', sorter: true, ellipsis: true },
          {
            title: t('check.fields.ruleJson'),
            dataIndex: 'ruleJson',
            width: 120,
            render: (rows: CheckRuleRecord['ruleJson']) => (
              <Tooltip
                title={rows.map((r, i) => (
                  <div key={i}>
                    <code>{r.digits}</code> <code>{r.pattern}</code> — {r.message}
                  </div>
                ))}
              >
                <span>{t('check.rowCount', { count: rows.length })}</span>
              </Tooltip>
            ),
          },
          { title: t('check.fields.ruleDescription'), dataIndex: 'ruleDescription', ellipsis: true },
          {
            title: t('check.fields.createTime'),
            dataIndex: 'createTime',
            sorter: true,
            width: 170,
            render: (v: string | null) => (v ? formatDateTime(v) : '-'),
          },
          {
            title: t('list:actions.title'),
            key: 'actions',
            fixed: 'right',
            width: 130,
            render: (_v, row) => (
              <RowActions
                actions={[
                  {
                    key: 'edit',
                    label: t('list:actions.edit'),
                    permission: 'checkrule:edit',
                    onClick: () => setDialog({ rule: row }),
                  },
                  {
                    key: 'delete',
                    label: t('list:actions.delete'),
                    permission: 'checkrule:delete',
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
        <CheckRuleFormModal rule={dialog.rule} onClose={() => setDialog(null)} onSaved={() => void list.reload()} />
      )}
    </>
  );
}
