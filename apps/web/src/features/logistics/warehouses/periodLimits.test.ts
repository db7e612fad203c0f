import { describe, expect, it } from 'vitest';
import { commonPeriodLimits } from './periodLimits';

describe('commonPeriodLimits', () => {
  it('intersects the SPEC §5 limits of the models; gateways do not narrow them', () => {
    expect(commonPeriodLimits(['P23-2IN1'])).toEqual({ min: 1, max: 60 });
    expect(commonPeriodLimits(['P23-2IN1', 'CC3-G-4000D'])).toEqual({ min: 5, max: 60 });
    expect(commonPeriodLimits(['G24-L4Y1', 'P23-2IN1'])).toEqual({ min: 1, max: 60 });
    expect(commonPeriodLimits(['G24-L4Y1'])).toBeNull();
    expect(commonPeriodLimits([])).toBeNull();
  });
});
