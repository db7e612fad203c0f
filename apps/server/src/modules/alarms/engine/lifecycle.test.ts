import { describe, expect, it } from 'vitest';
import { DEVICE, event, fmt, reading, rule, run, temps, type Step } from './engine.fixtures';
import { tick } from './clock';
import { evaluate, markProcessed } from './evaluate';
import { emptyDeviceState, type DeviceAlarmState, type EngineRule } from './engine.types';

/** Frozen truck at −18 °C: alarm above −15 °C after 10 minutes, clears at ≤ −16 °C held 5 minutes. */
const frozen = rule('frozen', {
  delayMinutes: 10,
  conditions: [
    { type: 'threshold', param: 'P003', comparison: 0, value: -15, hysteresis: { margin: 1, clearDelayMinutes: 5 } },
  ],
});

type Case = [name: string, rules: EngineRule[], steps: Step[], expected: string[]];

const cases: Case[] = [
  [
    'alarm delay 10 min: a frozen truck warming past −15 °C is raised at minute 16 with its true start 6',
    [frozen],
    [
      temps(
        [0, -18.2],
        [2, -17.1],
        [4, -15.9],
        [6, -14.8],
        [8, -14.2],
        [10, -13.5],
        [12, -13.1],
        [14, -13.8],
        [16, -14.6],
        [18, -15.5],
        [20, -16.2],
        [22, -16.8],
        [26, -17.5],
      ),
    ],
    ['raised frozen#0 start 6 at 16 v -14.6', 'cleared frozen#0 start 6 at 25 peak -13.1'],
  ],
  [
    'alarm delay restarts when the value drops back below the limit before the delay ends',
    [frozen],
    [temps([0, -14.9], [6, -15.1], [8, -14.7], [14, -14.4], [18, -14.2])],
    ['raised frozen#0 start 8 at 18 v -14.2'],
  ],
  [
    'hysteresis: oscillating around −15 °C raises once and never clears inside the 1 °C margin',
    [frozen],
    [
      temps(
        [0, -14.5],
        [10, -14.2],
        [12, -15.2],
        [14, -14.8],
        [16, -15.3],
        [18, -14.7],
        [20, -15.4],
        [30, -15.9],
        [40, -15.1],
      ),
    ],
    ['raised frozen#0 start 0 at 10 v -14.2'],
  ],
  [
    'clear delay: a cold reading inside the clear delay then a warmer one restarts the clear timer',
    [frozen],
    [temps([0, -14], [10, -13.5], [12, -16.5], [15, -15.6], [17, -16.4], [20, -16.9], [22, -17.2])],
    ['raised frozen#0 start 0 at 10 v -13.5', 'cleared frozen#0 start 0 at 22 peak -13.5'],
  ],
  [
    'repeat reminder every 10 min, escalation after 25 min, each at its scheduled device time',
    [
      rule('remind', {
        conditions: [{ type: 'threshold', param: 'P003', comparison: 0, value: -15 }],
        reminder: { everyMinutes: 10, escalateAfterMinutes: 25 },
      }),
    ],
    [temps([0, -14], [5, -13.9]), temps([12, -13.5]), { tick: 20 }, { tick: 31 }, temps([33, -16])],
    [
      'raised remind#0 start 0 at 0 v -14',
      'reminder remind#0 at 10 #1',
      'reminder remind#0 at 20 #2',
      'escalated remind#0 at 25',
      'reminder remind#0 at 30 #3',
      'cleared remind#0 start 0 at 33 peak -13.5',
    ],
  ],
  [
    'reminders stop when the alarm clears; a new episode starts a new schedule',
    [
      rule('remind', {
        conditions: [{ type: 'threshold', param: 'P003', comparison: 0, value: -15 }],
        reminder: { everyMinutes: 10 },
      }),
    ],
    [temps([0, -14], [8, -16], [40, -16.5], [50, -14.5], [61, -14.4])],
    [
      'raised remind#0 start 0 at 0 v -14',
      'cleared remind#0 start 0 at 8 peak -14',
      'raised remind#0 start 50 at 50 v -14.5',
      'reminder remind#0 at 60 #1',
    ],
  ],
  [
    'a long gap sends at most 10 catch-up reminders, the latest ones',
    [
      rule('remind', {
        conditions: [{ type: 'threshold', param: 'P003', comparison: 0, value: -15 }],
        reminder: { everyMinutes: 1 },
      }),
    ],
    [temps([0, -14]), { tick: 30.5 }],
    [
      'raised remind#0 start 0 at 0 v -14',
      ...Array.from({ length: 10 }, (_, i) => `reminder remind#0 at ${21 + i} #${21 + i}`),
    ],
  ],
  [
    'several rules on one device: temperature, door and battery interleave in device-time order',
    [
      frozen,
      rule('door', { category: 'motion', severity: 'M', conditions: [{ type: 'door', effect: 3 }] }),
      rule('bat', { severity: 'L', conditions: [{ type: 'lowBattery', percent: 20 }, { type: 'powerOff' }] }),
    ],
    [
      [
        reading(0, { P003: -18, P026: false, P005: 21 }),
        reading(5, { P003: -14.1, P026: true, P005: 20 }),
        reading(10, { P003: -13.2, P026: true }),
        reading(15, { P003: -13, P026: false, P005: 19 }),
        event(16, 'power_off'),
      ],
    ],
    [
      'raised door#0 start 5 at 5',
      'raised bat#0 start 5 at 5 v 20',
      'cleared door#0 start 5 at 10',
      'raised frozen#0 start 5 at 15 v -13',
      'raised bat#1 start 16 at 16',
    ],
  ],
];

