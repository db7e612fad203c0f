import { describe, expect, it } from 'vitest';
import { estimateArrivalMs, recentAverageSpeedKmh, type SpeedFix } from './eta';

const M_PER_DEG = (Math.PI / 180) * 6_371_008.8;
const NOW = Date.UTC(2026, 0, 1, 12);
const MIN = 60_000;
/** Fix `minAgo` minutes before NOW, `m` metres north of a base point. */
const fix = (minAgo: number, m: number, speedKmh?: number): SpeedFix => ({
  t: NOW - minAgo * MIN,
  lat: 34 + m / M_PER_DEG,
  lng: -6.8,
  speedKmh,
});

describe('recentAverageSpeedKmh', () => {
  it.each<[string, SpeedFix[], number | null]>([
    ['6 km in 10 min → 36 km/h', [fix(10, 0), fix(5, 3000), fix(0, 6000)], 36],
    ['path includes a stop: 6 km in 20 min → 18 km/h', [fix(20, 0), fix(10, 0), fix(0, 6000)], 18],
    ['fixes older than 20 min are ignored', [fix(60, -50_000), fix(10, 0), fix(0, 6000)], 36],
    [
      'speeds only (no positions) → mean',
      [
        { t: NOW - MIN, speedKmh: 40 },
        { t: NOW, speedKmh: 60 },
      ],
      50,
    ],
    ['one positioned fix → its reported speed', [fix(1, 0, 42)], 42],
    ['nothing in the window → null', [fix(30, 0, 50)], null],
    ['no fixes → null', [], null],
    ['fixes after now are ignored', [fix(-5, 9000, 90)], null],
  ])('%s', (_n, fixes, kmh) => {
    const v = recentAverageSpeedKmh(fixes, NOW);
    if (kmh === null) expect(v).toBeNull();
    else expect(v).toBeCloseTo(kmh, 1);
  });
  it('honours a custom window', () => {
    expect(recentAverageSpeedKmh([fix(25, 0), fix(0, 6000)], NOW, { windowMs: 30 * MIN })).toBeCloseTo(14.4, 1);
  });
});

describe('estimateArrivalMs', () => {
  const moving = [fix(10, 0), fix(0, 6000)]; // 36 km/h
  it.each<[string, number, SpeedFix[], number | null]>([
    ['18 km left at 36 km/h → 30 min', 18_000, moving, NOW + 30 * MIN],
    ['arrived (0 m left) → now', 0, moving, NOW],
    ['stopped truck: 5 km/h floor, 10 km → 2 h', 10_000, [fix(10, 0), fix(0, 0)], NOW + 120 * MIN],
    ['no recent fix → null', 10_000, [], null],
  ])('%s', (_n, remainingM, fixes, eta) => {
    const v = estimateArrivalMs(remainingM, fixes, NOW);
    if (eta === null) expect(v).toBeNull();
    else expect(v).toBeCloseTo(eta, -3);
  });
  it('custom floor', () => {
    expect(estimateArrivalMs(10_000, [fix(1, 0, 0)], NOW, { minSpeedKmh: 10 })).toBe(NOW + 60 * MIN);
  });
});
