import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { provisionDevice } from '../devices/device-provision';
import { DEMO_TENANT_ID } from '../../platform/tenancy/tenant-ids';
import { dailyEnergy, dayOfText, dayStart, type CounterReading } from './energy';
import { invalidateMeter, readDailyEnergy, refreshRollup } from './energy-rollup';
import { ratedPowerOf } from './register';

/**
 * The daily energy rollup (migration 0086) against the raw series: the trigger marks days dirty on
 * insert, the refresh rebuilds them, and the answer equals energy.ts on the same readings — after
 * late (out-of-order) readings, a reset, a gap, a rollover and a change of the counter maximum.
 */

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.close();
});

const D = dayOfText('2026-10-01');
const newMeter = async (): Promise<string> => {
  const id = `RU-${crypto.randomBytes(4).toString('hex')}`;
  await provisionDevice(app.db, { id, tenantId: DEMO_TENANT_ID, model: 'AM-1P' });
  return id;
};
const store = async (id: string, readings: CounterReading[]): Promise<void> => {
  await app.db.query(
    `INSERT INTO telemetry (device_id, ts, received_at, "values") SELECT $1, u.ts, u.ts, jsonb_build_object('P054', u.v, 'P053', 100)
       FROM unnest($2::bigint[], $3::float8[]) AS u(ts, v)`,
    [id, readings.map((r) => r.ts), readings.map((r) => r.value)],
  );
};
const rules = (counterMaxKWh: number) => ({ counterMaxKWh, ratedPowerW: ratedPowerOf('ammeter1p') });
const round = (xs: (number | null)[]): (number | null)[] =>
  xs.map((x) => (x === null ? null : Math.round(x * 1e6) / 1e6));

/** Readings every `stepMin` minutes over `days` days from day D, with a reset at reading `resetAt`. */
function series(days: number, stepMin: number, resetAt = -1, skipDays: number[] = []): CounterReading[] {
  const out: CounterReading[] = [];
  let v = 1000;
  for (let t = dayStart(D) + 3 * 60_000, i = 0; t < dayStart(D + days); t += stepMin * 60_000, i++) {
    v = i === resetAt ? 0.5 : v + ((i * 31) % 7) / 10;
    if (!skipDays.includes(Math.floor((t - dayStart(D)) / 86_400_000)))
      out.push({ ts: t, value: Math.round(v * 100) / 100 });
  }
  return out;
}

describe('daily energy rollup', () => {
  it('equals the raw computation, and stays so after late readings, resets, gaps and a rollover change', async () => {
    const id = await newMeter();
    const readings = series(10, 37, 120, [4, 5]);
    await store(
      id,
      readings.filter((_, i) => i % 5 !== 0),
    );
    const dirty = await app.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM meter_energy_dirty WHERE device_id = $1',
      [id],
    );
    expect(dirty[0]!.n).toBe(8); // ten days minus the two without readings
    expect(await refreshRollup(app.db, [id])).toBe(8);
    const check = async (rs: CounterReading[], from: number, to: number, max = 99_999.99): Promise<void> => {
      const [got] = await readDailyEnergy(app.db, [id], D + from, D + to);
      expect(round(got!.days)).toEqual(round(dailyEnergy(rs, D + from, D + to, rules(max))));
    };
    const first = readings.filter((_, i) => i % 5 !== 0);
    await check(first, 0, 9);
    await check(first, 3, 6);
    await check(first, -2, 12);

    // late readings (every fifth, out of order) mark their days again
    await store(
      id,
      readings.filter((_, i) => i % 5 === 0),
    );
    expect(await refreshRollup(app.db, [id])).toBe(8);
    await check(readings, 0, 9);
    await check(readings, 5, 5);

    const kinds = async (): Promise<string[]> =>
      (
        await app.db.query<{ kind: string }>('SELECT kind FROM meter_energy_event WHERE device_id = $1 ORDER BY ts', [
          id,
        ])
      ).map((r) => r.kind);
    expect(await kinds()).toEqual(['reset']);

    // a register just above the reading before the reset: once the days are rebuilt it is a rollover
    const top = readings[readings.findIndex((r) => r.value === 0.5) - 1]!.value + 1;
    await app.db.query('INSERT INTO meter_config (device_id, tenant_id, counter_max) VALUES ($1, $2, $3)', [
      id,
      DEMO_TENANT_ID,
      top,
    ]);
    await invalidateMeter(app.db, id);
    await refreshRollup(app.db, [id]);
    await check(readings, 0, 9, top);
    expect(await kinds()).toEqual(['rollover']);
  });

  it('answers null for a meter without readings and leaves other meters dirty until asked', async () => {
    const [a, b] = [await newMeter(), await newMeter()];
    await store(b, series(2, 60));
    await refreshRollup(app.db, [a]);
    const [ea, eb] = await readDailyEnergy(app.db, [a, b], D, D + 1);
    expect(ea!.days).toEqual([null, null]);
    expect(eb!.days).toEqual([null, null]);
    await refreshRollup(app.db, [b]);
    const [, eb2] = await readDailyEnergy(app.db, [a, b], D, D + 1);
    expect(round(eb2!.days)).toEqual(round(dailyEnergy(series(2, 60), D, D + 1, rules(99_999.99))));
  });
});
