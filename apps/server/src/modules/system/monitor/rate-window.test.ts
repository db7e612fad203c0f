import { describe, expect, it } from 'vitest';
import { RateWindow } from './rate-window';

describe('RateWindow', () => {
  it('gives the mean rate since the start on the first read, then the rate of each interval', () => {
    const w = new RateWindow(0, { n: 0 }, 2_000);
    expect(w.read(10_000, { n: 50 })).toEqual({ n: 5 });
    expect(w.read(15_000, { n: 60 })).toEqual({ n: 2 });
  });

  it('keeps the last interval’s rates for reads sooner than the shortest interval', () => {
    const w = new RateWindow(0, { n: 0 }, 2_000);
    w.read(4_000, { n: 40 });
    expect(w.read(4_500, { n: 1_000 })).toEqual({ n: 10 });
    expect(w.read(6_000, { n: 60 })).toEqual({ n: 10 });
  });

  it('never reports a negative rate', () => {
    const w = new RateWindow(0, { n: 10 }, 1_000);
    expect(w.read(2_000, { n: 4 })).toEqual({ n: 0 });
  });
});
