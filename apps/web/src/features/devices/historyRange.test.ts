import { describe, expect, it } from 'vitest';
import { computeHistoryRange } from './historyRange';

const now = new Date(2026, 0, 15, 10, 30, 12).getTime();
const midnight = (day: number): number => new Date(2026, 0, day).getTime();

describe('computeHistoryRange', () => {
  it('today runs from local midnight to now', () => {
    expect(computeHistoryRange({ key: 'today' }, now)).toEqual({ beginTime: midnight(15), endTime: now });
  });

  it('last 3, 5 and 7 days are calendar days including today', () => {
    expect(computeHistoryRange({ key: '3d' }, now).beginTime).toBe(midnight(13));
    expect(computeHistoryRange({ key: '5d' }, now).beginTime).toBe(midnight(11));
    expect(computeHistoryRange({ key: '7d' }, now).beginTime).toBe(midnight(9));
    expect(computeHistoryRange({ key: '7d' }, now).endTime).toBe(now);
  });

  it('crosses month boundaries', () => {
    const early = new Date(2026, 2, 2, 8).getTime();
    expect(computeHistoryRange({ key: '5d' }, early).beginTime).toBe(new Date(2026, 1, 26).getTime());
  });

  it('custom uses the chosen span, or today when none was chosen', () => {
    const custom = { beginTime: midnight(1), endTime: midnight(3) };
    expect(computeHistoryRange({ key: 'custom', custom }, now)).toEqual(custom);
    expect(computeHistoryRange({ key: 'custom' }, now)).toEqual({ beginTime: midnight(15), endTime: now });
  });
});
