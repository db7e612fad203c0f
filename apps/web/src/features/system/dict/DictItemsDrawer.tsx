import { useMemo, type ReactNode } from 'react';
import { Badge, Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { DictAdminRoutes } from '@ztj/contracts';
import { CrudListPage } from '../../../platform/crud/CrudListPage';
import { callApi } from '../../../platform/http/callApi';
import { useListPage, type RowOf } from '../../../platform/list/useListPage';
import { useResponsive } from '../../../platform/responsive/useResponsive';
import { EntityFormModal, textOrNull } from '../EntityFormModal';

type DictItem = RowOf<typeof DictAdminRoutes.itemList>;

/** Items of one dictionary (value, text, English text, order, status) in a drawer. */
export function DictItemsDrawer({
  dict,
  onClose,
}: {
  dict: { id: string; dictName: string };
  onClose: () => void;
}): ReactNode {
  const { t } = useTranslation(['system', 'list']);
  const { isMobile } = useResponsive();
  const defaultQuery = useMemo(() => ({ dictId: dict.id }), [dict.id]);
  const list = useListPage({
    route: DictAdminRoutes.itemList,
    permissionPrefix: 'dict',
    sourceKey: '/system/dictItem',
    defaultQuery,
    deleteRoute: DictAdminRoutes.itemDelete,
    defaultSort: { column: 'sortOrder', order: 'asc' },
  });
  const status = [
    { value: 1, label: t('dict.enabled') },
    { value: 0, label: t('dict.disabled') },
  ];
  return (
    <Drawer
      open
      size={isMobile ? 'default' : 'large'}
      title={t('dict.itemsOf', { name: dict.dictName })}
      onClose={onClose}
    >
      <CrudListPage<DictItem>
        list={list}
        selectable={false}
        narrowQuery
        queryFields={[{ name: 'itemText', label: t('dict.itemText'), kind: 'text' }]}
        columns={[
          { title: t('dict.itemText'), dataIndex: 'itemText' },
          { title: t('dict.itemTextEn'), dataIndex: 'itemTextEn' },
          { title: t('dict.itemValue'), dataIndex: 'itemValue' },
          { title: t('dict.sortOrder'), dataIndex: 'sortOrder', sorter: true },
          {
            title: t('dict.status'),
            dataIndex: 'status',
            render: (v: number) => (
              <Badge status={v === 1 ? 'success' : 'default'} text={v === 1 ? t('dict.enabled') : t('dict.disabled')} />
            ),
          },
        ]}
        actions={{ fixed: false }}
        form={({ record: row, close }) => (
          <EntityFormModal
            title={row ? t('dict.editItem') : t('dict.addItem')}
            initial={
              row
                ? {
                    itemText: row.itemText,
                    itemTextEn: row.itemTextEn,
                    itemValue: row.itemValue,
                    sortOrder: row.sortOrder,
                    status: row.status,
                  }
                : { sortOrder: 0, status: 1 }
            }
            fields={[
              { name: 'itemText', label: t('dict.itemText'), required: true, max: 100 },
              { name: 'itemTextEn', label: t('dict.itemTextEn'), max: 100 },
              { name: 'itemValue', label: t('dict.itemValue'), required: true, max: 100 },
              { name: 'sortOrder', label: t('dict.sortOrder'), kind: 'number' },
              { name: 'status', label: t('dict.status'), kind: 'radio', options: status },
            ]}
            onClose={close}
            onSubmit={async (v) => {
              const body = {
                itemText: String(v.itemText ?? ''),
                itemTextEn: textOrNull(v.itemTextEn),
                itemValue: String(v.itemValue ?? ''),
                sortOrder: Number(v.sortOrder ?? 0),
                status: v.status === 0 ? (0 as const) : (1 as const),
              };
              if (row) await callApi(DictAdminRoutes.itemEdit, { body: { ...body, id: row.id } });
              else await callApi(DictAdminRoutes.itemAdd, { body: { ...body, dictId: dict.id } });
              await list.reload();
            }}
          />
        )}
      />
    </Drawer>
  );
}
