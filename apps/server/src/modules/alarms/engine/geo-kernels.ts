import { distanceToFenceEdgeM, type Fence, type PreparedRoute } from '../../../platform/geo';

/**
 * Precomputed geometry of the position watchers (geofence and route deviation
 * are judged on every reading, `geo_eval_overhead_pct` ≤ 10 %). Built once per compiled condition
 * (per rule-cache snapshot), called per reading with the reading's WGS-84 degrees. Distances in
 * metres. Both kernels give the same decisions as `platform/geo` (@turf), which stays the
 * reference (see `geo-kernels.test.ts`):
 *
 * - {@link fenceEdgeKernel}: the signed distance to a circle fence's edge is @turf/distance's
 *   haversine, operation for operation (same bits), with the centre's cosine computed once;
 *   polygon fences go to `distanceToFenceEdgeM` unchanged.
 * - {@link corridorKernel}: a cheap *sufficient* test "surely within `radiusM` of the route";
 *   it never decides "outside" — any point it does not accept is left to the exact computation.
 */

/** Mean earth radius of @turf (`earthRadius` of @turf/helpers), m. */
const EARTH_RADIUS_M = 6_371_008.8;
/** Metres per degree of latitude (and of longitude at the equator) on that sphere. */
const M_PER_DEG = (Math.PI / 180) * EARTH_RADIUS_M;

/** Degrees to radians exactly as @turf/helpers `degreesToRadians` (same operations, same bits). */
const rad = (deg: number): number => ((deg % 360) * Math.PI) / 180;

/** Signed distance from (lat, lng) in degrees to a fence's edge, m: > 0 outside, ≤ 0 inside. */
export type FenceEdgeKernel = (lat: number, lng: number) => number;

/**
 * The signed edge distance of `fence`, equal to `distanceToFenceEdgeM(fence, {lat, lng})` to the
 * bit: for a circle, @turf/distance's haversine from the centre minus the radius (SPEC §3 location
 * fence radius, m) with the centre's terms precomputed; a polygon fence is passed to @turf.
 */
export function fenceEdgeKernel(fence: Fence): FenceEdgeKernel {
  if (fence.kind !== 'circle') return (lat, lng) => distanceToFenceEdgeM(fence, { lat, lng });
  const { lat: cLat, lng: cLng } = fence.center;
  const cosLat1 = Math.cos(rad(cLat));
  const radiusM = fence.radiusM;
  return (lat, lng) => {
    const dLat = rad(lat - cLat);
    const dLon = rad(lng - cLng);
    const a = Math.pow(Math.sin(dLat / 2), 2) + Math.pow(Math.sin(dLon / 2), 2) * cosLat1 * Math.cos(rad(lat));
    return 2 * Math.atan2(Math.sqrt(a), Math.sqrt(1 - a)) * EARTH_RADIUS_M - radiusM;
  };
}

/** True when (lat, lng) in degrees is surely within the corridor; false means "not decided". */
export type CorridorKernel = (lat: number, lng: number) => boolean;

/** Share of the radius kept as a safety band by {@link corridorKernel} (as `platform/geo/corridor.ts`). */
const BAND = 0.05;
/** Longest segment the kernel judges, m (longer ones are left to the exact computation). */
const SEGMENT_MAX_M = 200_000;
/** Widest corridor the kernel judges, m (the local projection is trusted to a few kilometres). */
const RADIUS_MAX_M = 20_000;
/** Highest latitude the kernel judges, degrees (the local projection degrades toward the poles). */
const LAT_MAX = 80;

const never: CorridorKernel = () => false;

/**
 * A sufficient test for "within `radiusM` metres of the route's polyline" (the route deviation
 * clear corridor, m): the distance from the point to each segment in an equirectangular projection
 * centred on the point (relative error about (d / R)·tan φ, under 2 % for d ≤ 20 km below 80°),
 * plus a per-segment bound of the gap between the straight segment in degrees and @turf's
 * great-circle segment (its sagitta, about L²·tan φ / 8R; taken as 2·L²·(1 + tan φ) / 8R with L
 * an upper bound of the length), must stay inside `(1 − 5 %) × radiusM`. Points it does not
 * accept are left to the exact computation (`withinCorridor`), as are routes of one point,
 * corridors over 20 km, segments over 200 km, latitudes beyond 80° and the antimeridian.
 */
export function corridorKernel(route: PreparedRoute, radiusM: number): CorridorKernel {
  const pts = route.points;
  if (pts.length < 2 || !(radiusM > 0) || radiusM > RADIUS_MAX_M) return never;
  const n = pts.length - 1;
  /** Per segment: lat A, lng A, lat B, lng B (degrees), then the allowance (limit − bound), m. */
  const seg = new Float64Array(n * 5);
  const limit = radiusM * (1 - BAND);
  let usable = 0;
  for (let i = 0; i < n; i++) {
    const a = pts[i]!;
    const b = pts[i + 1]!;
    const latMax = Math.max(Math.abs(a.lat), Math.abs(b.lat));
    // along the meridian, then along the parallel of the lower latitude (equator if crossed): ≥ the great circle
    const cosLow = a.lat * b.lat <= 0 ? 1 : Math.cos(rad(Math.min(Math.abs(a.lat), Math.abs(b.lat))));
    const lengthM = Math.abs(b.lat - a.lat) * M_PER_DEG + Math.abs(b.lng - a.lng) * M_PER_DEG * cosLow;
    const judged = latMax <= LAT_MAX && Math.abs(b.lng - a.lng) <= 180 && lengthM <= SEGMENT_MAX_M;
    const bound = judged ? (2 * lengthM * lengthM * (1 + Math.tan(rad(latMax)))) / (8 * EARTH_RADIUS_M) : Infinity;
    seg.set([a.lat, a.lng, b.lat, b.lng, limit - bound], i * 5);
    if (limit - bound > 0) usable += 1;
  }
  if (usable === 0) return never;
  return (lat, lng) => {
    if (!(Math.abs(lat) <= LAT_MAX)) return false;
    const kx = M_PER_DEG * Math.cos(rad(lat));
    for (let o = 0; o < seg.length; o += 5) {
      const allowed = seg[o + 4]!;
      if (!(allowed > 0)) continue;
      // A and B relative to the point, m; the distance from the origin to segment AB
      const ax = (seg[o + 1]! - lng) * kx;
      const ay = (seg[o]! - lat) * M_PER_DEG;
      const ux = (seg[o + 3]! - lng) * kx - ax;
      const uy = (seg[o + 2]! - lat) * M_PER_DEG - ay;
      const uu = ux * ux + uy * uy;
      const t = uu > 0 ? Math.min(Math.max(-(ax * ux + ay * uy) / uu, 0), 1) : 0;
      const cx = ax + t * ux;
      const cy = ay + t * uy;
      if (cx * cx + cy * cy <= allowed * allowed) return true;
    }
    return false;
  };
}
