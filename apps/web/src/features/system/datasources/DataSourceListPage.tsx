import { useState, type ReactNode } from 'react';
import { Tag } from 'antd';
import { DATA_SOURCE_TYPES, DataSourceRoutes, type DataSourceRecord } from '@ztj/contracts';
import { useTranslation } from 'react-i18next';
import { codeColumn, dateTimeColumn } from '../../../platform/crud/crudColumns';
import { CrudListPage } from '../../../platform/crud/CrudListPage';
import { feedback } from '../../../platform/feedback/feedback';
import { callApi } from '../../../platform/http/callApi';
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
  const [testingId, setTestingId] = useState<string | null>(null);
  const list = useListPage({
    route: DataSourceRoutes.list,
    permissionPrefix: 'datasource',
    sourceKey: '/system/datasource',
    deleteRoute: DataSourceRoutes.delete,
    deleteBatchRoute: DataSourceRoutes.deleteBatch,
    exportRoute: DataSourceRoutes.exportXls,
  });

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
    <CrudListPage<DataSourceRecord>
      testId="datasource-list"
      loadError={{ route: DataSourceRoutes.list, title: t('loadError'), retryText: t('retry') }}
      list={list}
      batchDelete
      exportName={t('exportName')}
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
        codeColumn(t('fields.code'), 'code'),
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
        dateTimeColumn(t('createTime')),
      ]}
      actions={{
        width: 150,
        build: (row, std) => [
          std.edit,
          {
            key: 'test',
            label: testingId === row.id ? t('testing') : t('test'),
            permission: 'datasource:test',
            onClick: () => void testSaved(row).catch(() => undefined),
          },
          std.delete,
        ],
      }}
      form={({ record, close, saved }) => <DataSourceFormModal source={record} onClose={close} onSaved={saved} />}
    />
  );
}
