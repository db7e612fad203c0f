/**
 * Geofences of SPEC §3 (location: fence radius, fence enabled; polygons welcome) and §9 (position
 * effect 1 enter / 2 leave / 6 both). Pure geometry on WGS-84 degrees; distances in metres, computed
 * by @turf (great-circle / geodesic), never hand-written.
 */
import { distance, point, polygon, pointToPolygonDistance, booleanPointInPolygon } from '@turf/turf';

/** A WGS-84 position in degrees (lat −90…90, lng −180…180). */
export interface LatLng {
  lat: number;
  lng: number;
}

/** A circle fence: centre (WGS-84) and radius in metres (> 0, ≤ 1,000 km per SPEC §5). */
export interface CircleFence {
  kind: 'circle';
  center: LatLng;
  radiusM: number;
}

/** A polygon fence: one outer ring of ≥ 3 WGS-84 vertices (closing the ring is optional). */
export interface PolygonFence {
  kind: 'polygon';
  ring: LatLng[];
}

/** A geofence (circle or polygon). */
export type Fence = CircleFence | PolygonFence;

/** [lng, lat] position for GeoJSON (@turf takes longitude first). */
export const toPosition = (p: LatLng): [number, number] => [p.lng, p.lat];

/** Great-circle distance between two WGS-84 positions in metres (haversine, via @turf/distance). */
export function distanceM(a: LatLng, b: LatLng): number {
  return distance(toPosition(a), toPosition(b), { units: 'meters' });
}

/** GeoJSON polygons built once per fence object (fences are evaluated on every reading). */
const polygons = new WeakMap<PolygonFence, ReturnType<typeof polygon>>();

function polygonOf(fence: PolygonFence): ReturnType<typeof polygon> {
  let f = polygons.get(fence);
  if (!f) polygons.set(fence, (f = polygonFeature(fence.ring)));
  return f;
}

function polygonFeature(ring: LatLng[]): ReturnType<typeof polygon> {
  if (ring.length < 3) throw new RangeError('polygon fence needs at least 3 vertices');
  const coords = ring.map(toPosition);
  const [first, last] = [coords[0], coords[coords.length - 1]];
  if (first[0] !== last[0] || first[1] !== last[1]) coords.push(first);
  return polygon([coords]);
}

/**
 * Signed distance from `p` to the fence's edge in metres: > 0 outside, ≤ 0 inside (−d = d metres
 * inside the edge). Throws RangeError for a polygon with fewer than 3 vertices.
 */
export function distanceToFenceEdgeM(fence: Fence, p: LatLng): number {
  if (fence.kind === 'circle') return distanceM(fence.center, p) - fence.radiusM;
  return pointToPolygonDistance(point(toPosition(p)), polygonOf(fence), { units: 'meters' });
}

/**
 * Whether `p` is inside the fence (its edge counts as inside). Throws RangeError for a polygon with
 * fewer than 3 vertices.
 */
export function fenceContains(fence: Fence, p: LatLng): boolean {
  if (fence.kind === 'circle') return distanceM(fence.center, p) <= fence.radiusM;
  return booleanPointInPolygon(toPosition(p), polygonOf(fence));
}

/**
 * The fence of a `logistics_location` row: its polygon when it has one of ≥ 3 vertices, else the
 * circle of `fence_radius_m` around (lat, lng). Polygon JSON: `[{lat,lng}, …]` or `[[lng,lat], …]`.
 */
export function fenceOfLocation(row: { lat: number; lng: number; fenceRadiusM: number; polygon?: unknown }): Fence {
  const ring = parseRing(row.polygon);
  if (ring && ring.length >= 3) return { kind: 'polygon', ring };
  return { kind: 'circle', center: { lat: row.lat, lng: row.lng }, radiusM: row.fenceRadiusM };
}

function parseRing(value: unknown): LatLng[] | null {
  if (!Array.isArray(value)) return null;
  const ring: LatLng[] = [];
  for (const v of value) {
    if (Array.isArray(v) && typeof v[0] === 'number' && typeof v[1] === 'number') ring.push({ lng: v[0], lat: v[1] });
    else if (
      v &&
      typeof v === 'object' &&
      typeof (v as LatLng).lat === 'number' &&
      typeof (v as LatLng).lng === 'number'
    )
      ring.push({ lat: (v as LatLng).lat, lng: (v as LatLng).lng });
    else return null;
  }
  return ring;
}
