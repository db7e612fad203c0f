import { useMemo, type ReactNode } from 'react';
import { Badge, Button, Empty } from 'antd';
import type { TableProps } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { EquipmentRecord } from '@ztj/contracts';
import { ListErrorAlert } from '../../platform/list/ListErrorAlert';
import { ListPage } from '../../platform/list/ListPage';
import type { QueryField } from '../../platform/list/QueryForm';
import type { EquipmentList } from './useEquipmentList';

interface EquipmentListShellProps {
  testId: string;
  equipment: EquipmentList;
  columns: NonNullable<TableProps<EquipmentRecord>['columns']>;
  emptyText: string;
  /** More toolbar content before refresh. */
  extra?: ReactNode;
}

/**
 * The common frame of the equipment lists: error notice with retry, query form (name, id, status,
 * store), the list machinery's table with an empty state, refresh and the live/polling badge.
 */
export function EquipmentListShell({
  testId,
  equipment,
  columns,
  emptyText,
  extra,
}: EquipmentListShellProps): ReactNode {
  const { t } = useTranslation('equipment');
  const { list, error, connected } = equipment;
  const queryFields = useMemo<QueryField[]>(
    () => [
      { name: 'name', label: t('common.search.name'), kind: 'text' },
      { name: 'id', label: t('common.search.id'), kind: 'text' },
      { name: 'warehouseName', label: t('common.search.store'), kind: 'text' },
      {
        name: 'status',
        label: t('common.search.status'),
        kind: 'select',
        options: [
          { value: 'online', label: t('common.online') },
          { value: 'offline', label: t('common.offline') },
        ],
      },
    ],
    [t],
  );
  return (
    <>
      <ListErrorAlert
        error={error}
        title={t('common.loadError')}
        retryText={t('common.retry')}
        onRetry={() => void list.reload()}
        testId={`${testId}-error`}
      />
      <ListPage<EquipmentRecord>
        testId={testId}
        list={list}
        selectable={false}
        queryFields={queryFields}
        columns={columns}
        tableProps={{
          scroll: { x: 'max-content' },
          locale: { emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} /> },
        }}
        extra={
          <>
            {extra}
            <Button icon={<ReloadOutlined />} onClick={() => void list.reload()}>
              {t('common.refresh')}
            </Button>
            <Badge
              status={connected ? 'processing' : 'default'}
              text={connected ? t('common.liveOn') : t('common.livePolling')}
              data-testid="live-state"
            />
          </>
        }
      />
    </>
  );
}
