/**
 * Position conditions in the ingest benchmark (geofence and route evaluation
 * inside ingest, figure `geo_eval_overhead_pct`). With `BENCH_GEO=1`, `ingest.ts` binds every bench
 * device to one more template holding a route deviation (500 m corridor around a 22-point route)
 * and two geofences (leave a 500 m depot around the publishers' fixed position 41.8 N 123.4 E,
 * enter a customer 5 km away), so the real runtime evaluates them on every reading.
 *
 * `geo_eval_overhead_pct` = 100 × (engine CPU per reading spent on the geo template) / (ingest
 * process CPU per reading without it). The geo share is measured after the run by timing the pure
 * engine (`evaluate`, one reading per call as the runtime's per-device batches of one) on the same
 * rule with and without the geo template over readings like the publishers' (±50 m jitter);
 * the ingest CPU per reading is the run's own. The end-to-end figure is `ingest_msgs_per_s` with
 * `BENCH_GEO=1` against a run with `BENCH_GEO=0`.
 */
import { RuleTemplateSchema } from '@ztj/contracts';
import type { Db } from '../src/platform/db/db';
import { emptyDeviceState, evaluate, type EngineReading, type EngineRule } from '../src/modules/alarms/engine';
import { loadRulePlaces } from '../src/modules/logistics/places/rule-places.source';

/** Position of every bench reading (publisher.ts). */
const HOME = { lat: 41.8, lng: 123.4 };

/** What `ingest.ts` needs after the run. */
export interface GeoBench {
  /** Template bindings added (one per device). */
  bindings: number;
  /** The overhead figure, given the ingest process CPU seconds per reading of the run. */
  overheadPct(ingestCpuSecondsPerMsg: number): number;
}

/** Inserts the bench tenant's 2 locations, 1 route and the geo template, bound to `deviceIds`. */
export async function bindGeoBench(
  db: Db,
  tenantId: number,
  run: string,
  deviceIds: readonly string[],
): Promise<GeoBench> {
  const [depot] = await db.query<{ id: string }>(
    'INSERT INTO logistics_location (tenant_id, name, lat, lng, fence_radius_m) VALUES ($1, $2, $3, $4, 500) RETURNING id',
    [tenantId, `bench depot ${run}`, HOME.lat, HOME.lng],
  );
  const [customer] = await db.query<{ id: string }>(
    'INSERT INTO logistics_location (tenant_id, name, lat, lng, fence_radius_m) VALUES ($1, $2, $3, $4, 300) RETURNING id',
    [tenantId, `bench customer ${run}`, HOME.lat + 0.045, HOME.lng],
  );
  const waypoints = Array.from({ length: 20 }, (_, i) => ({
    lat: HOME.lat + 0.002 * (i + 1),
    lng: HOME.lng + 0.001 * Math.sin(i),
  }));
  const [route] = await db.query<{ id: string }>(
    'INSERT INTO logistics_route (tenant_id, name, origin, waypoints, destination, fence_radius_m) VALUES ($1, $2, $3, $4, $5, 500) RETURNING id',
    [
      tenantId,
      `bench route ${run}`,
      JSON.stringify(HOME),
      JSON.stringify(waypoints),
      JSON.stringify({ lat: HOME.lat + 0.045, lng: HOME.lng }),
    ],
  );
  const template = RuleTemplateSchema.parse({
    name: 'bench geo',
    category: 'motion',
    severity: 'M',
    conditions: [
      { type: 'routeDeviation', routeId: route!.id, corridorM: 500 },
      { type: 'geofence', locationId: depot!.id, effect: 2 },
      { type: 'geofence', locationId: customer!.id, effect: 1 },
    ],
  });
  const [tpl] = await db.query<{ id: string }>(
    `INSERT INTO alarm_rule_template (tenant_id, name, category, severity, content) VALUES ($1, $2, 'motion', 'M', $3) RETURNING id`,
    [tenantId, `bench-geo-${run}`, JSON.stringify(template)],
  );
  await db.query(
    `INSERT INTO alarm_rule_binding (template_id, tenant_id, target_type, target_id) SELECT $1, $2, 'device', unnest($3::text[])`,
    [tpl!.id, tenantId, [...deviceIds]],
  );
  const places = (
    await loadRulePlaces(db, { locationIds: new Set([depot!.id, customer!.id]), routeIds: new Set([route!.id]) })
  ).get(tenantId);
  const geoRule: EngineRule = { id: 'template:geo', template, places };
  return { bindings: deviceIds.length, overheadPct: (perMsg) => overheadPct(geoRule, perMsg) };
}

/** CPU seconds per reading of `evaluate` with `rules`, one reading per call, over `n` readings. */
function cpuPerReading(rules: EngineRule[], n: number): number {
  let state = emptyDeviceState('BENCH-GEO');
  const t0 = Date.UTC(2026, 0, 1);
  const readings: EngineReading[] = Array.from({ length: n }, (_, i) => ({
    ts: t0 + i * 1000,
    values: { P003: -20 + (i % 400) / 10, P004: 50 + (i % 30), P005: 90 - (i % 50) },
    // the publishers' position with a GPS-like jitter of ±50 m (on the route, inside the depot)
    lat: HOME.lat + ((i % 200) - 100) * 0.000005,
    lng: HOME.lng + ((i % 150) - 75) * 0.000006,
  }));
  const start = process.cpuUsage();
  for (const r of readings) state = evaluate(state, rules, [r]).state;
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1e6 / n;
}

/**
 * The geo rule's share of the ingest's CPU per message, %. Measured in the bench process after its
 * run, whose heap holds every device's state: one garbage collection landing in a short window
 * decided the figure (20,000 readings, about 20 ms, gave 0.8 or 10.4 µs for the same code in one
 * process), so each window is 200,000 readings and the median of three pairs is taken.
 */
function overheadPct(geoRule: EngineRule, ingestCpuSecondsPerMsg: number): number {
  const n = 200_000;
  cpuPerReading([geoRule], 20_000); // warm-up
  const diffs = [0, 1, 2].map(() => cpuPerReading([geoRule], n) - cpuPerReading([], n)).sort((a, b) => a - b);
  const geo = Math.max(0, diffs[1]!);
  const base = Math.max(ingestCpuSecondsPerMsg - geo, 1e-9);
  return Math.round((1000 * geo) / base) / 10;
}
