import { describe, expect, it } from 'vitest';
import { prepareRoute, type Fence } from '../../../platform/geo';
import { DEVICE, reading, rule, run, type Step } from './engine.fixtures';
import { evaluate } from './evaluate';
import { emptyDeviceState, type EngineReading, type EngineRule } from './engine.types';
import type { RulePlaces } from './engine.types';

/**
 * Position conditions (SPEC §9 position effect 1 enter, 2 leave, 6 both; dwell;
 * route deviation) through the real engine: readings carry WGS-84 positions; sequences of reading
 * batches → expected events (text form of engine.fixtures). Positions are metres north/east of a
 * Rabat depot, converted on @turf's mean Earth radius.
 */

const M_PER_DEG = (Math.PI / 180) * 6_371_008.8;
const DEPOT = { lat: 33.986225, lng: -6.725523 };
/** Position `n` m north and `e` m east of the depot. */
const pos = (n: number, e = 0): { lat: number; lng: number } => ({
  lat: DEPOT.lat + n / M_PER_DEG,
  lng: DEPOT.lng + e / (M_PER_DEG * Math.cos((DEPOT.lat * Math.PI) / 180)),
});
/** A position-only reading at minute `m`, `n` m north (and `e` m east) of the depot. */
const fix = (m: number, n: number, e = 0): EngineReading => reading(m, {}, pos(n, e));
/** Fixes `[minute, metres north]`. */
const fixes = (...pts: [number, number][]): EngineReading[] => pts.map(([m, n]) => fix(m, n));

/** The depot: a 300 m circle fence. A route 10 km due north from the depot. */
const places: RulePlaces = {
  locations: new Map<string, Fence>([['depot', { kind: 'circle', center: DEPOT, radiusM: 300 }]]),
  routes: new Map([['north', prepareRoute([DEPOT, pos(5000), pos(10_000)])]]),
};
const withPlaces = (r: EngineRule): EngineRule => ({ ...r, places });

const enter = withPlaces(rule('in', { conditions: [{ type: 'geofence', locationId: 'depot', effect: 1 }] }));
const leave = withPlaces(
  rule('out', {
    conditions: [
      { type: 'geofence', locationId: 'depot', effect: 2, hysteresis: { margin: 50, clearDelayMinutes: 0 } },
    ],
  }),
);
const both = withPlaces(rule('both', { conditions: [{ type: 'geofence', locationId: 'depot', effect: 6 }] }));
const dwell = withPlaces(rule('dwell', { conditions: [{ type: 'dwell', locationId: 'depot', minutes: 10 }] }));
const deviation = withPlaces(
  rule('dev', {
    conditions: [
      { type: 'routeDeviation', routeId: 'north', corridorM: 500, hysteresis: { margin: 100, clearDelayMinutes: 0 } },
    ],
  }),
);

type Case = [name: string, rules: EngineRule[], steps: Step[], expected: string[]];

const cases: Case[] = [
  [
    'enter (1): raised at the first fix inside after one outside, clears on leaving',
    [enter],
    [fixes([0, 2000], [5, 800], [10, 200], [15, 100], [20, 900])],
    ['raised in#0 start 10 at 10 v -100', 'cleared in#0 start 10 at 20 peak -200'],
  ],
  [
    'enter (1): a device switched on inside the fence has not entered it',
    [enter],
    [fixes([0, 100], [5, 150], [10, 900], [15, 100])],
    ['raised in#0 start 15 at 15 v -200'],
  ],
  [
    'leave (2): raised on leaving; a return within the 50 m margin does not clear, 50 m inside does',
    [leave],
    [fixes([0, 0], [5, 250], [10, 400], [15, 280], [20, 320], [25, 200])],
    ['raised out#0 start 10 at 10 v 100', 'cleared out#0 start 10 at 25 peak 100'],
  ],
  [
    'both (6): each crossing is a moment, cleared at the next fix',
    [both],
    [fixes([0, 0], [5, 1000], [10, 1200], [15, 0], [20, 0])],
    [
      'raised both#0 start 5 at 5 v 700',
      'cleared both#0 start 5 at 10 peak 700',
      'raised both#0 start 15 at 15 v -300',
      'cleared both#0 start 15 at 20 peak -300',
    ],
  ],
  [
    'dwell ≥ 10 min: raised 10 min after the first fix inside, with that true start; a stay of 8 min raises nothing',
    [dwell],
    [fixes([0, 2000], [2, 100], [6, 50], [10, 500], [20, 100], [26, 0], [30, 10], [34, 120], [40, 900])],
    ['raised dwell#0 start 20 at 30 v -290', 'cleared dwell#0 start 20 at 40 peak -300'],
  ],
  [
    'route deviation: 500 m corridor, clears within 400 m (margin 100 m)',
    [deviation],
    [[fix(0, 0), fix(5, 2000, 300), fix(10, 3000, 650), fix(15, 4000, 900), fix(20, 5000, 450), fix(25, 6000, 350)]],
    ['raised dev#0 start 10 at 10 v 650', 'cleared dev#0 start 10 at 25 peak 900'],
  ],
  [
    'route deviation: a position before the origin is measured to the origin',
    [deviation],
    [fixes([0, 0], [5, -400], [10, -800])],
    ['raised dev#0 start 10 at 10 v 800'],
  ],
  [
    'readings without a position say nothing (temperature only)',
    [enter, deviation],
    [[fix(0, 2000), reading(5, { P003: -18 }), reading(10, { P003: -17 })]],
    [],
  ],
  [
    'out-of-order back-fill: a buffered leave raised with its true start, once, when resent',
    [leave],
    [
      fixes([60, 0]),
      fixes([0, 0], [10, 0], [20, 600], [30, 700], [40, 100]),
      fixes([0, 0], [10, 0], [20, 600], [30, 700], [40, 100]),
    ],
    ['raised out#0 start 20 at 20 v 300 backfill', 'cleared out#0 start 20 at 40 peak 400'],
  ],
  [
    'out-of-order back-fill: a buffered dwell raised with its true start',
    [dwell],
    [fixes([60, 2000]), fixes([0, 2000], [5, 100], [10, 100], [16, 100], [20, 800])],
    ['raised dwell#0 start 5 at 15 v -200 backfill by silence', 'cleared dwell#0 start 5 at 20 peak -200'],
  ],
];

