import { describe, expect, it } from 'vitest';
import { at, DEVICE, event, reading, rule, run, temps, type Step } from './engine.fixtures';
import { tick } from './clock';
import { evaluate } from './evaluate';
import { emptyDeviceState, type EngineRule } from './engine.types';

/** Frozen truck: temperature above −15 °C, clear 1 °C colder (≤ −16 °C), no delays. */
const aboveMinus15 = rule('frozen', {
  conditions: [
    { type: 'threshold', param: 'P003', comparison: 0, value: -15, hysteresis: { margin: 1, clearDelayMinutes: 0 } },
  ],
});

/** One row of the table: sequence of reading batches / ticks → expected events (text form). */
type Case = [name: string, rules: EngineRule[], steps: Step[], expected: string[]];

const cases: Case[] = [
  [
    'threshold > −15 °C: frozen truck warms past the limit and cools back past the margin',
    [aboveMinus15],
    [temps([0, -18.2], [2, -17.6], [4, -16.1], [6, -14.8], [8, -13.9], [10, -15.4], [12, -16.3])],
    ['raised frozen#0 start 6 at 6 v -14.8', 'cleared frozen#0 start 6 at 12 peak -13.9'],
  ],
  [
    'threshold < 2 °C (comparison 1): vaccine fridge too cold',
    [
      rule('cold', {
        conditions: [
          {
            type: 'threshold',
            param: 'P003',
            comparison: 1,
            value: 2,
            hysteresis: { margin: 0.5, clearDelayMinutes: 0 },
          },
        ],
      }),
    ],
    [temps([0, 4.1], [5, 1.8], [10, 1.2], [15, 2.3], [20, 2.6])],
    ['raised cold#0 start 5 at 5 v 1.8', 'cleared cold#0 start 5 at 20 peak 1.2'],
  ],
  [
    'threshold ≥ 8 °C (comparison 2) holds at exactly 8; ≤ 2 °C (comparison 3) at exactly 2',
    [
      rule('ge', { conditions: [{ type: 'threshold', param: 'P003', comparison: 2, value: 8 }] }),
      rule('le', { conditions: [{ type: 'threshold', param: 'P003', comparison: 3, value: 2 }] }),
    ],
    [temps([0, 7.9], [5, 8], [10, 5], [15, 2], [20, 2.1])],
    [
      'raised ge#0 start 5 at 5 v 8',
      'cleared ge#0 start 5 at 10 peak 8',
      'raised le#0 start 15 at 15 v 2',
      'cleared le#0 start 15 at 20 peak 2',
    ],
  ],
  [
    'between 85-100 %RH (comparison 4): condensation risk in a warehouse, clears 3 %RH below',
    [
      rule('wet', {
        conditions: [
          {
            type: 'threshold',
            param: 'P004',
            comparison: 4,
            value: 85,
            valueMax: 100,
            hysteresis: { margin: 3, clearDelayMinutes: 0 },
          },
        ],
      }),
    ],
    [
      [
        reading(0, { P004: 78 }),
        reading(10, { P004: 86.5 }),
        reading(20, { P004: 91 }),
        reading(30, { P004: 83 }),
        reading(40, { P004: 81.5 }),
      ],
    ],
    ['raised wet#0 start 10 at 10 v 86.5', 'cleared wet#0 start 10 at 40 peak 91'],
  ],
  [
    'range outside 2-8 °C (effect 2): vaccine fridge, clears only inside 2.5-7.5 °C',
    [
      rule('vac', {
        conditions: [
          {
            type: 'range',
            param: 'P003',
            effect: 2,
            min: 2,
            max: 8,
            hysteresis: { margin: 0.5, clearDelayMinutes: 0 },
          },
        ],
      }),
    ],
    [temps([0, 5.1], [5, 7.9], [10, 8.4], [15, 9.2], [20, 7.8], [25, 7.2])],
    ['raised vac#0 start 10 at 10 v 8.4', 'cleared vac#0 start 10 at 25 peak 9.2'],
  ],
  [
    'range inside −2…2 °C (effect 1): frozen load in the thaw zone',
    [rule('thaw', { conditions: [{ type: 'range', param: 'P003', effect: 1, min: -2, max: 2 }] })],
    [temps([0, -6], [10, -1.5], [20, 0.4], [30, 3.1])],
    ['raised thaw#0 start 10 at 10 v -1.5', 'cleared thaw#0 start 10 at 30 peak 0.4'],
  ],
  [
    'duration T001: above −15 °C for 10 minutes, true start when it began holding',
    [
      rule('t001', {
        conditions: [
          { type: 'duration', minutes: 10, condition: { type: 'threshold', param: 'P003', comparison: 0, value: -15 } },
        ],
      }),
    ],
    [temps([0, -18], [4, -14.6], [8, -14.1], [12, -13.7], [14, -13.2], [16, -15.6])],
    ['raised t001#0 start 4 at 14 v -13.2', 'cleared t001#0 start 4 at 16 peak -13.2'],
  ],
  [
    'door effect 1 (while open) and 2 (while closed)',
    [
      rule('open', { conditions: [{ type: 'door', effect: 1 }] }),
      rule('shut', { conditions: [{ type: 'door', effect: 2 }] }),
    ],
    [[reading(0, { P026: false }), reading(3, { P026: true }), reading(7, { P026: false })]],
    [
      'raised shut#0 start 0 at 0',
      'raised open#0 start 3 at 3',
      'cleared shut#0 start 0 at 3',
      'cleared open#0 start 3 at 7',
      'raised shut#0 start 7 at 7',
    ],
  ],
  [
    'door effect 3 (opened) and 4 (closed) are moments: they clear on the next door reading',
    [
      rule('opened', { conditions: [{ type: 'door', effect: 3 }] }),
      rule('closed', { conditions: [{ type: 'door', effect: 4 }] }),
    ],
    [
      [
        reading(0, { P026: false }),
        reading(3, { P026: true }),
        reading(4, { P026: true }),
        reading(9, { P026: false }),
        reading(10, { P003: -18 }),
        reading(11, { P026: false }),
      ],
    ],
    [
      'raised opened#0 start 3 at 3',
      'cleared opened#0 start 3 at 4',
      'raised closed#0 start 9 at 9',
      'cleared closed#0 start 9 at 11',
    ],
  ],
  [
    'tilt ≥ 70° (default), clears below 65° with a 5° margin; tip-over flag P059 raises too',
    [
      rule('tilt', {
        category: 'motion',
        conditions: [{ type: 'tilt', hysteresis: { margin: 5, clearDelayMinutes: 0 } }],
      }),
    ],
    [
      [
        reading(0, { P008: 3 }),
        reading(1, { P008: -72 }),
        reading(2, { P008: 68 }),
        reading(3, { P008: 12 }),
        reading(4, { P059: true }),
        reading(5, { P059: false, P008: 2 }),
      ],
    ],
    [
      'raised tilt#0 start 1 at 1 v 72',
      'cleared tilt#0 start 1 at 3 peak 72',
      'raised tilt#0 start 4 at 4',
      'cleared tilt#0 start 4 at 5',
    ],
  ],
  [
    'free fall: P058 with total vibration above 5 g; 3.1 g is a bump, P058 alone counts on the device',
    [rule('fall', { category: 'motion', conditions: [{ type: 'freeFall' }] })],
    [
      [
        reading(0, { P058: true, P007: 3.1 }),
        reading(1, { P058: false, P007: 0.2 }),
        reading(2, { P058: true, P007: 7.4 }),
        reading(3, { P058: false }),
        reading(4, { P058: true }),
      ],
    ],
    ['raised fall#0 start 2 at 2 v 7.4', 'cleared fall#0 start 2 at 3 peak 7.4', 'raised fall#0 start 4 at 4'],
  ],
  [
    'low battery ≤ 20 %, clears at 25 % (margin 5)',
    [
      rule('bat', {
        conditions: [{ type: 'lowBattery', percent: 20, hysteresis: { margin: 5, clearDelayMinutes: 0 } }],
      }),
    ],
    [
      [
        reading(0, { P005: 22 }),
        reading(30, { P005: 19 }),
        reading(60, { P005: 17 }),
        reading(90, { P005: 23 }),
        reading(120, { P005: 26 }),
      ],
    ],
    ['raised bat#0 start 30 at 30 v 19', 'cleared bat#0 start 30 at 120 peak 17'],
  ],
  [
    'offline 30 min via tick: start = last reading + 30 min; the next reading clears',
    [rule('off', { conditions: [{ type: 'offline', minutes: 30 }] })],
    [temps([0, -18]), { tick: 20 }, { tick: 31 }, { tick: 40 }, temps([45, -18.1])],
    ['raised off#0 start 30 at 30 by silence', 'cleared off#0 start 30 at 45'],
  ],
  [
    'offline with a 5-minute alarm delay counted from the start of the silence',
    [rule('off', { delayMinutes: 5, conditions: [{ type: 'offline', minutes: 30 }] })],
    [temps([0, -18]), { tick: 32 }, { tick: 36 }],
    ['raised off#0 start 30 at 35 by silence'],
  ],
  [
    'tick before any reading or earlier than the last reading does nothing',
    [rule('off', { conditions: [{ type: 'offline', minutes: 1 }] })],
    [{ tick: 100 }, temps([200, -18]), { tick: 150 }],
    [],
  ],
  [
    'power-off event raises, power_on clears',
    [rule('pwr', { conditions: [{ type: 'powerOff' }] })],
    [[reading(0, { P003: -18 }), event(3, 'power_off'), event(5, 'flight_on'), event(9, 'power_on')]],
    ['raised pwr#0 start 3 at 3', 'cleared pwr#0 start 3 at 9'],
  ],
  [
    'power-off cleared by the next telemetry reading when power_on is missing',
    [rule('pwr', { conditions: [{ type: 'powerOff' }] })],
    [[event(3, 'power_off'), reading(20, { P003: -18 })]],
    ['raised pwr#0 start 3 at 3', 'cleared pwr#0 start 3 at 20'],
  ],
  [
    'readings without the watched parameter neither raise nor clear',
    [aboveMinus15],
    [[reading(0, { P003: -14 }), reading(1, { P004: 60 }), reading(2, { P005: 80 }), reading(3, { P003: -16.5 })]],
    ['raised frozen#0 start 0 at 0 v -14', 'cleared frozen#0 start 0 at 3 peak -14'],
  ],
];

