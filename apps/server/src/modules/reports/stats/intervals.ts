/**
 * Reading intervals of a report: how long each reading "holds", and where the
 * series has gaps. Times are ms since the Unix epoch; readings are in ascending time order.
 *
 * Rule (used by every time-weighted figure: average, MKT, time out of limits):
 * - the typical interval `m` is the median of the differences between consecutive readings;
 * - the gap threshold is `max(3 × m, 30 min)`;
 * - reading i holds from its time until the next reading (weight `t[i+1] − t[i]`) when that
 *   difference is at most the threshold;
 * - when the next reading is further away than the threshold, the difference is a **gap**: it is
 *   reported and excluded, and reading i holds for the typical interval `m` only;
 * - the last reading also holds for `m` (0 when there is a single reading: then the figures are
 *   that reading's value with weight 1).
 *
 * Example: readings at 0, 10, 20, 30, 120, 130 min → differences 10, 10, 10, 90, 10, median 10 min,
 * threshold max(30, 30) = 30 min; 30→120 is a gap (90 min); weights 10, 10, 10, 10, 10, 10 min.
 */

/** Smallest gap threshold, ms (30 minutes). */
export const MIN_GAP_THRESHOLD_MS = 30 * 60_000;
/** A difference longer than this many typical intervals is a gap. */
export const GAP_FACTOR = 3;

/** A period without readings (excluded from the time-weighted figures). */
export interface Gap {
  /** Time of the last reading before the gap, ms. */
  start: number;
  /** Time of the first reading after it, ms. */
  end: number;
  /** `end − start`, ms. */
  durationMs: number;
}

/** Weights of the readings and the gaps of a series (see the module rule). */
export interface Intervals {
  /** Weight (holding time) of each reading, ms; all 1 for a single reading. */
  weights: Float64Array;
  /** Median difference between consecutive readings, ms (0 for fewer than two readings). */
  typicalMs: number;
  /** Differences above this are gaps, ms. */
  gapThresholdMs: number;
  gaps: Gap[];
}

/** Median of `values` (sorted copy; the mean of the two middle values for an even count). */
export function median(values: ArrayLike<number>): number {
  if (values.length === 0) return 0;
  const s = Float64Array.from(values).sort();
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/**
 * Weights and gaps of readings at times `ts` (ascending, ms) under the module's interval rule.
 * @throws RangeError when `ts` is not strictly ascending
 */
export function readingIntervals(ts: ArrayLike<number>): Intervals {
  const n = ts.length;
  const weights = new Float64Array(n);
  if (n === 0) return { weights, typicalMs: 0, gapThresholdMs: MIN_GAP_THRESHOLD_MS, gaps: [] };
  if (n === 1) {
    weights[0] = 1;
    return { weights, typicalMs: 0, gapThresholdMs: MIN_GAP_THRESHOLD_MS, gaps: [] };
  }
  const diffs = new Float64Array(n - 1);
  for (let i = 0; i < n - 1; i++) {
    const d = ts[i + 1]! - ts[i]!;
    if (!(d > 0)) throw new RangeError(`readings not in ascending time order at index ${i + 1}`);
    diffs[i] = d;
  }
  const typicalMs = median(diffs);
  const gapThresholdMs = Math.max(GAP_FACTOR * typicalMs, MIN_GAP_THRESHOLD_MS);
  const gaps: Gap[] = [];
  for (let i = 0; i < n - 1; i++) {
    const d = diffs[i]!;
    if (d > gapThresholdMs) {
      gaps.push({ start: ts[i]!, end: ts[i + 1]!, durationMs: d });
      weights[i] = typicalMs;
    } else weights[i] = d;
  }
  weights[n - 1] = typicalMs;
  return { weights, typicalMs, gapThresholdMs, gaps };
}
