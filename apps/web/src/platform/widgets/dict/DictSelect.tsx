import { useEffect, useState, type ReactNode } from 'react';
import { Checkbox, Radio, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDictOptions, useDictSearch, type DictChoice } from './dictOptions';

/** Shown instead of a dictionary widget given no code (SPEC §5 'dictionary code must not be empty'). */
function NoCode({ testId }: { testId?: string }): ReactNode {
  const { t } = useTranslation('widgets');
  return (
    <Typography.Text type="danger" data-testid={testId}>
      {t('dict.noCode')}
    </Typography.Text>
  );
}

/** Props of {@link DictSelect}. */
export interface DictSelectProps {
  dictCode: string;
  /** select (default), radio or radioButton. */
  type?: 'select' | 'radio' | 'radioButton';
  value?: string | number | null;
  onChange?: (value: string | number | undefined) => void;
  /** The form holds numbers (dictionary values are texts). */
  numeric?: boolean;
  placeholder?: string;
  disabled?: boolean;
  id?: string;
  testId?: string;
}

/** Dictionary select / radio / radio-button (SPEC §2 widgets) on the options of `dictCode`. */
export function DictSelect({
  dictCode,
  type = 'select',
  value,
  onChange,
  numeric,
  placeholder,
  disabled,
  id,
  testId,
}: DictSelectProps): ReactNode {
  const { t } = useTranslation('widgets');
  const { options, loading } = useDictOptions(dictCode || undefined);
  if (!dictCode) return <NoCode testId={testId} />;
  const out = (v: string | undefined): string | number | undefined => (v === undefined || !numeric ? v : Number(v));
  const current = value === null || value === undefined ? undefined : String(value);
  if (type === 'select') {
    return (
      <Select
        id={id}
        allowClear
        loading={loading}
        disabled={disabled}
        options={options}
        value={current}
        placeholder={placeholder ?? t('dict.placeholder')}
        onChange={(v?: string) => onChange?.(out(v))}
        data-testid={testId}
        style={{ width: '100%' }}
      />
    );
  }
  return (
    <Radio.Group
      id={id}
      disabled={disabled}
      value={current}
      optionType={type === 'radioButton' ? 'button' : 'default'}
      buttonStyle="solid"
      onChange={(e) => onChange?.(out(e.target.value as string))}
      data-testid={testId}
    >
      {options.map((o) => (
        <Radio key={o.value} value={o.value}>
          {o.label}
        </Radio>
      ))}
    </Radio.Group>
  );
}

/** Props of {@link DictMultiSelect}. */
export interface DictMultiSelectProps {
  dictCode: string;
  /** multiSelect (default) or checkbox group. */
  type?: 'multiSelect' | 'checkbox';
  /** Comma-joined values (the wire form of multi-valued fields). */
  value?: string | null;
  onChange?: (value: string) => void;
  disabled?: boolean;
  id?: string;
  testId?: string;
}

/** Dictionary multi-select or checkbox group (SPEC §2 widgets); the value is comma-joined. */
export function DictMultiSelect({
  dictCode,
  type = 'multiSelect',
  value,
  onChange,
  disabled,
  id,
  testId,
}: DictMultiSelectProps): ReactNode {
  const { t } = useTranslation('widgets');
  const { options, loading } = useDictOptions(dictCode || undefined);
  if (!dictCode) return <NoCode testId={testId} />;
  const list = (value ?? '').split(',').filter(Boolean);
  const emit = (values: string[]): void =>
    onChange?.(
      options
        .filter((o) => values.includes(o.value))
        .map((o) => o.value)
        .join(','),
    );
  if (type === 'checkbox')
    return (
      <span id={id}>
        <Checkbox.Group
          disabled={disabled}
          options={options}
          value={list}
          onChange={(v) => emit(v as string[])}
          data-testid={testId}
        />
      </span>
    );
  return (
    <Select
      id={id}
      mode="multiple"
      allowClear
      loading={loading}
      disabled={disabled}
      options={options}
      value={list}
      placeholder={t('dict.placeholder')}
      onChange={emit}
      data-testid={testId}
      style={{ width: '100%' }}
    />
  );
}

/** Milliseconds the search-select waits after the last keystroke (SPEC §9). */
export const DICT_SEARCH_DEBOUNCE_MS = 800;
/** Options the search-select shows at most (SPEC §9). */
export const DICT_SEARCH_PAGE_SIZE = 10;

/** The first `pageSize` options whose text or value contains `keyword` (all of them for an empty keyword). */
export function searchDictChoices(
  options: readonly DictChoice[],
  keyword: string,
  pageSize = DICT_SEARCH_PAGE_SIZE,
): DictChoice[] {
  const k = keyword.trim().toLowerCase();
  return options
    .filter((o) => !k || o.label.toLowerCase().includes(k) || o.value.toLowerCase().includes(k))
    .slice(0, pageSize);
}

/** `value` once it has not changed for `ms`. */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * Dictionary search-select (SPEC §2, §7): what is typed is searched 800 ms after the last
 * keystroke and at most 10 options are shown; the chosen value keeps its label. A dictionary is
 * searched in its cached items; a table dictionary ("table,text,code") on the server (loadDict).
 */
export function DictSearchSelect({
  dictCode,
  value,
  onChange,
  disabled,
  id,
  testId,
  placeholder,
}: Omit<DictSelectProps, 'type' | 'numeric'>): ReactNode {
  const { t } = useTranslation('widgets');
  const remote = dictCode.includes(',');
  const [keyword, setKeyword] = useState('');
  const [picked, setPicked] = useState<DictChoice>();
  const settled = useDebounced(keyword, DICT_SEARCH_DEBOUNCE_MS);
  const local = useDictOptions(dictCode && !remote ? dictCode : undefined);
  const found = useDictSearch(remote ? dictCode : undefined, settled.trim(), DICT_SEARCH_PAGE_SIZE);
  if (!dictCode) return <NoCode testId={testId} />;
  const current = value === null || value === undefined ? undefined : String(value);
  const shown = remote ? found.options : searchDictChoices(local.options, settled);
  const chosen = (remote ? [...found.options, ...(picked ? [picked] : [])] : local.options).find(
    (o) => o.value === current,
  );
  return (
    <Select
      id={id}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      allowClear
      disabled={disabled}
      loading={local.loading || found.loading || keyword !== settled}
      placeholder={placeholder ?? t('dict.search')}
      options={chosen && !shown.some((o) => o.value === chosen.value) ? [...shown, chosen] : shown}
      value={current}
      onChange={(v?: string) => {
        setPicked(shown.find((o) => o.value === v));
        setKeyword('');
        onChange?.(v);
      }}
      data-testid={testId}
      style={{ width: '100%' }}
    />
  );
}
