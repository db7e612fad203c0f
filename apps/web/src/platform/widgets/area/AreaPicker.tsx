import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Cascader, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  cascaderOptions,
  childrenOf,
  loadAreaTree,
  parentIndex,
  pathOf,
  resolveAreaType,
  type AreaTree,
} from './areaData';

/** Props of {@link AreaPicker}. */
export interface AreaPickerProps {
  /** Code of the chosen division (the district, or the last level chosen). */
  value?: string | null;
  /** Called with the last selected code ('' when cleared). */
  onChange?: (code: string) => void;
  /** 'cascader' (default) or 'select'; any other value falls back to cascader and shows 'Bad type value'. */
  type?: string;
  disabled?: boolean;
  id?: string;
  placeholder?: string;
  testId?: string;
}

/** The division tree once its chunk has loaded (null before). */
export function useAreaTree(): AreaTree | null {
  const [tree, setTree] = useState<AreaTree | null>(null);
  useEffect(() => {
    let live = true;
    void loadAreaTree().then((t) => live && setTree(t));
    return () => {
      live = false;
    };
  }, []);
  return tree;
}

function SelectMode({
  tree,
  path,
  onChange,
  disabled,
  testId,
}: {
  tree: AreaTree;
  path: string[];
  onChange?: (code: string) => void;
  disabled?: boolean;
  testId: string;
}): ReactNode {
  const { t } = useTranslation('widgets');
  const levels = [
    { key: 'province', parent: '86' },
    { key: 'city', parent: path[0] },
    { key: 'district', parent: path[1] },
  ];
  return (
    <Space.Compact style={{ width: '100%' }}>
      {levels.map((level, depth) => {
        const options = level.parent ? childrenOf(tree, level.parent) : [];
        if (depth > 0 && options.length === 0) return null;
        return (
          <Select
            key={level.key}
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            disabled={disabled}
            style={{ flex: 1, minWidth: 0 }}
            placeholder={t(`area.${level.key}`)}
            options={options}
            value={path[depth] ?? null}
            data-testid={`${testId}-${level.key}`}
            onChange={(code?: string) => onChange?.(code ?? path[depth - 1] ?? '')}
          />
        );
      })}
    </Space.Compact>
  );
}

/**
 * Province / city / district picker (SPEC §2 widgets, §3 area data) on the MCA 2024 division
 * codes: a cascader by default or three selects; the value is the last selected code. The data
 * loads lazily with the picker.
 */
export function AreaPicker({
  value,
  onChange,
  type,
  disabled,
  id,
  placeholder,
  testId = 'area-picker',
}: AreaPickerProps): ReactNode {
  const { t } = useTranslation('widgets');
  const tree = useAreaTree();
  const resolved = resolveAreaType(type);
  const index = useMemo(() => (tree ? parentIndex(tree) : null), [tree]);
  const options = useMemo(() => (tree ? cascaderOptions(tree) : []), [tree]);
  const path = tree && index ? pathOf(tree, value, index) : [];
  return (
    <div id={id} data-testid={testId}>
      {resolved.bad && (
        <Typography.Text type="danger" data-testid={`${testId}-bad-type`}>
          {t('area.badType')}
        </Typography.Text>
      )}
      {resolved.type === 'select' && tree ? (
        <SelectMode tree={tree} path={path} onChange={onChange} disabled={disabled} testId={testId} />
      ) : (
        <Cascader
          style={{ width: '100%' }}
          options={options}
          loading={!tree}
          disabled={disabled}
          changeOnSelect
          showSearch={{ filter: (input, opts) => opts.some((o) => String(o.label).includes(input)) }}
          placeholder={placeholder ?? t('area.placeholder')}
          value={path}
          data-testid={`${testId}-cascader`}
          onChange={(codes) => onChange?.(codes?.length ? String(codes[codes.length - 1]) : '')}
        />
      )}
    </div>
  );
}
