import { describe, expect, it } from 'vitest';
import { TIMING_OUTCOMES, timingOutcome, type TimingInput, type TimingOutcome } from './timing';

const H = 3_600_000;
const PS = Date.UTC(2026, 0, 1, 8); // planned start 08:00
const PE = PS + 4 * H; // planned end 12:00
const base: TimingInput = {
  status: 'ongoing',
  plannedStart: PS,
  plannedEnd: PE,
  actualStart: null,
  actualEnd: null,
  now: PS,
  etaMs: null,
};

const cases: [string, Partial<TimingInput>, TimingOutcome | null][] = [
  // unstarted
  ['unstarted before the planned start', { status: 'unstarted', now: PS - H }, null],
  ['unstarted exactly at the planned start (on time)', { status: 'unstarted', now: PS }, null],
  ['unstarted 1 ms after the planned start', { status: 'unstarted', now: PS + 1 }, 'delay'],
  // ongoing
  ['ongoing, ETA before the planned end', { actualStart: PS, now: PS + H, etaMs: PE - H }, 'normalInTransit'],
  ['ongoing, ETA exactly at the planned end', { actualStart: PS, now: PS + H, etaMs: PE }, 'normalInTransit'],
  ['ongoing, ETA 1 ms after the planned end', { actualStart: PS, now: PS + H, etaMs: PE + 1 }, 'estimatedDelay'],
  ['ongoing, no ETA (missing speed)', { actualStart: PS, now: PS + H, etaMs: null }, 'underway'],
  ['ongoing exactly at the planned end, no ETA', { actualStart: PS, now: PE, etaMs: null }, 'underway'],
  ['ongoing past the planned end', { actualStart: PS, now: PE + 1, etaMs: PE + H }, 'alreadyLate'],
  ['ongoing past the planned end, no ETA', { actualStart: PS, now: PE + H, etaMs: null }, 'alreadyLate'],
  // completed
  [
    'completed on time, left on time',
    { status: 'completed', actualStart: PS, actualEnd: PE - H, now: PE + H },
    'punctual',
  ],
  [
    'completed exactly at the planned end, left exactly on time',
    { status: 'completed', actualStart: PS, actualEnd: PE, now: PE },
    'punctual',
  ],
  ['completed on time, left late', { status: 'completed', actualStart: PS + H, actualEnd: PE, now: PE }, 'normalEnd'],
  [
    'completed on time, start unknown',
    { status: 'completed', actualStart: null, actualEnd: PE - 1, now: PE },
    'normalEnd',
  ],
  ['completed late', { status: 'completed', actualStart: PS, actualEnd: PE + 1, now: PE + H }, 'delay'],
  ['completed without an arrival time', { status: 'completed', actualStart: PS, actualEnd: null, now: PE }, null],
];

describe('timingOutcome', () => {
  it.each(cases)('%s', (_n, over, expected) => {
    expect(timingOutcome({ ...base, ...over })).toBe(expected);
  });
  it('the table covers each of the seven outcomes', () => {
    const seen = new Set(cases.map((c) => c[2]));
    for (const o of TIMING_OUTCOMES) expect(seen).toContain(o);
  });
});
