import type { WaybillAdd } from '@ztj/contracts';
import type { TestApp } from '../../../../test/test-app';

/** Test helpers of the waybill module: a route of a tenant and a waybill body. */

let seq = 0;

/** Inserts a route of `tenantId` (origin → one waypoint → destination around Rabat, fence 300 m); returns its id. */
export async function routeOf(app: TestApp, tenantId: number, name = `Route ${++seq}-${Date.now()}`): Promise<string> {
  const [r] = await app.db.query<{ id: string }>(
    `INSERT INTO logistics_route (tenant_id, name, origin, waypoints, destination, fence_radius_m)
     VALUES ($1, $2, $3::jsonb, $4::jsonb, $5::jsonb, 300) RETURNING id`,
    [
      tenantId,
      name,
      JSON.stringify({ lat: 33.9538, lng: -6.8515, name: 'Depot' }),
      JSON.stringify([{ lat: 33.97, lng: -6.79 }]),
      JSON.stringify({ lat: 33.9861, lng: -6.725, name: 'Store' }),
    ],
  );
  return r!.id;
}

/** A valid add body: two hours from now for four hours. */
export function waybillBody(routeId: string, deviceIds: string[], extra: Partial<WaybillAdd> = {}): WaybillAdd {
  const start = Date.now() + 2 * 3_600_000;
  return {
    name: 'Frozen fish to Rabat',
    vehicle: '沪A12345',
    driverPhone: '13812345678',
    company: 'Demo Cold Chain',
    mileageKm: 12.5,
    plannedStart: start,
    plannedEnd: start + 4 * 3_600_000,
    deviceIds,
    routeId,
    aiStartStop: false,
    monitorUserIds: [],
    ...extra,
  };
}
