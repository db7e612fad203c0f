import type { WaybillRoute } from '@ztj/contracts';
import type { Queryable } from '../../../platform/db/db';
import { getRoute } from '../places/places.read';

/**
 * The preset route of a waybill as the waybill keeps it (SPEC §3 route: name, origin, waypoints,
 * destination, fence radius m; WGS-84), read through the places module's `getRoute`. Returns
 * undefined for an unknown id or another tenant's route.
 */
export async function readRoute(q: Queryable, tenantId: number, id: string): Promise<WaybillRoute | undefined> {
  const r = await getRoute(q, tenantId, id);
  if (!r) return undefined;
  return {
    id: r.id,
    name: r.name,
    origin: r.origin,
    waypoints: r.waypoints,
    destination: r.destination,
    fenceRadiusM: r.fenceRadiusM,
  };
}
