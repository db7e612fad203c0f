import { z } from 'zod';
import { pageResultOf } from '../envelope';
import { defineRoute } from '../route';
import { IdQuerySchema, IdsQuerySchema, ListQuerySchema } from '../system/list';

/**
 * Routes and locations (SPEC §2 settings → paths and points, §3 Route and
 * Location, §5 fence radius and required names, §7 path and point settings).
 *
 * Units: positions are WGS-84 decimal degrees (`lat` north positive, `lng` east positive; the
 * console converts to/from GCJ-02 only to draw on Chinese tiles); fence radii are metres
 * (`fenceRadiusM`, > 0 and ≤ 1 000 000 m = 1000 km). Lists take the generic list query over
 * `ROUTE_LIST_FIELDS` / `LOCATION_LIST_FIELDS`.
 */

/** Permission codes of settings → paths and points (menu perms and buttons, SPEC §6). */
export const PLACES_PERMS = {
  pathList: 'path:list',
  pathAdd: 'path:add',
  pathEdit: 'path:edit',
  pathDelete: 'path:delete',
  pointList: 'point:list',
  pointAdd: 'point:add',
  pointEdit: 'point:edit',
  pointDelete: 'point:delete',
} as const;

/** Largest fence radius, metres (SPEC §5: at most 1000 km). */
export const FENCE_RADIUS_MAX_M = 1_000_000;
/** Fence radius a new route or location starts with, metres. */
export const FENCE_RADIUS_DEFAULT_M = 300;
/** Most waypoints of one route. */
export const ROUTE_WAYPOINTS_MAX = 100;

/** Latitude, WGS-84 degrees in [-90, 90] (`validation.latitude`). */
export const PlaceLatSchema = z
  .number({ error: 'validation.required' })
  .min(-90, 'validation.latitude')
  .max(90, 'validation.latitude');
/** Longitude, WGS-84 degrees in [-180, 180] (`validation.longitude`). */
export const PlaceLngSchema = z
  .number({ error: 'validation.required' })
  .min(-180, 'validation.longitude')
  .max(180, 'validation.longitude');

/**
 * Fence radius in metres (SPEC §5): required, greater than 0, at most 1000 km; every failure reads
 * `validation.fenceRadius` except a missing value (`validation.required`).
 */
export const FenceRadiusSchema = z
  .number({
    error: (issue) =>
      issue.input === undefined || issue.input === null ? 'validation.required' : 'validation.fenceRadius',
  })
  .gt(0, 'validation.fenceRadius')
  .max(FENCE_RADIUS_MAX_M, 'validation.fenceRadius');

/** A required place name (SPEC §5 route name, location name): 1-50 characters after trimming. */
const NameSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .max(50, 'validation.tooLong');

/** A point of a route (origin, waypoint, destination): WGS-84 degrees and an optional label. */
export const RoutePointSchema = z.object({
  lat: PlaceLatSchema,
  lng: PlaceLngSchema,
  name: z.string().trim().max(100, 'validation.tooLong').optional(),
});
/** See {@link RoutePointSchema}. */
export type RoutePoint = z.infer<typeof RoutePointSchema>;

/** Body of route add: name, origin, ordered waypoints, destination, fence radius (m), description. */
export const RouteAddSchema = z.object({
  name: NameSchema,
  origin: RoutePointSchema,
  waypoints: z.array(RoutePointSchema).max(ROUTE_WAYPOINTS_MAX, 'validation.tooLong').default([]),
  destination: RoutePointSchema,
  fenceRadiusM: FenceRadiusSchema,
  description: z.string().trim().max(200, 'validation.tooLong').default(''),
});
/** Body of route update: id plus a whole route. */
export const RouteUpdateSchema = RouteAddSchema.extend({ id: z.string().min(1).max(64) });

/** A stored route (fence radius in metres, positions WGS-84). */
export const RouteRecordSchema = z.object({
  id: z.string(),
  name: z.string(),
  origin: RoutePointSchema,
  waypoints: z.array(RoutePointSchema),
  destination: RoutePointSchema,
  fenceRadiusM: z.number(),
  description: z.string(),
  createBy: z.string().nullable(),
  /** Server ms epoch. */
  createTime: z.number(),
});
/** See {@link RouteRecordSchema}. */
export type RouteRecord = z.infer<typeof RouteRecordSchema>;
/** Public fields of the route list. */
export const ROUTE_LIST_FIELDS = ['name', 'fenceRadiusM', 'description', 'createBy', 'createTime'] as const;

/** A polygon fence: 3-200 corners, WGS-84 degrees (closed implicitly). */
export const PolygonSchema = z
  .array(z.object({ lat: PlaceLatSchema, lng: PlaceLngSchema }))
  .min(3, 'validation.polygonTooFew')
  .max(200, 'validation.tooLong');

/**
 * Body of location add: name, address, centre (WGS-84 degrees), fence radius (m), fence enabled,
 * and an optional polygon fence (when set it is the fence; the circle stays as its outer bound).
 */
