import { useState, type ReactNode } from 'react';
import { Tag, Tooltip, Typography } from 'antd';
import { QuartzRoutes, type QuartzJobRecord } from '@ztj/contracts';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../platform/list/listQuery';
import { ListPage } from '../../../platform/list/ListPage';
import { RowActions } from '../../../platform/list/RowActions';
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
  const [dialog, setDialog] = useState<{ job?: QuartzJobRecord } | null>(null);
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
    <>
      <ListPage<QuartzJobRecord>
        testId="quartz-list"
        list={list}
        batchDelete
        exportName={t('exportName')}
        importRoute={QuartzRoutes.importExcel}
        onAdd={() => setDialog({})}
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
          {
            title: t('cronExpression'),
            dataIndex: 'cronExpression',
            render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
          },
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
          {
            title: t('nextFire'),
            dataIndex: 'nextFireTime',
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
                  {
                    key: 'execute',
                    label: t('execute'),
                    permission: 'quartz:execute',
                    onClick: () => act('execute', row),
                  },
                  {
                    key: 'edit',
                    label: t('list:actions.edit'),
                    permission: 'quartz:edit',
                    onClick: () => setDialog({ job: row }),
                  },
                  {
                    key: 'delete',
                    label: t('list:actions.delete'),
                    permission: 'quartz:delete',
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
        <QuartzJobFormModal job={dialog.job} onClose={() => setDialog(null)} onSaved={() => void list.reload()} />
      )}
    </>
  );
}
