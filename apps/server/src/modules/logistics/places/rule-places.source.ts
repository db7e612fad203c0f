import type { Db } from '../../../platform/db/db';
import { fenceOfLocation, prepareRoute, type Fence, type LatLng, type PreparedRoute } from '../../../platform/geo';
import type { RulePlaces } from '../../alarms/engine';
import type { PlaceIds } from '../../alarms/runtime/rule-places';

/**
 * Resolves the locations and routes named by position conditions (geofence, dwell, route
 * deviation) for the rule cache: one statement per table for every id of the
 * snapshot, rows kept per tenant, so a rule only ever sees its own tenant's places. Locations whose
 * fence is disabled are left out (their conditions never hold). Positions WGS-84, radii metres.
 *
 * The logistics side of the alarm engine's places port (alarms/runtime/rule-places.ts): the
 * composition root (device-side.ts) hands it to the alarm runtime. Reads `logistics_location` /
 * `logistics_route` (migration 0050).
 */

interface LocationRow {
  id: string;
  tenant_id: number;
  lat: number;
  lng: number;
  fence_radius_m: number;
  polygon: unknown;
}

interface RouteRow {
  id: string;
  tenant_id: number;
  origin: unknown;
  waypoints: unknown;
  destination: unknown;
}

/** A `{lat, lng}` JSON point, or null when it is not one. */
function pointOf(v: unknown): LatLng | null {
  if (!v || typeof v !== 'object') return null;
  const { lat, lng } = v as Record<string, unknown>;
  return typeof lat === 'number' && typeof lng === 'number' ? { lat, lng } : null;
}

/** The prepared polyline origin → waypoints → destination; null when a point is malformed. */
function routeOf(r: RouteRow): PreparedRoute | null {
  const waypoints = Array.isArray(r.waypoints) ? r.waypoints.map(pointOf) : [];
  const points = [pointOf(r.origin), ...waypoints, pointOf(r.destination)];
  if (points.some((p) => p === null)) return null;
  return prepareRoute(points as LatLng[]);
}

/**
 * Loads the places of `ids`, grouped by tenant id. Rejects when a query fails. A malformed route or
 * polygon is skipped (its conditions never hold) and reported through `onError` when given.
 */
export async function loadRulePlaces(
  db: Db,
  ids: PlaceIds,
  onError?: (e: Error) => void,
): Promise<Map<number, RulePlaces>> {
  const byTenant = new Map<number, { locations: Map<string, Fence>; routes: Map<string, PreparedRoute> }>();
  const of = (tenantId: number) => {
    let p = byTenant.get(tenantId);
    if (!p) byTenant.set(tenantId, (p = { locations: new Map(), routes: new Map() }));
    return p;
  };
  if (ids.locationIds.size > 0) {
    const rows = await db.query<LocationRow>(
      'SELECT id, tenant_id, lat, lng, fence_radius_m, polygon FROM logistics_location WHERE fence_enabled AND id = ANY($1::text[])',
      [[...ids.locationIds]],
    );
    for (const r of rows) {
      of(Number(r.tenant_id)).locations.set(
        r.id,
        fenceOfLocation({
          lat: Number(r.lat),
          lng: Number(r.lng),
          fenceRadiusM: Number(r.fence_radius_m),
          polygon: r.polygon,
        }),
      );
    }
  }
  if (ids.routeIds.size > 0) {
    const rows = await db.query<RouteRow>(
      'SELECT id, tenant_id, origin, waypoints, destination FROM logistics_route WHERE id = ANY($1::text[])',
      [[...ids.routeIds]],
    );
    for (const r of rows) {
      const route = routeOf(r);
      if (route) of(Number(r.tenant_id)).routes.set(r.id, route);
      else onError?.(new Error(`route ${r.id} has a malformed point`));
    }
  }
  return byTenant;
}
