import { describe, expect, it } from 'vitest';
import { at, rule, run, temps, type Step } from './engine.fixtures';
import { nextDeadline } from './clock';
import type { EngineRule } from './engine.types';

/** Vaccine fridge: outside 2–8 °C for 1 minute (duration T001), clears inside 2.5–7.5 °C. */
const fridge = rule('dur', {
  conditions: [
    {
      type: 'duration',
      minutes: 1,
      condition: { type: 'range', param: 'P003', effect: 2, min: 2, max: 8, hysteresis: { margin: 0.5 } },
    },
  ],
});

/** Frozen truck: above −15 °C with a 10-minute alarm delay, clears at ≤ −16 °C held 5 minutes. */
const frozen = rule('frz', {
  delayMinutes: 10,
  conditions: [
    { type: 'threshold', param: 'P003', comparison: 0, value: -15, hysteresis: { margin: 1, clearDelayMinutes: 5 } },
  ],
});

/** Duration 10 min above 8 °C and, as a second rule, offline after `minutes`. */
const longDuration = rule('dur', {
  conditions: [
    { type: 'duration', minutes: 10, condition: { type: 'threshold', param: 'P003', comparison: 0, value: 8 } },
  ],
});
const offline = (minutes: number): EngineRule => rule('off', { conditions: [{ type: 'offline', minutes }] });

type Case = [name: string, rules: EngineRule[], steps: Step[], expected: string[]];

const cases: Case[] = [
  [
    'duration 1 min, one reading of 12 °C then silence: raised by the clock at minute 1, start 0',
    [fridge],
    [temps([0, 12]), { tick: 0.5 }, { tick: 1 }, { tick: 3 }],
    ['raised dur#0 start 0 at 1 v 12 by silence'],
  ],
  [
    'duration 1 min, the tick comes late (minute 2.72): still raised at minute 1',
    [fridge],
    [temps([0, 12]), { tick: 2.72 }],
    ['raised dur#0 start 0 at 1 v 12 by silence'],
  ],
  [
    'duration 1 min, no tick and the next reading 103 s late: raised at minute 1, not when it came',
    [fridge],
    [temps([0, 12]), temps([2.72, 12.4])],
    ['raised dur#0 start 0 at 1 v 12 by silence'],
  ],
  [
    'duration 1 min, the next reading after the deadline is back in range: raised at 1, cleared at it',
    [fridge],
    [temps([0, 12]), temps([2, 5])],
    ['raised dur#0 start 0 at 1 v 12 by silence', 'cleared dur#0 start 0 at 2 peak 12'],
  ],
  [
    'duration 1 min, back in range before the deadline: nothing, whatever the ticks',
    [fridge],
    [temps([0, 12], [0.5, 5]), { tick: 1 }, { tick: 5 }],
    [],
  ],
  [
    'duration 1 min, a reading exactly at the deadline decides it with its own value',
    [fridge],
    [temps([0, 12], [1, 13])],
    ['raised dur#0 start 0 at 1 v 13'],
  ],
  [
    'alarm delay 10 min: raised by the clock at minute 10, not before',
    [frozen],
    [temps([0, -14.2]), { tick: 9.9 }, { tick: 10 }],
    ['raised frz#0 start 0 at 10 v -14.2 by silence'],
  ],
  [
    'clear delay 5 min: cleared by the clock 5 min after the first cold reading',
    [frozen],
    [temps([0, -14.2], [10, -14]), temps([12, -16.5]), { tick: 16.9 }, { tick: 17.5 }],
    ['raised frz#0 start 0 at 10 v -14', 'cleared frz#0 start 0 at 17 peak -14'],
  ],
  [
    'clear delay interrupted by a warmer reading: the clock clears nothing',
    [frozen],
    [temps([0, -14.2], [10, -14], [12, -16.5], [14, -15.5]), { tick: 30 }],
    ['raised frz#0 start 0 at 10 v -14'],
  ],
  [
    'silent while a duration is pending: duration on time, then offline after its minutes, linked',
    [longDuration, offline(30)],
    [temps([0, 12]), { tick: 10 }, { tick: 29 }, { tick: 30 }, temps([40, 5])],
    [
      'raised dur#0 start 0 at 10 v 12 by silence',
      'raised off#0 start 30 at 30 by silence linked dur#0@0',
      'cleared dur#0 start 0 at 40 peak 12',
      'cleared off#0 start 30 at 40',
    ],
  ],
  [
    'one late tick sees both: the duration at its deadline, the offline at its own, linked',
    [longDuration, offline(30)],
    [temps([0, 12]), { tick: 45 }],
    ['raised dur#0 start 0 at 10 v 12 by silence', 'raised off#0 start 30 at 30 by silence linked dur#0@0'],
  ],
  [
    'offline shorter than the duration: offline first, the duration raised by silence names it',
    [longDuration, offline(5)],
    [temps([0, 12]), { tick: 5 }, { tick: 10 }],
    ['raised off#0 start 5 at 5 by silence', 'raised dur#0 start 0 at 10 v 12 by silence linked off#0@5'],
  ],
  [
    'reminders and escalation of an alarm raised by the clock count from its deadline',
    [
      rule('rem', {
        conditions: [
          { type: 'duration', minutes: 5, condition: { type: 'threshold', param: 'P003', comparison: 0, value: 8 } },
        ],
        reminder: { everyMinutes: 10, escalateAfterMinutes: 15 },
      }),
    ],
    [temps([0, 9.5]), { tick: 5 }, { tick: 14 }, { tick: 15 }, { tick: 20 }, { tick: 26 }],
    [
      'raised rem#0 start 0 at 5 v 9.5 by silence',
      'reminder rem#0 at 15 #1',
      'escalated rem#0 at 20',
      'reminder rem#0 at 25 #2',
    ],
  ],
];

