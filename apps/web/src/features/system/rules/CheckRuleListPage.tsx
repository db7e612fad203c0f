import type { ReactNode } from 'react';
import { Tooltip } from 'antd';
import { CheckRuleRoutes, type CheckRuleRecord } from '@ztj/contracts';
import { useTranslation } from 'react-i18next';
import { codeColumn, dateTimeColumn } from '../../../platform/crud/crudColumns';
import { CrudListPage } from '../../../platform/crud/CrudListPage';
import { useListPage } from '../../../platform/list/useListPage';
import { CheckRuleFormModal } from './CheckRuleFormModal';

/**
 * Check rules (`system/CheckRuleList`; SPEC §2 system → check rules): list with
 * code, name, rows and description; add/edit with an editable list of {digits, pattern, message}
 * rows and a box that tests a value with the check call; delete and batch delete (confirmed).
 */
export function CheckRuleListPage(): ReactNode {
  const { t } = useTranslation(['rules', 'list']);
  const list = useListPage({
    route: CheckRuleRoutes.list,
    permissionPrefix: 'checkrule',
    sourceKey: '/system/checkrule',
    deleteRoute: CheckRuleRoutes.delete,
    deleteBatchRoute: CheckRuleRoutes.deleteBatch,
  });
  return (
    <CrudListPage<CheckRuleRecord>
      testId="checkrule-list"
      loadError={{ route: CheckRuleRoutes.list, title: t('check.loadError'), retryText: t('check.retry') }}
      list={list}
      batchDelete
      queryFields={[
        { name: 'ruleCode', label: t('check.fields.ruleCode'), kind: 'text' },
        { name: 'ruleName', label: t('check.fields.ruleName'), kind: 'text' },
      ]}
      columns={[
        codeColumn(t('check.fields.ruleCode'), 'ruleCode'),
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
        dateTimeColumn(t('check.fields.createTime')),
      ]}
      actions={{ width: 130 }}
      form={({ record, close, saved }) => <CheckRuleFormModal rule={record} onClose={close} onSaved={saved} />}
    />
  );
}
