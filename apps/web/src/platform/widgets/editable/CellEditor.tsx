import { useState, type ReactNode } from 'react';
import { Button, Checkbox, DatePicker, Input, Popover, Radio, Select, Upload } from 'antd';
import { PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DepartPickerField } from '../../pickers/DepartPickerField';
import { isImageFile, uploadFile } from '../../pickers/ImageUpload';
import { feedback } from '../../feedback/feedback';
import { useDictOptions } from '../dict/dictOptions';
import { parseNumberText, sanitizeNumberText } from './cellRules';
import { isSwitchOn, switchValue, type EditableRow } from './rows';
import type { CellOption, EditableColumn } from './types';
import { PopupCell } from './PopupCell';
import { UserIdsField } from './UserIdsField';

const DATE = 'YYYY-MM-DD';
const DATETIME = 'YYYY-MM-DD HH:mm:ss';

/** Props of {@link CellEditor}. */
export interface CellEditorProps {
  column: EditableColumn;
  row: EditableRow;
  value: unknown;
  onChange: (value: unknown) => void;
  /** Sets several fields of the row at once (popup cells). */
  onRowChange?: (patch: Record<string, unknown>) => void;
  /** Called when a text editor loses focus (number cells parse their text then). */
  onBlur?: () => void;
  status?: 'error';
  autoFocus?: boolean;
  disabled?: boolean;
}

function text(value: unknown): string {
  return value === undefined || value === null ? '' : String(value);
}

function listOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  return text(value).split(',').filter(Boolean);
}

function useOptions(column: EditableColumn): CellOption[] {
  const { options } = useDictOptions(column.options ? undefined : column.dictCode);
  return column.options ? [...column.options] : options;
}

function NumberCell({ value, onChange, onBlur, ...rest }: CellEditorProps): ReactNode {
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <Input
      {...rest.column.props}
      value={draft ?? text(value)}
      status={rest.status}
      autoFocus={rest.autoFocus}
      disabled={rest.disabled}
      placeholder={rest.column.placeholder}
      inputMode="decimal"
      data-testid={rest.column.testId}
      onChange={(e) => setDraft(sanitizeNumberText(e.target.value))}
      onBlur={() => {
        if (draft !== null) onChange(parseNumberText(draft));
        setDraft(null);
        onBlur?.();
      }}
    />
  );
}

function UploadCell({ column, value, onChange, disabled }: CellEditorProps): ReactNode {
  const { t } = useTranslation('widgets');
  const [busy, setBusy] = useState(false);
  const image = column.type === 'image';
  return (
    <Upload
      accept={image ? 'image/*' : undefined}
      showUploadList={false}
      disabled={disabled}
      beforeUpload={(file) => {
        if (image && !isImageFile(file)) {
          feedback().message.warning(t('upload.imageOnly'));
          return Upload.LIST_IGNORE;
        }
        return true;
      }}
      customRequest={({ file, onSuccess, onError }) => {
        setBusy(true);
        uploadFile(file as File, column.biz ?? 'temp')
          .then((r) => {
            onChange(r.filePath);
            onSuccess?.(r);
          })
          .catch((e: unknown) => {
            feedback().message.error(t('upload.failed', { file: (file as File).name }));
            onError?.(e instanceof Error ? e : new Error(String(e)));
          })
          .finally(() => setBusy(false));
      }}
    >
      <Button
        size="small"
        loading={busy}
        icon={value ? <PaperClipOutlined /> : <UploadOutlined />}
        title={text(value)}
        data-testid={column.testId}
      >
        {value ? text(value).split('/').pop() : image ? t('upload.image') : t('upload.file')}
      </Button>
    </Upload>
  );
}

