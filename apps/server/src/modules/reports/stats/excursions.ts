/**
 * Excursions: periods during which a parameter was outside its limits. Times ms.
 *
 * A reading is **above** when `value > high` (`value ≥ high` with `highInclusive`), **below** when
 * `value < low` (`≤` with `lowInclusive`). An excursion is a run of consecutive readings in the same
 * zone, not broken by a gap; it starts at the first such reading and ends when the run's last
 * reading stops holding (its weight under `intervals.ts`: the next reading's time, or one typical
 * interval before a gap / at the end). Duration = end − start; the extreme is the highest (above)
 * or lowest (below) value of the run.
 */

/** Limits of one parameter (from the device's rule templates); either side may be missing. */
export interface Limits {
  high?: number;
  /** The high limit itself is out of limits (comparison ≥). */
  highInclusive?: boolean;
  low?: number;
  /** The low limit itself is out of limits (comparison ≤). */
  lowInclusive?: boolean;
}

/** Zone of an excursion. */
export type Zone = 'high' | 'low';

/** One period out of limits. */
export interface Excursion {
  zone: Zone;
  start: number;
  end: number;
  durationMs: number;
  /** Highest value (zone high) or lowest (zone low). */
  extreme: number;
  extremeTs: number;
}

/** Excursions with their totals. */
export interface ExcursionSummary {
  events: Excursion[];
  /** Cumulative time above the high limit, ms. */
  highMs: number;
  /** Cumulative time below the low limit, ms. */
  lowMs: number;
  /** The single longest event (the earliest on ties), or null. */
  longest: Excursion | null;
}

/** The zone of `v` under `limits`, or null when within limits. */
export function zoneOf(v: number, limits: Limits): Zone | null {
  if (limits.high !== undefined && (limits.highInclusive ? v >= limits.high : v > limits.high)) return 'high';
  if (limits.low !== undefined && (limits.lowInclusive ? v <= limits.low : v < limits.low)) return 'low';
  return null;
}

/**
 * Excursions of readings `values` at `ts` (ascending) with weights `weights` and gaps starting at
 * the readings whose times are in `gapStarts` (both from `readingIntervals`).
 */
export function excursions(
  ts: ArrayLike<number>,
  values: ArrayLike<number>,
  weights: ArrayLike<number>,
  gapStarts: ReadonlySet<number>,
  limits: Limits,
): ExcursionSummary {
  const events: Excursion[] = [];
  let cur: Excursion | null = null;
  const close = (): void => {
    if (cur) events.push(cur);
    cur = null;
  };
  for (let i = 0; i < ts.length; i++) {
    const v = values[i]!;
    const t = ts[i]!;
    const zone = zoneOf(v, limits);
    if (zone === null || (cur && cur.zone !== zone)) close();
    if (zone !== null) {
      const c: Excursion = cur ?? { zone, start: t, end: t, durationMs: 0, extreme: v, extremeTs: t };
      if (zone === 'high' ? v > c.extreme : v < c.extreme) [c.extreme, c.extremeTs] = [v, t];
      c.end = t + weights[i]!;
      c.durationMs = c.end - c.start;
      cur = c;
      if (gapStarts.has(t)) close();
    }
  }
  close();
  let highMs = 0;
  let lowMs = 0;
  let longest: Excursion | null = null;
  for (const e of events) {
    if (e.zone === 'high') highMs += e.durationMs;
    else lowMs += e.durationMs;
    if (!longest || e.durationMs > longest.durationMs) longest = e;
  }
  return { events, highMs, lowMs, longest };
}
