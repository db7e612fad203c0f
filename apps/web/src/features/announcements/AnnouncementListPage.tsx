import type { ReactNode } from 'react';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { AnnouncementRoutes, type AnnouncementRecord } from '@ztj/contracts';
import { dateTimeColumn } from '../../platform/crud/crudColumns';
import { CrudListPage } from '../../platform/crud/CrudListPage';
import { feedback } from '../../platform/feedback/feedback';
import { callApi } from '../../platform/http/callApi';
import { useListPage } from '../../platform/list/useListPage';
import { AnnouncementFormModal } from './AnnouncementFormModal';
import { PriorityTag } from './PriorityTag';

const STATUS_COLOUR: Record<string, string> = { '0': 'default', '1': 'green', '2': 'red' };

/**
 * System → announcements (`system/AnnouncementList`; SPEC §2, §3): drafts are edited, published
 * (pushed live to all users of the tenant or the chosen ones) or deleted; published ones revoked.
 */
export function AnnouncementListPage(): ReactNode {
  const { t } = useTranslation(['announcements', 'list']);
  const list = useListPage({
    route: AnnouncementRoutes.list,
    permissionPrefix: 'announcement',
    sourceKey: '/system/announcement',
    deleteRoute: AnnouncementRoutes.delete,
    deleteBatchRoute: AnnouncementRoutes.deleteBatch,
  });

  const act = (kind: 'release' | 'revoke', row: AnnouncementRecord): void => {
    feedback().modal.confirm({
      title: t(`${kind}Title`),
      content: t(`${kind}Confirm`, { title: row.titile }),
      okButtonProps: { danger: kind === 'revoke', 'data-testid': 'confirm-ok' } as never,
      onOk: async () => {
        await callApi(AnnouncementRoutes[kind], { query: { id: row.id } });
        feedback().message.success(t(kind === 'release' ? 'released' : 'revoked'));
        await list.reload();
      },
    });
  };

  return (
    <CrudListPage<AnnouncementRecord>
      testId="announcement-list"
      list={list}
      batchDelete
      queryFields={[
        { name: 'titile', label: t('titile'), kind: 'text' },
        {
          name: 'sendStatus',
          label: t('statusLabel'),
          kind: 'select',
          options: ['0', '1', '2'].map((v) => ({ value: v, label: t(`status.${v}`) })),
        },
        {
          name: 'priority',
          label: t('priorityLabel'),
          kind: 'select',
          options: ['L', 'M', 'H'].map((v) => ({ value: v, label: t(`priority.${v}`) })),
        },
        {
          name: 'msgCategory',
          label: t('categoryLabel'),
          kind: 'select',
          options: ['1', '2'].map((v) => ({ value: v, label: t(`category.${v}`) })),
        },
      ]}
      superFields={[
        { field: 'titile', label: t('titile'), type: 'string' },
        { field: 'sender', label: t('sender'), type: 'string' },
        { field: 'sendTime', label: t('sendTime'), type: 'datetime' },
        { field: 'createTime', label: t('createTime'), type: 'datetime' },
      ]}
      columns={[
        { title: t('titile'), dataIndex: 'titile', sorter: true, ellipsis: true, width: 220 },
        {
          title: t('categoryLabel'),
          dataIndex: 'msgCategory',
          width: 110,
          render: (v: string) => t(`category.${v}`),
        },
        {
          title: t('priorityLabel'),
          dataIndex: 'priority',
          sorter: true,
          width: 90,
          render: (v: AnnouncementRecord['priority']) => <PriorityTag priority={v} />,
        },
        { title: t('msgTypeLabel'), dataIndex: 'msgType', width: 110, render: (v: string) => t(`msgType.${v}`) },
        {
          title: t('statusLabel'),
          dataIndex: 'sendStatus',
          sorter: true,
          width: 100,
          render: (v: string) => (
            <Tag color={STATUS_COLOUR[v]} data-testid="annt-status">
              {t(`status.${v}`)}
            </Tag>
          ),
        },
        { title: t('sender'), dataIndex: 'sender', width: 110 },
        dateTimeColumn(t('sendTime'), 'sendTime'),
        dateTimeColumn(t('cancelTime'), 'cancelTime'),
      ]}
      actions={{
        width: 150,
        build: (row, std) => [
          {
            key: 'release',
            label: t('release'),
            permission: 'announcement:release',
            hidden: row.sendStatus !== '0',
            onClick: () => act('release', row),
          },
          {
            key: 'revoke',
            label: t('revoke'),
            permission: 'announcement:revoke',
            hidden: row.sendStatus !== '1',
            onClick: () => act('revoke', row),
          },
          { ...std.edit, hidden: row.sendStatus !== '0' },
          std.delete,
        ],
      }}
      loadForEdit={(row) => callApi(AnnouncementRoutes.queryById, { query: { id: row.id } })}
      form={({ record, close, saved }) => <AnnouncementFormModal record={record} onClose={close} onSaved={saved} />}
    />
  );
}
