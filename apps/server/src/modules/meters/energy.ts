/**
 * Energy from cumulative counters (energy per day from the meter's
 * cumulative counter, resets and gaps handled; SPEC §2 ammeter chart). Pure functions; the SQL of
 * the daily rollup (energy-rollup.ts) applies the same {@link counterDelta} rule.
 *
 * Rules, kWh as read from the counter P054 (ratios are applied by the caller):
 * - consumption between two successive readings is `next − prev`;
 * - a counter that goes backwards is a **rollover** when the previous reading was in the top 10 %
 *   of the register (`prev ≥ 0.9 × counterMax`): `counterMax − prev + next`; otherwise it is a
 *   **meter reset** (replaced or cleared meter): the consumption since the reset, `next` — never negative;
 * - the consumption between two successive readings is **spread evenly over the time between them**,
 *   so a pair across midnight is split between the two days by time, and a gap of missing days
 *   gives each day of the gap its share (linear interpolation of the counter); a day before the
 *   first reading or after the last one is unknown (null).
 */

/** Local day numbering: days since 1970-01-01 of the tenant's clock (Asia/Shanghai, UTC+8, no DST). */
export const ENERGY_TIME_ZONE = 'Asia/Shanghai';
/** Offset of {@link ENERGY_TIME_ZONE} from UTC, ms. */
export const ENERGY_TZ_OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;
/** Fraction of the register above which a backwards step is a rollover rather than a reset. */
export const ROLLOVER_FRACTION = 0.9;

/** Local day number of a ms-epoch time. */
export const dayOf = (ts: number): number => Math.floor((ts + ENERGY_TZ_OFFSET_MS) / DAY_MS);
/** First ms of local day `day`. */
export const dayStart = (day: number): number => day * DAY_MS - ENERGY_TZ_OFFSET_MS;
/** `YYYY-MM-DD` of local day `day`. */
export const dayText = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);
/** Local day number of `YYYY-MM-DD`. */
export const dayOfText = (date: string): number => Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);

/**
 * Consumption (kWh) between two successive counter readings `prev` → `next` (kWh) of a register
 * rolling over after `counterMax` (see the file comment: rollover, reset). Never negative.
 */
export function counterDelta(prev: number, next: number, counterMax: number): number {
  if (next >= prev) return next - prev;
  if (prev >= ROLLOVER_FRACTION * counterMax) return Math.max(0, counterMax - prev) + next;
  return next;
}

/** A counter reading: device time ms, counter kWh. */
export interface CounterReading {
  ts: number;
  value: number;
}

/** One local day of the rollup (meter_energy_day): first/last reading and the consumption between readings inside it. */
export interface EnergyDayRow {
  day: number;
  firstTs: number;
  firstKwh: number;
  lastTs: number;
  lastKwh: number;
  withinKwh: number;
}

/** Rolls readings (any order) up into day rows — the pure twin of the rollup SQL. */
export function rollupDays(readings: readonly CounterReading[], counterMax: number): EnergyDayRow[] {
  const sorted = [...readings].sort((a, b) => a.ts - b.ts);
  const rows = new Map<number, EnergyDayRow>();
  let prev: CounterReading | undefined;
  for (const r of sorted) {
    const day = dayOf(r.ts);
    const row = rows.get(day);
    if (!row) rows.set(day, { day, firstTs: r.ts, firstKwh: r.value, lastTs: r.ts, lastKwh: r.value, withinKwh: 0 });
    else {
      row.withinKwh += counterDelta(prev!.value, r.value, counterMax);
      row.lastTs = r.ts;
      row.lastKwh = r.value;
    }
    prev = r;
  }
  return [...rows.values()];
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
  counterMax: number,
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
    const delta = counterDelta(r.lastKwh, next.firstKwh, counterMax);
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
  counterMax: number,
): (number | null)[] {
  return dailyFromRows(rollupDays(readings, counterMax), fromDay, toDay, counterMax);
}

/** Rounds kWh to 3 decimals (Wh) for the wire. */
export const kwh3 = (v: number): number => Math.round(v * 1000) / 1000;
