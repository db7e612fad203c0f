import { describe, expect, it } from 'vitest';
import { at, fmt, reading, rule, temps, DEVICE } from '../engine/engine.fixtures';
import { emptyDeviceState, evaluate, type AlarmEvent, type DeviceAlarmState } from '../engine';
import { classifyLate, LATE_AFTER_MS } from './late-episodes';

/**
 * Which episodes are learned late and what is announced of them: engine events of a reading
 * sequence (device minutes) received at a given server time → verdicts per event.
 */
const frozen = rule('frozen', {
  delayMinutes: 10,
  conditions: [
    { type: 'threshold', param: 'P003', comparison: 0, value: -15, hysteresis: { margin: 1, clearDelayMinutes: 5 } },
  ],
  reminder: { everyMinutes: 5 },
});

/** Runs `batches` (each received at server minute `rcv`) and classifies each call's events. */
function classify(batches: { readings: ReturnType<typeof temps>; rcv: number | null }[]): string[] {
  let state: DeviceAlarmState = emptyDeviceState(DEVICE);
  const out: string[] = [];
  for (const b of batches) {
    const r = evaluate(state, [frozen], b.readings);
    state = r.state;
    const { events, verdicts } = classifyLate(r.events, b.rcv === null ? null : at(b.rcv));
    events.forEach((e: AlarmEvent, i) => out.push(`${fmt(e)}${verdicts[i] ? ` → ${verdicts[i]}` : ''}`));
  }
  return out;
}

/** A warm hour: frozen until minute 20, warm 20–38, frozen again from 40 (readings every 2 minutes). */
const warmHour = temps(
  ...Array.from({ length: 30 }, (_, i): [number, number] => [i * 2, i * 2 >= 20 && i * 2 < 40 ? -14 : -18]),
);

type Case = [name: string, batches: { readings: ReturnType<typeof temps>; rcv: number | null }[], expected: string[]];

const cases: Case[] = [
  [
    'readings received as they happen: nothing is late',
    [
      { readings: warmHour.slice(0, 16), rcv: 30 },
      { readings: warmHour.slice(16), rcv: 58 },
    ],
    [
      'raised frozen#0 start 20 at 30 v -14',
      'reminder frozen#0 at 35 #1',
      'reminder frozen#0 at 40 #2',
      'reminder frozen#0 at 45 #3',
      'cleared frozen#0 start 20 at 45 peak -14',
    ],
  ],
  [
    'a buffered hour received in order hours later: the episode ended before it was learned of, every event of it is ended',
    [{ readings: warmHour, rcv: 240 }],
    [
      'raised frozen#0 start 20 at 30 v -14 backfill → ended',
      'reminder frozen#0 at 35 #1 → ended',
      'reminder frozen#0 at 40 #2 → ended',
      'reminder frozen#0 at 45 #3 → ended',
      'cleared frozen#0 start 20 at 45 peak -14 → ended',
    ],
  ],
  [
    'a buffered hour still warm at its end: the raise is announced once (active), the reminders caught up on are not',
    [{ readings: warmHour.slice(0, 20), rcv: 240 }],
    ['raised frozen#0 start 20 at 30 v -14 backfill → active', 'reminder frozen#0 at 35 #1 → caughtUp'],
  ],
  [
    'an episode found by the engine in late readings and ended: ended, whenever received',
    [
      { readings: temps([60, -18]), rcv: 60 },
      { readings: warmHour, rcv: 61 },
    ],
    ['raised frozen#0 start 20 at 30 v -14 backfill → ended', 'cleared frozen#0 start 20 at 45 peak -14 → ended'],
  ],
  [
    'a clock tick or device event (no receive time) makes nothing late by itself',
    [{ readings: [reading(0, { P003: -14 }), reading(12, { P003: -14 })], rcv: null }],
    ['raised frozen#0 start 0 at 10 v -14 by silence'],
  ],
];

describe('late episodes: learned late when back-filled or raised long before received; ended ones are not announced', () => {
  it.each(cases)('%s', (_name, batches, expected) => {
    expect(classify(batches)).toEqual(expected);
  });

  it('a raise exactly LATE_AFTER_MS behind the receive time is on time; one ms more is late', () => {
    const r = evaluate(emptyDeviceState(DEVICE), [frozen], temps([0, -14], [10, -14]));
    expect(classifyLate(r.events, at(10) + LATE_AFTER_MS).verdicts).toEqual([undefined]);
    expect(classifyLate(r.events, at(10) + LATE_AFTER_MS + 1).verdicts).toEqual(['active']);
  });
});
