import type { LOCATION_LIST_FIELDS, LocationRecord, ROUTE_LIST_FIELDS, RouteRecord, RoutePoint } from '@ztj/contracts';
import { AUDIT_LABELS, type ListField, type ListSpec } from '../../../platform/list/list-spec';

/**
 * The route and location lists (settings → paths and points) of the one list
 * machinery. Public fields are `ROUTE_LIST_FIELDS` / `LOCATION_LIST_FIELDS`; positions are WGS-84
 * decimal degrees, fence radii metres.
 */

const ROUTE_FIELDS: Record<(typeof ROUTE_LIST_FIELDS)[number], ListField> = {
  name: { sql: 'r.name', type: 'string', label: { 'zh-CN': '路线名称', 'en-US': 'Name' } },
  fenceRadiusM: {
    sql: 'r.fence_radius_m',
    type: 'number',
    label: { 'zh-CN': '围栏半径(米)', 'en-US': 'Fence radius (m)' },
  },
  description: { sql: 'r.description', type: 'string', label: { 'zh-CN': '描述', 'en-US': 'Description' } },
  createBy: { sql: 'r.create_by', type: 'string', label: AUDIT_LABELS.createBy },
  createTime: { sql: 'r.create_time', type: 'datetime', label: AUDIT_LABELS.createTime },
};

const LOCATION_FIELDS: Record<(typeof LOCATION_LIST_FIELDS)[number], ListField> = {
  name: { sql: 'l.name', type: 'string', label: { 'zh-CN': '地点名称', 'en-US': 'Name' } },
  address: { sql: 'l.address', type: 'string', label: { 'zh-CN': '地址', 'en-US': 'Address' } },
  fenceRadiusM: {
    sql: 'l.fence_radius_m',
    type: 'number',
    label: { 'zh-CN': '围栏半径(米)', 'en-US': 'Fence radius (m)' },
  },
  fenceEnabled: { sql: 'l.fence_enabled', type: 'boolean', label: { 'zh-CN': '启用围栏', 'en-US': 'Fence enabled' } },
  createBy: { sql: 'l.create_by', type: 'string', label: AUDIT_LABELS.createBy },
  createTime: { sql: 'l.create_time', type: 'datetime', label: AUDIT_LABELS.createTime },
};

/** Columns of a route row (`FROM logistics_route r`). */
export const ROUTE_SELECT = `r.id, r.name, r.origin, r.waypoints, r.destination, r.fence_radius_m, r.description, r.create_by,
  (extract(epoch FROM r.create_time) * 1000)::float8 AS create_ms`;
/** Columns of a location row (`FROM logistics_location l`). */
export const LOCATION_SELECT = `l.id, l.name, l.address, l.lat, l.lng, l.fence_radius_m, l.fence_enabled, l.polygon, l.create_by,
  (extract(epoch FROM l.create_time) * 1000)::float8 AS create_ms`;

/** JSON columns arrive parsed from PostgreSQL and PGlite; text when a driver leaves them as such. */
function json<T>(v: unknown): T {
  return (typeof v === 'string' ? JSON.parse(v) : v) as T;
}

/** A stored point as the API point (numbers, label only when set). */
function pointOf(p: RoutePoint): RoutePoint {
  return p.name ? { lat: Number(p.lat), lng: Number(p.lng), name: p.name } : { lat: Number(p.lat), lng: Number(p.lng) };
}

/** The API record of a route row. */
export function routeRecordOf(r: Record<string, unknown>): RouteRecord {
  return {
    id: String(r.id),
    name: String(r.name),
    origin: pointOf(json<RoutePoint>(r.origin)),
    waypoints: json<RoutePoint[]>(r.waypoints ?? []).map(pointOf),
    destination: pointOf(json<RoutePoint>(r.destination)),
    fenceRadiusM: Number(r.fence_radius_m),
    description: String(r.description ?? ''),
    createBy: r.create_by == null ? null : String(r.create_by),
    createTime: Number(r.create_ms),
  };
}

/** The API record of a location row. */
export function locationRecordOf(r: Record<string, unknown>): LocationRecord {
  const polygon =
    r.polygon == null
      ? null
      : json<{ lat: number; lng: number }[]>(r.polygon).map((p) => ({ lat: Number(p.lat), lng: Number(p.lng) }));
  return {
    id: String(r.id),
    name: String(r.name),
    address: String(r.address ?? ''),
    lat: Number(r.lat),
    lng: Number(r.lng),
    fenceRadiusM: Number(r.fence_radius_m),
    fenceEnabled: Boolean(r.fence_enabled),
    polygon,
    createBy: r.create_by == null ? null : String(r.create_by),
    createTime: Number(r.create_ms),
  };
}

/** Routes of the caller's tenant. */
export const ROUTE_LIST: ListSpec<RouteRecord> = {
  name: 'logisticsRoutes',
  from: 'logistics_route r',
  select: ROUTE_SELECT,
  tenantScope: 'r.tenant_id = $tenant',
  idSql: 'r.id',
  defaultSort: { field: 'createTime', order: 'desc' },
  fields: ROUTE_FIELDS,
  map: routeRecordOf,
};

/** Locations of the caller's tenant. */
export const LOCATION_LIST: ListSpec<LocationRecord> = {
  name: 'logisticsLocations',
  from: 'logistics_location l',
  select: LOCATION_SELECT,
  tenantScope: 'l.tenant_id = $tenant',
  idSql: 'l.id',
  defaultSort: { field: 'createTime', order: 'desc' },
  fields: LOCATION_FIELDS,
  map: locationRecordOf,
};
