import type { ThresholdCondition } from '@ztj/contracts';
import { describe, expect, it } from 'vitest';
import { breaks, limitsOf, outOfLimits } from './warehouse-limits';

const h = { margin: 0, clearDelayMinutes: 0 };
const threshold = (
  param: string,
  comparison: 0 | 1 | 2 | 3 | 4,
  value: number,
  valueMax?: number,
): ThresholdCondition => ({ type: 'threshold', param, comparison, value, valueMax, hysteresis: h });

describe('warehouse sensor limits', () => {
  it('reads upper and lower limits from thresholds (also inside durations) and outside-ranges; alarm bands and disabled templates give none', () => {
    const limits = limitsOf([
      {
        name: 'A',
        enabled: true,
        conditions: [
          threshold('P003', 0, 8),
          { type: 'duration' as const, minutes: 3, condition: threshold('P003', 3, 2) },
          threshold('P003', 4, 10, 12),
        ],
      },
      {
        name: 'B',
        enabled: true,
        conditions: [
          { type: 'range', param: 'P004', effect: 2, min: 30, max: 70, hysteresis: h },
          { type: 'range', param: 'P004', effect: 1, min: 0, max: 5, hysteresis: h },
          { type: 'offline', minutes: 5 },
        ],
      },
      { name: 'C', enabled: false, conditions: [threshold('P003', 0, -20)] },
    ]);
    expect(limits).toEqual([
      { param: 'P003', min: null, max: 8, templateName: 'A', inclusive: false },
      { param: 'P003', min: 2, max: null, templateName: 'A', inclusive: true },
      { param: 'P004', min: 30, max: 70, templateName: 'B', inclusive: false },
    ]);
  });

  it('tells which latest values are out: strict bounds for greater/less, inclusive for greater-equal/less-equal', () => {
    const [upper, lower] = limitsOf([
      { name: 'A', enabled: true, conditions: [threshold('P003', 0, 8), threshold('P003', 3, 2)] },
    ]);
    expect([breaks(upper!, 8), breaks(upper!, 8.1), breaks(lower!, 2), breaks(lower!, 2.1)]).toEqual([
      false,
      true,
      true,
      false,
    ]);
    const limits = limitsOf([
      {
        name: 'A',
        enabled: true,
        conditions: [
          threshold('P003', 0, 8),
          { type: 'range', param: 'P004', effect: 2, min: 30, max: 70, hysteresis: h },
        ],
      },
    ]);
    expect(
      outOfLimits(
        [
          { code: 'P003', value: 9, unit: '°C' },
          { code: 'P004', value: 50, unit: '%RH' },
          { code: 'P005', value: 99, unit: '%' },
        ],
        limits,
      ),
    ).toEqual(['P003']);
    expect(
      outOfLimits(
        [
          { code: 'P003', value: 4, unit: '°C' },
          { code: 'P004', value: 75, unit: '%RH' },
        ],
        limits,
      ),
    ).toEqual(['P004']);
  });
});
