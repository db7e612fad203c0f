import { useMemo, useState, type ReactNode } from 'react';
import { Button, Empty, Input, Space, Spin, Tree, type TreeDataNode } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PermissionRoutes, type PermissionNode } from '@ztj/contracts';
import { callApi } from '../../../platform/http/callApi';
import { currentLanguage } from '../../../platform/i18n/i18n';

/** Query key of the permission tree used by the authorisation panels. */
export const PERMISSION_TREE_KEY = ['sys', 'permission', 'tree'] as const;

function toTree(
  nodes: readonly PermissionNode[],
  english: boolean,
  filter: string,
  allowed?: ReadonlySet<string>,
): TreeDataNode[] {
  const out: TreeDataNode[] = [];
  for (const n of nodes) {
    const title = english ? n.nameEn || n.name : n.name;
    const children = toTree(n.children ?? [], english, filter, allowed);
    const hit = !filter || title.toLowerCase().includes(filter) || (n.perms ?? '').toLowerCase().includes(filter);
    const disableCheckbox = allowed !== undefined && !allowed.has(n.id);
    if (hit || children.length > 0)
      out.push({
        key: n.id,
        title: n.menuType === 2 && n.perms ? `${title} (${n.perms})` : title,
        children,
        disableCheckbox,
      });
  }
  return out;
}

interface PermissionTreeCheckProps {
  /** Checked permission ids. */
  value: string[];
  onChange: (ids: string[]) => void;
  disabled?: boolean;
  /** Called when a node's title is clicked (e.g. to show its data rules). */
  onSelectNode?: (id: string, title: string) => void;
  /** Only these ids can be ticked (a department role within its department's permissions); all when absent. */
  allowedIds?: readonly string[];
}

/**
 * The permission tree of authorisation dialogs (roles, departments): antd Tree checkable over
 * `queryTreeList`, with search, check all / none and expand. Ids are independent (checkStrictly).
 */
export function PermissionTreeCheck({
  value,
  onChange,
  disabled,
  onSelectNode,
  allowedIds,
}: PermissionTreeCheckProps): ReactNode {
  const { t } = useTranslation(['system', 'list']);
  const [filter, setFilter] = useState('');
  const tree = useQuery({
    queryKey: PERMISSION_TREE_KEY,
    queryFn: ({ signal }) => callApi(PermissionRoutes.queryTreeList, { signal }),
  });
  const english = currentLanguage() === 'en-US';
  const allowed = useMemo(() => (allowedIds ? new Set(allowedIds) : undefined), [allowedIds]);
  const data = useMemo(
    () => toTree(tree.data?.treeList ?? [], english, filter.trim().toLowerCase(), allowed),
    [tree.data, english, filter, allowed],
  );
  return (
    <Spin spinning={tree.isFetching}>
      <Space wrap style={{ marginBottom: 8 }}>
        <Input.Search
          allowClear
          placeholder={t('permission.search')}
          onChange={(e) => setFilter(e.target.value)}
          style={{ width: 220 }}
        />
        <Button
          size="small"
          disabled={disabled}
          onClick={() => onChange((tree.data?.ids ?? []).filter((id) => !allowed || allowed.has(id)))}
        >
          {t('permission.checkAll')}
        </Button>
        <Button size="small" disabled={disabled} onClick={() => onChange([])}>
          {t('permission.checkNone')}
        </Button>
      </Space>
      {data.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <div
          style={{ maxHeight: 'calc(100vh - 240px)', minHeight: 240, overflow: 'auto' }}
          data-testid="permission-tree"
        >
          <Tree
            checkable
            checkStrictly
            defaultExpandAll
            disabled={disabled}
            treeData={data}
            checkedKeys={{ checked: value, halfChecked: [] }}
            onCheck={(keys) => onChange((Array.isArray(keys) ? keys : keys.checked).map(String))}
            onSelect={(_keys, info) => onSelectNode?.(String(info.node.key), String(info.node.title))}
          />
        </div>
      )}
    </Spin>
  );
}
