import { describe, expect, it } from 'vitest';
import { describeCron, formatFireTime, nextFireTimes } from './cronSchedule';
import {
  DEFAULT_CRON,
  formatQuartzCron,
  parseQuartzCron,
  type CronModel,
  type DayMode,
  type FieldMode,
} from './quartzCron';

const base: CronModel = {
  second: { mode: 'specific', values: [0] },
  minute: { mode: 'specific', values: [0] },
  hour: { mode: 'specific', values: [0] },
  day: { mode: 'everyDay' },
  month: { mode: 'every' },
  year: { mode: 'every' },
};

/** Every mode of every field, with the expression it formats to. */
const FIELD_CASES: [keyof CronModel, FieldMode, string][] = [
  ['second', { mode: 'every' }, '* 0 0 * * ? *'],
  ['second', { mode: 'range', start: 5, end: 40 }, '5-40 0 0 * * ? *'],
  ['second', { mode: 'loop', start: 0, step: 15 }, '0/15 0 0 * * ? *'],
  ['second', { mode: 'specific', values: [1, 30, 59] }, '1,30,59 0 0 * * ? *'],
  ['minute', { mode: 'every' }, '0 * 0 * * ? *'],
  ['minute', { mode: 'range', start: 0, end: 59 }, '0 0-59 0 * * ? *'],
  ['minute', { mode: 'loop', start: 10, step: 60 }, '0 10/60 0 * * ? *'],
  ['minute', { mode: 'specific', values: [15, 45] }, '0 15,45 0 * * ? *'],
  ['hour', { mode: 'every' }, '0 0 * * * ? *'],
  ['hour', { mode: 'range', start: 8, end: 18 }, '0 0 8-18 * * ? *'],
  ['hour', { mode: 'loop', start: 1, step: 6 }, '0 0 1/6 * * ? *'],
  ['hour', { mode: 'specific', values: [9, 21] }, '0 0 9,21 * * ? *'],
  ['month', { mode: 'every' }, '0 0 0 * * ? *'],
  ['month', { mode: 'range', start: 3, end: 9 }, '0 0 0 * 3-9 ? *'],
  ['month', { mode: 'loop', start: 1, step: 3 }, '0 0 0 * 1/3 ? *'],
  ['month', { mode: 'specific', values: [1, 7, 12] }, '0 0 0 * 1,7,12 ? *'],
  ['year', { mode: 'every' }, '0 0 0 * * ? *'],
  ['year', { mode: 'range', start: 2026, end: 2030 }, '0 0 0 * * ? 2026-2030'],
  ['year', { mode: 'loop', start: 2027, step: 2 }, '0 0 0 * * ? 2027/2'],
  ['year', { mode: 'specific', values: [2027, 2119] }, '0 0 0 * * ? 2027,2119'],
];

/** The day tab's 11 modes (SPEC §4). */
const DAY_CASES: [DayMode, string][] = [
  [{ mode: 'everyDay' }, '0 0 0 * * ? *'],
  [{ mode: 'weekLoop', start: 2, step: 2 }, '0 0 0 ? * 2/2 *'],
  [{ mode: 'dayLoop', start: 1, step: 5 }, '0 0 0 1/5 * ? *'],
  [{ mode: 'weekSpecific', values: [2, 4, 6] }, '0 0 0 ? * 2,4,6 *'],
  [{ mode: 'daySpecific', values: [1, 15, 31] }, '0 0 0 1,15,31 * ? *'],
  [{ mode: 'lastDay' }, '0 0 0 L * ? *'],
  [{ mode: 'lastWorkday' }, '0 0 0 LW * ? *'],
  [{ mode: 'lastWeekday', weekday: 6 }, '0 0 0 ? * 6L *'],
  [{ mode: 'beforeEnd', days: 3 }, '0 0 0 L-3 * ? *'],
  [{ mode: 'nearestWorkday', day: 15 }, '0 0 0 15W * ? *'],
  [{ mode: 'nthWeekday', weekday: 2, nth: 5 }, '0 0 0 ? * 2#5 *'],
];

