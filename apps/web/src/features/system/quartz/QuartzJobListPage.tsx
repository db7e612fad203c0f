import type { ReactNode } from 'react';
import { Tag, Tooltip } from 'antd';
import { QuartzRoutes, type QuartzJobRecord } from '@ztj/contracts';
import { useTranslation } from 'react-i18next';
import { codeColumn, dateTimeColumn } from '../../../platform/crud/crudColumns';
import { CrudListPage } from '../../../platform/crud/CrudListPage';
import { formatDateTime } from '../../../platform/list/listQuery';
import { useListPage } from '../../../platform/list/useListPage';
import { feedback } from '../../../platform/feedback/feedback';
import { callApi } from '../../../platform/http/callApi';
import { QuartzJobFormModal, useJobClasses } from './QuartzJobFormModal';

const RUN_COLOR: Record<string, string> = { success: 'green', failure: 'red', running: 'blue' };

/**
 * Scheduled jobs (`system/QuartzJobList`; SPEC §2 system → quartz jobs): list with status tags,
 * start/pause, execute once, edit, delete (confirmed), import/export, add/edit with the cron builder.
 */
export function QuartzJobListPage(): ReactNode {
  const { t, i18n } = useTranslation(['quartz', 'list']);
  const classes = useJobClasses();
  const lang = i18n.language === 'en-US' ? 'en-US' : 'zh-CN';
  const list = useListPage({
    route: QuartzRoutes.list,
    permissionPrefix: 'quartz',
    sourceKey: '/system/quartz',
    deleteRoute: QuartzRoutes.delete,
    deleteBatchRoute: QuartzRoutes.deleteBatch,
    exportRoute: QuartzRoutes.exportXls,
  });
  const classLabel = (name: string): string => classes.find((c) => c.name === name)?.label[lang] ?? name;

  const act = (kind: 'pause' | 'resume' | 'execute', job: QuartzJobRecord): void => {
    feedback().modal.confirm({
      title: t(`${kind}Title`),
      content: t(`${kind}Confirm`, { name: classLabel(job.jobClassName) }),
      okButtonProps: { danger: kind === 'pause', 'data-testid': 'confirm-ok' } as never,
      onOk: async () => {
        await callApi(QuartzRoutes[kind], { query: { id: job.id } });
        feedback().message.success(kind === 'execute' ? t('executed') : t('list:operateSuccess'));
        await list.reload();
      },
    });
  };

  return (
    <CrudListPage<QuartzJobRecord>
      testId="quartz-list"
      list={list}
      batchDelete
      exportName={t('exportName')}
      importRoute={QuartzRoutes.importExcel}
      queryFields={[
        {
          name: 'jobClassName',
          label: t('jobClassName'),
          kind: 'select',
          options: classes.map((c) => ({ value: c.name, label: c.label[lang] })),
        },
        {
          name: 'status',
          label: t('status'),
          kind: 'select',
          options: [
            { value: 0, label: t('running') },
            { value: -1, label: t('stopped') },
          ],
        },
        { name: 'description', label: t('description'), kind: 'text' },
      ]}
      superFields={[
        { field: 'jobClassName', label: t('jobClassName'), type: 'string' },
        { field: 'cronExpression', label: t('cronExpression'), type: 'string' },
        { field: 'description', label: t('description'), type: 'string' },
        { field: 'createTime', label: t('createTime'), type: 'datetime' },
      ]}
      columns={[
        {
          title: t('jobClassName'),
          dataIndex: 'jobClassName',
          sorter: true,
          render: (v: string) => <Tooltip title={v}>{classLabel(v)}</Tooltip>,
        },
        {
          title: t('status'),
          dataIndex: 'status',
          sorter: true,
          width: 90,
          render: (v: number) => (
            <Tag color={v === 0 ? 'green' : 'default'} data-testid="quartz-status">
              {v === 0 ? t('running') : t('stopped')}
            </Tag>
          ),
        },
        codeColumn(t('cronExpression'), 'cronExpression', { sorter: false }),
        { title: t('parameter'), dataIndex: 'parameter', ellipsis: true, width: 160 },
        { title: t('description'), dataIndex: 'description', ellipsis: true, width: 160 },
        {
          title: t('lastRun'),
          dataIndex: 'lastRunTime',
          sorter: true,
          width: 200,
          render: (v: string | null, row) =>
            v ? (
              <Tooltip title={row.lastRunMessage}>
                {formatDateTime(v)}{' '}
                {row.lastRunStatus && <Tag color={RUN_COLOR[row.lastRunStatus]}>{t(`run.${row.lastRunStatus}`)}</Tag>}
              </Tooltip>
            ) : (
              '-'
            ),
        },
        dateTimeColumn(t('nextFire'), 'nextFireTime', { sorter: false }),
      ]}
      actions={{
        width: 170,
        build: (row, std) => [
          {
            key: 'resume',
            label: t('resume'),
            permission: 'quartz:resume',
            hidden: row.status === 0,
            onClick: () => act('resume', row),
          },
          {
            key: 'pause',
            label: t('pause'),
            permission: 'quartz:pause',
            hidden: row.status !== 0,
            onClick: () => act('pause', row),
          },
          { key: 'execute', label: t('execute'), permission: 'quartz:execute', onClick: () => act('execute', row) },
          std.edit,
          std.delete,
        ],
      }}
      form={({ record, close, saved }) => <QuartzJobFormModal job={record} onClose={close} onSaved={saved} />}
    />
  );
}
