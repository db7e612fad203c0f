import { useMemo, useState, type Key, type ReactNode } from 'react';
import { Card, Col, Empty, Input, Row, Spin, Tree, Typography, type TreeDataNode } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PermissionRoutes, type PermissionNode } from '@ztj/contracts';
import { callApi } from '../../../platform/http/callApi';
import { currentLanguage } from '../../../platform/i18n/i18n';
import { DataRulesPanel } from './DataRulesDrawer';

function toTree(nodes: readonly PermissionNode[], english: boolean, filter: string): TreeDataNode[] {
  const out: TreeDataNode[] = [];
  for (const n of nodes) {
    const title = english ? n.nameEn || n.name : n.name;
    const children = toTree(n.children ?? [], english, filter);
    const hit = !filter || title.toLowerCase().includes(filter) || (n.perms ?? '').toLowerCase().includes(filter);
    if (hit || children.length > 0) out.push({ key: n.id, title: n.perms ? `${title} (${n.perms})` : title, children });
  }
  return out;
}

function keysOf(nodes: readonly TreeDataNode[]): Key[] {
  return nodes.flatMap((n) => [n.key, ...keysOf(n.children ?? [])]);
}

function find(nodes: readonly PermissionNode[], id: string): PermissionNode | undefined {
  for (const n of nodes) {
    if (n.id === id) return n;
    const hit = find(n.children ?? [], id);
    if (hit) return hit;
  }
  return undefined;
}

/**
 * Data rules (SPEC §2 system view, §6): the menus and buttons on the left; the data rules of the
 * chosen one on the right, managed with the same panel as the permission list's drawer. Rules
 * restrict the lists of that permission for roles that apply them (role authorisation).
 */
export function DataRuleListPage(): ReactNode {
  const { t } = useTranslation(['system', 'list']);
  const [filter, setFilter] = useState('');
  const [selected, setSelected] = useState<string | null>(null);
  const [expanded, setExpanded] = useState<Key[]>([]);
  const tree = useQuery({
    queryKey: ['sys', 'permission', 'list'],
    queryFn: ({ signal }) => callApi(PermissionRoutes.list, { signal }),
  });
  const english = currentLanguage() === 'en-US';
  const data = useMemo(
    () => toTree(tree.data ?? [], english, filter.trim().toLowerCase()),
    [tree.data, english, filter],
  );
  const node = selected ? find(tree.data ?? [], selected) : undefined;
  const title = node ? (english ? node.nameEn || node.name : node.name) : '';
  return (
    <Row gutter={[16, 16]} data-testid="datarule-page">
      <Col xs={24} md={9}>
        <Card size="small" title={t('permission.rules')}>
          <Input.Search
            allowClear
            placeholder={t('permission.search')}
            onChange={(e) => setFilter(e.target.value)}
            style={{ marginBottom: 8 }}
          />
          <Spin spinning={tree.isLoading}>
            <div style={{ maxHeight: 560, overflow: 'auto' }}>
              <Tree
                treeData={data}
                blockNode
                expandedKeys={filter.trim() ? keysOf(data) : expanded}
                onExpand={(keys) => setExpanded(keys)}
                selectedKeys={selected ? [selected] : []}
                onSelect={(keys) => setSelected(keys.length ? String(keys[0]) : null)}
                data-testid="datarule-tree"
              />
            </div>
          </Spin>
        </Card>
      </Col>
      <Col xs={24} md={15}>
        <Card size="small" title={node ? t('permission.rulesOf', { name: title }) : t('permission.rules')}>
          {node ? (
            <DataRulesPanel key={node.id} permissionId={node.id} />
          ) : (
            <Empty description={<Typography.Text type="secondary">{t('permission.pickForRules')}</Typography.Text>} />
          )}
        </Card>
      </Col>
    </Row>
  );
}
