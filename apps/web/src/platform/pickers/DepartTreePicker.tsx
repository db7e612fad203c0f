import { useMemo, useState, type ReactNode } from 'react';
import { Empty, Input, Modal, Spin, Tree } from 'antd';
import { useTranslation } from 'react-i18next';
import { allKeys, filterTree, nextChecked, titlesByKey } from './departTree';
import { useDepartIdTree } from './useDepartTree';

/** A picked department: id and name. */
export interface PickedDepart {
  id: string;
  title: string;
}

/** Props of {@link DepartTreePicker}. */
export interface DepartTreePickerProps {
  open: boolean;
  multi?: boolean;
  /** Ids ticked when the dialog opens. */
  value?: string[];
  onOk: (departs: PickedDepart[]) => void;
  onCancel: () => void;
}

/**
 * Department tree picker (SPEC §2 widgets, §4, §9: 500 px): search, checkable tree; single mode
 * keeps only the newly ticked node, multi mode ticks are independent.
 */
export function DepartTreePicker({
  open,
  multi = false,
  value = [],
  onOk,
  onCancel,
}: DepartTreePickerProps): ReactNode {
  const { t } = useTranslation(['system', 'list']);
  const tree = useDepartIdTree(open);
  const [checked, setChecked] = useState<string[]>(value);
  const [search, setSearch] = useState('');
  const nodes = useMemo(() => filterTree(tree.data ?? [], search), [tree.data, search]);
  const titles = useMemo(() => titlesByKey(tree.data ?? []), [tree.data]);

  return (
    <Modal
      open={open}
      width={500}
      title={t('pickers.depart')}
      onCancel={onCancel}
      onOk={() => {
        if (checked.length === 0) {
          Modal.warning({ title: t('pickers.selectDepart') });
          return;
        }
        onOk(checked.map((id) => ({ id, title: titles.get(id) ?? id })));
      }}
      destroyOnHidden
    >
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
          <div style={{ maxHeight: 400, overflow: 'auto' }} data-testid="depart-tree">
            <Tree
              checkable
              checkStrictly
              defaultExpandAll
              expandedKeys={search ? allKeys(nodes) : undefined}
              treeData={nodes}
              checkedKeys={{ checked, halfChecked: [] }}
              onCheck={(_keys, info) => setChecked(nextChecked(checked, String(info.node.key), info.checked, multi))}
              onSelect={(_keys, info) =>
                setChecked(nextChecked(checked, String(info.node.key), !checked.includes(String(info.node.key)), multi))
              }
            />
          </div>
        )}
      </Spin>
    </Modal>
  );
}
