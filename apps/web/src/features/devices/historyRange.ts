import dayjs from 'dayjs';

/** History ranges offered by the picker (SPEC §9): today, last 3, 5, 7 days, or custom. */
export const HISTORY_RANGE_KEYS = ['today', '3d', '5d', '7d', 'custom'] as const;
/** One history range key. */
export type HistoryRangeKey = (typeof HISTORY_RANGE_KEYS)[number];

/** A time range in ms epoch, `beginTime` inclusive, `endTime` inclusive. */
export interface TimeRange {
  beginTime: number;
  endTime: number;
}

/** The picker's value: a range key and, for `custom`, the chosen span. */
export interface HistoryRangeValue {
  key: HistoryRangeKey;
  custom?: TimeRange;
}

const DAYS: Readonly<Record<Exclude<HistoryRangeKey, 'custom'>, number>> = { today: 1, '3d': 3, '5d': 5, '7d': 7 };

/**
 * The span of a history range in local time: `today` is local midnight to `now`; "last N days"
 * are N calendar days including today (midnight N−1 days ago to `now`); `custom` is the chosen
 * span (today when none was chosen).
 */
export function computeHistoryRange(value: HistoryRangeValue, now: number = Date.now()): TimeRange {
  if (value.key === 'custom') return value.custom ?? computeHistoryRange({ key: 'today' }, now);
  const begin = dayjs(now)
    .startOf('day')
    .subtract(DAYS[value.key] - 1, 'day');
  return { beginTime: begin.valueOf(), endTime: now };
}
