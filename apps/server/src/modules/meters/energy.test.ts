import { describe, expect, it } from 'vitest';
import { dailyEnergy, dayOf, dayOfText, dayStart, dayText, type CounterReading } from './energy';
import { ratedPowerOf, type RegisterRules } from './register';

/** Energy from counters placed on local days: pairs across midnight and gaps spread by time (steps: register.test.ts). */

const D = dayOfText('2026-11-01');
/** A reading at local `hh:mm` of day `D + day`. */
const at = (day: number, hhmm: string, value: number): CounterReading => {
  const [h, m] = hhmm.split(':').map(Number);
  return { ts: dayStart(D + day) + (h! * 60 + m!) * 60_000, value };
};
const round = (xs: (number | null)[]): (number | null)[] =>
  xs.map((x) => (x === null ? null : Math.round(x * 1e6) / 1e6));

describe('local days (Asia/Shanghai)', () => {
  it('numbers days by the UTC+8 clock', () => {
    expect(dayText(D)).toBe('2026-11-01');
    expect(dayOf(Date.parse('2026-11-01T00:00:00+08:00'))).toBe(D);
    expect(dayOf(Date.parse('2026-10-31T23:59:59+08:00'))).toBe(D - 1);
    expect(dayOf(Date.parse('2026-11-01T15:59:59Z'))).toBe(D);
    expect(dayOf(Date.parse('2026-11-01T16:00:00Z'))).toBe(D + 1);
  });
});

describe('dailyEnergy', () => {
  const MAX: RegisterRules = { counterMaxKWh: 99_999.99, ratedPowerW: ratedPowerOf('ammeter1p') };
  it.each<[string, CounterReading[], number, number, (number | null)[]]>([
    ['one day of readings', [at(0, '00:00', 100), at(0, '12:00', 110), at(0, '23:00', 124)], 0, 0, [24]],
    [
      'unknown before the first and after the last reading',
      [at(1, '00:00', 100), at(1, '23:00', 110)],
      0,
      2,
      [null, 10, null],
    ],
    // 22:00 → 02:00 next day: 2 h of 4 h in day 0, 2 h in day 1
    [
      'a pair across midnight is split by time',
      [at(0, '20:00', 0), at(0, '22:00', 4), at(1, '02:00', 12), at(1, '04:00', 14)],
      0,
      1,
      [8, 6],
    ],
    // 12:00 day 0 → 12:00 day 3 (72 h, 72 kWh): 12 / 24 / 24 / 12
    [
      'a gap of missing days is spread evenly',
      [at(0, '00:00', 0), at(0, '12:00', 12), at(3, '12:00', 84), at(3, '23:00', 95)],
      0,
      3,
      [24, 24, 24, 23],
    ],
    [
      'a meter reset never counts negative',
      [at(0, '00:00', 500), at(0, '10:00', 510), at(0, '11:00', 2), at(0, '23:00', 7)],
      0,
      0,
      [17],
    ],
    // 9 + (99,999.99 − 99,999 + 3.01 = 4) + 6.99
    [
      'a rollover at the register maximum',
      [at(0, '00:00', 99_990), at(0, '12:00', 99_999), at(0, '13:00', 3.01), at(0, '23:00', 10)],
      0,
      0,
      [19.99],
    ],
    ['readings in any order', [at(0, '23:00', 124), at(0, '00:00', 100), at(0, '12:00', 110)], 0, 0, [24]],
    // range starting inside a gap: day 1 gets its share of the 0 → 2 bridge (00:00 day 0 → 00:00 day 2, 48 kWh)
    ['a range inside a gap takes its share from both sides', [at(0, '00:00', 0), at(2, '00:00', 48)], 1, 1, [24]],
    ['no readings', [], 0, 1, [null, null]],
  ])('%s', (_, readings, from, to, expected) => {
    expect(round(dailyEnergy(readings, D + from, D + to, MAX))).toEqual(expected);
  });

  it('sums to the counter difference over a long irregular series (no energy lost or doubled)', () => {
    const readings: CounterReading[] = [];
    let v = 0;
    let ts = dayStart(D) + 7_654_321;
    for (let i = 0; i < 2000; i++) {
      readings.push({ ts, value: v });
      ts += 60_000 * (1 + ((i * 7919) % 173));
      v += ((i * 104_729) % 97) / 100;
    }
    const last = readings.at(-1)!;
    // up to 0.96 kWh a minute: a three-phase meter's rating
    const days = dailyEnergy(readings, D, dayOf(last.ts), { ...MAX, ratedPowerW: ratedPowerOf('ammeter3p') });
    const total = days.reduce<number>((s, x) => s + (x ?? 0), 0);
    expect(total).toBeCloseTo(last.value, 6);
  });
});
