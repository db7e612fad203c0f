import type {
  Language,
  LocationAddSchema,
  LocationOption,
  LocationRecord,
  RouteAddSchema,
  RouteOption,
  RouteRecord,
} from '@ztj/contracts';
import type { z } from 'zod';
import type { AuthContext } from '../../../platform/auth/auth-context';
import type { Db } from '../../../platform/db/db';
import { AppError } from '../../../platform/http/app-error';
import { splitIds } from '../../../platform/list/split-ids';
import { nameTaken } from '../../../platform/http/field-errors';
import { getLocations, getRoute } from './places.read';

/**
 * Routes and locations (settings → paths and points; SPEC §3, §5, §7). Bodies
 * are checked by the contracts (names required, fence radius > 0 and ≤ 1000 km, WGS-84 ranges);
 * here every statement is scoped to the caller's tenant and names are unique per tenant (a
 * conflict with a field error on `name`).
 */

type RouteBody = z.output<typeof RouteAddSchema>;
type LocationBody = z.output<typeof LocationAddSchema>;

/** Point JSON as stored: WGS-84 degrees and the label only when given. */
const pointJson = (p: { lat: number; lng: number; name?: string }): { lat: number; lng: number; name?: string } =>
  p.name ? { lat: p.lat, lng: p.lng, name: p.name } : { lat: p.lat, lng: p.lng };

/**
 * One route of the tenant.
 * @throws AppError notFound routeNotFound (also for another tenant's route).
 */
export async function viewRoute(db: Db, tenantId: number, id: string): Promise<RouteRecord> {
  const route = await getRoute(db, tenantId, id);
  if (!route) throw new AppError('notFound', 'routeNotFound');
  return route;
}

async function checkRouteName(
  db: Db,
  tenantId: number,
  lang: Language,
  name: string,
  exceptId: string | null,
): Promise<void> {
  const taken = await db.query(
    'SELECT 1 FROM logistics_route WHERE tenant_id = $1 AND name = $2 AND id IS DISTINCT FROM $3',
    [tenantId, name, exceptId],
  );
  if (taken.length) throw nameTaken(lang, 'routeNameExists');
}

/**
 * Adds a route.
 * @throws AppError conflict routeNameExists (field `name`).
 */
