import { describe, expect, it } from 'vitest';
import { dwellStep, initialDwellState, type DwellState } from './dwell';

const MIN = 60_000;
const T0 = Date.UTC(2026, 0, 1);

/** Runs (minute, inside) samples with a 5-minute minimum; returns the minutes at which it reached. */
function run(samples: [number, boolean][], minMs = 5 * MIN): { reached: number[]; state: DwellState } {
  let state = initialDwellState();
  const reached: number[] = [];
  for (const [m, inside] of samples) {
    const r = dwellStep(state, T0 + m * MIN, inside, minMs);
    state = r.state;
    if (r.reachedSince !== undefined) reached.push(m);
  }
  return { reached, state };
}

describe('dwellStep', () => {
  it.each<[string, [number, boolean][], number[]]>([
    [
      'never inside',
      [
        [0, false],
        [10, false],
      ],
      [],
    ],
    [
      'inside 4 min then leaves',
      [
        [0, true],
        [4, true],
        [5, false],
      ],
      [],
    ],
    [
      'inside exactly 5 min',
      [
        [0, true],
        [5, true],
      ],
      [5],
    ],
    [
      'reaches once per stay',
      [
        [0, true],
        [5, true],
        [6, true],
        [9, true],
      ],
      [5],
    ],
    [
      'two stays, both long',
      [
        [0, true],
        [6, true],
        [7, false],
        [8, true],
        [13, true],
      ],
      [6, 13],
    ],
    [
      'enters late, counted from the first inside fix',
      [
        [0, false],
        [2, true],
        [6, true],
        [7, true],
      ],
      [7],
    ],
    [
      'stale fixes are ignored',
      [
        [0, true],
        [3, false],
        [2, true],
        [8, true],
      ],
      [],
    ],
  ])('%s', (_n, samples, reached) => {
    expect(run(samples).reached).toEqual(reached);
  });
  it('reports the stay start and the duration', () => {
    let s = initialDwellState();
    s = dwellStep(s, T0, true, 5 * MIN).state;
    const r = dwellStep(s, T0 + 6 * MIN, true, 5 * MIN);
    expect(r).toMatchObject({ reachedSince: T0, durationMs: 6 * MIN });
  });
  it('state is plain JSON (persists across batches)', () => {
    const first = run([
      [0, true],
      [3, true],
    ]).state;
    const restored = JSON.parse(JSON.stringify(first)) as DwellState;
    expect(dwellStep(restored, T0 + 5 * MIN, true, 5 * MIN).reachedSince).toBe(T0);
  });
});
