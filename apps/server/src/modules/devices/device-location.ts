import type { Queryable } from '../../platform/db/db';
import { distanceM, distanceToFenceEdgeM, fenceOfLocation, type LatLng } from '../../platform/geo';

/**
 * How far outside a configured location's fence edge a position may be and still be named after
 * it ("near Hub depot"), in metres. Farther than this, no location is named.
 */
export const NEAR_LOCATION_MAX_M = 1000;

/** The configured location a position is in or near, with the metres to its fence edge (0 inside). */
export interface PositionLocation {
  id: string;
  name: string;
  distanceM: number;
}

/** A configured location as read for naming positions. */
export interface LocationRow {
  id: string;
  name: string;
  lat: number;
  lng: number;
  fence_radius_m: number;
  polygon: unknown;
}

/**
 * The configured location (settings → points, `logistics_location`) of the tenant that holds
 * `position` — its polygon, else its fence circle, whether or not the fence raises alarms — and
 * when several hold it, the one whose centre is nearest; otherwise the location whose fence edge
 * is nearest, if within {@link NEAR_LOCATION_MAX_M}. Distances are geodesic (@turf, geo helpers).
 * SPEC §3 location (fence radius) and the export columns "location name, location, locate mode".
 * @returns null without a position or without a location in or near it.
 */
export async function locationOfPosition(
  q: Queryable,
  tenantId: number,
  position: LatLng | null,
): Promise<PositionLocation | null> {
  if (!position) return null;
  return nearestLocation(await tenantLocations(q, tenantId), position);
}

/** The configured locations of a tenant (settings → points), read once for naming many positions. */
export function tenantLocations(q: Queryable, tenantId: number): Promise<LocationRow[]> {
  return q.query<LocationRow>(
    'SELECT id, name, lat, lng, fence_radius_m, polygon FROM logistics_location WHERE tenant_id = $1',
    [tenantId],
  );
}

/** The pure choice of {@link locationOfPosition} over already read rows. */
export function nearestLocation(rows: readonly LocationRow[], position: LatLng): PositionLocation | null {
  let inside: { row: LocationRow; centreM: number } | null = null;
  let near: { row: LocationRow; edgeM: number } | null = null;
  for (const row of rows) {
    let edgeM: number;
    try {
      edgeM = distanceToFenceEdgeM(
        fenceOfLocation({ lat: row.lat, lng: row.lng, fenceRadiusM: row.fence_radius_m, polygon: row.polygon }),
        position,
      );
    } catch {
      continue; // a malformed polygon names nothing
    }
    if (edgeM <= 0) {
      const centreM = distanceM({ lat: row.lat, lng: row.lng }, position);
      if (!inside || centreM < inside.centreM) inside = { row, centreM };
    } else if (edgeM <= NEAR_LOCATION_MAX_M && (!near || edgeM < near.edgeM)) {
      near = { row, edgeM };
    }
  }
  if (inside) return { id: inside.row.id, name: inside.row.name, distanceM: 0 };
  if (near) return { id: near.row.id, name: near.row.name, distanceM: Math.round(near.edgeM) };
  return null;
}
