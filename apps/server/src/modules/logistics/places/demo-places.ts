import { distance } from '@turf/turf';
import { loadFleetData } from '@ztj/simulator';
import { FENCE_RADIUS_DEFAULT_M, type RoutePoint } from '@ztj/contracts';
import type { Db } from '../../../platform/db/db';
import { DEMO_TENANT_ID } from '../../../platform/tenancy/tenant-ids';

/**
 * Demo routes and locations built from the real Twizy GPS tracks the
 * simulator replays (`/work/shared/data/gps`, CC BY 4.0; read through the simulator's loader):
 * one route per track — origin = first fix, destination = last fix, {@link DEMO_WAYPOINTS}
 * waypoints at even fractions of the driven distance — and one location per distinct end of a
 * track (ends closer than {@link MERGE_M} are one depot: the three drives end at the same hub, and
 * track 1 is a loop). Fence radius {@link FENCE_RADIUS_DEFAULT_M} m, enabled. The warehouse
 * sensors of the fleet report no position, so no warehouse location is seeded.
 */

/** Route names, one per track of `DATA_FILES.tracks` (bilingual, like the other demo rows). */
export const DEMO_ROUTE_NAMES = [
  'T1 枢纽环线 Hub loop',
  'T2 西区→枢纽 West yard to hub',
  'T3 市区→枢纽 City store to hub',
] as const;
/** Location names, in the order the track ends are first met (hub, west yard, city store). */
export const DEMO_LOCATION_NAMES = ['枢纽配送中心 Hub depot', '西区装货点 West yard', '市区门店 City store'] as const;

/** Waypoints sampled per route. */
const DEMO_WAYPOINTS = 4;
/** Track ends closer than this (m) are the same depot. */
const MERGE_M = 300;
/** Who the seeded rows are created by. */
const SEED_BY = 'system';

/** A fix of a track: WGS-84 degrees. */
interface Fix {
  lat: number;
  lng: number;
}

/** Metres between two WGS-84 positions (great circle). */
const metres = (a: Fix, b: Fix): number => distance([a.lng, a.lat], [b.lng, b.lat], { units: 'meters' });

/** `count` fixes at even fractions (1/(count+1) …) of the distance driven along `fixes`. */
export function sampleWaypoints(fixes: readonly Fix[], count: number): Fix[] {
  const cumulative: number[] = [0];
  for (let i = 1; i < fixes.length; i++) cumulative.push(cumulative[i - 1]! + metres(fixes[i - 1]!, fixes[i]!));
  const total = cumulative.at(-1) ?? 0;
  if (total === 0 || fixes.length < 3) return [];
  const out: Fix[] = [];
  let i = 0;
  for (let k = 1; k <= count; k++) {
    const target = (total * k) / (count + 1);
    while (i < fixes.length - 1 && cumulative[i]! < target) i++;
    out.push({ lat: fixes[i]!.lat, lng: fixes[i]!.lng });
  }
  return out;
}

/** A planned demo location: its name and centre (a real fix). */
export interface DemoPlan {
  locations: { name: string; lat: number; lng: number }[];
  routes: { name: string; origin: RoutePoint; waypoints: RoutePoint[]; destination: RoutePoint }[];
}

/**
 * The demo routes and locations of `tracks` (pure; exported for tests). Track `i` gives route
 * `DEMO_ROUTE_NAMES[i]`; each distinct end gives the next name of `DEMO_LOCATION_NAMES`.
 */
export function planDemoPlaces(tracks: readonly (readonly Fix[])[]): DemoPlan {
  const locations: DemoPlan['locations'] = [];
  const depotOf = (fix: Fix): { name: string; lat: number; lng: number } => {
    const near = locations.find((l) => metres(l, fix) < MERGE_M);
    if (near) return near;
    const name = DEMO_LOCATION_NAMES[locations.length] ?? `Depot ${locations.length + 1}`;
    const created = { name, lat: fix.lat, lng: fix.lng };
    locations.push(created);
    return created;
  };
  const routes = tracks.slice(0, DEMO_ROUTE_NAMES.length).map((fixes, i) => {
    const first = fixes[0]!;
    const last = fixes.at(-1)!;
    return {
      name: DEMO_ROUTE_NAMES[i]!,
      origin: { lat: first.lat, lng: first.lng, name: depotOf(first).name },
      waypoints: sampleWaypoints(fixes, DEMO_WAYPOINTS),
      destination: { lat: last.lat, lng: last.lng, name: depotOf(last).name },
    };
  });
  return { locations, routes };
}

/**
 * Seeds the demo tenant's routes and locations from the real tracks. Idempotent: does nothing
 * when the demo tenant already has a route (an administrator's edits are never overwritten);
 * locations whose name exists are kept as they are.
 * @returns true when it seeded, false when the tenant already had routes.
 */
export async function seedDemoPlaces(db: Db): Promise<boolean> {
  return db.tx(async (q) => {
    // one seeder at a time (two servers starting on one PostgreSQL)
    await q.query('SELECT pg_advisory_xact_lock(90101001)');
    const [has] = await q.query('SELECT 1 FROM logistics_route WHERE tenant_id = $1 LIMIT 1', [DEMO_TENANT_ID]);
    if (has) return false;
    const plan = planDemoPlaces(loadFleetData().tracks);
    for (const l of plan.locations) {
      await q.query(
        `INSERT INTO logistics_location (tenant_id, name, address, lat, lng, fence_radius_m, fence_enabled, create_by)
         VALUES ($1,$2,'',$3,$4,$5,true,$6) ON CONFLICT (tenant_id, name) DO NOTHING`,
        [DEMO_TENANT_ID, l.name, l.lat, l.lng, FENCE_RADIUS_DEFAULT_M, SEED_BY],
      );
    }
    for (const r of plan.routes) {
      await q.query(
        `INSERT INTO logistics_route (tenant_id, name, origin, waypoints, destination, fence_radius_m, description, create_by)
         VALUES ($1,$2,$3::jsonb,$4::jsonb,$5::jsonb,$6,$7,$8) ON CONFLICT (tenant_id, name) DO NOTHING`,
        [
          DEMO_TENANT_ID,
          r.name,
          JSON.stringify(r.origin),
          JSON.stringify(r.waypoints),
          JSON.stringify(r.destination),
          FENCE_RADIUS_DEFAULT_M,
          '演示：真实GPS轨迹 / Demo: real GPS track',
          SEED_BY,
        ],
      );
    }
    return true;
  });
}