export const LocationAddSchema = z.object({
  name: NameSchema,
  address: z.string().trim().max(200, 'validation.tooLong').default(''),
  lat: PlaceLatSchema,
  lng: PlaceLngSchema,
  fenceRadiusM: FenceRadiusSchema,
  fenceEnabled: z.boolean().default(true),
  polygon: PolygonSchema.nullable().default(null),
});
/** Body of location update: id plus a whole location. */
export const LocationUpdateSchema = LocationAddSchema.extend({ id: z.string().min(1).max(64) });

/** A stored location. */
export const LocationRecordSchema = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  lat: z.number(),
  lng: z.number(),
  fenceRadiusM: z.number(),
  fenceEnabled: z.boolean(),
  polygon: z.array(z.object({ lat: z.number(), lng: z.number() })).nullable(),
  createBy: z.string().nullable(),
  /** Server ms epoch. */
  createTime: z.number(),
});
/** See {@link LocationRecordSchema}. */
export type LocationRecord = z.infer<typeof LocationRecordSchema>;
/** Public fields of the location list. */
export const LOCATION_LIST_FIELDS = [
  'name',
  'address',
  'fenceRadiusM',
  'fenceEnabled',
  'createBy',
  'createTime',
] as const;

/** A route of the pickers of other screens (waybills, geofence conditions). */
export const RouteOptionSchema = z.object({ id: z.string(), name: z.string(), fenceRadiusM: z.number() });
/** A location of the pickers of other screens. */
export const LocationOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  lat: z.number(),
  lng: z.number(),
  fenceRadiusM: z.number(),
  fenceEnabled: z.boolean(),
});
/** See {@link RouteOptionSchema}. */
export type RouteOption = z.infer<typeof RouteOptionSchema>;
/** See {@link LocationOptionSchema}. */
export type LocationOption = z.infer<typeof LocationOptionSchema>;

const ok = z.null();
const R = '/wlx/path';
const L = '/wlx/point';
const P = PLACES_PERMS;

/**
 * Path and point settings (SPEC §7), relative to the base path. `options` answer every route /
 * location of the caller's tenant (sorted by name) to any signed-in user of the tenant, for the
 * pickers of screens that do not hold the list permission.
 */
export const PlacesRoutes = {
  pathList: defineRoute({
    method: 'GET',
    path: `${R}/list`,
    access: P.pathList,
    tag: 'routes',
    summary: 'Routes (generic list over ROUTE_LIST_FIELDS)',
    query: ListQuerySchema,
    result: pageResultOf(RouteRecordSchema),
  }),
  pathView: defineRoute({
    method: 'GET',
    path: `${R}/queryById`,
    access: P.pathList,
    tag: 'routes',
    summary: 'One route',
    query: IdQuerySchema,
    result: RouteRecordSchema,
  }),
  pathAdd: defineRoute({
    method: 'POST',
    path: `${R}/add`,
    access: P.pathAdd,
    tag: 'routes',
    summary: 'Add a route (SPEC §5 name and fence radius)',
    body: RouteAddSchema,
    result: RouteRecordSchema,
  }),
  pathUpdate: defineRoute({
    method: 'PUT',
    path: `${R}/update`,
    access: P.pathEdit,
    tag: 'routes',
    summary: 'Replace a route',
    body: RouteUpdateSchema,
    result: RouteRecordSchema,
  }),
  pathDelete: defineRoute({
    method: 'DELETE',
    path: `${R}/delete`,
    access: P.pathDelete,
    tag: 'routes',
    summary: 'Delete routes',
    query: IdsQuerySchema,
    result: ok,
  }),
  pathOptions: defineRoute({
    method: 'GET',
    path: `${R}/options`,
    access: 'session',
    tag: 'routes',
    summary: 'Id, name and fence radius of every route of the tenant',
    result: z.array(RouteOptionSchema),
  }),
  pointList: defineRoute({
    method: 'GET',
    path: `${L}/list`,
    access: P.pointList,
    tag: 'locations',
    summary: 'Locations (generic list over LOCATION_LIST_FIELDS)',
    query: ListQuerySchema,
    result: pageResultOf(LocationRecordSchema),
  }),
  pointView: defineRoute({
    method: 'GET',
    path: `${L}/queryById`,
    access: P.pointList,
    tag: 'locations',
    summary: 'One location',
    query: IdQuerySchema,
    result: LocationRecordSchema,
  }),
  pointAdd: defineRoute({
    method: 'POST',
    path: `${L}/add`,
    access: P.pointAdd,
    tag: 'locations',
    summary: 'Add a location (SPEC §5 name and fence radius)',
    body: LocationAddSchema,
    result: LocationRecordSchema,
  }),
  pointUpdate: defineRoute({
    method: 'PUT',
    path: `${L}/update`,
    access: P.pointEdit,
    tag: 'locations',
    summary: 'Replace a location',
    body: LocationUpdateSchema,
    result: LocationRecordSchema,
  }),
  pointDelete: defineRoute({
    method: 'DELETE',
    path: `${L}/delete`,
    access: P.pointDelete,
    tag: 'locations',
    summary: 'Delete locations',
    query: IdsQuerySchema,
    result: ok,
  }),
  pointOptions: defineRoute({
    method: 'GET',
    path: `${L}/options`,
    access: 'session',
    tag: 'locations',
    summary: 'Id, name, centre and fence of every location of the tenant',
    result: z.array(LocationOptionSchema),
  }),
} as const;
