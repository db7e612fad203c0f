import type { ReactNode } from 'react';
import { Radio, Select, Space } from 'antd';
import { CRON_NTH_MAX } from '@ztj/contracts';
import { useTranslation } from 'react-i18next';
import type { DayState } from './cronBuilderState';
import { numInputs, SentenceRadio, span, ValuePicker } from './cronParts';

/**
 * The day tab of the cron builder (SPEC §4): the 11 day modes over day-of-month and day-of-week
 * (every day, every N days of the week from a weekday, every N days from a day, specific weekdays,
 * specific days, last day, last workday, last given weekday, N days before month end, nearest
 * workday to a day, Nth weekday). Weekdays are Quartz's 1 = Sunday … 7 = Saturday.
 */
export function CronDayTab({ state, onChange }: { state: DayState; onChange: (s: DayState) => void }): ReactNode {
  const { t } = useTranslation('quartz');
  const set = (patch: Partial<DayState>): void => onChange({ ...state, ...patch });
  const num = numInputs(state, onChange);
  const weekdays = span(1, 7).map((v) => ({ value: v, label: t(`cron.weekday.${v}`) }));
  const days = span(1, 31).map((v) => ({ value: v, label: String(v).padStart(2, '0') }));
  /** The weekday select of a sentence: shows `state[key]`; a pick sets it and selects `mode`. */
  const weekday = (
    key: 'weekLoopStart' | 'lastWeekday' | 'nthWeekday',
    mode: DayState['mode'],
    label: string,
  ): ReactNode => (
    <Select
      size="small"
      aria-label={label}
      value={state[key]}
      options={weekdays}
      onChange={(v: number) => set({ [key]: v, mode })}
      style={{ width: 96 }}
    />
  );
  return (
    <Radio.Group
      name="cron-day"
      value={state.mode}
      onChange={(e) => set({ mode: e.target.value as DayState['mode'] })}
      style={{ width: '100%' }}
    >
      <Space direction="vertical" size={10} style={{ width: '100%' }}>
        <Radio value="everyDay">{t('cron.day.everyDay')}</Radio>
        <SentenceRadio value="weekLoop">
          {t('cron.day.weekLoopFrom')}
          {weekday('weekLoopStart', 'weekLoop', t('cron.day.weekLoopFrom'))}
          {t('cron.day.weekLoopEvery')}
          {num('weekLoopStep', 'weekLoop', t('cron.loopStep'), 1, 7)}
          {t('cron.day.days')}
        </SentenceRadio>
        <SentenceRadio value="dayLoop">
          {t('cron.day.dayLoopFrom')}
          {num('dayLoopStart', 'dayLoop', t('cron.loopStart'), 1, 31)}
          {t('cron.day.dayLoopEvery')}
          {num('dayLoopStep', 'dayLoop', t('cron.loopStep'), 1, 31)}
          {t('cron.day.days')}
        </SentenceRadio>
        <Radio value="weekSpecific">{t('cron.day.weekSpecific')}</Radio>
        {state.mode === 'weekSpecific' && (
          <ValuePicker
            label={t('cron.day.weekSpecific')}
            values={state.weekValues}
            options={weekdays}
            onChange={(weekValues) => set({ weekValues })}
          />
        )}
        <Radio value="daySpecific">{t('cron.day.daySpecific')}</Radio>
        {state.mode === 'daySpecific' && (
          <ValuePicker
            label={t('cron.day.daySpecific')}
            values={state.dayValues}
            options={days}
            onChange={(dayValues) => set({ dayValues })}
          />
        )}
        <Radio value="lastDay">{t('cron.day.lastDay')}</Radio>
        <Radio value="lastWorkday">{t('cron.day.lastWorkday')}</Radio>
        <SentenceRadio value="lastWeekday">
          {t('cron.day.lastWeekday')}
          {weekday('lastWeekday', 'lastWeekday', t('cron.day.lastWeekday'))}
        </SentenceRadio>
        <SentenceRadio value="beforeEnd">
          {t('cron.day.beforeEndPrefix')}
          {num('beforeEnd', 'beforeEnd', t('cron.day.beforeEndPrefix'), 1, 30)}
          {t('cron.day.beforeEndSuffix')}
        </SentenceRadio>
        <SentenceRadio value="nearestWorkday">
          {t('cron.day.nearestPrefix')}
          {num('nearestDay', 'nearestWorkday', t('cron.day.nearestPrefix'), 1, 31)}
          {t('cron.day.nearestSuffix')}
        </SentenceRadio>
        <SentenceRadio value="nthWeekday">
          {t('cron.day.nthPrefix')}
          {num('nth', 'nthWeekday', t('cron.day.nthPrefix'), 1, CRON_NTH_MAX)}
          {t('cron.day.nthMiddle')}
          {weekday('nthWeekday', 'nthWeekday', t('cron.day.nthMiddle'))}
        </SentenceRadio>
      </Space>
    </Radio.Group>
  );
}
