import { loadFleetData } from '@ztj/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { DEMO_TENANT_ID } from '../../../platform/tenancy/tenant-ids';
import { DEMO_LOCATION_NAMES, DEMO_ROUTE_NAMES, planDemoPlaces, seedDemoPlaces } from './demo-places';
import { getLocations, getRoute } from './places.read';

/** The demo routes and locations come from the real Twizy tracks the simulator replays. */

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.close();
});

describe('demo places', () => {
  it('creates 3 routes from the real tracks (first fix → sampled waypoints → last fix) and their depots, once', async () => {
    const tracks = loadFleetData().tracks;
    expect(await seedDemoPlaces(app.db)).toBe(true);
    const rows = await app.db.query<{ id: string; name: string }>(
      'SELECT id, name FROM logistics_route WHERE tenant_id = $1 ORDER BY name',
      [DEMO_TENANT_ID],
    );
    expect(rows.map((r) => r.name)).toEqual([...DEMO_ROUTE_NAMES]);
    for (const [i, name] of DEMO_ROUTE_NAMES.entries()) {
      const route = await getRoute(app.db, DEMO_TENANT_ID, rows.find((r) => r.name === name)!.id);
      const fixes = tracks[i]!;
      expect(route!.origin).toMatchObject({ lat: fixes[0]!.lat, lng: fixes[0]!.lng });
      expect(route!.destination).toMatchObject({ lat: fixes.at(-1)!.lat, lng: fixes.at(-1)!.lng });
      expect(route!.waypoints).toHaveLength(4);
      // every waypoint is a real fix of the track, in driving order
      const indexes = route!.waypoints.map((w) => fixes.findIndex((f) => f.lat === w.lat && f.lng === w.lng));
      expect(indexes.every((x) => x > 0)).toBe(true);
      expect([...indexes].sort((a, b) => a - b)).toEqual(indexes);
      expect(route!.fenceRadiusM).toBe(300);
    }
    const locations = await getLocations(app.db, DEMO_TENANT_ID);
    expect(locations.map((l) => l.name).sort()).toEqual([...DEMO_LOCATION_NAMES].sort());
    expect(locations.every((l) => l.fenceEnabled && l.fenceRadiusM === 300)).toBe(true);
    // the route ends name their depots
    expect(planDemoPlaces(tracks).routes.map((r) => [r.origin.name, r.destination.name])).toEqual([
      [DEMO_LOCATION_NAMES[0], DEMO_LOCATION_NAMES[0]],
      [DEMO_LOCATION_NAMES[1], DEMO_LOCATION_NAMES[0]],
      [DEMO_LOCATION_NAMES[2], DEMO_LOCATION_NAMES[0]],
    ]);
    expect(await seedDemoPlaces(app.db)).toBe(false);
    expect(await app.db.query('SELECT 1 FROM logistics_route WHERE tenant_id = $1', [DEMO_TENANT_ID])).toHaveLength(3);
  });
});
