import { readingIntervals, type Gap } from './intervals';

/** Summary of one parameter over a report's range. Times ms, values in the parameter's unit. */
export interface ParamStats {
  /** Readings with a value. */
  count: number;
  min: number;
  /** Time of the (earliest) minimum, ms. */
  minTs: number;
  max: number;
  /** Time of the (earliest) maximum, ms. */
  maxTs: number;
  /** Time-weighted average (weights of `intervals.ts`). */
  average: number;
  /** Arithmetic mean of the readings (for reference). */
  arithmeticMean: number;
  /** Time covered by the readings (sum of weights), ms. */
  coveredMs: number;
  gaps: Gap[];
  /** Typical interval between readings (median), ms. */
  typicalIntervalMs: number;
}

/**
 * Min/max with their times, time-weighted and arithmetic averages of readings `values` at times
 * `ts` (ascending ms, same length, no NaN; see {@link compact}). Null for no readings.
 * `weights` default to {@link readingIntervals}.
 */
export function paramStats(
  ts: ArrayLike<number>,
  values: ArrayLike<number>,
  weights?: ArrayLike<number>,
): ParamStats | null {
  const n = ts.length;
  if (n === 0) return null;
  const iv = readingIntervals(ts);
  const w = weights ?? iv.weights;
  let min = Infinity;
  let max = -Infinity;
  let minTs = 0;
  let maxTs = 0;
  let wSum = 0;
  let wv = 0;
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const v = values[i]!;
    if (v < min) [min, minTs] = [v, ts[i]!];
    if (v > max) [max, maxTs] = [v, ts[i]!];
    wSum += w[i]!;
    wv += w[i]! * v;
    sum += v;
  }
  return {
    count: n,
    min,
    minTs,
    max,
    maxTs,
    average: wSum > 0 ? wv / wSum : sum / n,
    arithmeticMean: sum / n,
    coveredMs: n === 1 ? 0 : wSum,
    gaps: iv.gaps,
    typicalIntervalMs: iv.typicalMs,
  };
}

/** The readings of one column that have a value (NaN = no value in that reading). */
export function compact(ts: ArrayLike<number>, column: ArrayLike<number>): { ts: Float64Array; values: Float64Array } {
  let n = 0;
  for (let i = 0; i < column.length; i++) if (!Number.isNaN(column[i]!)) n++;
  const outTs = new Float64Array(n);
  const outV = new Float64Array(n);
  let j = 0;
  for (let i = 0; i < column.length; i++) {
    const v = column[i]!;
    if (Number.isNaN(v)) continue;
    outTs[j] = ts[i]!;
    outV[j++] = v;
  }
  return { ts: outTs, values: outV };
}