describe('alarm engine lifecycle: delay, hysteresis, reminders, several rules', () => {
  it.each(cases)('%s', (_name, rules, steps, expected) => {
    expect(run(rules, steps).events).toEqual(expected);
  });

  it.each(cases)(
    'gives the same events when the state goes through JSON between batches: %s',
    (_name, rules, steps) => {
      expect(run(rules, steps, { roundTrip: true }).events).toEqual(run(rules, steps).events);
    },
  );

  it('gives the same events when a sequence is cut into one-reading batches with JSON in between', () => {
    const readings = temps(
      [0, -18.2],
      [2, -17.1],
      [6, -14.8],
      [8, -14.2],
      [16, -14.6],
      [20, -16.2],
      [22, -16.8],
      [26, -17.5],
    );
    const remind = rule('r', {
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
      reminder: { everyMinutes: 3, escalateAfterMinutes: 5 },
    });
    const whole = run([remind], [readings]).events;
    expect(whole).toEqual([
      'raised r#0 start 6 at 16 v -14.6',
      'reminder r#0 at 19 #1',
      'escalated r#0 at 21',
      'reminder r#0 at 22 #2',
      'reminder r#0 at 25 #3',
      'cleared r#0 start 6 at 25 peak -14.2',
    ]);
    expect(
      run(
        [remind],
        readings.map((r) => [r]),
        { roundTrip: true },
      ).events,
    ).toEqual(whole);
  });

  it('processed alarms get no more reminders or escalation and still clear by themselves', () => {
    const rules = [
      rule('p', {
        conditions: [{ type: 'threshold', param: 'P003', comparison: 0, value: -15 }],
        reminder: { everyMinutes: 10, escalateAfterMinutes: 15 },
      }),
    ];
    const first = run(rules, [temps([0, -14], [11, -13.8])]);
    expect(first.events).toEqual(['raised p#0 start 0 at 0 v -14', 'reminder p#0 at 10 #1']);
    const processed = markProcessed(first.state, 'p');
    expect(processed.conditions['p#0']!.active!.processed).toBe(true);
    expect(first.state.conditions['p#0']!.active!.processed).toBe(false);
    expect(run(rules, [{ tick: 40 }, temps([45, -16])], { state: processed }).events).toEqual([
      'cleared p#0 start 0 at 45 peak -13.8',
    ]);
  });

  it('does not modify the state it is given and sorts an unsorted batch by device time', () => {
    const state: DeviceAlarmState = emptyDeviceState(DEVICE);
    const frozenCopy = JSON.stringify(state);
    const r = evaluate(state, [frozen], [...temps([14, -13.8], [0, -14.5], [6, -14.2], [10, -14])].reverse());
    expect(JSON.stringify(state)).toBe(frozenCopy);
    expect(r.events.map(fmt)).toEqual(['raised frozen#0 start 0 at 10 v -14']);
    expect(Object.isFrozen(state)).toBe(false);
    const t = tick(r.state, [frozen], r.state.lastSeenTs! + 60_000);
    expect(t.state).not.toBe(r.state);
  });

  it('drops the state of rules no longer bound and starts new ones empty', () => {
    const before = run([frozen], [temps([0, -14])]).state;
    expect(Object.keys(before.conditions)).toEqual(['frozen#0']);
    const after = evaluate(before, [rule('other', { conditions: [{ type: 'powerOff' }] })], temps([1, -14])).state;
    expect(Object.keys(after.conditions)).toEqual(['other#0']);
  });
});
