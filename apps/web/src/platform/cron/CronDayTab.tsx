import type { ReactNode } from 'react';
import { Radio, Select, Space } from 'antd';
import { CRON_NTH_MAX } from '@ztj/contracts';
import { useTranslation } from 'react-i18next';
import type { DayState } from './cronBuilderState';
import { Num, span, ValuePicker } from './CronFieldTab';

/**
 * The day tab of the cron builder (SPEC §4): the 11 day modes over day-of-month and day-of-week
 * (every day, every N days of the week from a weekday, every N days from a day, specific weekdays,
 * specific days, last day, last workday, last given weekday, N days before month end, nearest
 * workday to a day, Nth weekday). Weekdays are Quartz's 1 = Sunday … 7 = Saturday.
 */
export function CronDayTab({ state, onChange }: { state: DayState; onChange: (s: DayState) => void }): ReactNode {
  const { t } = useTranslation('quartz');
  const set = (patch: Partial<DayState>): void => onChange({ ...state, ...patch });
  const weekdays = span(1, 7).map((v) => ({ value: v, label: t(`cron.weekday.${v}`) }));
  const days = span(1, 31).map((v) => ({ value: v, label: String(v).padStart(2, '0') }));
  const weekday = (value: number, onPick: (v: number) => void, label: string): ReactNode => (
    <Select size="small" aria-label={label} value={value} options={weekdays} onChange={onPick} style={{ width: 96 }} />
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
        <Radio value="weekLoop">
          <Space wrap size={4}>
            {t('cron.day.weekLoopFrom')}
            {weekday(
              state.weekLoopStart,
              (v) => set({ weekLoopStart: v, mode: 'weekLoop' }),
              t('cron.day.weekLoopFrom'),
            )}
            {t('cron.day.weekLoopEvery')}
            <Num
              label={t('cron.loopStep')}
              value={state.weekLoopStep}
              min={1}
              max={7}
              onChange={(v) => set({ weekLoopStep: v, mode: 'weekLoop' })}
            />
            {t('cron.day.days')}
          </Space>
        </Radio>
        <Radio value="dayLoop">
          <Space wrap size={4}>
            {t('cron.day.dayLoopFrom')}
            <Num
              label={t('cron.loopStart')}
              value={state.dayLoopStart}
              min={1}
              max={31}
              onChange={(v) => set({ dayLoopStart: v, mode: 'dayLoop' })}
            />
            {t('cron.day.dayLoopEvery')}
            <Num
              label={t('cron.loopStep')}
              value={state.dayLoopStep}
              min={1}
              max={31}
              onChange={(v) => set({ dayLoopStep: v, mode: 'dayLoop' })}
            />
            {t('cron.day.days')}
          </Space>
        </Radio>
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
        <Radio value="lastWeekday">
          <Space wrap size={4}>
            {t('cron.day.lastWeekday')}
            {weekday(state.lastWeekday, (v) => set({ lastWeekday: v, mode: 'lastWeekday' }), t('cron.day.lastWeekday'))}
          </Space>
        </Radio>
        <Radio value="beforeEnd">
          <Space wrap size={4}>
            {t('cron.day.beforeEndPrefix')}
            <Num
              label={t('cron.day.beforeEndPrefix')}
              value={state.beforeEnd}
              min={1}
              max={30}
              onChange={(v) => set({ beforeEnd: v, mode: 'beforeEnd' })}
            />
            {t('cron.day.beforeEndSuffix')}
          </Space>
        </Radio>
        <Radio value="nearestWorkday">
          <Space wrap size={4}>
            {t('cron.day.nearestPrefix')}
            <Num
              label={t('cron.day.nearestPrefix')}
              value={state.nearestDay}
              min={1}
              max={31}
              onChange={(v) => set({ nearestDay: v, mode: 'nearestWorkday' })}
            />
            {t('cron.day.nearestSuffix')}
          </Space>
        </Radio>
        <Radio value="nthWeekday">
          <Space wrap size={4}>
            {t('cron.day.nthPrefix')}
            <Num
              label={t('cron.day.nthPrefix')}
              value={state.nth}
              min={1}
              max={CRON_NTH_MAX}
              onChange={(v) => set({ nth: v, mode: 'nthWeekday' })}
            />
            {t('cron.day.nthMiddle')}
            {weekday(state.nthWeekday, (v) => set({ nthWeekday: v, mode: 'nthWeekday' }), t('cron.day.nthMiddle'))}
          </Space>
        </Radio>
      </Space>
    </Radio.Group>
  );
}
