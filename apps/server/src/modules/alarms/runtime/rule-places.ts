import type { EngineRule, RulePlaces } from '../engine';

/**
 * The places port of the alarm engine: the fences and routes its position conditions (geofence,
 * dwell, route deviation) name are kept by logistics; the rule cache asks for them through
 * {@link LoadRulePlaces}, which the composition root (device-side.ts) implements with logistics'
 * `loadRulePlaces`. Without one, position conditions never hold (no place is known).
 */

/** Location and route ids named by the rules of some devices. */
export interface PlaceIds {
  locationIds: Set<string>;
  routeIds: Set<string>;
}

/** The ids of the places the rules of `devices` name. */
export function placeIdsOf(devices: Iterable<{ rules: readonly EngineRule[] }>): PlaceIds {
  const ids: PlaceIds = { locationIds: new Set(), routeIds: new Set() };
  for (const d of devices) {
    for (const r of d.rules) {
      for (const c of r.template.conditions) {
        if (c.type === 'geofence' || c.type === 'dwell') ids.locationIds.add(c.locationId);
        else if (c.type === 'routeDeviation') ids.routeIds.add(c.routeId);
      }
    }
  }
  return ids;
}

/**
 * Loads the places of `ids`, grouped by tenant id, so a rule only ever sees its own tenant's
 * places. Rejects when a query fails; a malformed place is skipped and reported through `onError`.
 */
export type LoadRulePlaces = (ids: PlaceIds, onError?: (e: Error) => void) => Promise<Map<number, RulePlaces>>;