export async function addRoute(db: Db, auth: AuthContext, lang: Language, body: RouteBody): Promise<RouteRecord> {
  await checkRouteName(db, auth.tenantId, lang, body.name, null);
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO logistics_route (tenant_id, name, origin, waypoints, destination, fence_radius_m, description, create_by)
     VALUES ($1,$2,$3::jsonb,$4::jsonb,$5::jsonb,$6,$7,$8) RETURNING id`,
    [
      auth.tenantId,
      body.name,
      JSON.stringify(pointJson(body.origin)),
      JSON.stringify(body.waypoints.map(pointJson)),
      JSON.stringify(pointJson(body.destination)),
      body.fenceRadiusM,
      body.description,
      auth.username,
    ],
  );
  return viewRoute(db, auth.tenantId, row!.id);
}

/**
 * Replaces a route (name, points, fence radius, description).
 * @throws AppError notFound routeNotFound; conflict routeNameExists.
 */
export async function updateRoute(
  db: Db,
  auth: AuthContext,
  lang: Language,
  body: RouteBody & { id: string },
): Promise<RouteRecord> {
  await viewRoute(db, auth.tenantId, body.id);
  await checkRouteName(db, auth.tenantId, lang, body.name, body.id);
  await db.query(
    `UPDATE logistics_route SET name = $3, origin = $4::jsonb, waypoints = $5::jsonb, destination = $6::jsonb, fence_radius_m = $7,
       description = $8, update_by = $9, update_time = now() WHERE tenant_id = $1 AND id = $2`,
    [
      auth.tenantId,
      body.id,
      body.name,
      JSON.stringify(pointJson(body.origin)),
      JSON.stringify(body.waypoints.map(pointJson)),
      JSON.stringify(pointJson(body.destination)),
      body.fenceRadiusM,
      body.description,
      auth.username,
    ],
  );
  return viewRoute(db, auth.tenantId, body.id);
}

/**
 * Deletes routes of the tenant (`ids` comma-joined).
 * @throws AppError notFound routeNotFound when any id is not a route of the tenant (nothing is deleted).
 */
export async function deleteRoutes(db: Db, auth: AuthContext, ids: string): Promise<void> {
  const list = splitIds(ids);
  await db.tx(async (q) => {
    const rows = await q.query(
      'DELETE FROM logistics_route WHERE tenant_id = $1 AND id = ANY($2::text[]) RETURNING id',
      [auth.tenantId, list],
    );
    if (list.length === 0 || rows.length !== list.length) throw new AppError('notFound', 'routeNotFound');
  });
}

/** Every route of the tenant for pickers, by name. */
export async function routeOptions(db: Db, tenantId: number): Promise<RouteOption[]> {
  const rows = await db.query<{ id: string; name: string; fence_radius_m: number }>(
    'SELECT id, name, fence_radius_m FROM logistics_route WHERE tenant_id = $1 ORDER BY name',
    [tenantId],
  );
  return rows.map((r) => ({ id: r.id, name: r.name, fenceRadiusM: Number(r.fence_radius_m) }));
}

/**
 * One location of the tenant.
 * @throws AppError notFound locationNotFound (also for another tenant's location).
 */
export async function viewLocation(db: Db, tenantId: number, id: string): Promise<LocationRecord> {
  const [location] = await getLocations(db, tenantId, [id]);
  if (!location) throw new AppError('notFound', 'locationNotFound');
  return location;
}

async function checkLocationName(
  db: Db,
  tenantId: number,
  lang: Language,
  name: string,
  exceptId: string | null,
): Promise<void> {
  const taken = await db.query(
    'SELECT 1 FROM logistics_location WHERE tenant_id = $1 AND name = $2 AND id IS DISTINCT FROM $3',
    [tenantId, name, exceptId],
  );
  if (taken.length) throw nameTaken(lang, 'locationNameExists');
}

const polygonJson = (body: LocationBody): string | null =>
  body.polygon ? JSON.stringify(body.polygon.map((p) => ({ lat: p.lat, lng: p.lng }))) : null;

/**
 * Adds a location.
 * @throws AppError conflict locationNameExists (field `name`).
 */
export async function addLocation(
  db: Db,
  auth: AuthContext,
  lang: Language,
  body: LocationBody,
): Promise<LocationRecord> {
  await checkLocationName(db, auth.tenantId, lang, body.name, null);
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO logistics_location (tenant_id, name, address, lat, lng, fence_radius_m, fence_enabled, polygon, create_by)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8::jsonb,$9) RETURNING id`,
    [
      auth.tenantId,
      body.name,
      body.address,
      body.lat,
      body.lng,
      body.fenceRadiusM,
      body.fenceEnabled,
      polygonJson(body),
      auth.username,
    ],
  );
  return viewLocation(db, auth.tenantId, row!.id);
}

/**
 * Replaces a location.
 * @throws AppError notFound locationNotFound; conflict locationNameExists.
 */
export async function updateLocation(
  db: Db,
  auth: AuthContext,
  lang: Language,
  body: LocationBody & { id: string },
): Promise<LocationRecord> {
  await viewLocation(db, auth.tenantId, body.id);
  await checkLocationName(db, auth.tenantId, lang, body.name, body.id);
  await db.query(
    `UPDATE logistics_location SET name = $3, address = $4, lat = $5, lng = $6, fence_radius_m = $7, fence_enabled = $8, polygon = $9::jsonb,
       update_by = $10, update_time = now() WHERE tenant_id = $1 AND id = $2`,
    [
      auth.tenantId,
      body.id,
      body.name,
      body.address,
      body.lat,
      body.lng,
      body.fenceRadiusM,
      body.fenceEnabled,
      polygonJson(body),
      auth.username,
    ],
  );
  return viewLocation(db, auth.tenantId, body.id);
}

/**
 * Deletes locations of the tenant (`ids` comma-joined).
 * @throws AppError notFound locationNotFound when any id is not a location of the tenant (nothing is deleted).
 */
export async function deleteLocations(db: Db, auth: AuthContext, ids: string): Promise<void> {
  const list = splitIds(ids);
  await db.tx(async (q) => {
    const rows = await q.query(
      'DELETE FROM logistics_location WHERE tenant_id = $1 AND id = ANY($2::text[]) RETURNING id',
      [auth.tenantId, list],
    );
    if (list.length === 0 || rows.length !== list.length) throw new AppError('notFound', 'locationNotFound');
  });
}

/** Every location of the tenant for pickers, by name. */
export async function locationOptions(db: Db, tenantId: number): Promise<LocationOption[]> {
  return (await getLocations(db, tenantId)).map((l) => ({
    id: l.id,
    name: l.name,
    lat: l.lat,
    lng: l.lng,
    fenceRadiusM: l.fenceRadiusM,
    fenceEnabled: l.fenceEnabled,
  }));
}
