import type { ReactNode } from 'react';
import { Checkbox, InputNumber, Radio, Select, Space } from 'antd';

/** Numbers `min..max`. */
export function span(min: number, max: number): number[] {
  return Array.from({ length: max - min + 1 }, (_, i) => min + i);
}

/** A small number input inside a sentence. */
export function Num({
  value,
  min,
  max,
  onChange,
  label,
}: {
  value: number;
  min: number;
  max: number;
  onChange: (v: number) => void;
  label: string;
}): ReactNode {
  return (
    <InputNumber
      size="small"
      aria-label={label}
      value={value}
      min={min}
      max={max}
      precision={0}
      style={{ width: 76 }}
      onChange={(v) => onChange(typeof v === 'number' ? v : min)}
    />
  );
}

/** Checkboxes of values (compact grid), or a multi-select for years. */
export function ValuePicker({
  values,
  options,
  onChange,
  label,
  asSelect,
}: {
  values: number[];
  options: { value: number; label: string }[];
  onChange: (v: number[]) => void;
  label: string;
  asSelect?: boolean;
}): ReactNode {
  if (asSelect)
    return (
      <Select
        mode="multiple"
        aria-label={label}
        value={values}
        options={options}
        onChange={onChange}
        style={{ width: '100%', maxWidth: 420 }}
      />
    );
  return (
    <Checkbox.Group
      value={values}
      onChange={(v) => onChange(v as number[])}
      aria-label={label}
      style={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}
    >
      {options.map((o) => (
        <Checkbox key={o.value} value={o.value} style={{ width: 52, marginInlineStart: 0 }}>
          {o.label}
        </Checkbox>
      ))}
    </Checkbox.Group>
  );
}

/** A radio whose label is a sentence of words and small inputs (`children`, in reading order). */
export function SentenceRadio({ value, children }: { value: string; children: ReactNode }): ReactNode {
  return (
    <Radio value={value}>
      <Space wrap size={4}>
        {children}
      </Space>
    </Radio>
  );
}

/**
 * The number inputs of a tab's sentences: `num(key, mode, label, min, max)` is a {@link Num}
 * showing `state[key]`; a change sets that key and selects the radio `mode` it stands in.
 */
export function numInputs<S extends { mode: string }>(
  state: S,
  onChange: (s: S) => void,
): (key: keyof S & string, mode: S['mode'], label: string, min: number, max: number) => ReactNode {
  return (key, mode, label, min, max) => (
    <Num
      label={label}
      value={state[key] as number}
      min={min}
      max={max}
      onChange={(v) => onChange({ ...state, [key]: v, mode })}
    />
  );
}
