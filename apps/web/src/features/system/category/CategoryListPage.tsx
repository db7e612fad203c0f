import { useState, type ReactNode } from 'react';
import { Button, Card, Input, Space, Table } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CategoryRoutes, type CategoryNode } from '@ztj/contracts';
import { feedback } from '../../../platform/feedback/feedback';
import { callApi } from '../../../platform/http/callApi';
import { RowActions } from '../../../platform/list/RowActions';
import { usePermission } from '../../../platform/permissions/usePermission';
import { filterTree } from '../../../platform/pickers/departTree';
import { CategoryTreeSelect } from '../../../platform/widgets/category/CategoryTreeSelect';
import { EntityFormModal, textOrNull } from '../EntityFormModal';

type CategoryRow = CategoryNode & { children?: CategoryRow[] };
type Editing = { row?: CategoryRow; pid?: string } | null;

/** Categories (`system/CategoryList`): the category tree as a tree table, add (root / child), edit, delete. */
export function CategoryListPage(): ReactNode {
  const { t } = useTranslation(['system', 'list', 'widgets']);
  const { can } = usePermission();
  const [editing, setEditing] = useState<Editing>(null);
  const [search, setSearch] = useState('');
  const tree = useQuery({
    queryKey: ['sys', 'category', 'tree'],
    queryFn: ({ signal }) => callApi(CategoryRoutes.rootList, { query: { pageSize: '1000' }, signal }),
  });
  const rows: CategoryRow[] = filterTree((tree.data?.records ?? []) as CategoryRow[], search).map((n) => ({
    ...n,
    children: n.children?.length ? n.children : undefined,
  }));
  const remove = (id: string): void => {
    feedback().modal.confirm({
      title: t('list:delete.title'),
      content: t('category.deleteConfirm'),
      onOk: async () => {
        await callApi(CategoryRoutes.delete, { query: { id } });
        feedback().message.success(t('list:delete.success'));
        await tree.refetch();
      },
    });
  };
  const row = editing?.row;
  return (
    <Card size="small" data-testid="category-list">
      <Space wrap style={{ marginBottom: 12 }}>
        {can('category:add') && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
            {t('list:toolbar.add')}
          </Button>
        )}
        <Input.Search
          allowClear
          placeholder={t('category.search')}
          onChange={(e) => setSearch(e.target.value)}
          style={{ width: 240 }}
        />
      </Space>
      <Table<CategoryRow>
        size="middle"
        rowKey="key"
        scroll={{ x: 'max-content' }}
        loading={tree.isFetching}
        dataSource={rows}
        pagination={false}
        columns={[
          { title: t('category.name'), dataIndex: 'name' },
          { title: t('category.code'), dataIndex: 'code' },
          {
            title: t('list:actions.title'),
            key: 'actions',
            width: 180,
            render: (_v, r) => (
              <RowActions
                actions={[
                  {
                    key: 'child',
                    label: t('category.addChild'),
                    permission: 'category:add',
                    onClick: () => setEditing({ pid: r.key }),
                  },
                  {
                    key: 'edit',
                    label: t('list:actions.edit'),
                    permission: 'category:edit',
                    onClick: () => setEditing({ row: r }),
                  },
                  {
                    key: 'delete',
                    label: t('list:actions.delete'),
                    permission: 'category:delete',
                    danger: true,
                    onClick: () => remove(r.key),
                  },
                ]}
              />
            ),
          },
        ]}
      />
      {editing && (
        <EntityFormModal
          title={row ? t('category.edit') : t('category.add')}
          initial={row ? { name: row.name, code: row.code } : undefined}
          fields={[
            { name: 'name', label: t('category.name'), required: true, max: 100 },
            { name: 'code', label: t('category.code'), max: 100, disabled: Boolean(row) },
            // a top-level add may pick any node of the tree as the parent
            ...(!row && !editing.pid
              ? [
                  {
                    name: 'pid',
                    label: t('widgets:category.parent'),
                    extra: t('widgets:category.parentHint'),
                    control: <CategoryTreeSelect testId="category-parent" />,
                  },
                ]
              : []),
          ]}
          onClose={() => setEditing(null)}
          onSubmit={async (v) => {
            if (row)
              await callApi(CategoryRoutes.edit, {
                body: { id: row.key, name: String(v.name ?? ''), code: textOrNull(v.code) },
              });
            else
              await callApi(CategoryRoutes.add, {
                body: { pid: editing.pid ?? textOrNull(v.pid), name: String(v.name ?? ''), code: textOrNull(v.code) },
              });
            await tree.refetch();
          }}
        />
      )}
    </Card>
  );
}
