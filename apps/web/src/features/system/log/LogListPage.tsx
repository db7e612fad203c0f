import { useMemo, useState, type ReactNode } from 'react';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../platform/list/listQuery';
import { LogRoutes, type LogRecord } from '@ztj/contracts';
import { ListPage } from '../../../platform/list/ListPage';
import { useListPage } from '../../../platform/list/useListPage';

function LogTable({ logType }: { logType: 1 | 2 }): ReactNode {
  const { t } = useTranslation(['system', 'list']);
  const defaultQuery = useMemo(() => ({ logType: String(logType) }), [logType]);
  const list = useListPage({
    route: LogRoutes.list,
    permissionPrefix: 'log',
    sourceKey: `/system/log/${logType}`,
    defaultQuery,
  });
  const operate = [2, 3, 4, 5, 6].map((v) => ({ value: v, label: t(`log.operate.${v}`) }));
  return (
    <ListPage<LogRecord>
      list={list}
      selectable={false}
      queryFields={[
        { name: 'logContent', label: t('log.content'), kind: 'text' },
        { name: 'username', label: t('log.username'), kind: 'text' },
        ...(logType === 2
          ? [{ name: 'operateType', label: t('log.operateType'), kind: 'select' as const, options: operate }]
          : []),
        { name: 'createTime', label: t('log.createTime'), kind: 'datetimeRange' },
      ]}
      superFields={[
        { field: 'logContent', label: t('log.content'), type: 'string' },
        { field: 'username', label: t('log.username'), type: 'string' },
        { field: 'ip', label: t('log.ip'), type: 'string' },
        { field: 'createTime', label: t('log.createTime'), type: 'datetime' },
      ]}
      columns={[
        { title: t('log.content'), dataIndex: 'logContent', ellipsis: true, width: 260 },
        { title: t('log.username'), dataIndex: 'username', width: 120 },
        { title: t('log.ip'), dataIndex: 'ip', width: 140 },
        ...(logType === 2
          ? [
              {
                title: t('log.operateType'),
                dataIndex: 'operateType',
                width: 100,
                render: (v: number | null) => (v ? t(`log.operate.${v}`) : ''),
              },
              { title: t('log.method'), dataIndex: 'method', width: 90 },
              { title: t('log.requestUrl'), dataIndex: 'requestUrl', ellipsis: true, width: 240 },
            ]
          : []),
        { title: t('log.costTime'), dataIndex: 'costTime', width: 100 },
        { title: t('log.createTime'), dataIndex: 'createTime', sorter: true, width: 200, render: formatDateTime },
      ]}
    />
  );
}

/** Logs (`system/LogList`): login and operation tabs, each a list with search. */
export function LogListPage(): ReactNode {
  const { t } = useTranslation(['system', 'list']);
  const [tab, setTab] = useState('1');
  return (
    <Tabs
      activeKey={tab}
      onChange={setTab}
      destroyOnHidden
      items={[
        { key: '1', label: t('log.login'), children: <LogTable logType={1} /> },
        { key: '2', label: t('log.operation'), children: <LogTable logType={2} /> },
      ]}
    />
  );
}