function OptionCell(props: CellEditorProps): ReactNode {
  const { column, value, onChange, status, disabled, autoFocus } = props;
  const options = useOptions(column);
  const common = {
    status,
    disabled,
    autoFocus,
    placeholder: column.placeholder,
    'data-testid': column.testId,
    style: { width: '100%' },
    ...column.props,
  };
  switch (column.type) {
    case 'radio':
      return (
        <Radio.Group
          disabled={disabled}
          options={options}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          data-testid={column.testId}
        />
      );
    case 'list_multi':
      return (
        <Select
          {...common}
          mode="multiple"
          options={options}
          value={listOf(value)}
          onChange={(v: string[]) => onChange(v.join(','))}
        />
      );
    case 'sel_search':
      return (
        <Select
          {...common}
          showSearch={{ optionFilterProp: 'label' }}
          allowClear
          options={options}
          value={value ?? undefined}
          onChange={(v) => onChange(v ?? '')}
        />
      );
    default:
      return (
        <Select
          {...common}
          allowClear
          options={options}
          value={value ?? undefined}
          onChange={(v) => onChange(v ?? '')}
        />
      );
  }
}

/** The editor of one editable-table cell, by column type (SPEC §3). */
export function CellEditor(props: CellEditorProps): ReactNode {
  const { column, row, value, onChange, onBlur, status, autoFocus, disabled } = props;
  const common = {
    status,
    autoFocus,
    disabled,
    placeholder: column.placeholder,
    'data-testid': column.testId,
    ...column.props,
  };
  switch (column.type) {
    case 'popup':
      return (
        <PopupCell
          column={column}
          value={value}
          onChange={onChange}
          onRowChange={props.onRowChange ?? (() => undefined)}
          disabled={disabled}
          status={status}
        />
      );
    case 'input':
      return <Input {...common} value={text(value)} onChange={(e) => onChange(e.target.value)} onBlur={onBlur} />;
    case 'inputNumber':
      return <NumberCell {...props} />;
    case 'checkbox':
      return (
        <Checkbox
          disabled={disabled}
          checked={isSwitchOn(value, column.customValue)}
          onChange={(e) => onChange(switchValue(e.target.checked, column.customValue))}
          data-testid={column.testId}
        />
      );
    case 'select':
    case 'radio':
    case 'list_multi':
    case 'sel_search':
      return <OptionCell {...props} />;
    case 'date':
    case 'datetime': {
      const format = column.type === 'date' ? DATE : DATETIME;
      const day = value ? dayjs(text(value), format) : null;
      return (
        <DatePicker
          {...common}
          showTime={column.type === 'datetime'}
          format={format}
          value={day?.isValid() ? day : null}
          onChange={(d) => onChange(d ? d.format(format) : '')}
          style={{ width: '100%' }}
        />
      );
    }
    case 'input_pop':
      return (
        <Popover
          trigger="click"
          content={
            <Input.TextArea
              autoFocus
              value={text(value)}
              onChange={(e) => onChange(e.target.value)}
              autoSize={{ minRows: 3, maxRows: 8 }}
              style={{ width: 260 }}
            />
          }
        >
          <Input {...common} value={text(value)} readOnly />
        </Popover>
      );
    case 'upload':
    case 'file':
    case 'image':
      return <UploadCell {...props} />;
    case 'sel_depart':
      return <DepartPickerField value={text(value)} onChange={onChange} disabled={disabled} />;
    case 'sel_user':
      return <UserIdsField value={text(value)} onChange={onChange} disabled={disabled} />;
    case 'slot':
      return column.slot?.({ row, value, onChange }) ?? null;
    case 'hidden':
      return null;
  }
}

/** What a cell shows when it is not being edited (click-to-edit mode). */
export function CellText({ column, value }: { column: EditableColumn; value: unknown }): ReactNode {
  const options = useOptions(column);
  if (column.type === 'checkbox') return <Checkbox checked={isSwitchOn(value, column.customValue)} disabled />;
  if (['select', 'radio', 'sel_search', 'list_multi'].includes(column.type)) {
    return listOf(value)
      .map((v) => options.find((o) => o.value === v)?.label ?? v)
      .join(', ');
  }
  return text(value) || '\u00a0';
}
