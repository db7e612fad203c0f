import { describe, expect, it } from 'vitest';
import { reading, rule, run, temps, type Step } from './engine.fixtures';
import type { EngineRule } from './engine.types';

/** Frozen truck at −18 °C: alarm above −15 °C after 10 minutes, clears at ≤ −16 °C held 5 minutes. */
const frozen = rule('frozen', {
  delayMinutes: 10,
  conditions: [
    { type: 'threshold', param: 'P003', comparison: 0, value: -15, hysteresis: { margin: 1, clearDelayMinutes: 5 } },
  ],
  reminder: { everyMinutes: 5 },
});

/**
 * A gateway's buffered hour: −18 °C, warm from minute 20 to 38 (doors open at a stop), back
 * below −16 °C from minute 40. Readings every 2 minutes, 0…58.
 */
const bufferedHour = temps(
  ...Array.from({ length: 30 }, (_, i): [number, number] => {
    const m = i * 2;
    if (m < 20) return [m, -18 + (i % 2) * 0.2];
    if (m < 40) return [m, -14.6 + (m - 20) * 0.05];
    return [m, -17.2];
  }),
);

type Case = [name: string, rules: EngineRule[], steps: Step[], expected: string[]];

const cases: Case[] = [
  [
    'a back-filled hour arriving after a newer reading raises its episode with the true start, once',
    [frozen],
    [temps([60, -18.1]), bufferedHour, bufferedHour],
    ['raised frozen#0 start 20 at 30 v -14.1 backfill', 'cleared frozen#0 start 20 at 45 peak -13.7'],
  ],
  [
    'the same in-order batch arriving twice raises nothing the second time',
    [frozen],
    [bufferedHour, bufferedHour, temps([60, -18])],
    [
      'raised frozen#0 start 20 at 30 v -14.1',
      'reminder frozen#0 at 35 #1',
      'reminder frozen#0 at 40 #2',
      'reminder frozen#0 at 45 #3',
      'cleared frozen#0 start 20 at 45 peak -13.7',
    ],
  ],
  [
    'a resent part that starts in the middle of an active episode is the same episode',
    [frozen],
    [bufferedHour.slice(0, 21), bufferedHour.slice(11, 21), bufferedHour.slice(21)],
    [
      'raised frozen#0 start 20 at 30 v -14.1',
      'reminder frozen#0 at 35 #1',
      'reminder frozen#0 at 40 #2',
      'reminder frozen#0 at 45 #3',
      'cleared frozen#0 start 20 at 45 peak -13.7',
    ],
  ],
  [
    'a late tail shorter than the delay beside a live pending episode is left out: the live one raises from its own start',
    [frozen],
    [
      temps([20, -18], [40, -14.5], [42, -14.2]),
      temps([30, -14.8], [34, -14.6], [38, -14.4]),
      temps([44, -14], [48, -13.9]),
      { tick: 50 },
    ],
    ['raised frozen#0 start 40 at 50 v -13.9 by silence'],
  ],
  [
    'a late episode beside a live pending one is its own record, ended at its last late reading; the live one keeps its start',
    [frozen],
    [
      temps([20, -18], [40, -14.5], [42, -14.2]),
      temps([24, -14.8], [28, -14.6], [34, -14.4], [36, -14.3]),
      temps([44, -14], [50, -13.9]),
      { tick: 56 },
    ],
    [
      'raised frozen#0 start 24 at 34 v -14.4 backfill',
      'cleared frozen#0 start 24 at 36 peak -14.3',
      'raised frozen#0 start 40 at 50 v -13.9',
      'reminder frozen#0 at 55 #1',
    ],
  ],
  [
    'a late episode still holding before a live active alarm is its own record, not merged into it',
    [frozen],
    [temps([100, -14], [110, -13.6]), temps([50, -14.1], [56, -13.8], [62, -13.5]), temps([112, -13.7])],
    [
      'raised frozen#0 start 100 at 110 v -13.6',
      'raised frozen#0 start 50 at 60 v -13.8 backfill by silence',
      'cleared frozen#0 start 50 at 62 peak -13.5',
    ],
  ],
  [
    'a late episode still active when learned of becomes the live alarm; its reminders count from when it was learned',
    [frozen],
    [[reading(100, { P004: 62 })], temps([50, -14.1], [56, -13.8], [62, -13.5]), { tick: 106 }, temps([111, -13.9])],
    [
      'raised frozen#0 start 50 at 60 v -13.8 backfill by silence',
      'reminder frozen#0 at 105 #1',
      'reminder frozen#0 at 110 #2',
    ],
  ],
  [
    'a late tail holding past the delay with no live state after it raises at once, at the latest in-order time',
    [frozen],
    [[reading(100, { P004: 62 })], temps([85, -14.1], [92, -13.8]), { tick: 104 }],
    ['raised frozen#0 start 85 at 100 v -13.8 backfill'],
  ],
  [
    'no merge across an in-order reading where the condition did not hold',
    [frozen],
    [
      temps([20, -18], [39, -16.5], [40, -14.5], [42, -14.2]),
      temps([30, -14.8], [34, -14.6], [38, -14.4]),
      temps([44, -14], [50, -13.9]),
    ],
    ['raised frozen#0 start 40 at 50 v -13.9'],
  ],
  [
    'an old episode before a live active alarm is reported apart; the live alarm carries on',
    [frozen],
    [
      temps([100, -14], [110, -13.6]),
      temps([0, -18], [10, -14.2], [20, -13.9], [30, -17.5], [40, -18]),
      temps([120, -17], [126, -17.4]),
    ],
    [
      'raised frozen#0 start 100 at 110 v -13.6',
      'raised frozen#0 start 10 at 20 v -13.9 backfill',
      'cleared frozen#0 start 10 at 35 peak -13.9',
      'reminder frozen#0 at 115 #1',
      'reminder frozen#0 at 120 #2',
      'reminder frozen#0 at 125 #3',
      'cleared frozen#0 start 100 at 125 peak -13.6',
    ],
  ],
  [
    'a late episode still holding at the end of the late data, after the live one cleared, is cleared at its last reading',
    [frozen],
    [temps([100, -18]), temps([50, -14.1], [56, -13.8], [62, -13.5])],
    ['raised frozen#0 start 50 at 60 v -13.8 backfill by silence', 'cleared frozen#0 start 50 at 62 peak -13.5'],
  ],
  [
    'a late episode with no in-order temperature after it becomes the live alarm and clears later',
    [
      rule('quiet', {
        delayMinutes: 10,
        conditions: [
          {
            type: 'threshold',
            param: 'P003',
            comparison: 0,
            value: -15,
            hysteresis: { margin: 1, clearDelayMinutes: 5 },
          },
        ],
      }),
    ],
    [
      [reading(100, { P004: 62 })],
      temps([50, -14.1], [56, -13.8], [62, -13.5]),
      temps([62, -13.5]),
      temps([110, -17], [116, -17.2]),
    ],
    ['raised quiet#0 start 50 at 60 v -13.8 backfill by silence', 'cleared quiet#0 start 50 at 115 peak -13.5'],
  ],
  [
    'offline is judged by tick only: a back-filled gap raises nothing',
    [rule('off', { conditions: [{ type: 'offline', minutes: 30 }] })],
    [temps([200, -18]), temps([0, -18], [100, -18])],
    [],
  ],
];

describe('alarm engine back-fill: late readings in device-time order, true start, no duplicates', () => {
  it.each(cases)('%s', (_name, rules, steps, expected) => {
    expect(run(rules, steps).events).toEqual(expected);
  });

  it.each(cases)('same events with the state through JSON between batches: %s', (_name, rules, steps) => {
    expect(run(rules, steps, { roundTrip: true }).events).toEqual(run(rules, steps).events);
  });
});
