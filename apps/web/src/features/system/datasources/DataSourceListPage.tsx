import { useState, type ReactNode } from 'react';
import { Tag, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { DATA_SOURCE_TYPES, DataSourceRoutes, type DataSourceRecord } from '@ztj/contracts';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../../platform/feedback/feedback';
import { callApi } from '../../../platform/http/callApi';
import { ListErrorAlert } from '../../../platform/list/ListErrorAlert';
import { ListPage } from '../../../platform/list/ListPage';
import { formatDateTime } from '../../../platform/list/listQuery';
import { RowActions } from '../../../platform/list/RowActions';
import { useListPage } from '../../../platform/list/useListPage';
import { DataSourceFormModal } from './DataSourceFormModal';

/**
 * Data sources (`system/DataSourceList`; SPEC §2 system → data sources): list
 * with code, name, type, address and user (never a password, only whether one is stored);
 * add/edit, delete and batch delete (confirmed), export, and "test connection" of a saved source
 * with its stored password (administrators).
 */
export function DataSourceListPage(): ReactNode {
  const { t } = useTranslation(['datasources', 'list']);
  const [dialog, setDialog] = useState<{ source?: DataSourceRecord } | null>(null);
  const [testingId, setTestingId] = useState<string | null>(null);
  const list = useListPage({
    route: DataSourceRoutes.list,
    permissionPrefix: 'datasource',
    sourceKey: '/system/datasource',
    deleteRoute: DataSourceRoutes.delete,
    deleteBatchRoute: DataSourceRoutes.deleteBatch,
    exportRoute: DataSourceRoutes.exportXls,
  });
  const error =
    useQueryClient()
      .getQueryCache()
      .findAll({ queryKey: ['list', DataSourceRoutes.list.path], type: 'active' })
      .find((q) => q.state.status === 'error')?.state.error ?? null;

  const testSaved = async (row: DataSourceRecord): Promise<void> => {
    setTestingId(row.id);
    try {
      const { id, dbType, host, port, dbName, dbUsername } = row;
      const result = await callApi(DataSourceRoutes.testConnection, {
        body: { id, dbType, host, port, dbName, dbUsername },
      });
      feedback().modal[result.ok ? 'success' : 'error']({
        title: row.name,
        content: <span style={{ overflowWrap: 'anywhere' }}>{result.message}</span>,
      });
    } finally {
      setTestingId(null);
    }
  };

  return (
    <>
      <ListErrorAlert
        error={error}
        title={t('loadError')}
        retryText={t('retry')}
        onRetry={() => void list.reload()}
        testId="datasource-list-error"
      />
      <ListPage<DataSourceRecord>
        testId="datasource-list"
        list={list}
        batchDelete
        exportName={t('exportName')}
        onAdd={() => setDialog({})}
        queryFields={[
          { name: 'code', label: t('fields.code'), kind: 'text' },
          { name: 'name', label: t('fields.name'), kind: 'text' },
          {
            name: 'dbType',
            label: t('fields.dbType'),
            kind: 'select',
            options: DATA_SOURCE_TYPES.map((v) => ({ value: v, label: t(`types.${v}`) })),
          },
        ]}
        columns={[
          {
            title: t('fields.code'),
            dataIndex: 'code',
            sorter: true,
            render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
          },
          { title: t('fields.name'), dataIndex: 'name', sorter: true, ellipsis: true },
          {
            title: t('fields.dbType'),
            dataIndex: 'dbType',
            sorter: true,
            width: 150,
            render: (v: DataSourceRecord['dbType']) => (
              <Tag color={v === 'postgresql' ? 'blue' : 'orange'}>{t(`types.${v}`)}</Tag>
            ),
          },
          {
            title: t('fields.address'),
            key: 'address',
            ellipsis: true,
            render: (_v, r) => `${r.host}:${r.port}/${r.dbName}`,
          },
          { title: t('fields.dbUsername'), dataIndex: 'dbUsername', ellipsis: true, width: 140 },
          {
            title: t('fields.dbPassword'),
            dataIndex: 'hasPassword',
            width: 100,
            render: (v: boolean) => (v ? <Tag color="green">{t('stored')}</Tag> : <Tag>{t('none')}</Tag>),
          },
          {
            title: t('createTime'),
            dataIndex: 'createTime',
            sorter: true,
            width: 170,
            render: (v: string | null) => (v ? formatDateTime(v) : '-'),
          },
          {
            title: t('list:actions.title'),
            key: 'actions',
            fixed: 'right',
            width: 150,
            render: (_v, row) => (
              <RowActions
                actions={[
                  {
                    key: 'edit',
                    label: t('list:actions.edit'),
                    permission: 'datasource:edit',
                    onClick: () => setDialog({ source: row }),
                  },
                  {
                    key: 'test',
                    label: testingId === row.id ? t('testing') : t('test'),
                    permission: 'datasource:test',
                    onClick: () => void testSaved(row).catch(() => undefined),
                  },
                  {
                    key: 'delete',
                    label: t('list:actions.delete'),
                    permission: 'datasource:delete',
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
        <DataSourceFormModal
          source={dialog.source}
          onClose={() => setDialog(null)}
          onSaved={() => void list.reload()}
        />
      )}
    </>
  );
}
