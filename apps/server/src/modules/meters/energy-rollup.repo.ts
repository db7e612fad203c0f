import { DEFAULT_COUNTER_MAX_KWH } from '@ztj/contracts';
import type { Queryable } from '../../platform/db/db';
import { FAMILY_SQL } from './equipment.list';

/**
 * SQL of the daily energy rollup (migrations 0086 `meter_energy_day`, `meter_energy_dirty`; 0096
 * `meter_energy_event`). Register values kWh as read, times ms epoch, days local (UTC+8) day numbers.
 */

/** A dirty (device, day). */
export interface DirtyDay {
  device_id: string;
  day: number;
}

/** Takes (deletes and returns) the dirty marks of `deviceIds`, all when null. */
export async function takeDirty(q: Queryable, deviceIds: readonly string[] | null): Promise<DirtyDay[]> {
  return q.query<DirtyDay>(
    deviceIds === null
      ? 'DELETE FROM meter_energy_dirty RETURNING device_id, day'
      : 'DELETE FROM meter_energy_dirty WHERE device_id = ANY($1::text[]) RETURNING device_id, day',
    deviceIds === null ? [] : [deviceIds],
  );
}

/** Register rules per device: family and CT ratio (for its rated power) and rollover, kWh. */
export async function registerConfigs(
  q: Queryable,
  ids: readonly string[],
): Promise<Map<string, { family: string | null; counterMax: number; ct: number }>> {
  const rows = await q.query<{ dev_no: string; family: string | null; cm: number | null; ct: number | null }>(
    `SELECT d.dev_no, ${FAMILY_SQL} AS family, c.counter_max AS cm, c.ct_ratio AS ct
       FROM device d LEFT JOIN meter_config c ON c.device_id = d.dev_no WHERE d.dev_no = ANY($1::text[])`,
    [ids],
  );
  return new Map(
    rows.map((r) => [
      r.dev_no,
      { family: r.family, counterMax: r.cm ?? DEFAULT_COUNTER_MAX_KWH, ct: Number(r.ct ?? 1) },
    ]),
  );
}

/** A reading of a dirty day; `before` marks the last reading before the day. */
export interface DayReading {
  device_id: string;
  day: number;
  ts: number;
  v: number;
  before: boolean;
}

/**
 * The P054 readings of the dirty days plus, per day, the last reading before it (one index range
 * scan each); `lo`/`hi` are the overall bounds, so PostgreSQL prunes telemetry's monthly partitions.
 */
export async function readingsOfDays(
  q: Queryable,
  dirty: readonly DirtyDay[],
  lo: number,
  hi: number,
): Promise<DayReading[]> {
  const rows = await q.query<{ device_id: string; day: number; ts: string | number; v: number; before: boolean }>(
    `WITH d AS (SELECT * FROM unnest($1::text[], $2::int[]) AS d(device_id, day))
     SELECT d.device_id, d.day, t.ts, (t."values" ->> 'P054')::float8 AS v, false AS before
       FROM d JOIN telemetry t ON t.device_id = d.device_id
        AND t.ts >= d.day::bigint * 86400000 - 28800000 AND t.ts < (d.day::bigint + 1) * 86400000 - 28800000
      WHERE jsonb_typeof(t."values" -> 'P054') = 'number' AND t.ts >= $3::bigint AND t.ts < $4::bigint
     UNION ALL
     SELECT d.device_id, d.day, p.ts, p.v, true FROM d CROSS JOIN LATERAL
       (SELECT t.ts, (t."values" ->> 'P054')::float8 AS v FROM telemetry t
         WHERE t.device_id = d.device_id AND t.ts < d.day::bigint * 86400000 - 28800000
           AND jsonb_typeof(t."values" -> 'P054') = 'number' ORDER BY t.ts DESC LIMIT 1) p`,
    [dirty.map((d) => d.device_id), dirty.map((d) => d.day), lo, hi],
  );
  return rows.map((r) => ({ ...r, ts: Number(r.ts), v: Number(r.v) }));
}

/** A rebuilt day row. */
export interface DayRowInput {
  deviceId: string;
  day: number;
  firstTs: number;
  firstKwh: number;
  lastTs: number;
  lastKwh: number;
  withinKwh: number;
  readings: number;
}
/** A register event of a rebuilt day. */
export interface EventInput {
  deviceId: string;
  day: number;
  kind: string;
  ts: number;
  prevTs: number;
  prevKwh: number;
  kwh: number;
  countedKwh: number;
}

