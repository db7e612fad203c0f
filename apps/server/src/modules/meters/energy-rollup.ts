import { DEFAULT_COUNTER_MAX_KWH } from '@ztj/contracts';
import type { Db, Queryable } from '../../platform/db/db';
import { ROLLOVER_FRACTION, dailyFromRows, dayStart, type EnergyDayRow } from './energy';

/**
 * The daily energy rollup (migration 0086 `meter_energy_day`: 1,000 meters × 30
 * days < 200 ms on PostgreSQL). A telemetry trigger marks (device, local day) dirty whenever a
 * reading with the counter P054 is stored; {@link refreshRollup} rebuilds the dirty days of the
 * asked meters from telemetry (one index range scan per day) before {@link readDailyEnergy} reads
 * the day rows and spreads consumption across days and gaps (energy.ts `dailyFromRows`).
 */

/**
 * `counterDelta` of energy.ts in SQL: `$pv` previous and `$v` next reading (kWh), `$cm` rollover.
 * Kept next to the TypeScript rule; rollup.test.ts compares the two on the same readings.
 */
const DELTA_SQL = (pv: string, v: string, cm: string): string =>
  `CASE WHEN ${v} >= ${pv} THEN ${v} - ${pv} WHEN ${pv} >= ${ROLLOVER_FRACTION} * ${cm} THEN greatest(0, ${cm} - ${pv}) + ${v} ELSE ${v} END`;

/**
 * Rebuilds the dirty days of `deviceIds` (all dirty days when null) in one transaction: takes the
 * dirty marks, deletes those day rows and inserts them again from telemetry. A reading stored
 * meanwhile marks its day again, so it is picked up by the next refresh. Returns the days rebuilt.
 */
export async function refreshRollup(db: Db, deviceIds: readonly string[] | null): Promise<number> {
  return db.tx(async (q) => {
    const dirty = await q.query<{ device_id: string; day: number }>(
      deviceIds === null
        ? 'DELETE FROM meter_energy_dirty RETURNING device_id, day'
        : 'DELETE FROM meter_energy_dirty WHERE device_id = ANY($1::text[]) RETURNING device_id, day',
      deviceIds === null ? [] : [deviceIds],
    );
    if (!dirty.length) return 0;
    const ids = dirty.map((d) => d.device_id);
    const days = dirty.map((d) => d.day);
    await q.query(
      'DELETE FROM meter_energy_day e USING unnest($1::text[], $2::int[]) AS d(device_id, day) WHERE e.device_id = d.device_id AND e.day = d.day',
      [ids, days],
    );
    await q.query(
      `WITH d AS (SELECT * FROM unnest($1::text[], $2::int[]) AS d(device_id, day)),
       r AS (
         SELECT t.device_id, d.day, t.ts, (t."values" ->> 'P054')::float8 AS v
           FROM d JOIN telemetry t ON t.device_id = d.device_id
            AND t.ts >= d.day::bigint * 86400000 - 28800000 AND t.ts < (d.day::bigint + 1) * 86400000 - 28800000
          WHERE jsonb_typeof(t."values" -> 'P054') = 'number' AND t.ts >= $4::bigint AND t.ts < $5::bigint),
       w AS (SELECT r.*, lag(r.v) OVER (PARTITION BY r.device_id, r.day ORDER BY r.ts) AS pv, coalesce(c.counter_max, $3::float8) AS cm
               FROM r LEFT JOIN meter_config c ON c.device_id = r.device_id)
       INSERT INTO meter_energy_day (device_id, day, first_ts, first_kwh, last_ts, last_kwh, within_kwh, readings)
       SELECT device_id, day, min(ts), (array_agg(v ORDER BY ts))[1], max(ts), (array_agg(v ORDER BY ts DESC))[1],
              coalesce(sum(CASE WHEN pv IS NULL THEN 0 ELSE ${DELTA_SQL('pv', 'v', 'cm')} END), 0), count(*)::int
         FROM w GROUP BY device_id, day`,
      // the overall bounds as well, so PostgreSQL prunes telemetry's monthly partitions
      [
        ids,
        days,
        DEFAULT_COUNTER_MAX_KWH,
        dayStart(days.reduce((a, b) => Math.min(a, b))),
        dayStart(days.reduce((a, b) => Math.max(a, b)) + 1),
      ],
    );
    return dirty.length;
  });
}

