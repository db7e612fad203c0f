import { useState, type ReactNode } from 'react';
import { Button, Space, Tag } from 'antd';
import { SelectOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** A picked item of a picker field: its id and what the field shows. */
export interface PickedItem {
  id: string;
  label: string;
}

/** Props of {@link PickerField}. */
export interface PickerFieldProps {
  /** Comma-joined ids (the wire form of the spec's picker values). */
  value?: string;
  onChange?: (value: string) => void;
  /** Labels of ids known to the caller (e.g. from a lookup). */
  labels?: ReadonlyMap<string, string>;
  disabled?: boolean;
  id?: string;
  /** Renders the dialog; call `commit` with the picked items. */
  renderPicker: (props: {
    open: boolean;
    ids: string[];
    close: () => void;
    commit: (items: PickedItem[]) => void;
  }) => ReactNode;
}

/** A form control showing picked items as tags and opening a picker dialog (antd Form value: ids). */
export function PickerField({ value, onChange, labels, disabled, id, renderPicker }: PickerFieldProps): ReactNode {
  const { t } = useTranslation(['system', 'list']);
  const [open, setOpen] = useState(false);
  const [known, setKnown] = useState<Map<string, string>>(new Map());
  const ids = (value ?? '').split(',').filter(Boolean);
  const labelOf = (key: string): string => known.get(key) ?? labels?.get(key) ?? key;
  return (
    <Space wrap id={id}>
      {ids.map((key) => (
        <Tag key={key} closable={!disabled} onClose={() => onChange?.(ids.filter((k) => k !== key).join(','))}>
          {labelOf(key)}
        </Tag>
      ))}
      <Button size="small" icon={<SelectOutlined />} disabled={disabled} onClick={() => setOpen(true)}>
        {t('pickers.choose')}
      </Button>
      {open &&
        renderPicker({
          open,
          ids,
          close: () => setOpen(false),
          commit: (items) => {
            setKnown(new Map([...known, ...items.map((i) => [i.id, i.label] as const)]));
            onChange?.(items.map((i) => i.id).join(','));
            setOpen(false);
          },
        })}
    </Space>
  );
}
