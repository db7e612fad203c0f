/**
 * Progress along a preset route (SPEC §3 route: origin, waypoints, destination, fence radius). The
 * route is the polyline origin → waypoints → destination in WGS-84; distances in metres via @turf.
 */
import { lineString, nearestPointOnLine, length, point } from '@turf/turf';
import type { Feature, LineString } from 'geojson';
import { distanceM, toPosition, type LatLng } from './fence';

/** A route prepared once (polyline + total length) for many {@link routeProgress} calls. */
export interface PreparedRoute {
  points: LatLng[];
  line: Feature<LineString> | null;
  totalM: number;
}

/** Where a position stands against a route (all metres). */
export interface RouteProgress {
  /** Distance from the position to the nearest point of the polyline (corridor check). */
  distanceFromRouteM: number;
  /** Distance along the polyline from the origin to that nearest point (0 before the origin). */
  alongM: number;
  /** `totalM − alongM` (0 past the destination). */
  remainingM: number;
  /** Length of the whole polyline. */
  totalM: number;
}

/**
 * Prepares a route from its ordered points (origin, waypoints…, destination). Consecutive duplicate
 * points are dropped; a route that collapses to one point is kept (length 0). Throws RangeError for
 * an empty list.
 */
export function prepareRoute(points: LatLng[]): PreparedRoute {
  if (points.length === 0) throw new RangeError('a route needs at least one point');
  const pts = points.filter((p, i) => i === 0 || p.lat !== points[i - 1].lat || p.lng !== points[i - 1].lng);
  if (pts.length < 2) return { points: pts, line: null, totalM: 0 };
  const line = lineString(pts.map(toPosition));
  return { points: pts, line, totalM: length(line, { units: 'meters' }) };
}

/**
 * Progress of `position` along `route` (points or a {@link PreparedRoute}): nearest point on the
 * polyline, its distance, and the distance travelled/remaining along the line. A position before
 * the origin snaps to the origin (alongM 0), one past the destination to the destination
 * (remainingM 0). Throws RangeError for an empty route.
 */
export function routeProgress(route: LatLng[] | PreparedRoute, position: LatLng): RouteProgress {
  const r = Array.isArray(route) ? prepareRoute(route) : route;
  if (!r.line) return { distanceFromRouteM: distanceM(r.points[0], position), alongM: 0, remainingM: 0, totalM: 0 };
  const near = nearestPointOnLine(r.line, point(toPosition(position)), { units: 'meters' });
  const alongM = Math.min(Math.max(near.properties.totalDistance, 0), r.totalM);
  return {
    distanceFromRouteM: near.properties.pointDistance,
    alongM,
    remainingM: Math.max(r.totalM - alongM, 0),
    totalM: r.totalM,
  };
}
