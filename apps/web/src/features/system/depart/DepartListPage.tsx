import { useMemo, useState, type ReactNode } from 'react';
import { Button, Card, Col, Empty, Input, Row, Space, Spin, Tabs, Tree } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DepartRoutes, type DepartNode } from '@ztj/contracts';
import { feedback } from '../../../platform/feedback/feedback';
import { callApi } from '../../../platform/http/callApi';
import { usePermission } from '../../../platform/permissions/usePermission';
import { allKeys, filterTree } from '../../../platform/pickers/departTree';
import { DEPART_TREE_KEY } from '../../../platform/pickers/useDepartTree';
import { DepartForm } from './DepartForm';
import { DepartPermissionPanel } from './DepartPermissionPanel';
import { DepartRolesPanel } from './DepartRolesPanel';
import { DepartUsersPanel } from './DepartUsersPanel';

function findNode(nodes: readonly DepartNode[], id: string): DepartNode | undefined {
  for (const n of nodes) {
    if (n.id === id) return n;
    const hit = findNode(n.children ?? [], id);
    if (hit) return hit;
  }
  return undefined;
}

type Mode = { kind: 'view'; id: string } | { kind: 'create'; parentId?: string } | { kind: 'none' };

/** Departments (`system/DepartList`): searchable tree, create/edit/delete, permissions, roles, users. */
export function DepartListPage(): ReactNode {
  const { t } = useTranslation(['system', 'list']);
  const { can } = usePermission();
  const queryClient = useQueryClient();
  const tree = useQuery({
    queryKey: ['sys', 'depart', 'tree'],
    queryFn: ({ signal }) => callApi(DepartRoutes.queryTreeList, { signal }),
  });
  const [search, setSearch] = useState('');
  const [checked, setChecked] = useState<string[]>([]);
  const [mode, setMode] = useState<Mode>({ kind: 'none' });
  const nodes = useMemo(() => filterTree(tree.data ?? [], search), [tree.data, search]);
  const selected = mode.kind === 'view' ? findNode(tree.data ?? [], mode.id) : undefined;

  const refresh = async (): Promise<void> => {
    await queryClient.invalidateQueries({ queryKey: ['sys', 'depart'] });
    await queryClient.invalidateQueries({ queryKey: DEPART_TREE_KEY });
  };
  const remove = (ids: string[]): void => {
    if (ids.length === 0) {
      feedback().message.warning(t('list:selectRecord'));
      return;
    }
    feedback().modal.confirm({
      title: t('list:delete.title'),
      content: t('list:delete.confirmBatch', { count: ids.length }),
      onOk: async () => {
        if (ids.length === 1) await callApi(DepartRoutes.delete, { query: { id: ids[0] } });
        else await callApi(DepartRoutes.deleteBatch, { query: { ids: ids.join(',') } });
        feedback().message.success(t('list:delete.success'));
        setChecked([]);
        setMode({ kind: 'none' });
        await refresh();
      },
    });
  };

  return (
    <Row gutter={[16, 16]} data-testid="depart-page">
      <Col xs={24} lg={9}>
        <Card size="small">
          <Space wrap style={{ marginBottom: 8 }}>
            {can('depart:add') && (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setMode({ kind: 'create' })}
                data-testid="depart-add-root"
              >
                {t('depart.addRoot')}
              </Button>
            )}
            {can('depart:add') && selected && (
              <Button
                icon={<PlusOutlined />}
                onClick={() => setMode({ kind: 'create', parentId: selected.id })}
                data-testid="depart-add-child"
              >
                {t('depart.addChild')}
              </Button>
            )}
            {can('depart:batch_delete') && (
              <Button danger icon={<DeleteOutlined />} onClick={() => remove(checked)}>
                {t('list:toolbar.batchDelete')}
              </Button>
            )}
          </Space>
          <Input.Search
            allowClear
            placeholder={t('pickers.searchDepart')}
            onChange={(e) => setSearch(e.target.value)}
            style={{ marginBottom: 8 }}
          />
          <Spin spinning={tree.isFetching}>
            {nodes.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
            ) : (
              <Tree
                key={tree.dataUpdatedAt}
                checkable
                checkStrictly
                defaultExpandAll
                expandedKeys={search ? allKeys(nodes) : undefined}
                treeData={nodes}
                checkedKeys={{ checked, halfChecked: [] }}
                onCheck={(keys) => setChecked((Array.isArray(keys) ? keys : keys.checked).map(String))}
                selectedKeys={mode.kind === 'view' ? [mode.id] : []}
                onSelect={(keys) => setMode(keys[0] ? { kind: 'view', id: String(keys[0]) } : { kind: 'none' })}
              />
            )}
          </Spin>
        </Card>
      </Col>
      <Col xs={24} lg={15}>
        <Card size="small">
          {mode.kind === 'create' && (
            <DepartForm
              tree={tree.data ?? []}
              parentId={mode.parentId}
              canSave
              onCancel={() => setMode({ kind: 'none' })}
              onSaved={(id) => void refresh().then(() => setMode({ kind: 'view', id }))}
            />
          )}
          {mode.kind === 'view' && selected && (
            <Tabs
              items={[
                {
                  key: 'info',
                  label: t('depart.info'),
                  children: (
                    <>
                      <DepartForm
                        depart={selected}
                        tree={tree.data ?? []}
                        canSave={can('depart:edit')}
                        onSaved={() => void refresh()}
                      />
                      {can('depart:delete') && (
                        <Button danger style={{ marginTop: 12 }} onClick={() => remove([selected.id])}>
                          {t('list:actions.delete')}
                        </Button>
                      )}
                    </>
                  ),
                },
                {
                  key: 'perm',
                  label: t('depart.permissions'),
                  children: <DepartPermissionPanel departId={selected.id} />,
                },
                { key: 'roles', label: t('depart.roles'), children: <DepartRolesPanel departId={selected.id} /> },
                { key: 'users', label: t('depart.users'), children: <DepartUsersPanel departId={selected.id} /> },
              ]}
            />
          )}
          {mode.kind !== 'create' && !selected && <Empty description={t('depart.pick')} />}
        </Card>
      </Col>
    </Row>
  );
}
