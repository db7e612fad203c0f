import { describe, expect, it } from 'vitest';
import { SHANGHAI_TOU } from './demo-equipment-rules';
import { dayOfText, dayStart, type CounterReading } from './energy';
import { ratedPowerOf } from './register';
import { splitByTariff } from './tariff-energy';

/** Energy per tariff period: a steady 1 kWh per hour over Shanghai's peak/flat/valley hours. */

const D = dayOfText('2026-11-02');
const H = 3_600_000;
const RULES = { counterMaxKWh: 99_999.99, ratedPowerW: ratedPowerOf('ammeter1p') };
const hourly = (hours: number, startKwh = 100): CounterReading[] =>
  Array.from({ length: hours + 1 }, (_, h) => ({ ts: dayStart(D) + h * H, value: startKwh + h }));

describe('splitByTariff', () => {
  it('gives 8 h each of valley, flat and peak over a day, with their costs', () => {
    expect(splitByTariff(hourly(24), SHANGHAI_TOU, dayStart(D), dayStart(D + 1), RULES)).toEqual({
      periods: [
        { name: 'peak', kWh: 8, cost: 8.49 },
        { name: 'flat', kWh: 8, cost: 5.38 },
        { name: 'valley', kWh: 8, cost: 2.44 },
      ],
      totalKWh: 24,
    });
  });

  it('cuts pairs at period boundaries and at the range, applies the ratio, spreads a gap and a reset', () => {
    const r = splitByTariff(hourly(24), SHANGHAI_TOU, dayStart(D) + 7.5 * H, dayStart(D) + 8.5 * H, RULES, 40);
    expect(r).toEqual({
      periods: [
        { name: 'peak', kWh: 20, cost: 21.22 },
        { name: 'flat', kWh: 20, cost: 13.46 },
        { name: 'valley', kWh: 0, cost: 0 },
      ],
      totalKWh: 40,
    });
    // 20:00 → 02:00 next day, 6 kWh then a reset to 0.5: peak 1 h, flat 1 h, valley 4 h
    const gap = splitByTariff(
      [
        { ts: dayStart(D) + 20 * H, value: 10 },
        { ts: dayStart(D + 1) + 2 * H, value: 16 },
        { ts: dayStart(D + 1) + 3 * H, value: 0.5 },
      ],
      SHANGHAI_TOU,
      dayStart(D),
      dayStart(D + 2),
      RULES,
    );
    expect(gap.periods.map((p) => [p.name, p.kWh])).toEqual([
      ['peak', 1],
      ['flat', 1],
      ['valley', 4.5],
    ]);
    expect(gap.totalKWh).toBe(6.5);
  });
});
