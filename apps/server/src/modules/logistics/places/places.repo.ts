import type { LocationAddSchema, RouteAddSchema } from '@ztj/contracts';
import type { z } from 'zod';
import type { Queryable } from '../../../platform/db/db';

/**
 * Route and location writes (CONVENTIONS §1 repo): tables `logistics_route` and
 * `logistics_location`. Every statement carries the caller's tenant, so another tenant's place is
 * simply not found. Positions are WGS-84 degrees; fence radii metres. Reads are in places.read.ts.
 */

export type RouteBody = z.output<typeof RouteAddSchema>;
export type LocationBody = z.output<typeof LocationAddSchema>;

/** The two place tables; names are unique per tenant in each. */
export type PlaceTable = 'logistics_route' | 'logistics_location';

/** True when another place of the tenant in `table` (not `exceptId`; null = none excepted) has `name`. */
export async function placeNameTaken(
  q: Queryable,
  table: PlaceTable,
  tenantId: number,
  name: string,
  exceptId: string | null,
): Promise<boolean> {
  const taken = await q.query(`SELECT 1 FROM ${table} WHERE tenant_id = $1 AND name = $2 AND id IS DISTINCT FROM $3`, [
    tenantId,
    name,
    exceptId,
  ]);
  return taken.length > 0;
}

/** Deletes the places of the tenant among `ids` from `table`; returns how many were deleted. */
export async function deletePlaces(
  q: Queryable,
  table: PlaceTable,
  tenantId: number,
  ids: readonly string[],
): Promise<number> {
  const rows = await q.query(`DELETE FROM ${table} WHERE tenant_id = $1 AND id = ANY($2::text[]) RETURNING id`, [
    tenantId,
    ids,
  ]);
  return rows.length;
}

/** Point JSON as stored: WGS-84 degrees and the label only when given. */
const pointJson = (p: { lat: number; lng: number; name?: string }): { lat: number; lng: number; name?: string } =>
  p.name ? { lat: p.lat, lng: p.lng, name: p.name } : { lat: p.lat, lng: p.lng };

/** The route columns name … description in the order both insert and update list them. */
const routeParams = (body: RouteBody): unknown[] => [
  body.name,
  JSON.stringify(pointJson(body.origin)),
  JSON.stringify(body.waypoints.map(pointJson)),
  JSON.stringify(pointJson(body.destination)),
  body.fenceRadiusM,
  body.description,
];

/** Inserts a route of the tenant created by user name `by`; returns its id. */
export async function insertRoute(q: Queryable, tenantId: number, by: string, body: RouteBody): Promise<string> {
  const [row] = await q.query<{ id: string }>(
    `INSERT INTO logistics_route (tenant_id, name, origin, waypoints, destination, fence_radius_m, description, create_by)
     VALUES ($1,$2,$3::jsonb,$4::jsonb,$5::jsonb,$6,$7,$8) RETURNING id`,
    [tenantId, ...routeParams(body), by],
  );
  return row!.id;
}

/** Replaces name, points, fence radius and description of a route of the tenant; `by` = user name. */
export async function updateRouteRow(
  q: Queryable,
  tenantId: number,
  id: string,
  by: string,
  body: RouteBody,
): Promise<void> {
  await q.query(
    `UPDATE logistics_route SET name = $3, origin = $4::jsonb, waypoints = $5::jsonb, destination = $6::jsonb, fence_radius_m = $7,
       description = $8, update_by = $9, update_time = now() WHERE tenant_id = $1 AND id = $2`,
    [tenantId, id, ...routeParams(body), by],
  );
}

/** Every route of the tenant for pickers (id, name, fence radius m), by name. */
export async function selectRouteOptions(
  q: Queryable,
  tenantId: number,
): Promise<{ id: string; name: string; fence_radius_m: number }[]> {
  return q.query<{ id: string; name: string; fence_radius_m: number }>(
    'SELECT id, name, fence_radius_m FROM logistics_route WHERE tenant_id = $1 ORDER BY name',
    [tenantId],
  );
}

/** The location columns name … polygon in the order both insert and update list them (polygon corners without labels). */
const locationParams = (body: LocationBody): unknown[] => [
  body.name,
  body.address,
  body.lat,
  body.lng,
  body.fenceRadiusM,
  body.fenceEnabled,
  body.polygon ? JSON.stringify(body.polygon.map((p) => ({ lat: p.lat, lng: p.lng }))) : null,
];

/** Inserts a location of the tenant created by user name `by`; returns its id. */
export async function insertLocation(q: Queryable, tenantId: number, by: string, body: LocationBody): Promise<string> {
  const [row] = await q.query<{ id: string }>(
    `INSERT INTO logistics_location (tenant_id, name, address, lat, lng, fence_radius_m, fence_enabled, polygon, create_by)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8::jsonb,$9) RETURNING id`,
    [tenantId, ...locationParams(body), by],
  );
  return row!.id;
}

/** Replaces a location of the tenant; `by` = user name. */
export async function updateLocationRow(
  q: Queryable,
  tenantId: number,
  id: string,
  by: string,
  body: LocationBody,
): Promise<void> {
  await q.query(
    `UPDATE logistics_location SET name = $3, address = $4, lat = $5, lng = $6, fence_radius_m = $7, fence_enabled = $8, polygon = $9::jsonb,
       update_by = $10, update_time = now() WHERE tenant_id = $1 AND id = $2`,
    [tenantId, id, ...locationParams(body), by],
  );
}