/** Replaces the day rows and events of `dirty` by `rows` and `events`. */
export async function replaceDays(
  q: Queryable,
  dirty: readonly DirtyDay[],
  rows: readonly DayRowInput[],
  events: readonly EventInput[],
): Promise<void> {
  const ids = dirty.map((d) => d.device_id);
  const days = dirty.map((d) => d.day);
  for (const table of ['meter_energy_day', 'meter_energy_event'])
    await q.query(
      `DELETE FROM ${table} e USING unnest($1::text[], $2::int[]) AS d(device_id, day) WHERE e.device_id = d.device_id AND e.day = d.day`,
      [ids, days],
    );
  if (rows.length)
    await q.query(
      `INSERT INTO meter_energy_day (device_id, day, first_ts, first_kwh, last_ts, last_kwh, within_kwh, readings)
       SELECT * FROM unnest($1::text[], $2::int[], $3::bigint[], $4::float8[], $5::bigint[], $6::float8[], $7::float8[], $8::int[])`,
      [
        rows.map((r) => r.deviceId),
        rows.map((r) => r.day),
        rows.map((r) => r.firstTs),
        rows.map((r) => r.firstKwh),
        rows.map((r) => r.lastTs),
        rows.map((r) => r.lastKwh),
        rows.map((r) => r.withinKwh),
        rows.map((r) => r.readings),
      ],
    );
  if (events.length)
    await q.query(
      `INSERT INTO meter_energy_event (device_id, day, kind, ts, prev_ts, prev_kwh, kwh, counted_kwh)
       SELECT * FROM unnest($1::text[], $2::int[], $3::text[], $4::bigint[], $5::bigint[], $6::float8[], $7::float8[], $8::float8[])
       ON CONFLICT DO NOTHING`,
      [
        events.map((e) => e.deviceId),
        events.map((e) => e.day),
        events.map((e) => e.kind),
        events.map((e) => e.ts),
        events.map((e) => e.prevTs),
        events.map((e) => e.prevKwh),
        events.map((e) => e.kwh),
        events.map((e) => e.countedKwh),
      ],
    );
}

/** Marks every rolled-up day of a meter dirty (its register rules changed). */
export async function invalidateMeter(q: Queryable, deviceId: string): Promise<void> {
  await q.query(
    'INSERT INTO meter_energy_dirty (device_id, day) SELECT device_id, day FROM meter_energy_day WHERE device_id = $1 ON CONFLICT DO NOTHING',
    [deviceId],
  );
}

/** Day rows as `[day, first_ts, first_kwh, last_ts, last_kwh, within_kwh]`, day order. */
export type DayTuple = [number, number, number, number, number, number];

/**
 * Per meter: its family, rollover and the day rows in `fromDay`..`toDay` plus the nearest day with
 * readings on each side (consumption across the range's edges and gaps), in one statement — one
 * row per meter with its day rows as JSON (30,000 plain rows cost the driver far more, bench:meters).
 */
export async function dayRowsOf(
  q: Queryable,
  deviceIds: readonly string[],
  fromDay: number,
  toDay: number,
): Promise<{ device_id: string; family: string | null; cm: number; ct: number; days: DayTuple[] | string }[]> {
  const cols = 'e.device_id, e.day, e.first_ts, e.first_kwh, e.last_ts, e.last_kwh, e.within_kwh';
  return q.query(
    `SELECT x.device_id, max(${FAMILY_SQL}) AS family, coalesce(max(c.counter_max), $4::float8) AS cm,
            coalesce(max(c.ct_ratio), 1) AS ct,
            json_agg(json_build_array(x.day, x.first_ts, x.first_kwh, x.last_ts, x.last_kwh, x.within_kwh) ORDER BY x.day) AS days
       FROM (
         SELECT ${cols} FROM meter_energy_day e WHERE e.device_id = ANY($1::text[]) AND e.day BETWEEN $2 AND $3
         UNION ALL
         SELECT b.* FROM unnest($1::text[]) AS u(id) CROSS JOIN LATERAL
           (SELECT ${cols} FROM meter_energy_day e WHERE e.device_id = u.id AND e.day < $2 ORDER BY e.day DESC LIMIT 1) b
         UNION ALL
         SELECT a.* FROM unnest($1::text[]) AS u(id) CROSS JOIN LATERAL
           (SELECT ${cols} FROM meter_energy_day e WHERE e.device_id = u.id AND e.day > $3 ORDER BY e.day LIMIT 1) a
       ) x LEFT JOIN meter_config c ON c.device_id = x.device_id LEFT JOIN device d ON d.dev_no = x.device_id
      GROUP BY x.device_id`,
    [deviceIds, fromDay, toDay, DEFAULT_COUNTER_MAX_KWH],
  );
}

/** Register events of one meter over local days `fromDay`..`toDay`, newest first, at most `limit`, and their count. */
export async function eventsOf(
  q: Queryable,
  deviceId: string,
  fromDay: number,
  toDay: number,
  limit: number,
): Promise<{ rows: EventInput[]; total: number }> {
  const rows = await q.query<{
    kind: string;
    ts: string;
    prev_ts: string;
    prev_kwh: number;
    kwh: number;
    counted_kwh: number;
    total: number;
  }>(
    `SELECT kind, ts, prev_ts, prev_kwh, kwh, counted_kwh, count(*) OVER ()::int AS total
       FROM meter_energy_event WHERE device_id = $1 AND day BETWEEN $2 AND $3 ORDER BY ts DESC LIMIT $4`,
    [deviceId, fromDay, toDay, limit],
  );
  return {
    total: rows[0]?.total ?? 0,
    rows: rows.map((r) => ({
      deviceId,
      day: 0,
      kind: r.kind,
      ts: Number(r.ts),
      prevTs: Number(r.prev_ts),
      prevKwh: Number(r.prev_kwh),
      kwh: Number(r.kwh),
      countedKwh: Number(r.counted_kwh),
    })),
  };
}
