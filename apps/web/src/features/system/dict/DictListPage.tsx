import { useState, type ReactNode } from 'react';
import { Button } from 'antd';
import { SyncOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DictAdminRoutes } from '@ztj/contracts';
import { CrudListPage } from '../../../platform/crud/CrudListPage';
import { feedback } from '../../../platform/feedback/feedback';
import { callApi } from '../../../platform/http/callApi';
import { formatDateTime } from '../../../platform/list/listQuery';
import { useListPage, type RowOf } from '../../../platform/list/useListPage';
import { usePermission } from '../../../platform/permissions/usePermission';
import { EntityFormModal, textOrNull } from '../EntityFormModal';
import { DictItemsDrawer } from './DictItemsDrawer';
import { refreshDictCache } from './refreshDictCache';

type Dict = RowOf<typeof DictAdminRoutes.list>;

/** Dictionaries (`system/DictList`): list, add/edit/delete, items, cache refresh. */
export function DictListPage(): ReactNode {
  const { t } = useTranslation(['system', 'list']);
  const { can } = usePermission();
  const [items, setItems] = useState<Dict | null>(null);
  const [refreshing, setRefreshing] = useState(false);
  const list = useListPage({
    route: DictAdminRoutes.list,
    permissionPrefix: 'dict',
    sourceKey: '/system/dict',
    deleteRoute: DictAdminRoutes.delete,
    deleteBatchRoute: DictAdminRoutes.deleteBatch,
  });
  const refresh = async (): Promise<void> => {
    setRefreshing(true);
    try {
      await refreshDictCache();
      feedback().message.success(t('dict.refreshOk'));
    } catch {
      feedback().message.error(t('dict.refreshFailed'));
    } finally {
      setRefreshing(false);
    }
  };
  return (
    <>
      <CrudListPage<Dict>
        testId="dict-list"
        list={list}
        batchDelete
        extra={
          can('dict:refresh') && (
            <Button
              icon={<SyncOutlined />}
              loading={refreshing}
              onClick={() => void refresh()}
              data-testid="dict-refresh"
            >
              {t('dict.refresh')}
            </Button>
          )
        }
        queryFields={[
          { name: 'dictName', label: t('dict.dictName'), kind: 'text' },
          { name: 'dictCode', label: t('dict.dictCode'), kind: 'text' },
        ]}
        superFields={[
          { field: 'dictName', label: t('dict.dictName'), type: 'string' },
          { field: 'dictCode', label: t('dict.dictCode'), type: 'string' },
          { field: 'description', label: t('dict.description'), type: 'string' },
          { field: 'createTime', label: t('user.createTime'), type: 'datetime' },
        ]}
        columns={[
          { title: t('dict.dictName'), dataIndex: 'dictName', sorter: true },
          { title: t('dict.dictNameEn'), dataIndex: 'dictNameEn' },
          { title: t('dict.dictCode'), dataIndex: 'dictCode', sorter: true },
          { title: t('dict.description'), dataIndex: 'description', ellipsis: true, width: 200 },
          { title: t('user.createTime'), dataIndex: 'createTime', sorter: true, width: 200, render: formatDateTime },
        ]}
        actions={{
          width: 160,
          fixed: false,
          build: (r, std) => [
            { key: 'items', label: t('dict.items'), onClick: () => setItems(r) },
            std.edit,
            std.delete,
          ],
        }}
        form={({ record: row, close }) => (
          <EntityFormModal
            title={row ? t('dict.edit') : t('dict.add')}
            initial={
              row
                ? {
                    dictName: row.dictName,
                    dictNameEn: row.dictNameEn,
                    dictCode: row.dictCode,
                    description: row.description,
                  }
                : undefined
            }
            fields={[
              { name: 'dictName', label: t('dict.dictName'), required: true, max: 100 },
              { name: 'dictNameEn', label: t('dict.dictNameEn'), max: 100 },
              { name: 'dictCode', label: t('dict.dictCode'), required: true, max: 100 },
              { name: 'description', label: t('dict.description'), kind: 'textarea', max: 500 },
            ]}
            onClose={close}
            onSubmit={async (v) => {
              const body = {
                dictName: String(v.dictName ?? ''),
                dictNameEn: textOrNull(v.dictNameEn),
                dictCode: String(v.dictCode ?? ''),
                description: textOrNull(v.description),
              };
              if (row) await callApi(DictAdminRoutes.edit, { body: { ...body, id: row.id } });
              else await callApi(DictAdminRoutes.add, { body });
              await list.reload();
            }}
          />
        )}
      />
      {items && <DictItemsDrawer dict={items} onClose={() => setItems(null)} />}
    </>
  );
}
