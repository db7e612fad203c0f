import { CRON_BOUNDS, quartzCronIssues, splitQuartz, type CronPart } from '@ztj/contracts';

/**
 * The cron builder's model (SPEC §4 "cron builder: each field has a mode; day tab has 11 modes"):
 * pure parse of a Quartz expression into modes and format back. Fields: second, minute, hour,
 * month and year take every / range / from-every (start, step) / specific list; the day tab takes
 * the 11 modes of day-of-month and day-of-week together (the other of the two is `?`).
 */

/** Mode of a plain field (second, minute, hour, month, year). */
export type FieldMode =
  | { mode: 'every' }
  | { mode: 'range'; start: number; end: number }
  | { mode: 'loop'; start: number; step: number }
  | { mode: 'specific'; values: number[] };

/** The day tab's 11 modes (SPEC §4 order). Weekdays are Quartz's 1 = Sunday … 7 = Saturday. */
export type DayMode =
  | { mode: 'everyDay' }
  | { mode: 'weekLoop'; start: number; step: number }
  | { mode: 'dayLoop'; start: number; step: number }
  | { mode: 'weekSpecific'; values: number[] }
  | { mode: 'daySpecific'; values: number[] }
  | { mode: 'lastDay' }
  | { mode: 'lastWorkday' }
  | { mode: 'lastWeekday'; weekday: number }
  | { mode: 'beforeEnd'; days: number }
  | { mode: 'nearestWorkday'; day: number }
  | { mode: 'nthWeekday'; weekday: number; nth: number };

export const DAY_MODES = [
  'everyDay',
  'weekLoop',
  'dayLoop',
  'weekSpecific',
  'daySpecific',
  'lastDay',
  'lastWorkday',
  'lastWeekday',
  'beforeEnd',
  'nearestWorkday',
  'nthWeekday',
] as const;
export const FIELD_MODES = ['every', 'range', 'loop', 'specific'] as const;

/** A whole expression as modes. */
export interface CronModel {
  second: FieldMode;
  minute: FieldMode;
  hour: FieldMode;
  day: DayMode;
  month: FieldMode;
  year: FieldMode;
}

/** Plain fields of the model. */
export type PlainPart = 'second' | 'minute' | 'hour' | 'month' | 'year';

/** Expression the builder opens with when none is given: every day at 00:00:00. */
export const DEFAULT_CRON = '0 0 0 * * ? *';

const INT = /^\d+$/;

function parseField(part: CronPart, text: string): FieldMode | null {
  if (text === '*') return { mode: 'every' };
  const loop = /^(\*|\d+)\/(\d+)$/.exec(text);
  if (loop)
    return { mode: 'loop', start: loop[1] === '*' ? CRON_BOUNDS[part].min : Number(loop[1]), step: Number(loop[2]) };
  const range = /^(\d+)-(\d+)$/.exec(text);
  if (range) return { mode: 'range', start: Number(range[1]), end: Number(range[2]) };
  const items = text.split(',');
  if (items.every((i) => INT.test(i))) return { mode: 'specific', values: items.map(Number) };
  return null;
}

function formatField(m: FieldMode): string {
  switch (m.mode) {
    case 'every':
      return '*';
    case 'range':
      return `${m.start}-${m.end}`;
    case 'loop':
      return `${m.start}/${m.step}`;
    case 'specific':
      return m.values.length ? [...m.values].sort((a, b) => a - b).join(',') : '*';
  }
}

function parseDay(day: string, week: string): DayMode | null {
  if (week === '?') {
    if (day === '*') return { mode: 'everyDay' };
    if (day === 'L') return { mode: 'lastDay' };
    if (day === 'LW') return { mode: 'lastWorkday' };
    const before = /^L-(\d+)$/.exec(day);
    if (before) return { mode: 'beforeEnd', days: Number(before[1]) };
    const near = /^(\d+)W$/.exec(day);
    if (near) return { mode: 'nearestWorkday', day: Number(near[1]) };
    const f = parseField('day', day);
    if (f?.mode === 'loop') return { mode: 'dayLoop', start: f.start, step: f.step };
    if (f?.mode === 'specific') return { mode: 'daySpecific', values: f.values };
    return null;
  }
  if (day !== '?') return null;
  if (week === '*') return { mode: 'everyDay' };
  const last = /^(\d)L$/.exec(week);
  if (last) return { mode: 'lastWeekday', weekday: Number(last[1]) };
  const nth = /^(\d)#(\d)$/.exec(week);
  if (nth) return { mode: 'nthWeekday', weekday: Number(nth[1]), nth: Number(nth[2]) };
  const f = parseField('week', week);
  if (f?.mode === 'loop') return { mode: 'weekLoop', start: f.start, step: f.step };
  if (f?.mode === 'specific') return { mode: 'weekSpecific', values: f.values };
  return null;
}

/** Day-of-month and day-of-week fields of a day mode. */
export function formatDay(m: DayMode): { day: string; week: string } {
  const list = (v: number[]): string => [...v].sort((a, b) => a - b).join(',') || '*';
  switch (m.mode) {
    case 'everyDay':
      return { day: '*', week: '?' };
    case 'weekLoop':
      return { day: '?', week: `${m.start}/${m.step}` };
    case 'dayLoop':
      return { day: `${m.start}/${m.step}`, week: '?' };
    case 'weekSpecific':
      return { day: '?', week: list(m.values) };
    case 'daySpecific':
      return { day: list(m.values), week: '?' };
    case 'lastDay':
      return { day: 'L', week: '?' };
    case 'lastWorkday':
      return { day: 'LW', week: '?' };
    case 'lastWeekday':
      return { day: '?', week: `${m.weekday}L` };
    case 'beforeEnd':
      return { day: `L-${m.days}`, week: '?' };
    case 'nearestWorkday':
      return { day: `${m.day}W`, week: '?' };
    case 'nthWeekday':
      return { day: '?', week: `${m.weekday}#${m.nth}` };
  }
}

/**
 * Reads an expression into the builder's modes (SPEC §4 "opening with an existing expression
 * parses it back"). @returns null when it is not valid (§5) or uses a combination the modes
 * cannot show (e.g. a list of ranges): the builder then opens with defaults.
 */
export function parseQuartzCron(expr: string): CronModel | null {
  if (quartzCronIssues(expr).length) return null;
  const f = splitQuartz(expr)!;
  const second = parseField('second', f.second);
  const minute = parseField('minute', f.minute);
  const hour = parseField('hour', f.hour);
  const month = parseField('month', f.month);
  const year = parseField('year', f.year);
  const day = parseDay(f.day, f.week);
  if (!second || !minute || !hour || !month || !year || !day) return null;
  return { second, minute, hour, day, month, year };
}

/** The 7-field Quartz expression of a model. */
export function formatQuartzCron(m: CronModel): string {
  const { day, week } = formatDay(m.day);
  return [
    formatField(m.second),
    formatField(m.minute),
    formatField(m.hour),
    day,
    formatField(m.month),
    week,
    formatField(m.year),
  ].join(' ');
}
