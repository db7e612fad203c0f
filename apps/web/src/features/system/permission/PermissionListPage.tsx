import { useState, type ReactNode } from 'react';
import { Badge, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { PermissionRoutes, type PermissionNode } from '@ztj/contracts';
import { currentLanguage } from '../../../platform/i18n/i18n';
import { ListPage } from '../../../platform/list/ListPage';
import { RowActions } from '../../../platform/list/RowActions';
import { useListPage } from '../../../platform/list/useListPage';
import { DataRulesDrawer } from './DataRulesDrawer';
import { PermissionFormModal } from './PermissionFormModal';

type Dialog =
  { kind: 'form'; node?: PermissionNode; parentId?: string } | { kind: 'rules'; node: PermissionNode } | null;

function withoutEmptyChildren(nodes: readonly PermissionNode[]): PermissionNode[] {
  return nodes.map((n) => ({ ...n, children: n.children?.length ? withoutEmptyChildren(n.children) : undefined }));
}

/** Permissions (`system/PermissionList`): menus and buttons as a tree table, every field, data rules. */
export function PermissionListPage(): ReactNode {
  const { t } = useTranslation(['system', 'list']);
  const [dialog, setDialog] = useState<Dialog>(null);
  const list = useListPage({
    route: PermissionRoutes.list,
    permissionPrefix: 'permission',
    sourceKey: '/system/permission',
    deleteRoute: PermissionRoutes.delete,
  });
  const english = currentLanguage() === 'en-US';
  const rows = withoutEmptyChildren(list.rows);
  return (
    <>
      <ListPage<PermissionNode>
        testId="permission-list"
        list={{ ...list, rows }}
        selectable={false}
        onAdd={() => setDialog({ kind: 'form' })}
        columns={[
          {
            title: t('permission.name'),
            dataIndex: 'name',
            width: 220,
            render: (_v, r) => (english ? r.nameEn || r.name : r.name),
          },
          {
            title: t('permission.menuType'),
            dataIndex: 'menuType',
            width: 100,
            render: (v: number) => (
              <Tag color={v === 2 ? 'orange' : v === 1 ? 'blue' : 'green'}>{t(`permission.type.${v}`)}</Tag>
            ),
          },
          { title: t('permission.icon'), dataIndex: 'icon', width: 150 },
          { title: t('permission.component'), dataIndex: 'component', width: 200, ellipsis: true },
          { title: t('permission.url'), dataIndex: 'url', width: 200, ellipsis: true },
          { title: t('permission.perms'), dataIndex: 'perms', width: 160 },
          { title: t('permission.sortNo'), dataIndex: 'sortNo', width: 80 },
          {
            title: t('permission.status'),
            dataIndex: 'status',
            width: 90,
            render: (v: string) => (
              <Badge
                status={v === '1' ? 'success' : 'default'}
                text={v === '1' ? t('dict.enabled') : t('dict.disabled')}
              />
            ),
          },
          {
            title: t('list:actions.title'),
            key: 'actions',
            fixed: 'right',
            width: 150,
            render: (_v, r) => (
              <RowActions
                actions={[
                  {
                    key: 'edit',
                    label: t('list:actions.edit'),
                    permission: 'permission:edit',
                    onClick: () => setDialog({ kind: 'form', node: r }),
                  },
                  {
                    key: 'child',
                    label: t('permission.addChild'),
                    permission: 'permission:add',
                    hidden: r.menuType === 2,
                    onClick: () => setDialog({ kind: 'form', parentId: r.id }),
                  },
                  {
                    key: 'rules',
                    label: t('permission.rules'),
                    hidden: r.menuType === 2,
                    onClick: () => setDialog({ kind: 'rules', node: r }),
                  },
                  {
                    key: 'delete',
                    label: t('list:actions.delete'),
                    permission: 'permission:delete',
                    danger: true,
                    onClick: () => list.confirmDelete(r.id),
                  },
                ]}
              />
            ),
          },
        ]}
      />
      {dialog?.kind === 'form' && (
        <PermissionFormModal
          node={dialog.node}
          parentId={dialog.parentId}
          tree={rows}
          onClose={() => setDialog(null)}
          onSaved={() => void list.reload()}
        />
      )}
      {dialog?.kind === 'rules' && <DataRulesDrawer node={dialog.node} onClose={() => setDialog(null)} />}
    </>
  );
}