describe('alarm engine clock: time-driven conditions complete at their deadline', () => {
  it.each(cases)('%s', (_name, rules, steps, expected) => {
    expect(run(rules, steps).events).toEqual(expected);
    expect(run(rules, steps, { roundTrip: true }).events).toEqual(expected);
  });

  it('gives the same events whether the clock ticks every minute, rarely, or never between readings', () => {
    const rules = [frozen, offline(20)];
    const readings = temps([0, -18], [3, -14.5], [9, -14.1], [15, -13.8], [30, -16.4], [33, -16.8], [70, -17]);
    const byReadings = readings.map((r) => [r]);
    const withTicks = (every: number): Step[] => {
      const steps: Step[] = [];
      let next = 0;
      for (const r of readings) {
        for (; at(next) < r.ts; next += every) steps.push({ tick: next });
        steps.push([r]);
      }
      return [...steps, { tick: 100 }];
    };
    const everyMinute = run(rules, withTicks(1)).events;
    expect(everyMinute).toEqual([
      'raised frz#0 start 3 at 13 v -14.1 by silence',
      'cleared frz#0 start 3 at 35 peak -13.8',
      'raised off#0 start 53 at 53 by silence',
      'cleared off#0 start 53 at 70',
      'raised off#0 start 90 at 90 by silence',
    ]);
    expect(run(rules, withTicks(7)).events).toEqual(everyMinute);
    // without a tick in the gap the offline silence of minutes 33–70 is never judged (evaluate does not raise it)
    expect(run(rules, [...byReadings, { tick: 100 }]).events).toEqual(
      everyMinute.filter((e) => !e.includes('off#0 start 53')),
    );
  });
});

describe('nextDeadline: when the clock next has something to do for a device', () => {
  const after = (rules: EngineRule[], steps: Step[]): number | null => nextDeadline(run(rules, steps).state, rules);

  it('is null before any reading and for a quiet device without offline condition', () => {
    expect(after([fridge], [])).toBeNull();
    expect(after([fridge], [temps([0, 5])])).toBeNull();
  });

  it('is the pending raise: first out-of-range reading + duration (+ alarm delay)', () => {
    expect(after([fridge], [temps([0, 12], [0.5, 12.5])])).toBe(at(1));
    expect(after([frozen], [temps([0, -18], [4, -14.5])])).toBe(at(14));
  });

  it('is the clear deadline, the next reminder or the escalation of an active alarm', () => {
    expect(after([frozen], [temps([0, -14.2], [10, -14], [12, -16.5])])).toBe(at(17));
    const remind = rule('rem', {
      conditions: [{ type: 'threshold', param: 'P003', comparison: 0, value: 8 }],
      reminder: { everyMinutes: 10, escalateAfterMinutes: 5 },
    });
    expect(after([remind], [temps([0, 9])])).toBe(at(5));
    expect(after([remind], [temps([0, 9]), { tick: 5 }])).toBe(at(10));
    expect(after([frozen], [temps([0, -14.2], [10, -14])])).toBeNull();
  });

  it('is the start of an offline silence, then its alarm delay; nothing once it is raised', () => {
    expect(after([offline(30)], [temps([0, -18], [5, -18])])).toBe(at(35));
    const delayed = rule('off', { delayMinutes: 5, conditions: [{ type: 'offline', minutes: 30 }] });
    expect(after([delayed], [temps([0, -18]), { tick: 31 }])).toBe(at(35));
    expect(after([offline(30)], [temps([0, -18]), { tick: 30 }])).toBeNull();
  });

  it('counts an offline condition bound after the last reading from that reading', () => {
    const state = run([fridge], [temps([0, 5])]).state;
    expect(nextDeadline(state, [fridge, offline(15)])).toBe(at(15));
  });
});
