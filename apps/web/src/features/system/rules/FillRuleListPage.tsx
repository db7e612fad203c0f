import type { ReactNode } from 'react';
import { Typography } from 'antd';
import { FillRuleRoutes, type FillRuleRecord } from '@ztj/contracts';
import { useTranslation } from 'react-i18next';
import { codeColumn, dateTimeColumn } from '../../../platform/crud/crudColumns';
import { CrudListPage } from '../../../platform/crud/CrudListPage';
import { feedback } from '../../../platform/feedback/feedback';
import { callApi } from '../../../platform/http/callApi';
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
  const list = useListPage({
    route: FillRuleRoutes.list,
    permissionPrefix: 'fillrule',
    sourceKey: '/system/fillrule',
    deleteRoute: FillRuleRoutes.delete,
    deleteBatchRoute: FillRuleRoutes.deleteBatch,
  });
  const generate = (row: FillRuleRecord): void => {
    void callApi(FillRuleRoutes.executeRuleByCode, { params: { ruleCode: row.ruleCode }, body: {} })
      .then((value) => feedback().message.success(t('fill.generated', { value: value ?? '-' })))
      .catch(() => undefined);
  };
  return (
    <CrudListPage<FillRuleRecord>
      testId="fillrule-list"
      loadError={{ route: FillRuleRoutes.list, title: t('fill.loadError'), retryText: t('fill.retry') }}
      list={list}
      batchDelete
      queryFields={[
        { name: 'ruleCode', label: t('fill.fields.ruleCode'), kind: 'text' },
        { name: 'ruleName', label: t('fill.fields.ruleName'), kind: 'text' },
      ]}
      columns={[
        codeColumn(t('fill.fields.ruleCode'), 'ruleCode'),
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
        dateTimeColumn(t('fill.fields.createTime')),
      ]}
      actions={{
        width: 170,
        build: (row, std) => [
          { key: 'generate', label: t('fill.generate'), onClick: () => generate(row) },
          std.edit,
          std.delete,
        ],
      }}
      form={({ record, close, saved }) => <FillRuleFormModal rule={record} onClose={close} onSaved={saved} />}
    />
  );
}
