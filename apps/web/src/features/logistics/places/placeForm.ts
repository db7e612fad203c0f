import type { TFunction } from 'i18next';
import {
  FENCE_RADIUS_DEFAULT_M,
  LocationAddSchema,
  RouteAddSchema,
  type LatLng,
  type LocationRecord,
  type PlacesRoutes,
  type RouteBody,
  type RoutePoint,
  type RouteRecord,
} from '@ztj/contracts';
import { issuesToFields, type FieldEntry } from '../../../platform/forms/formIssues';

/**
 * Form values of the route editor and the location modal and their check with the contracts'
 * schemas (SPEC §5: names required, fence radius > 0 and ≤ 1000 km, WGS-84 ranges), so the form
 * shows the same field errors as the server. The fence radius is entered in metres (the unit of
 * the API); the form shows its value in km beside the box.
 */

/** A point being edited: numbers may be missing until the user clicks the map or types them. */
export interface PointForm {
  lat?: number | null;
  lng?: number | null;
  name?: string;
}

/** Values of the route editor. */
export interface RouteFormValues {
  name: string;
  origin: PointForm;
  waypoints: PointForm[];
  destination: PointForm;
  /** Metres. */
  fenceRadiusM?: number | null;
  description: string;
}

/** Values of the location modal. */
export interface LocationFormValues {
  name: string;
  address: string;
  lat?: number | null;
  lng?: number | null;
  /** Metres. */
  fenceRadiusM?: number | null;
  fenceEnabled: boolean;
  /** Polygon fence corners (WGS-84), null for a circle fence. */
  polygon: LatLng[] | null;
}

export type RouteSaveBody = RouteBody<typeof PlacesRoutes.pathAdd>;
export type LocationSaveBody = RouteBody<typeof PlacesRoutes.pointAdd>;

/** Values of a new route: no points yet, the default fence radius. */
export const newRoute = (): RouteFormValues => ({
  name: '',
  origin: {},
  waypoints: [],
  destination: {},
  fenceRadiusM: FENCE_RADIUS_DEFAULT_M,
  description: '',
});
/** Values of a new location: centre from the first map click, default radius, fence on. */
export const newLocation = (): LocationFormValues => ({
  name: '',
  address: '',
  lat: null,
  lng: null,
  fenceRadiusM: FENCE_RADIUS_DEFAULT_M,
  fenceEnabled: true,
  polygon: null,
});

const pointForm = (p: RoutePoint): PointForm => ({ lat: p.lat, lng: p.lng, name: p.name ?? '' });

/** Editor values of a stored route. */
export function routeToForm(r: RouteRecord): RouteFormValues {
  return {
    name: r.name,
    origin: pointForm(r.origin),
    waypoints: r.waypoints.map(pointForm),
    destination: pointForm(r.destination),
    fenceRadiusM: r.fenceRadiusM,
    description: r.description,
  };
}

/** Modal values of a stored location. */
export function locationToForm(l: LocationRecord): LocationFormValues {
  return {
    name: l.name,
    address: l.address,
    lat: l.lat,
    lng: l.lng,
    fenceRadiusM: l.fenceRadiusM,
    fenceEnabled: l.fenceEnabled,
    polygon: l.polygon,
  };
}

/** A number box's value (null/undefined when empty) as the body sends it. */
const num = (v: number | null | undefined): number | undefined => (typeof v === 'number' ? v : undefined);

function pointBody(p: PointForm | undefined): RoutePoint {
  const name = (p?.name ?? '').trim();
  return { lat: num(p?.lat) as number, lng: num(p?.lng) as number, ...(name ? { name } : {}) };
}

/** The route body checked with RouteAddSchema; a missing origin shows on `origin.lat`. */
export function validateRoute(
  values: RouteFormValues,
  t: TFunction,
): { body: RouteSaveBody } | { errors: FieldEntry[] } {
  const body: RouteSaveBody = {
    name: values.name ?? '',
    origin: pointBody(values.origin),
    waypoints: (values.waypoints ?? []).map(pointBody),
    destination: pointBody(values.destination),
    fenceRadiusM: num(values.fenceRadiusM) as number,
    description: values.description ?? '',
  };
  const parsed = RouteAddSchema.safeParse(body);
  return parsed.success ? { body } : { errors: issuesToFields(parsed.error.issues, t) };
}

/**
 * The location body checked with LocationAddSchema; an empty corner list sends no polygon (circle
 * fence), 1-2 corners read `validation.polygonTooFew` on `polygon`.
 */
export function validateLocation(
  values: LocationFormValues,
  t: TFunction,
): { body: LocationSaveBody } | { errors: FieldEntry[] } {
  const body: LocationSaveBody = {
    name: values.name ?? '',
    address: values.address ?? '',
    lat: num(values.lat) as number,
    lng: num(values.lng) as number,
    fenceRadiusM: num(values.fenceRadiusM) as number,
    fenceEnabled: values.fenceEnabled ?? true,
    polygon:
      values.polygon && values.polygon.length > 0 ? values.polygon.map((c) => ({ lat: c.lat, lng: c.lng })) : null,
  };
  const parsed = LocationAddSchema.safeParse(body);
  return parsed.success ? { body } : { errors: issuesToFields(parsed.error.issues, t) };
}

/** True when a point has both coordinates. */
export const hasPosition = (p: PointForm | undefined): p is { lat: number; lng: number; name?: string } =>
  typeof p?.lat === 'number' && typeof p?.lng === 'number';

/** Moves item `from` of `list` one place up (-1) or down (+1); the same array when it cannot move. */
export function moveItem<T>(list: readonly T[], from: number, step: -1 | 1): T[] {
  const to = from + step;
  if (to < 0 || to >= list.length) return [...list];
  const next = [...list];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}

/** A radius in metres as the km text shown beside the box (`1 500` → `1.5 km`), '' when empty. */
export function radiusKmText(m: number | null | undefined): string {
  if (typeof m !== 'number' || !Number.isFinite(m)) return '';
  return `${Number((m / 1000).toFixed(3))} km`;
}

/** Degrees with 6 decimals (about 0.1 m). */
export const formatDeg = (v: number): string => v.toFixed(6);
