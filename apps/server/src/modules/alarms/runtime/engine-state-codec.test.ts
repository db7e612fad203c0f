import { describe, expect, it } from 'vitest';
import { emptyConditionState, emptyDeviceState, type DeviceAlarmState } from '../engine';
import { decodeEngineState, encodeEngineState } from './engine-state-codec';

/** The stored form of engine states: empty fields left out, put back on reading. */

const t = Date.UTC(2026, 10, 28, 8);

function busyState(): DeviceAlarmState {
  const s = emptyDeviceState('CODEC-1');
  s.lastSeenTs = t + 5000;
  s.conditions['template:a#0'] = emptyConditionState();
  s.conditions['template:a#0'].lastQuietTs = t;
  s.conditions['template:a#1'] = {
    pendingSince: null,
    pendingPeak: null,
    clearSince: t + 4000,
    lastValue: 'o',
    lastQuietTs: null,
    active: {
      startTs: t + 1000,
      raisedTs: t + 2000,
      peak: 9.5,
      processed: false,
      nextReminderTs: null,
      reminders: 0,
      escalated: false,
    },
    episodes: [
      { s: t - 90_000, e: t - 60_000 },
      { s: t + 1000, e: null },
    ],
  };
  s.conditions['scene:b#0'] = {
    ...emptyConditionState(),
    pendingSince: t + 3000,
    pendingPeak: -21.5,
    lastValue: false,
  };
  return s;
}

describe('engine state codec', () => {
  it('gives back the same state, every field at its value, from the compact text', () => {
    const s = busyState();
    expect(decodeEngineState(encodeEngineState(s))).toEqual(s);
    expect(decodeEngineState(JSON.parse(encodeEngineState(s)))).toEqual(s);
    const empty = emptyDeviceState('CODEC-2');
    expect(decodeEngineState(encodeEngineState(empty))).toEqual(empty);
  });

  it('leaves out empty fields and keeps an active alarm as an object (the recovery query looks for it)', () => {
    const text = encodeEngineState(busyState());
    const stored = JSON.parse(text) as { conditions: Record<string, Record<string, unknown>> };
    expect(stored.conditions['template:a#0']).toEqual({ lastQuietTs: t });
    expect(Object.keys(stored.conditions['template:a#1']!).sort()).toEqual([
      'active',
      'clearSince',
      'episodes',
      'lastValue',
    ]);
    expect(typeof stored.conditions['template:a#1']!.active).toBe('object');
    expect(stored.conditions['scene:b#0']!.lastValue).toBe(false);
    expect(text.length).toBeLessThan(JSON.stringify(busyState()).length * 0.8);
  });

  it('reads a state stored whole, before the compact form', () => {
    const s = busyState();
    expect(decodeEngineState(JSON.stringify(s))).toEqual(s);
    expect(decodeEngineState(JSON.parse(JSON.stringify(s)))).toEqual(s);
  });

  it('throws on text that is not JSON', () => {
    expect(() => decodeEngineState('{"v":1,')).toThrow(SyntaxError);
  });
});
