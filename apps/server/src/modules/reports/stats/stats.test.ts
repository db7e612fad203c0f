import { describe, expect, it } from 'vitest';
import { excursions } from './excursions';
import { readingIntervals } from './intervals';
import { meanKineticTemperature } from './mkt';
import { compact, paramStats } from './param-stats';

/**
 * Report arithmetic against worked examples computed by hand (steps in the
 * comments; exp values to 5 significant digits).
 */
const MIN = 60_000;

describe('mean kinetic temperature', () => {
  it('two equal hours at 2 °C and 8 °C give 5.54 °C, above the arithmetic mean', () => {
    // T = 275.15 K, 281.15 K; exp(−10000/T) = 1.6447e−16, 3.5721e−16; mean 2.6084e−16
    // −ln(2.6084e−16) = 35.8826; 10000 / 35.8826 = 278.686 K; − 273.15 = 5.536 °C
    expect(meanKineticTemperature([2, 8], [3_600_000, 3_600_000])).toBeCloseTo(5.536, 3);
  });

  it('a constant temperature is its own MKT; weights count, not the number of readings', () => {
    expect(meanKineticTemperature([5, 5, 5], [1, 2, 3])).toBeCloseTo(5, 9);
    // 2 °C held 3 h and 8 °C held 1 h equals the readings 2, 2, 2, 8 held 1 h each
    expect(meanKineticTemperature([2, 8], [3, 1])).toBeCloseTo(meanKineticTemperature([2, 2, 2, 8], [1, 1, 1, 1])!, 9);
    expect(meanKineticTemperature([], [])).toBeNull();
    expect(meanKineticTemperature([Number.NaN], [1])).toBeNull();
  });

  it('stays exact at deep-frozen temperatures (no underflow)', () => {
    // exp(−10000/193.15) ≈ 3.3e−23: summed relative to the first term, −80 °C stays −80 °C
    expect(meanKineticTemperature([-80, -80], [1, 1])).toBeCloseTo(-80, 9);
  });
});

describe('reading intervals, stats and excursions: uneven intervals and a gap', () => {
  // minute:  0   10   15   25   35 | gap | 155  165
  // value:   4    6   10    9    9          1    4     (°C; limits low 2, high 8)
  const ts = [0, 10, 15, 25, 35, 155, 165].map((m) => m * MIN);
  const values = [4, 6, 10, 9, 9, 1, 4];

  it('weights each reading by the time until the next one; a long difference is a gap', () => {
    // differences 10, 5, 10, 10, 120, 10 → sorted 5,10,10,10,10,120 → median 10 min
    // threshold max(3 × 10, 30) = 30 min → 35→155 (120 min) is a gap
    // weights: 10, 5, 10, 10, 10 (before the gap: one typical interval), 10, 10 (last: typical)
    const iv = readingIntervals(ts);
    expect(iv.typicalMs).toBe(10 * MIN);
    expect(iv.gapThresholdMs).toBe(30 * MIN);
    expect([...iv.weights].map((w) => w / MIN)).toEqual([10, 5, 10, 10, 10, 10, 10]);
    expect(iv.gaps).toEqual([{ start: 35 * MIN, end: 155 * MIN, durationMs: 120 * MIN }]);
    expect(() => readingIntervals([0, 5, 5])).toThrow(RangeError);
  });

  it('min/max with their times and the time-weighted average', () => {
    // Σ w·v = 4·10 + 6·5 + 10·10 + 9·10 + 9·10 + 1·10 + 4·10 = 400; Σ w = 65 → 6.1538
    // arithmetic mean 43 / 7 = 6.1429
    const s = paramStats(ts, values)!;
    expect(s).toMatchObject({
      count: 7,
      min: 1,
      minTs: 155 * MIN,
      max: 10,
      maxTs: 15 * MIN,
      coveredMs: 65 * MIN,
      typicalIntervalMs: 10 * MIN,
    });
    expect(s.average).toBeCloseTo(400 / 65, 9);
    expect(s.arithmeticMean).toBeCloseTo(43 / 7, 9);
    expect(s.gaps).toHaveLength(1);
  });

  it('MKT of the same series uses the same weights', () => {
    // exp(−10000/T): 4 °C 2.1379e−16, 6 °C 2.7686e−16, 10 °C 4.5923e−16, 9 °C 4.0520e−16, 1 °C 1.4405e−16
    // Σ w·e = 10·2.1379 + 5·2.7686 + 10·4.5923 + 10·4.0520 + 10·4.0520 + 10·1.4405 + 10·2.1379 (e−16)
    //       = 197.97e−16; ÷ 65 = 3.0457e−16; −ln = 35.7276; 10000 / 35.7276 = 279.895 K → 6.745 °C
    const iv = readingIntervals(ts);
    expect(meanKineticTemperature(values, iv.weights)).toBeCloseTo(6.745, 3);
  });

  it('excursions: runs out of limits, cut by the gap, with totals per zone and the longest', () => {
    // above 8: readings at 15, 25, 35 → starts 15, the run stops at the gap: ends 35 + 10 = 45 → 30 min, extreme 10 at 15
    // below 2: reading at 155 → 155 … 165 (held until the next reading) → 10 min, extreme 1
    const iv = readingIntervals(ts);
    const r = excursions(ts, values, iv.weights, new Set(iv.gaps.map((g) => g.start)), { low: 2, high: 8 });
    expect(r.events).toEqual([
      { zone: 'high', start: 15 * MIN, end: 45 * MIN, durationMs: 30 * MIN, extreme: 10, extremeTs: 15 * MIN },
      { zone: 'low', start: 155 * MIN, end: 165 * MIN, durationMs: 10 * MIN, extreme: 1, extremeTs: 155 * MIN },
    ]);
    expect(r.highMs).toBe(30 * MIN);
    expect(r.lowMs).toBe(10 * MIN);
    expect(r.longest).toBe(r.events[0]);
  });

  it('a direct jump from above to below splits the run; inclusive limits count the limit itself', () => {
    // minute 0: 9 (above 8), 10: 1 (below 2), 20: 8 (= high: out only when inclusive), 30: 5
    const t2 = [0, 10, 20, 30].map((m) => m * MIN);
    const w = readingIntervals(t2).weights; // 10, 10, 10, 10
    const strict = excursions(t2, [9, 1, 8, 5], w, new Set(), { low: 2, high: 8 });
    expect(strict.events.map((e) => [e.zone, e.start / MIN, e.durationMs / MIN])).toEqual([
      ['high', 0, 10],
      ['low', 10, 10],
    ]);
    const inclusive = excursions(t2, [9, 1, 8, 5], w, new Set(), { low: 2, high: 8, highInclusive: true });
    expect(inclusive.events.map((e) => [e.zone, e.start / MIN, e.durationMs / MIN])).toEqual([
      ['high', 0, 10],
      ['low', 10, 10],
      ['high', 20, 10],
    ]);
    expect(inclusive.highMs).toBe(20 * MIN);
    expect(excursions(t2, [5, 5, 5, 5], w, new Set(), {}).events).toEqual([]);
  });

  it('compact keeps only readings with a value', () => {
    const c = compact([1, 2, 3], [5, Number.NaN, 7]);
    expect([...c.ts]).toEqual([1, 3]);
    expect([...c.values]).toEqual([5, 7]);
  });
});
