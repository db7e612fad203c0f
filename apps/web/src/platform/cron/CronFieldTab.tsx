import type { ReactNode } from 'react';
import { Radio, Space } from 'antd';
import { CRON_BOUNDS } from '@ztj/contracts';
import { useTranslation } from 'react-i18next';
import type { FieldState } from './cronBuilderState';
import { numInputs, SentenceRadio, span, ValuePicker } from './cronParts';
import type { PlainPart } from './quartzCron';

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
  const num = numInputs(state, onChange);
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
        <SentenceRadio value="range">
          {t('cron.rangeFrom')}
          {num('rangeStart', 'range', t('cron.rangeStart'), b.min, b.max)}
          {t('cron.rangeTo')}
          {num('rangeEnd', 'range', t('cron.rangeEnd'), b.min, b.max)}
          {unit}
        </SentenceRadio>
        <SentenceRadio value="loop">
          {t('cron.loopFrom')}
          {num('loopStart', 'loop', t('cron.loopStart'), b.min, b.max)}
          {t('cron.loopEvery', { unit })}
          {num('loopStep', 'loop', t('cron.loopStep'), 1, b.stepMax)}
          {t('cron.loopOnce', { unit })}
        </SentenceRadio>
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
