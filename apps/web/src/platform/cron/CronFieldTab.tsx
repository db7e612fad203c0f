import type { ReactNode } from 'react';
import { Checkbox, InputNumber, Radio, Select, Space } from 'antd';
import { CRON_BOUNDS } from '@ztj/contracts';
import { useTranslation } from 'react-i18next';
import type { FieldState } from './cronBuilderState';
import type { PlainPart } from './quartzCron';

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

/**
 * One plain field's tab of the cron builder (SPEC §4): every / range / from-every (start, step) /
 * specific values, inside SPEC §5's bounds.
 */
export function CronFieldTab({
  part,
  state,
  onChange,
}: {
  part: PlainPart;
  state: FieldState;
  onChange: (s: FieldState) => void;
}): ReactNode {
  const { t } = useTranslation('quartz');
  const b = CRON_BOUNDS[part];
  const unit = t(`cron.unit.${part}`);
  const set = (patch: Partial<FieldState>): void => onChange({ ...state, ...patch });
  const options = span(b.min, b.max).map((v) => ({
    value: v,
    label: part === 'month' ? t(`cron.monthShort.${v}`) : String(v).padStart(part === 'year' ? 4 : 2, '0'),
  }));
  return (
    <Radio.Group
      name={`cron-${part}`}
      value={state.mode}
      onChange={(e) => set({ mode: e.target.value as FieldState['mode'] })}
      style={{ width: '100%' }}
    >
      <Space direction="vertical" size={12} style={{ width: '100%' }}>
        <Radio value="every">{t('cron.every', { unit })}</Radio>
        <Radio value="range">
          <Space wrap size={4}>
            {t('cron.rangeFrom')}
            <Num
              label={t('cron.rangeStart')}
              value={state.rangeStart}
              min={b.min}
              max={b.max}
              onChange={(v) => set({ rangeStart: v, mode: 'range' })}
            />
            {t('cron.rangeTo')}
            <Num
              label={t('cron.rangeEnd')}
              value={state.rangeEnd}
              min={b.min}
              max={b.max}
              onChange={(v) => set({ rangeEnd: v, mode: 'range' })}
            />
            {unit}
          </Space>
        </Radio>
        <Radio value="loop">
          <Space wrap size={4}>
            {t('cron.loopFrom')}
            <Num
              label={t('cron.loopStart')}
              value={state.loopStart}
              min={b.min}
              max={b.max}
              onChange={(v) => set({ loopStart: v, mode: 'loop' })}
            />
            {t('cron.loopEvery', { unit })}
            <Num
              label={t('cron.loopStep')}
              value={state.loopStep}
              min={1}
              max={b.stepMax}
              onChange={(v) => set({ loopStep: v, mode: 'loop' })}
            />
            {t('cron.loopOnce', { unit })}
          </Space>
        </Radio>
        <Radio value="specific">{t('cron.specific')}</Radio>
        {state.mode === 'specific' && (
          <ValuePicker
            label={t('cron.specific')}
            values={state.values}
            options={options}
            asSelect={part === 'year'}
            onChange={(values) => set({ values })}
          />
        )}
      </Space>
    </Radio.Group>
  );
}
