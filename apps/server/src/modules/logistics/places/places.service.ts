import type { Language, LocationOption, LocationRecord, MessageKey, RouteOption, RouteRecord } from '@ztj/contracts';
import type { AuthContext } from '../../../platform/auth/auth-context';
import type { Db } from '../../../platform/db/db';
import { AppError } from '../../../platform/http/app-error';
import { splitIds } from '../../../platform/list/split-ids';
import { nameTaken } from '../../../platform/http/field-errors';
import { getLocations, getRoute } from './places.read';
import {
  deletePlaces,
  insertLocation,
  insertRoute,
  placeNameTaken,
  selectRouteOptions,
  updateLocationRow,
  updateRouteRow,
  type LocationBody,
  type PlaceTable,
  type RouteBody,
} from './places.repo';

/**
 * Routes and locations (settings → paths and points; SPEC §3, §5, §7). Bodies
 * are checked by the contracts (names required, fence radius > 0 and ≤ 1000 km, WGS-84 ranges);
 * here every statement is scoped to the caller's tenant and names are unique per tenant (a
 * conflict with a field error on `name`).
 */

/** The messages of one kind of place. */
interface PlaceKind {
  table: PlaceTable;
  nameExists: MessageKey;
  notFound: MessageKey;
}

const ROUTE: PlaceKind = { table: 'logistics_route', nameExists: 'routeNameExists', notFound: 'routeNotFound' };
const LOCATION: PlaceKind = {
  table: 'logistics_location',
  nameExists: 'locationNameExists',
  notFound: 'locationNotFound',
};

/** @throws AppError conflict `kind.nameExists` (field `name`) when another place of the tenant has the name. */
async function checkName(
  db: Db,
  kind: PlaceKind,
  tenantId: number,
  lang: Language,
  name: string,
  exceptId: string | null,
): Promise<void> {
  if (await placeNameTaken(db, kind.table, tenantId, name, exceptId)) throw nameTaken(lang, kind.nameExists);
}

/**
 * Deletes places of the tenant (`ids` comma-joined), all or none.
 * @throws AppError notFound `kind.notFound` when any id is not a place of the tenant (nothing is deleted).
 */
async function deleteAll(db: Db, kind: PlaceKind, auth: AuthContext, ids: string): Promise<void> {
  const list = splitIds(ids);
  await db.tx(async (q) => {
    const deleted = await deletePlaces(q, kind.table, auth.tenantId, list);
    if (list.length === 0 || deleted !== list.length) throw new AppError('notFound', kind.notFound);
  });
}

/**
 * One route of the tenant.
 * @throws AppError notFound routeNotFound (also for another tenant's route).
 */
export async function viewRoute(db: Db, tenantId: number, id: string): Promise<RouteRecord> {
  const route = await getRoute(db, tenantId, id);
  if (!route) throw new AppError('notFound', 'routeNotFound');
  return route;
}

/**
 * Adds a route.
 * @throws AppError conflict routeNameExists (field `name`).
 */
export async function addRoute(db: Db, auth: AuthContext, lang: Language, body: RouteBody): Promise<RouteRecord> {
  await checkName(db, ROUTE, auth.tenantId, lang, body.name, null);
  const id = await insertRoute(db, auth.tenantId, auth.username, body);
  return viewRoute(db, auth.tenantId, id);
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
  await checkName(db, ROUTE, auth.tenantId, lang, body.name, body.id);
  await updateRouteRow(db, auth.tenantId, body.id, auth.username, body);
  return viewRoute(db, auth.tenantId, body.id);
}

/**
 * Deletes routes of the tenant (`ids` comma-joined).
 * @throws AppError notFound routeNotFound when any id is not a route of the tenant (nothing is deleted).
 */
export async function deleteRoutes(db: Db, auth: AuthContext, ids: string): Promise<void> {
  await deleteAll(db, ROUTE, auth, ids);
}

/** Every route of the tenant for pickers, by name. */
export async function routeOptions(db: Db, tenantId: number): Promise<RouteOption[]> {
  const rows = await selectRouteOptions(db, tenantId);
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
  await checkName(db, LOCATION, auth.tenantId, lang, body.name, null);
  const id = await insertLocation(db, auth.tenantId, auth.username, body);
  return viewLocation(db, auth.tenantId, id);
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
  await checkName(db, LOCATION, auth.tenantId, lang, body.name, body.id);
  await updateLocationRow(db, auth.tenantId, body.id, auth.username, body);
  return viewLocation(db, auth.tenantId, body.id);
}

/**
 * Deletes locations of the tenant (`ids` comma-joined).
 * @throws AppError notFound locationNotFound when any id is not a location of the tenant (nothing is deleted).
 */
export async function deleteLocations(db: Db, auth: AuthContext, ids: string): Promise<void> {
  await deleteAll(db, LOCATION, auth, ids);
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
