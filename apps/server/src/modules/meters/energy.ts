import {
  classifyStep,
  foldRegister,
  isEvent,
  orderReadings,
  type CounterReading,
  type RegisterRules,
  type RegisterStep,
} from './register';

/**
 * Energy per local day from a meter's cumulative register (SPEC §2 ammeter chart, daily energy).
 * Pure. How one step between readings counts (increase, noise, reset, rollover, spike, drop) is
 * register.ts; this file places the counted kWh on days (Asia/Shanghai):
 * - a step between two readings of the same day counts on that day (the rollup's `within_kwh`);
 * - the step from the last reading of one day to the first reading of a later day is **spread
 *   evenly over the time between them**, so a pair across midnight is split by time and a gap of
 *   missing days gives each day its share; a day before the first or after the last reading is
 *   unknown (null).
 * kWh as read (CT × PT applied by the caller), times ms epoch.
 */

export type { CounterReading } from './register';

/** Local day numbering: days since 1970-01-01 of the tenant's clock (Asia/Shanghai, UTC+8, no DST). */
export const ENERGY_TIME_ZONE = 'Asia/Shanghai';
/** Offset of {@link ENERGY_TIME_ZONE} from UTC, ms. */
export const ENERGY_TZ_OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

/** Local day number of a ms-epoch time. */
export const dayOf = (ts: number): number => Math.floor((ts + ENERGY_TZ_OFFSET_MS) / DAY_MS);
/** First ms of local day `day`. */
export const dayStart = (day: number): number => day * DAY_MS - ENERGY_TZ_OFFSET_MS;
/** `YYYY-MM-DD` of local day `day`. */
export const dayText = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);
/** Local day number of `YYYY-MM-DD`. */
export const dayOfText = (date: string): number => Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);

/** One local day of the rollup (meter_energy_day): first/last reading and the consumption between readings inside it. */
export interface EnergyDayRow {
  day: number;
  firstTs: number;
  firstKwh: number;
  lastTs: number;
  lastKwh: number;
  withinKwh: number;
}

/** One day's rollup: its row (readings as read) and the register events of its readings. */
export interface DayRollup {
  row: EnergyDayRow;
  events: RegisterStep[];
}

/**
 * Rolls up the readings of one local day (any order, repeats allowed) given `before`, the last
 * reading before the day (if any): the first step (from `before`) is not counted in `withinKwh`
 * (days are joined by {@link dailyFromRows}) but its event is kept. Null when the day has no reading.
 */
export function rollupDay(
  day: number,
  readings: readonly CounterReading[],
  rules: RegisterRules,
  before?: CounterReading,
): DayRollup | null {
  const own = orderReadings(readings).filter((r) => dayOf(r.ts) === day);
  if (!own.length) return null;
  const steps = foldRegister(own, rules, before);
  const first = own[0]!;
  const last = own.at(-1)!;
  const within = steps.filter((s) => s.next.ts > first.ts).reduce((sum, s) => sum + s.kWh, 0);
  return {
    row: { day, firstTs: first.ts, firstKwh: first.value, lastTs: last.ts, lastKwh: last.value, withinKwh: within },
    events: steps.filter(isEvent),
  };
}

/** Rolls readings (any order) up into day rows and events — what the rollup refresh stores. */
export function rollupDays(readings: readonly CounterReading[], rules: RegisterRules): DayRollup[] {
  const sorted = orderReadings(readings);
  const out: DayRollup[] = [];
  let before: CounterReading | undefined;
  for (const day of [...new Set(sorted.map((r) => dayOf(r.ts)))]) {
    const own = sorted.filter((r) => dayOf(r.ts) === day);
    out.push(rollupDay(day, own, rules, before)!);
    before = own.at(-1);
  }
  return out;
}

/**
 * Daily consumption (kWh, before ratios) for the local days `fromDay`..`toDay` from day rows of one
 * meter sorted by day; the rows may include the last day before `fromDay` and the first after `toDay`
 * holding readings, so consumption across the range's edges is counted. Index i of the answer is
 * day `fromDay + i`; null = unknown (before the first or after the last reading).
 */
export function dailyFromRows(
  rows: readonly EnergyDayRow[],
  fromDay: number,
  toDay: number,
  rules: RegisterRules,
): (number | null)[] {
  const n = toDay - fromDay + 1;
  const out: (number | null)[] = new Array<number | null>(n).fill(null);
  const add = (day: number, kwh: number): void => {
    const i = day - fromDay;
    if (i >= 0 && i < n) out[i] = (out[i] ?? 0) + kwh;
  };
  for (const [k, r] of rows.entries()) {
    add(r.day, r.withinKwh);
    const next = rows[k + 1];
    if (!next) continue;
    const delta = classifyStep(
      { ts: r.lastTs, value: r.lastKwh },
      { ts: next.firstTs, value: next.firstKwh },
      rules,
    ).kWh;
    const span = next.firstTs - r.lastTs;
    const lo = Math.max(r.day, fromDay);
    const hi = Math.min(next.day, toDay);
    for (let d = lo; d <= hi; d++) {
      const overlap = Math.min(dayStart(d + 1), next.firstTs) - Math.max(dayStart(d), r.lastTs);
      add(d, span > 0 ? (delta * Math.max(0, overlap)) / span : 0);
    }
  }
  return out;
}

/** Daily consumption straight from readings (tests and small series): {@link rollupDays} then {@link dailyFromRows}. */
export function dailyEnergy(
  readings: readonly CounterReading[],
  fromDay: number,
  toDay: number,
  rules: RegisterRules,
): (number | null)[] {
  return dailyFromRows(
    rollupDays(readings, rules).map((d) => d.row),
    fromDay,
    toDay,
    rules,
  );
}

/** Rounds kWh to 3 decimals (Wh) for the wire. */
export const kwh3 = (v: number): number => Math.round(v * 1000) / 1000;