describe('alarm engine: one row per condition type', () => {
  it.each(cases)('%s', (_name, rules, steps, expected) => {
    expect(run(rules, steps).events).toEqual(expected);
  });
});

describe('alarm engine: event fields', () => {
  it('carries device, rule, condition, alarm type (parameter code, T001, offline, power_off) and severity', () => {
    const rules = [
      rule('t', {
        severity: 'H',
        conditions: [
          { type: 'duration', minutes: 5, condition: { type: 'threshold', param: 'P003', comparison: 0, value: -15 } },
          { type: 'range', param: 'P004', effect: 2, min: 30, max: 80 },
          { type: 'powerOff' },
        ],
      }),
    ];
    const r = evaluate(emptyDeviceState(DEVICE), rules, [
      reading(0, { P003: -14, P004: 85 }),
      reading(5, { P003: -13.5 }),
      event(6, 'power_off'),
    ]);
    expect(r.events).toEqual([
      {
        kind: 'raised',
        deviceId: DEVICE,
        ruleId: 't',
        conditionIndex: 1,
        conditionType: 'range',
        alarmType: 'P004',
        severity: 'H',
        startTs: at(0),
        ts: at(0),
        value: 85,
        backfill: false,
        bySilence: false,
      },
      {
        kind: 'raised',
        deviceId: DEVICE,
        ruleId: 't',
        conditionIndex: 0,
        conditionType: 'duration',
        alarmType: 'T001',
        severity: 'H',
        startTs: at(0),
        ts: at(5),
        value: -13.5,
        backfill: false,
        bySilence: false,
      },
      {
        kind: 'raised',
        deviceId: DEVICE,
        ruleId: 't',
        conditionIndex: 2,
        conditionType: 'powerOff',
        alarmType: 'power_off',
        severity: 'H',
        startTs: at(6),
        ts: at(6),
        value: null,
        backfill: false,
        bySilence: false,
      },
    ]);
    const off = tick(r.state, [rule('o', { severity: 'L', conditions: [{ type: 'offline', minutes: 10 }] })], at(20));
    expect(off.events).toEqual([
      {
        kind: 'raised',
        deviceId: DEVICE,
        ruleId: 'o',
        conditionIndex: 0,
        conditionType: 'offline',
        alarmType: 'offline',
        severity: 'L',
        startTs: at(16),
        ts: at(16),
        value: null,
        backfill: false,
        bySilence: true,
      },
    ]);
  });
});
