import { describe, expect, it } from 'vitest';
import { tripWindow } from './tripWindow';

describe('tripWindow', () => {
  const w = { plannedStart: 1_000_000, plannedEnd: 5_000_000, actualStart: null, actualEnd: null };
  it('un-started: the planned window', () => {
    expect(tripWindow({ ...w, status: 'unstarted' }, 9e9)).toEqual({ beginTime: 1_000_000, endTime: 5_000_000 });
  });
  it('ongoing: actual start to now, at least a minute', () => {
    expect(tripWindow({ ...w, status: 'ongoing', actualStart: 2_000_000 }, 3_000_000)).toEqual({
      beginTime: 2_000_000,
      endTime: 3_000_000,
    });
    expect(tripWindow({ ...w, status: 'ongoing', actualStart: 2_000_000 }, 2_000_001)).toEqual({
      beginTime: 2_000_000,
      endTime: 2_060_000,
    });
  });
  it('completed: actual start to actual end', () => {
    expect(tripWindow({ ...w, status: 'completed', actualStart: 2_000_000, actualEnd: 4_000_000 }, 9e9)).toEqual({
      beginTime: 2_000_000,
      endTime: 4_000_000,
    });
  });
});
