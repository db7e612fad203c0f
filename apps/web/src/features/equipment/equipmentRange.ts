import dayjs from 'dayjs';

/** Ranges of the equipment charts ("switchable ranges"): today, last 7 and 30 days. */
export const EQUIPMENT_RANGES = ['today', '7d', '30d'] as const;
/** One equipment chart range. */
export type EquipmentRange = (typeof EQUIPMENT_RANGES)[number];

const DAYS: Readonly<Record<EquipmentRange, number>> = { today: 1, '7d': 7, '30d': 30 };

/**
 * The span of a range in local time, ms epoch: `today` is local midnight to `now`; "last N days"
 * are N calendar days including today (midnight N−1 days ago to `now`), as the device history's ranges.
 */
export function equipmentRangeSpan(
  range: EquipmentRange,
  now: number = Date.now(),
): { beginTime: number; endTime: number } {
  const begin = dayjs(now)
    .startOf('day')
    .subtract(DAYS[range] - 1, 'day');
  return { beginTime: begin.valueOf(), endTime: now };
}

/** The calendar days (`YYYY-MM-DD`, local) of a range, oldest first: the daily-energy axis. */
export function equipmentRangeDays(range: EquipmentRange, now: number = Date.now()): string[] {
  const first = dayjs(now)
    .startOf('day')
    .subtract(DAYS[range] - 1, 'day');
  return Array.from({ length: DAYS[range] }, (_, i) => first.add(i, 'day').format('YYYY-MM-DD'));
}

/** One day's energy, kWh, optionally split per tariff period name (peak/flat/valley…). */
export interface DayEnergy {
  /** `YYYY-MM-DD`. */
  day: string;
  kwh: number | null;
  byTariff?: Readonly<Record<string, number>>;
}

/** Bars of the daily-energy chart: one category per day of `days`, a missing day is a gap (null). */
export interface EnergyBars {
  days: string[];
  /** Series name → kWh per day; `total` when no tariff split is given. */
  series: { name: string; data: (number | null)[] }[];
  /** Sum over the range, kWh. */
  totalKwh: number;
}

/**
 * Builds the daily-energy bars from what the API answered: aligned on `days` (gaps stay null, not 0),
 * one stacked series per tariff period when any day is split, else one `total` series.
 */
export function energyBars(days: readonly string[], rows: readonly DayEnergy[]): EnergyBars {
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const tariffs = [...new Set(rows.flatMap((r) => Object.keys(r.byTariff ?? {})))];
  const series =
    tariffs.length > 0
      ? tariffs.map((name) => ({
          name,
          data: days.map((d) => byDay.get(d)?.byTariff?.[name] ?? (byDay.has(d) ? 0 : null)),
        }))
      : [{ name: 'total', data: days.map((d) => byDay.get(d)?.kwh ?? null) }];
  const totalKwh = rows.filter((r) => days.includes(r.day)).reduce((s, r) => s + (r.kwh ?? 0), 0);
  return { days: [...days], series, totalKwh };
}
