/**
 * Geometry in one place (ARCHITECTURE §8), on @turf/turf: fences (circle or polygon, distance to
 * the edge, containment), routes (prepared polylines, progress along them) and the corridor around
 * a route. Shared by the alarm engine, devices and waybills; WGS-84 degrees in, metres out.
 */
export * from './fence';
export * from './route-progress';
export * from './corridor';
