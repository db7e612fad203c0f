import { TARIFF_NAMES, minutesOfDay, type TariffName, type TariffPeriod } from '@ztj/contracts';
import { ENERGY_TZ_OFFSET_MS } from './energy';
import { foldRegister, type CounterReading, type RegisterRules } from './register';

/**
 * Energy per time-of-use tariff period (tariff periods with a price
 * per kWh). Pure: consumption of each register step (register.ts: noise, resets, rollovers,
 * spikes and drops as there) is spread evenly over the time between them (the daily energy's rule) and cut where the local time
 * (Asia/Shanghai) crosses a period boundary; only the part inside `[from, to)` counts.
 */

const MIN = 60_000;

/** kWh and yuan per tariff period name. */
export interface TariffSplit {
  periods: { name: TariffName; kWh: number; cost: number }[];
  totalKWh: number;
}

/** Index of the period owning each local minute of the day (−1 = none), from valid periods (see `tariffErrors`). */
function minuteOwners(periods: readonly TariffPeriod[]): Int16Array {
  const owner = new Int16Array(1440).fill(-1);
  periods.forEach((p, i) => {
    const s = minutesOfDay(p.start) % 1440;
    const e = minutesOfDay(p.end);
    const len = s === e ? 1440 : ((e - s + 1440 - 1) % 1440) + 1;
    for (let k = 0; k < len; k++) owner[(s + k) % 1440] = i;
  });
  return owner;
}

/**
 * Splits the consumption of `readings` (any order, kWh as read) inside `[from, to)` (ms) over the
 * tariff `periods` (they cover the day); `ratio` (CT × PT) multiplies it; `rules` is the register's (register.ts). Periods sharing a name
 * are summed (their prices may differ: cost is per period).
 */
export function splitByTariff(
  readings: readonly CounterReading[],
  periods: readonly TariffPeriod[],
  from: number,
  to: number,
  rules: RegisterRules,
  ratio = 1,
): TariffSplit {
  const owner = minuteOwners(periods);
  const kwh = new Array<number>(periods.length).fill(0);
  let total = 0;
  for (const step of foldRegister(readings, rules)) {
    const a = step.prev;
    const b = step.next;
    const lo = Math.max(a.ts, from);
    const hi = Math.min(b.ts, to);
    if (hi <= lo || b.ts <= a.ts) continue;
    const rate = (step.kWh * ratio) / (b.ts - a.ts);
    total += rate * (hi - lo);
    for (let t = lo; t < hi;) {
      const local = t + ENERGY_TZ_OFFSET_MS;
      const minute = Math.floor((((local % 86_400_000) + 86_400_000) % 86_400_000) / MIN);
      const next = Math.min(hi, local - (local % MIN) + MIN - ENERGY_TZ_OFFSET_MS);
      const i = owner[minute]!;
      if (i >= 0) kwh[i]! += rate * (next - t);
      t = next;
    }
  }
  const by = new Map<TariffName, { kWh: number; cost: number }>();
  periods.forEach((p, i) => {
    const e = by.get(p.name) ?? by.set(p.name, { kWh: 0, cost: 0 }).get(p.name)!;
    e.kWh += kwh[i]!;
    e.cost += kwh[i]! * p.price;
  });
  const round = (v: number): number => Math.round(v * 1000) / 1000;
  return {
    periods: TARIFF_NAMES.filter((n) => by.has(n)).map((name) => ({
      name,
      kWh: round(by.get(name)!.kWh),
      cost: Math.round(by.get(name)!.cost * 100) / 100,
    })),
    totalKWh: round(total),
  };
}
