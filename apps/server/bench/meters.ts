/**
 * Meters benchmark (daily energy for 1,000 meters over 30 days answers in < 200 ms
 * on PostgreSQL). Seeds BENCH_METERS ammeters (AM-1P) in the demo tenant with BENCH_DAYS + 1 days of
 * energy counter readings every BENCH_STEP_MIN minutes (one meter in ten reset once), through plain
 * INSERTs into telemetry so the migration-0086 trigger marks the rollup's dirty days as ingest does.
 * Prints one figure per line:
 *   meters_seed_rows                     telemetry rows seeded
 *   rollup_build_1000x30_ms              first refresh: every day of every meter rebuilt from telemetry
 *   daily_energy_1000x30_p50_ms / _p99_ms  the daily energy call's work (meterEnergy: rollup check, day rows,
 *                                        spread across days, ratios) for all meters over BENCH_DAYS days,
 *                                        BENCH_CALLS sequential calls, rollup current
 *   daily_energy_1000x30_after_ingest_ms the same call right after one new reading per meter for today
 *                                        (its refresh rebuilds today's 1,000 dirty days first)
 *   daily_energy_raw_sql_1000x30_ms      for comparison: the same daily figures from raw telemetry with
 *                                        window functions (one call, no rollup)
 *   db                                   postgres or pglite
 * Default: embedded PGlite in a temporary DATA_DIR; with `DATABASE_URL` a fresh schema on that
 * PostgreSQL, dropped afterwards. Knobs: BENCH_METERS (1000), BENCH_DAYS (30), BENCH_STEP_MIN (60), BENCH_CALLS (20).
 */
import { DEMO_TENANT_ID } from '../src/platform/tenancy/tenant-ids';
import { dayOf, dayText } from '../src/modules/meters/energy';
import { refreshRollup } from '../src/modules/meters/energy-rollup';
import { meterEnergy } from '../src/modules/meters/energy.service';
import { openScratchDb } from './scratch-db';

const env = process.env;
const METERS = Number(env.BENCH_METERS ?? 1000);
const DAYS = Number(env.BENCH_DAYS ?? 30);
const STEP_MIN = Number(env.BENCH_STEP_MIN ?? 60);
const CALLS = Number(env.BENCH_CALLS ?? 20);

const pct = (xs: number[], p: number): number =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)]!;
const line = (k: string, v: number | string): void =>
  void process.stdout.write(`${k} ${typeof v === 'number' ? v.toFixed(1) : v}\n`);
const timed = async <T>(fn: () => Promise<T>): Promise<[number, T]> => {
  const t = performance.now();
  const r = await fn();
  return [performance.now() - t, r];
};

async function main(): Promise<void> {
  const scratch = await openScratchDb('meters');
  const { db } = scratch;
  try {
    const now = Date.now();
    const today = dayOf(now);
    const from = now - (DAYS + 1) * 86_400_000;
    const ids = Array.from({ length: METERS }, (_, i) => `BM-${String(i + 1).padStart(5, '0')}`);
    await db.query(
      `INSERT INTO device (dev_no, tenant_id, name, model, kind, secret_hash, create_by)
       SELECT x, $1, x, 'AM-1P', 'terminal', 'bench', 'bench' FROM unnest($2::text[]) AS x`,
      [DEMO_TENANT_ID, ids],
    );
    const t0 = performance.now();
    // counter: meter i uses (0.2 + (i % 13) × 0.15) kWh per step; meters with i % 10 = 0 reset once, half-way
    const steps = Math.floor(((DAYS + 1) * 1440) / STEP_MIN);
    for (let k = 0; k < METERS; k += 100) {
      await db.query(
        `INSERT INTO telemetry (device_id, ts, received_at, "values")
         SELECT 'BM-' || lpad(i::text, 5, '0'), $1::bigint + s * $2::bigint, $1::bigint + s * $2::bigint,
                jsonb_build_object('P054', round(((CASE WHEN i % 10 = 0 AND s >= $3 / 2 THEN s - $3 / 2 ELSE s + i * 10 END) * (0.2 + (i % 13) * 0.15))::numeric, 2),
                                   'P053', 200 + (i % 13) * 150, 'P011', true)
           FROM generate_series($4::int, $5::int) AS i, generate_series(0, $3::int - 1) AS s`,
        [from, STEP_MIN * 60_000, steps, k + 1, Math.min(METERS, k + 100)],
      );
    }
    process.stdout.write(`meters_seed_rows ${METERS * steps}\n`);
    process.stderr.write(
      `bench meters: seeded ${METERS * steps} rows in ${((performance.now() - t0) / 1000).toFixed(1)} s on ${db.kind}\n`,
    );

    const [build] = await timed(() => refreshRollup(db, null));
    line('rollup_build_1000x30_ms', build);

    const q = { ids: ids.join(','), beginDate: dayText(today - DAYS + 1), endDate: dayText(today) };
    const [, first] = await timed(() => meterEnergy(db, DEMO_TENANT_ID, q));
    if (first.meters.length !== METERS || first.dates.length !== DAYS) throw new Error('unexpected energy answer');
    process.stderr.write(
      `bench meters: ${first.meters.length} meters × ${first.dates.length} days, total ${first.totalKWh} kWh\n`,
    );
    const times: number[] = [];
    for (let c = 0; c < CALLS; c++) times.push((await timed(() => meterEnergy(db, DEMO_TENANT_ID, q)))[0]);
    line('daily_energy_1000x30_p50_ms', pct(times, 50));
    line('daily_energy_1000x30_p99_ms', pct(times, 99));

    await db.query(
      `INSERT INTO telemetry (device_id, ts, received_at, "values")
       SELECT d.device_id, $1::bigint, $1::bigint, jsonb_build_object('P054', d.last_kwh + 1, 'P053', 500, 'P011', true)
         FROM (SELECT DISTINCT ON (device_id) device_id, last_kwh FROM meter_energy_day ORDER BY device_id, day DESC) d ON CONFLICT DO NOTHING`,
      [now + 1],
    );
    line('daily_energy_1000x30_after_ingest_ms', (await timed(() => meterEnergy(db, DEMO_TENANT_ID, q)))[0]);

    const [raw] = await timed(() =>
      db.query(
        `WITH r AS (SELECT device_id, ts, ((ts + 28800000) / 86400000)::int AS day, ("values" ->> 'P054')::float8 AS v,
                         lag(("values" ->> 'P054')::float8) OVER (PARTITION BY device_id ORDER BY ts) AS pv
                    FROM telemetry WHERE device_id = ANY($1::text[]) AND ts >= $2 AND "values" ? 'P054')
       SELECT device_id, day, sum(CASE WHEN pv IS NULL THEN 0 WHEN v >= pv THEN v - pv WHEN pv >= 0.9 * 99999.99 THEN 99999.99 - pv + v ELSE v END) AS kwh
         FROM r GROUP BY device_id, day`,
        [ids, now - DAYS * 86_400_000],
      ),
    );
    line('daily_energy_raw_sql_1000x30_ms', raw);
    line('db', db.kind);
  } finally {
    await scratch.close();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`bench meters failed: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
