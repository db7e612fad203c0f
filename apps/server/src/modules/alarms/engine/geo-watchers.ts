import {
  PARAM,
  POSITION_EFFECTS,
  type DwellCondition,
  type GeofenceCondition,
  type RouteDeviationCondition,
} from '@ztj/contracts';
import { withinCorridor, type LatLng } from '../../../platform/geo';
import type { ConditionState, EngineReading, RulePlaces } from './engine.types';
import { judged, type ConditionWatcher } from './watcher';
import { corridorKernel, fenceEdgeKernel } from './geo-kernels';

/**
 * Watchers of the position conditions (SPEC §9 position effect 1 enter, 2 leave,
 * 6 both; parameter P001 fence, P002 preset route): geofence, dwell and route deviation, judged on
 * the reading's WGS-84 position (`lat`, `lng`); readings without a position say nothing. Distances
 * in metres (@turf via `platform/geo`; circle fences and the clear corridor precomputed per
 * condition by `geo-kernels.ts`, same decisions). Fences and routes are resolved by the rule cache
 * ({@link RulePlaces}); a condition whose location or route is missing (deleted, disabled fence,
 * other tenant) never holds.
 */

const MIN = 60_000;

/** Whether the reading carries a position (finite `lat` and `lng`, degrees). */
function hasPosition(r: EngineReading): r is EngineReading & LatLng {
  const { lat, lng } = r;
  return typeof lat === 'number' && typeof lng === 'number' && Number.isFinite(lat) && Number.isFinite(lng);
}

/** A watcher that never judges (its place is missing). */
function silent(alarmType: string): ConditionWatcher {
  return { alarmType, holdMs: 0, clearDelayMs: 0, excess: () => 0, judge: () => false };
}

/**
 * Crossing memory kept in `lastValue`: `o` outside / `i` inside, never seen crossing; `O` outside
 * after leaving, `I` inside after entering (a crossing seen between two of the device's fixes).
 */
type Side = 'o' | 'i' | 'O' | 'I';

/** The stored side, or null when nothing (or something else) was kept. */
function sideOf(last: ConditionState['lastValue']): Side | null {
  return last === 'o' || last === 'i' || last === 'O' || last === 'I' ? last : null;
}

const isInside = (s: Side): boolean => s === 'i' || s === 'I';

function nextSide(last: ConditionState['lastValue'], inside: boolean): Side {
  const prev = sideOf(last);
  const wasInside = prev !== null && isInside(prev);
  if (inside) return prev === null ? 'i' : wasInside ? prev : 'I';
  return prev === null ? 'o' : wasInside ? 'O' : prev;
}

/**
 * Geofence enter / leave / both (see `GeofenceConditionSchema` for the rule). The verdict's value
 * is the signed distance to the fence edge in metres (> 0 outside), so the alarm's peak is the
 * deepest point inside (enter) or the farthest point outside (leave).
 */
export function geofenceWatcher(c: GeofenceCondition, places: RulePlaces | undefined): ConditionWatcher {
  const fence = places?.locations.get(c.locationId);
  if (!fence) return silent(PARAM.fence);
  const m = c.hysteresis.margin;
  const edge = fenceEdgeKernel(fence);
  return {
    alarmType: PARAM.fence,
    holdMs: 0,
    clearDelayMs: c.hysteresis.clearDelayMinutes * MIN,
    excess: (v) => (c.effect === POSITION_EFFECTS.enter ? -v : c.effect === POSITION_EFFECTS.leave ? v : 0),
    judge(r, last, out) {
      if (!hasPosition(r)) return false;
      const d = edge(r.lat, r.lng);
      const inside = d <= 0;
      const side = nextSide(last, inside);
      const value = Math.round(d);
      if (c.effect === POSITION_EFFECTS.enter) return judged(out, side === 'I', !inside && d > m, value, side);
      if (c.effect === POSITION_EFFECTS.leave) return judged(out, side === 'O', inside && d <= -m, value, side);
      const prev = sideOf(last);
      const crossed = prev !== null && isInside(prev) !== inside;
      return judged(out, crossed, !crossed, value, side);
    },
  };
}

/** Dwell ≥ `minutes` inside the location (the lifecycle's hold time counts the stay; value = edge distance, m). */
export function dwellWatcher(c: DwellCondition, places: RulePlaces | undefined): ConditionWatcher {
  const fence = places?.locations.get(c.locationId);
  if (!fence) return silent(PARAM.fence);
  const edge = fenceEdgeKernel(fence);
  return {
    alarmType: PARAM.fence,
    holdMs: c.minutes * MIN,
    clearDelayMs: 0,
    excess: (v) => -v,
    judge(r, _last, out) {
      if (!hasPosition(r)) return false;
      const d = edge(r.lat, r.lng);
      return judged(out, d <= 0, d > 0, Math.round(d));
    },
  };
}

/**
 * Route deviation: distance from the route's polyline (m) above the corridor. Value = that distance,
 * null while the device is well inside the clear corridor (decided without computing it, by the
 * precomputed segments of `geo-kernels.ts`, else by the memoised buffer of
 * `platform/geo/corridor.ts`: the hot path of a truck on its route).
 */
export function routeDeviationWatcher(c: RouteDeviationCondition, places: RulePlaces | undefined): ConditionWatcher {
  const route = places?.routes.get(c.routeId);
  if (!route) return silent(PARAM.presetRoute);
  const clearWithin = Math.max(c.corridorM - c.hysteresis.margin, 0);
  const surelyWithin = corridorKernel(route, clearWithin);
  return {
    alarmType: PARAM.presetRoute,
    holdMs: 0,
    clearDelayMs: c.hysteresis.clearDelayMinutes * MIN,
    excess: (v) => v - c.corridorM,
    judge(r, _last, out) {
      if (!hasPosition(r)) return false;
      // a point well inside the clear corridor: value null
      if (surelyWithin(r.lat, r.lng)) return judged(out, false, true, null);
      const near = withinCorridor(route, { lat: r.lat, lng: r.lng }, clearWithin);
      if (near.within) return judged(out, false, true, near.distanceM === null ? null : Math.round(near.distanceM));
      const d = near.distanceM!;
      return judged(out, d > c.corridorM, false, Math.round(d));
    },
  };
}
