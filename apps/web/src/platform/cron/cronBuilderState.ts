import { CRON_BOUNDS } from '@ztj/contracts';
import type { CronModel, DayMode, FieldMode, PlainPart } from './quartzCron';

/**
 * Editing state of one plain field: the chosen mode and the inputs of every mode, so that
 * switching modes keeps what was typed (SPEC §4 "each field has a mode").
 */
export interface FieldState {
  mode: FieldMode['mode'];
  rangeStart: number;
  rangeEnd: number;
  loopStart: number;
  loopStep: number;
  values: number[];
}

/** Editing state of the day tab: its mode and the inputs of the 11 modes. */
export interface DayState {
  mode: DayMode['mode'];
  weekLoopStart: number;
  weekLoopStep: number;
  dayLoopStart: number;
  dayLoopStep: number;
  weekValues: number[];
  dayValues: number[];
  lastWeekday: number;
  beforeEnd: number;
  nearestDay: number;
  nthWeekday: number;
  nth: number;
}

export interface BuilderState {
  second: FieldState;
  minute: FieldState;
  hour: FieldState;
  day: DayState;
  month: FieldState;
  year: FieldState;
}

/** The state of a field's mode (inputs of the other modes at their defaults). */
export function fieldStateOf(part: PlainPart, m: FieldMode): FieldState {
  const { min } = CRON_BOUNDS[part];
  const first = part === 'year' ? new Date().getFullYear() : min;
  const s: FieldState = {
    mode: m.mode,
    rangeStart: first,
    rangeEnd: first + 1,
    loopStart: first,
    loopStep: 1,
    values: [first],
  };
  if (m.mode === 'range') Object.assign(s, { rangeStart: m.start, rangeEnd: m.end });
  if (m.mode === 'loop') Object.assign(s, { loopStart: m.start, loopStep: m.step });
  if (m.mode === 'specific') s.values = m.values;
  return s;
}

/** The field mode a state stands for. */
export function fieldModeOf(s: FieldState): FieldMode {
  switch (s.mode) {
    case 'every':
      return { mode: 'every' };
    case 'range':
      return { mode: 'range', start: s.rangeStart, end: Math.max(s.rangeStart, s.rangeEnd) };
    case 'loop':
      return { mode: 'loop', start: s.loopStart, step: s.loopStep };
    case 'specific':
      return s.values.length ? { mode: 'specific', values: s.values } : { mode: 'every' };
  }
}

/** The state of a day mode. */
export function dayStateOf(m: DayMode): DayState {
  const s: DayState = {
    mode: m.mode,
    weekLoopStart: 1,
    weekLoopStep: 1,
    dayLoopStart: 1,
    dayLoopStep: 1,
    weekValues: [2],
    dayValues: [1],
    lastWeekday: 6,
    beforeEnd: 1,
    nearestDay: 1,
    nthWeekday: 2,
    nth: 1,
  };
  switch (m.mode) {
    case 'weekLoop':
      return { ...s, weekLoopStart: m.start, weekLoopStep: m.step };
    case 'dayLoop':
      return { ...s, dayLoopStart: m.start, dayLoopStep: m.step };
    case 'weekSpecific':
      return { ...s, weekValues: m.values };
    case 'daySpecific':
      return { ...s, dayValues: m.values };
    case 'lastWeekday':
      return { ...s, lastWeekday: m.weekday };
    case 'beforeEnd':
      return { ...s, beforeEnd: m.days };
    case 'nearestWorkday':
      return { ...s, nearestDay: m.day };
    case 'nthWeekday':
      return { ...s, nthWeekday: m.weekday, nth: m.nth };
    default:
      return s;
  }
}

/** The day mode a state stands for. */
export function dayModeOf(s: DayState): DayMode {
  switch (s.mode) {
    case 'weekLoop':
      return { mode: 'weekLoop', start: s.weekLoopStart, step: s.weekLoopStep };
    case 'dayLoop':
      return { mode: 'dayLoop', start: s.dayLoopStart, step: s.dayLoopStep };
    case 'weekSpecific':
      return s.weekValues.length ? { mode: 'weekSpecific', values: s.weekValues } : { mode: 'everyDay' };
    case 'daySpecific':
      return s.dayValues.length ? { mode: 'daySpecific', values: s.dayValues } : { mode: 'everyDay' };
    case 'lastWeekday':
      return { mode: 'lastWeekday', weekday: s.lastWeekday };
    case 'beforeEnd':
      return { mode: 'beforeEnd', days: s.beforeEnd };
    case 'nearestWorkday':
      return { mode: 'nearestWorkday', day: s.nearestDay };
    case 'nthWeekday':
      return { mode: 'nthWeekday', weekday: s.nthWeekday, nth: s.nth };
    default:
      return { mode: s.mode };
  }
}

export function builderStateOf(m: CronModel): BuilderState {
  return {
    second: fieldStateOf('second', m.second),
    minute: fieldStateOf('minute', m.minute),
    hour: fieldStateOf('hour', m.hour),
    day: dayStateOf(m.day),
    month: fieldStateOf('month', m.month),
    year: fieldStateOf('year', m.year),
  };
}

export function modelOf(s: BuilderState): CronModel {
  return {
    second: fieldModeOf(s.second),
    minute: fieldModeOf(s.minute),
    hour: fieldModeOf(s.hour),
    day: dayModeOf(s.day),
    month: fieldModeOf(s.month),
    year: fieldModeOf(s.year),
  };
}
