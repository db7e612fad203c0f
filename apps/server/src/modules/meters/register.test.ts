import { describe, expect, it } from 'vitest';
import { dailyEnergy, dayOfText, dayStart, type CounterReading } from './energy';
import { classifyStep, foldRegister, ratedPowerOf, type RegisterRules, type StepKind } from './register';

/**
 * Register semantics, table-driven: a register sequence (local `hh:mm` of day D + n, kWh as read)
 * → the expected kWh per local day. Plug rated 4 kW, single-phase meter 15 kW (contracts
 * REGISTER_RATED_POWER_W), noise tolerance 0.1 kWh.
 */

const D = dayOfText('2026-11-10');
const at = (day: number, hhmm: string, value: number): CounterReading => {
  const [h, m, s = 0] = hhmm.split(':').map(Number);
  return { ts: dayStart(D + day) + ((h! * 60 + m!) * 60 + s) * 1000, value };
};
const PLUG: RegisterRules = { counterMaxKWh: 99_999.99, ratedPowerW: ratedPowerOf('smartPlug') };
const AM1: RegisterRules = { counterMaxKWh: 99_999.99, ratedPowerW: ratedPowerOf('ammeter1p') };
const DEMO_AM1: RegisterRules = { counterMaxKWh: 9_999_999.99, ratedPowerW: ratedPowerOf('ammeter1p') };
const round = (xs: (number | null)[]): (number | null)[] =>
  xs.map((x) => (x === null ? null : Math.round(x * 1e6) / 1e6));

describe('register sequences → kWh per day', () => {
  it.each<[string, RegisterRules, CounterReading[], number, (number | null)[]]>([
    ['steady increase', AM1, [at(0, '00:00', 100), at(0, '12:00', 110), at(0, '23:00', 124)], 1, [24, null]],
    [
      'glitch: a plug steps back 3 Wh after switching on (noise, not a reset of 8,182 kWh)',
      PLUG,
      [at(0, '08:00', 8182), at(0, '08:01', 8181.997), at(0, '08:02', 8182.004), at(0, '09:00', 8182.5)],
      0,
      [0.5],
    ],
    [
      'glitch across midnight: the climb back is not counted twice',
      PLUG,
      [at(0, '23:00', 100), at(0, '23:59', 100.2), at(1, '00:01', 100.15), at(1, '01:00', 100.7)],
      1,
      [0.2, 0.5],
    ],
    [
      'reset: a drop to near zero counts from the new value',
      AM1,
      [at(0, '00:00', 500), at(0, '10:00', 510), at(0, '11:00', 2), at(0, '23:00', 7)],
      0,
      [17],
    ],
    [
      'rollover at the register maximum',
      AM1,
      [at(0, '00:00', 99_990), at(0, '12:00', 99_999), at(0, '13:00', 3.01), at(0, '23:00', 10)],
      0,
      [19.99],
    ],
    [
      'spike: a jump beyond the rated power is not counted; counting goes on from the new value',
      AM1,
      [at(0, '00:00', 100), at(0, '01:00', 101), at(0, '01:01', 45_101), at(0, '02:00', 45_102)],
      0,
      [2],
    ],
    [
      'a demo restart 30 s later with the counter 45,000 kWh higher adds nothing',
      DEMO_AM1,
      [at(0, '10:00', 12.5), at(0, '10:01', 12.52), at(0, '10:01:30', 45_012.6), at(0, '10:02', 45_012.62)],
      0,
      [0.04],
    ],
    [
      'a third-party post of another value: the drop and the climb back are both anomalies',
      DEMO_AM1,
      [
        at(0, '00:00', 45_000),
        at(0, '01:00', 45_001),
        at(0, '01:30', 12_345),
        at(0, '02:00', 45_002),
        at(0, '03:00', 45_003),
      ],
      0,
      [2],
    ],
    [
      'out-of-order readings count as in time order',
      AM1,
      [at(0, '23:00', 124), at(1, '01:00', 126), at(0, '00:00', 100), at(0, '12:00', 110)],
      1,
      [24 + 1, 1],
    ],
    [
      'repeated readings count once',
      AM1,
      [at(0, '00:00', 100), at(0, '01:00', 110), at(0, '01:00', 110), at(0, '01:00', 110), at(0, '02:00', 120)],
      0,
      [20],
    ],
    [
      'a repeated reading stored late (same time, other value) does not count again',
      AM1,
      [at(0, '00:00', 100), at(0, '01:00', 110), at(0, '02:00', 120), at(0, '01:00', 100)],
      0,
      [20],
    ],
  ])('%s', (_, rules, readings, days, expected) => {
    expect(round(dailyEnergy(readings, D, D + days, rules))).toEqual(round(expected.slice(0, days + 1)));
  });
});

describe('classifyStep', () => {
  const h = 3_600_000;
  it.each<[string, number, number, number, StepKind, number]>([
    ['increase', 100, 101, h, 'increase', 1],
    ['unchanged', 100, 100, h, 'increase', 0],
    ['noise within the resolution', 100, 99.99, h, 'noise', 0],
    ['noise within the tolerance', 100, 99.95, 60_000, 'noise', 0],
    ['reset to zero', 1200, 0, h, 'reset', 0],
    ['reset near zero', 1200, 3, h, 'reset', 3],
    ['rollover', 99_999, 3.01, h, 'rollover', 4],
    ['spike', 100, 200, 60_000, 'spike', 0],
    ['drop', 1200, 900, h, 'drop', 0],
    // 15 kW × 1.5 × 1 h = 22.5 kWh (+ 0.01 resolution) is the most an hour may add
    ['at the rated allowance', 100, 122.5, h, 'increase', 22.5],
    ['beyond the rated allowance', 100, 122.52, h, 'spike', 0],
    ['a small rise within a second beyond the rating', 100, 100.09, 1000, 'spike', 0],
  ])('%s', (_, prev, next, elapsed, kind, kWh) => {
    const s = classifyStep({ ts: 0, value: prev }, { ts: elapsed, value: next }, AM1);
    expect(s.kind).toBe(kind);
    expect(s.kWh).toBeCloseTo(kWh, 9);
  });

  it('rates a CT-connected meter by its secondary', () => {
    expect(ratedPowerOf('ammeter3p')).toBe(75_000);
    expect(ratedPowerOf('ammeter3p', 40)).toBe(4_500);
    expect(ratedPowerOf('smartPlug', 40)).toBe(4_000);
  });

  it('keeps the base on noise and moves it on an anomaly', () => {
    const steps = foldRegister(
      [at(0, '00:00', 10), at(0, '00:10', 9.99), at(0, '00:20', 10.5), at(0, '00:30', 900)],
      AM1,
    );
    expect(steps.map((s) => [s.kind, s.prev.value, Math.round(s.kWh * 1000) / 1000])).toEqual([
      ['noise', 10, 0],
      ['increase', 10, 0.5],
      ['spike', 10.5, 0],
    ]);
  });
});