describe('Quartz cron builder model: parse/format round trip', () => {
  it.each(FIELD_CASES)('%s %o ⇄ %s', (part, mode, expr) => {
    const model = { ...base, [part]: mode };
    expect(formatQuartzCron(model)).toBe(expr);
    expect(parseQuartzCron(expr)).toEqual(model);
  });

  it.each(DAY_CASES)('day %o ⇄ %s', (day, expr) => {
    expect(formatQuartzCron({ ...base, day })).toBe(expr);
    expect(parseQuartzCron(expr)).toEqual({ ...base, day });
  });

  it('reads Quartz spellings: names, */step, a 6-field expression, week * with day ?', () => {
    expect(parseQuartzCron('0 0 9 ? * MON-FRI')).toBeNull(); // a range of weekdays is not one of the 11 day modes
    expect(parseQuartzCron('0 0 9 ? JAN,JUL MON')).toEqual({
      ...base,
      hour: { mode: 'specific', values: [9] },
      month: { mode: 'specific', values: [1, 7] },
      day: { mode: 'weekSpecific', values: [2] },
    });
    expect(parseQuartzCron('*/10 * * * * ?')).toEqual({
      ...base,
      second: { mode: 'loop', start: 0, step: 10 },
      minute: { mode: 'every' },
      hour: { mode: 'every' },
    });
    expect(formatQuartzCron(parseQuartzCron(DEFAULT_CRON)!)).toBe(DEFAULT_CRON);
  });

  it('refuses expressions outside the §5 bounds', () => {
    for (const bad of [
      '60 0 0 * * ? *',
      '0 0 24 * * ? *',
      '0 0 0 32 * ? *',
      '0 0 0 * 13 ? *',
      '0 0 0 ? * 8 *',
      '0 0 0 ? * 2#6 *',
      '0 0 0 * * ? 2018',
      '0 0 0 * * ? 2020/100',
      '0 0 0 1 * 2 *',
      '0 0 0 * *',
    ]) {
      expect(parseQuartzCron(bad)).toBeNull();
    }
  });
});

describe('fire times and descriptions', () => {
  const from = new Date('2026-11-24T00:00:00Z');
  it('next five fire times in Asia/Shanghai, incl. L-n, W, #, L and years', () => {
    expect(nextFireTimes('0 30 8 * * ? *', 2, from).map(formatFireTime)).toEqual([
      '2026-11-24 08:30:00',
      '2026-11-25 08:30:00',
    ]);
    expect(nextFireTimes('0 0 0 L-3 * ? *', 3, from).map(formatFireTime)).toEqual([
      '2026-11-27 00:00:00',
      '2026-12-28 00:00:00',
      '2027-01-28 00:00:00',
    ]);
    expect(nextFireTimes('0 0 0 ? * 6#3 *', 1, from).map(formatFireTime)).toEqual(['2026-12-18 00:00:00']);
    expect(nextFireTimes('0 0 0 ? * 6L *', 1, from).map(formatFireTime)).toEqual(['2026-11-27 00:00:00']);
    expect(nextFireTimes('0 0 0 15W * ? *', 1, from).map(formatFireTime)).toEqual(['2026-12-15 00:00:00']);
    expect(nextFireTimes('0 0 0 1 1 ? 2030/5', 2, from).map(formatFireTime)).toEqual([
      '2030-01-01 00:00:00',
      '2035-01-01 00:00:00',
    ]);
    expect(nextFireTimes('0 0 0 1 1 ? 2020', 5, from)).toEqual([]);
  });
  it('describes expressions in both languages', () => {
    expect(describeCron('0 0 0 L-3 * ? *', 'en-US')).toBe('At 00:00, 3 days before the last day of the month');
    expect(describeCron('0 0 0 ? * 6#3 *', 'zh-CN')).toBe('在00:00, 限每月的第三个 星期五');
    expect(describeCron('61 0 0 * * ? *', 'en-US')).toBeNull();
  });
});