describe('position conditions', () => {
  it.each(cases)('%s', (_name, rules, steps, expected) => {
    expect(run(rules, steps).events).toEqual(expected);
    // the same through a stored state (JSON between batches)
    expect(run(rules, steps, { roundTrip: true }).events).toEqual(expected);
  });

  it('a deleted or disabled location / route never holds', () => {
    const orphan: EngineRule[] = [
      rule('g', { conditions: [{ type: 'geofence', locationId: 'gone', effect: 2 }] }),
      { ...rule('r', { conditions: [{ type: 'routeDeviation', routeId: 'gone', corridorM: 10 }] }), places },
    ];
    expect(run(orphan, [fixes([0, 0], [5, 5000], [10, 9000])]).events).toEqual([]);
  });

  it('keeps the lifecycle: alarm delay and reminders apply to a geofence', () => {
    const delayed = withPlaces(
      rule('d', {
        delayMinutes: 5,
        reminder: { everyMinutes: 10 },
        conditions: [{ type: 'geofence', locationId: 'depot', effect: 2 }],
      }),
    );
    expect(run([delayed], [fixes([0, 0], [2, 800], [4, 900], [7, 950], [17, 960], [20, 0])]).events).toEqual([
      'raised d#0 start 2 at 7 v 650',
      'reminder d#0 at 17 #1',
      'cleared d#0 start 2 at 20 peak 660',
    ]);
  });

  it('reuses the rules array (compiled once) without touching the given state, per device', () => {
    const rules = [
      withPlaces(
        rule('r', {
          reminder: { everyMinutes: 5 },
          conditions: [{ type: 'geofence', locationId: 'depot', effect: 2 }],
        }),
      ),
    ];
    const active = evaluate(emptyDeviceState(DEVICE), rules, fixes([0, 0], [5, 900])).state;
    expect(active.conditions['r#0']!.active).not.toBeNull();
    const before = JSON.stringify(active);
    const next = evaluate(active, rules, fixes([12, 1000], [20, 0]));
    expect(next.events.map((e) => e.kind)).toEqual(['reminder', 'reminder', 'reminder', 'cleared']);
    expect(JSON.stringify(active)).toBe(before);
    // same array, another device: its own id on the events
    const other = evaluate(emptyDeviceState('OTHER-1'), rules, fixes([0, 0], [5, 900]));
    expect(other.events.map((e) => e.deviceId)).toEqual(['OTHER-1']);
  });

  it('one rule object shared by several devices (as the rule cache hands it out) keeps each device apart, and new places take effect', () => {
    const shared = withPlaces(rule('s', { conditions: [{ type: 'geofence', locationId: 'depot', effect: 2 }] }));
    const a = evaluate(emptyDeviceState('SHARED-A'), [shared], fixes([0, 0], [5, 900]));
    const b = evaluate(emptyDeviceState('SHARED-B'), [shared], fixes([0, 0], [5, 100]));
    expect(a.events.map((e) => `${e.deviceId} ${e.kind}`)).toEqual(['SHARED-A raised']);
    expect(b.events).toEqual([]);
    // the location was edited to a 2 km fence (a reload gives the rule new places): 900 m is inside now
    shared.places = {
      ...places,
      locations: new Map<string, Fence>([['depot', { kind: 'circle', center: DEPOT, radiusM: 2000 }]]),
    };
    const c = evaluate(emptyDeviceState('SHARED-C'), [shared], fixes([0, 0], [5, 900], [10, 2500]));
    expect(c.events.map((e) => `${e.kind} ${e.ts === c.state.lastSeenTs}`)).toEqual(['raised true']);
  });
});