/** Marks every rolled-up day of a meter dirty (its counter rollover changed). */
export async function invalidateMeter(q: Queryable, deviceId: string): Promise<void> {
  await q.query(
    'INSERT INTO meter_energy_dirty (device_id, day) SELECT device_id, day FROM meter_energy_day WHERE device_id = $1 ON CONFLICT DO NOTHING',
    [deviceId],
  );
}

/** Day rows of one meter as `[day, first_ts, first_kwh, last_ts, last_kwh, within_kwh]`, day order. */
type DayTuple = [number, number, number, number, number, number];

/** A meter's daily consumption (kWh as read, before ratios), index i = day `fromDay + i`. */
export interface RawDailyEnergy {
  deviceId: string;
  days: (number | null)[];
}

/**
 * Daily consumption of `deviceIds` for local days `fromDay`..`toDay` from the rollup (refresh it
 * first): the day rows in the range plus, per meter, the nearest day with readings on each side
 * (consumption across the range's edges and gaps), in one statement.
 */
export async function readDailyEnergy(
  q: Queryable,
  deviceIds: readonly string[],
  fromDay: number,
  toDay: number,
): Promise<RawDailyEnergy[]> {
  const cols = 'e.device_id, e.day, e.first_ts, e.first_kwh, e.last_ts, e.last_kwh, e.within_kwh';
  // one row per meter with its day rows as JSON (parsed natively): 30,000 plain rows cost the driver
  // far more than the statement (bench:meters)
  const rows = await q.query<{ device_id: string; cm: number; days: DayTuple[] | string }>(
    `SELECT x.device_id, coalesce(max(c.counter_max), $4::float8) AS cm,
            json_agg(json_build_array(x.day, x.first_ts, x.first_kwh, x.last_ts, x.last_kwh, x.within_kwh) ORDER BY x.day) AS days
       FROM (
         SELECT ${cols} FROM meter_energy_day e WHERE e.device_id = ANY($1::text[]) AND e.day BETWEEN $2 AND $3
         UNION ALL
         SELECT b.* FROM unnest($1::text[]) AS u(id) CROSS JOIN LATERAL
           (SELECT ${cols} FROM meter_energy_day e WHERE e.device_id = u.id AND e.day < $2 ORDER BY e.day DESC LIMIT 1) b
         UNION ALL
         SELECT a.* FROM unnest($1::text[]) AS u(id) CROSS JOIN LATERAL
           (SELECT ${cols} FROM meter_energy_day e WHERE e.device_id = u.id AND e.day > $3 ORDER BY e.day LIMIT 1) a
       ) x LEFT JOIN meter_config c ON c.device_id = x.device_id
      GROUP BY x.device_id`,
    [deviceIds, fromDay, toDay, DEFAULT_COUNTER_MAX_KWH],
  );
  const byDevice = new Map<string, { cm: number; rows: EnergyDayRow[] }>();
  for (const r of rows) {
    const days = typeof r.days === 'string' ? (JSON.parse(r.days) as DayTuple[]) : r.days;
    byDevice.set(r.device_id, {
      cm: Number(r.cm),
      rows: days.map(([day, firstTs, firstKwh, lastTs, lastKwh, withinKwh]) => ({
        day,
        firstTs,
        firstKwh,
        lastTs,
        lastKwh,
        withinKwh,
      })),
    });
  }
  const empty = new Array<number | null>(toDay - fromDay + 1).fill(null);
  return deviceIds.map((deviceId) => {
    const entry = byDevice.get(deviceId);
    return { deviceId, days: entry ? dailyFromRows(entry.rows, fromDay, toDay, entry.cm) : [...empty] };
  });
}
