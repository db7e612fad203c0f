import { useEffect, useState, type ReactNode } from 'react';
import { TreeSelect, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CategoryRoutes } from '@ztj/contracts';
import { feedback } from '../../feedback/feedback';
import { callApi } from '../../http/callApi';
import { idsOf, isJsonCondition, mergeTreeItems, toTreeItems, type CategoryTreeItem } from './categoryTree';

/** Props of {@link CategoryTreeSelect}. */
export interface CategoryTreeSelectProps {
  /** Chosen category id(s), comma-joined. */
  value?: string | null;
  onChange?: (value: string) => void;
  /** Code of the node whose children are the top of the tree (all roots when absent). */
  pcode?: string;
  /** Filter of loadTreeData, a JSON text (SPEC §5). */
  condition?: string;
  multiple?: boolean;
  placeholder?: string;
  disabled?: boolean;
  id?: string;
  testId?: string;
}

function failed(error: unknown, fallback: string): void {
  feedback().message.warning(error instanceof Error && error.message ? error.message : fallback);
}

/**
 * Category tree select (SPEC §2 widgets, §3 category tree node, §7 loadTreeData / loadDictItem):
 * the top level of `pcode` (or the roots) loads first, children load when a node opens, and the
 * names of a value not loaded yet come from loadDictItem. A failed load shows the server's message.
 */
export function CategoryTreeSelect({
  value,
  onChange,
  pcode,
  condition,
  multiple,
  placeholder,
  disabled,
  id,
  testId = 'category-tree-select',
}: CategoryTreeSelectProps): ReactNode {
  const { t } = useTranslation('widgets');
  const [items, setItems] = useState<CategoryTreeItem[]>([]);
  const [names, setNames] = useState<Map<string, string>>(new Map());
  const validCondition = isJsonCondition(condition);
  const ids = idsOf(value);

  useEffect(() => {
    if (!validCondition) return;
    let live = true;
    callApi(CategoryRoutes.loadTreeData, { query: { pcode, condition }, silent: true })
      .then((nodes) => live && setItems(toTreeItems(nodes, null)))
      .catch((e: unknown) => failed(e, t('category.loadFailed')));
    return () => {
      live = false;
    };
  }, [pcode, condition, validCondition, t]);

  const missing = ids.filter((i) => !names.has(i) && !items.some((n) => n.id === i)).join(',');
  useEffect(() => {
    if (!missing) return;
    const list = missing.split(',');
    callApi(CategoryRoutes.loadDictItem, { query: { ids: missing }, silent: true })
      .then((found) => setNames((prev) => new Map([...prev, ...list.map((i, n) => [i, found[n] ?? i] as const)])))
      .catch(() => undefined);
  }, [missing]);

  if (!validCondition)
    return (
      <Typography.Text type="danger" data-testid={`${testId}-bad-condition`}>
        {t('category.badCondition')}
      </Typography.Text>
    );

  const labelOf = (key: string): string => items.find((n) => n.id === key)?.title ?? names.get(key) ?? key;
  const labelled = ids.map((key) => ({ value: key, label: labelOf(key) }));
  return (
    <TreeSelect
      id={id}
      data-testid={testId}
      style={{ width: '100%' }}
      allowClear
      showSearch={false}
      disabled={disabled}
      multiple={multiple}
      treeCheckable={false}
      labelInValue
      placeholder={placeholder ?? t('category.placeholder')}
      treeDataSimpleMode
      treeData={items}
      value={multiple ? labelled : labelled[0]}
      loadData={async (node) => {
        const pid = String(node.value);
        try {
          const nodes = await callApi(CategoryRoutes.loadTreeData, { query: { pid, condition }, silent: true });
          setItems((prev) => mergeTreeItems(prev, toTreeItems(nodes, pid)));
        } catch (e) {
          failed(e, t('category.loadFailed'));
        }
      }}
      onChange={(v: { value: string } | { value: string }[] | undefined) => {
        const list = v === undefined ? [] : Array.isArray(v) ? v : [v];
        onChange?.(list.map((x) => String(x.value)).join(','));
      }}
    />
  );
}
