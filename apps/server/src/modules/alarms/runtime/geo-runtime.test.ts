import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/test-app';
import { addDevice, createDeviceTestApp, uid } from '../../telemetry/ingest.fixtures';
import { DEMO_TENANT_ID, PLATFORM_TENANT_ID } from '../../../platform/tenancy/tenant-ids';
import { alarmsOf, bind, insertTemplate, postReadings, until } from './alarm.fixtures';

/**
 * Position conditions through the real runtime: a location of the tenant
 * (`logistics_location`, migration 0050), a template with a geofence "leave" condition bound to a
 * device, positions posted to the HTTP ingest → the rule cache resolves the fence, the engine
 * raises on leaving with the true start and clears on return. Waits are bounded.
 */

const MIN = 60_000;
const M_PER_DEG = (Math.PI / 180) * 6_371_008.8;
const DEPOT = { lat: 33.986225, lng: -6.725523 };
/** `n` metres north of the depot. */
const north = (n: number): { lat: number; lng: number } => ({ lat: DEPOT.lat + n / M_PER_DEG, lng: DEPOT.lng });

let app: TestApp;
beforeAll(async () => {
  app = await createDeviceTestApp();
});
afterAll(async () => {
  await app?.close();
});

/** Inserts a 300 m location of `tenantId` around the depot; returns its id. */
async function insertLocation(tenantId: number, name: string): Promise<string> {
  const [r] = await app.db.query<{ id: string }>(
    'INSERT INTO logistics_location (tenant_id, name, lat, lng, fence_radius_m) VALUES ($1, $2, $3, $4, 300) RETURNING id',
    [tenantId, name, DEPOT.lat, DEPOT.lng],
  );
  return r!.id;
}

/** A demo-tenant device bound to a "leaves location" template; returns its id and secret. */
async function deviceLeaving(locationId: string): Promise<{ id: string; secret: string }> {
  const id = uid('GEO');
  const secret = await addDevice(app, { id });
  const templateId = await insertTemplate(app, DEMO_TENANT_ID, {
    conditions: [{ type: 'geofence', locationId, effect: 2, hysteresis: { margin: 50, clearDelayMinutes: 0 } }],
  });
  await bind(app, DEMO_TENANT_ID, templateId, id);
  return { id, secret };
}

/** Position readings `[minute, metres north]` from `t` (a battery value rides along). */
const track = (t: number, ...pts: [number, number][]) =>
  pts.map(([m, n]) => ({ ts: t + m * MIN, values: { P005: 80 }, ...north(n) }));

describe('geofence alarm through the runtime (integration)', () => {
  it('raises when the device leaves its location, with the true start, and clears when it is back', async () => {
    const locationId = await insertLocation(DEMO_TENANT_ID, `Depot ${uid('L')}`);
    const { id, secret } = await deviceLeaving(locationId);
    const t = Date.now() - 60 * MIN;
    await postReadings(app, id, secret, track(t, [0, 0], [5, 100], [10, 800], [15, 1500]));
    const [raised] = await until(async () => {
      const rows = await alarmsOf(app, id);
      return rows.length ? rows : null;
    });
    expect(raised).toMatchObject({
      alarm_type: 'P001',
      condition_type: 'geofence',
      status: 'active',
      tenant_id: DEMO_TENANT_ID,
      value: 500,
    });
    expect(Number(raised!.start_ts)).toBe(t + 10 * MIN);

    // back within the margin (280 m from the centre = 20 m inside): still active; at the depot: cleared
    await postReadings(app, id, secret, track(t, [20, 280], [25, 0]));
    const cleared = await until(async () => (await alarmsOf(app, id)).find((a) => a.status === 'cleared'));
    expect(Number(cleared.end_ts)).toBe(t + 25 * MIN);
    expect(cleared.peak).toBe(1200);
    expect(await alarmsOf(app, id)).toHaveLength(1);
  });

  it("a location of another tenant never holds (the rule cache resolves places within the device's tenant)", async () => {
    const foreign = await insertLocation(PLATFORM_TENANT_ID, `Foreign ${uid('L')}`);
    const { id, secret } = await deviceLeaving(foreign);
    const t = Date.now() - 60 * MIN;
    await postReadings(app, id, secret, track(t, [0, 0], [5, 2000], [10, 3000]));
    await app.alarms.whenIdle();
    expect(await alarmsOf(app, id)).toEqual([]);
  });

  it('an edited location takes effect on the next reading (disabled fence: nothing; enabled: raises)', async () => {
    const locationId = await insertLocation(DEMO_TENANT_ID, `Depot ${uid('L')}`);
    await app.db.query('UPDATE logistics_location SET fence_enabled = false WHERE id = $1', [locationId]);
    const { id, secret } = await deviceLeaving(locationId);
    const t = Date.now() - 60 * MIN;
    await postReadings(app, id, secret, track(t, [0, 0], [5, 900]));
    await app.alarms.whenIdle();
    expect(await alarmsOf(app, id)).toEqual([]);

    await app.db.query('UPDATE logistics_location SET fence_enabled = true WHERE id = $1', [locationId]);
    await postReadings(app, id, secret, track(t, [10, 0], [15, 900]));
    const [raised] = await until(async () => {
      const rows = await alarmsOf(app, id);
      return rows.length ? rows : null;
    });
    expect(Number(raised!.start_ts)).toBe(t + 15 * MIN);
  });
});
