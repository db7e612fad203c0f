import type { LocationRecord, RouteRecord } from '@ztj/contracts';
import type { Queryable } from '../../../platform/db/db';
import { LOCATION_SELECT, ROUTE_SELECT, locationRecordOf, routeRecordOf } from './places.list';

/**
 * Read API of routes and locations for other modules (waybills, the alarm engine's geofence and
 * route conditions). Always scoped to one tenant. Positions are WGS-84 decimal
 * degrees (`lat`, `lng`); fence radii metres (`fenceRadiusM`, > 0, ≤ 1 000 000).
 */

/** A preset route: origin, ordered waypoints, destination; the corridor/fence radius in metres. */
export type PlaceRoute = RouteRecord;
/** A location: centre and circle fence (metres), `fenceEnabled`, optional polygon fence (WGS-84 corners). */
export type PlaceLocation = LocationRecord;

/**
 * One route of `tenantId`, or null when the id is unknown or belongs to another tenant.
 * The polyline of the route is `[origin, ...waypoints, destination]`.
 */
export async function getRoute(db: Queryable, tenantId: number, id: string): Promise<PlaceRoute | null> {
  const [row] = await db.query(`SELECT ${ROUTE_SELECT} FROM logistics_route r WHERE r.tenant_id = $1 AND r.id = $2`, [
    tenantId,
    id,
  ]);
  return row ? routeRecordOf(row) : null;
}

/**
 * Locations of `tenantId`: those of `ids` (unknown or foreign ids are skipped, order by name), or
 * every location of the tenant when `ids` is undefined. Disabled fences are included (check
 * `fenceEnabled`).
 */
export async function getLocations(db: Queryable, tenantId: number, ids?: readonly string[]): Promise<PlaceLocation[]> {
  if (ids && ids.length === 0) return [];
  const rows = ids
    ? await db.query(
        `SELECT ${LOCATION_SELECT} FROM logistics_location l WHERE l.tenant_id = $1 AND l.id = ANY($2::text[]) ORDER BY l.name`,
        [tenantId, [...ids]],
      )
    : await db.query(`SELECT ${LOCATION_SELECT} FROM logistics_location l WHERE l.tenant_id = $1 ORDER BY l.name`, [
        tenantId,
      ]);
  return rows.map(locationRecordOf);
}
