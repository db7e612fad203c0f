import { describe, expect, it } from 'vitest';
import { at, fmt, rule, run, temps, type Step } from './engine.fixtures';
import { tick } from './clock';
import { evaluate } from './evaluate';
import { emptyDeviceState, type DeviceAlarmState } from './engine.types';

/**
 * A new state may share parts with the state it came from (`episodes`, copy-on-write): the engine
 * must never change a state it was given. Every state is deep-frozen before it is passed on, so
 * any change in place throws; the events must be those of the plain run.
 */

function deepFreeze<T>(o: T): T {
  if (o && typeof o === 'object' && !Object.isFrozen(o)) {
    Object.freeze(o);
    for (const v of Object.values(o)) deepFreeze(v);
  }
  return o;
}

/** Runs `steps` freezing each state before the next step; returns the events (text form). */
function frozenRun(steps: Step[], rules: Parameters<typeof run>[0]): string[] {
  let state: DeviceAlarmState = deepFreeze(emptyDeviceState('CC22A0001'));
  const events: string[] = [];
  for (const s of steps) {
    const r = Array.isArray(s) ? evaluate(state, rules, s) : tick(state, rules, at(s.tick));
    events.push(...r.events.map(fmt));
    state = deepFreeze(r.state);
  }
  return events;
}

const remind = rule('r', {
  delayMinutes: 5,
  reminder: { everyMinutes: 10, escalateAfterMinutes: 15 },
  conditions: [
    { type: 'threshold', param: 'P003', comparison: 0, value: -15, hysteresis: { margin: 1, clearDelayMinutes: 2 } },
  ],
});

describe('states given to the engine are never changed', () => {
  it.each<[string, Step[]]>([
    [
      'raise, reminders, escalation, clear, a second episode',
      [
        temps([0, -14], [6, -13]),
        { tick: 30 },
        temps([31, -17], [34, -17.5]),
        temps([40, -14], [50, -13]),
        temps([60, -18]),
      ],
    ],
    [
      'a back-filled episode added before the live one',
      [temps([100, -18], [110, -18]), temps([10, -14], [20, -13], [30, -17]), temps([120, -14], [130, -14])],
    ],
    [
      'episodes pruned after 7 days of device time',
      [
        temps([0, -14], [10, -13], [20, -17]),
        temps([8 * 24 * 60, -18]),
        temps([8 * 24 * 60 + 10, -14], [8 * 24 * 60 + 20, -14]),
      ],
    ],
  ])('%s', (_n, steps) => {
    const plain = run([remind], steps).events;
    expect(plain.length).toBeGreaterThan(0);
    expect(frozenRun(steps, [remind])).toEqual(plain);
  });
});
