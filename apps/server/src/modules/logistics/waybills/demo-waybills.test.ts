import { loadDefaultFleet } from '@ztj/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { seedDemoFleet } from '../../devices/device-provision';
import { DEMO_TENANT_ID } from '../../../platform/tenancy/tenant-ids';
import type { TelemetryRow } from '../../telemetry/telemetry-store';
import { seedDemoPlaces } from '../places/demo-places';
import { seedDemoWaybills } from './demo-waybills';
import { WaybillTracker, waybillTrackerOptions } from './waybill-tracker';

/** The demo waybills on the replayed drives: one ongoing, one completed by the AI during the replay, one un-started. */

let app: TestApp;
const fleet = loadDefaultFleet();
const vehicles = fleet.devices.filter((d) => /-VH-\d+$/.test(d.deviceId));

beforeAll(async () => {
  app = await createTestApp();
  await seedDemoFleet(
    app.db,
    vehicles.map((d) => ({ id: d.deviceId, model: d.model, name: d.deviceId })),
  );
  await seedDemoPlaces(app.db);
});
afterAll(async () => {
  await app?.close();
});

const byVehicle = async () =>
  Object.fromEntries(
    (
      await app.db.query<{
        dev_no: string;
        status: string;
        ai_start_stop: boolean;
        actual_start: Date | null;
        actual_end: Date | null;
      }>(
        `SELECT wd.dev_no, w.status, w.ai_start_stop, w.actual_start, w.actual_end FROM waybill w JOIN waybill_device wd ON wd.waybill_id = w.id WHERE w.tenant_id = $1`,
        [DEMO_TENANT_ID],
      )
    ).map((r) => [r.dev_no.replace(/^.*-(VH-\d+)$/, '$1'), r]),
  );

describe('demo waybills', () => {
  it('seeds three waybills once; the AI completes VH-003 on its replayed drive at demo speed', async () => {
    const now = Date.now();
    expect(await seedDemoWaybills(app.db, fleet, now)).toBe(true);
    expect(await seedDemoWaybills(app.db, fleet, now)).toBe(false);
    const seeded = await byVehicle();
    expect(seeded['VH-001']).toMatchObject({ status: 'unstarted', ai_start_stop: false });
    expect(seeded['VH-002']).toMatchObject({ status: 'ongoing', ai_start_stop: false });
    expect(seeded['VH-003']).toMatchObject({ status: 'unstarted', ai_start_stop: true });

    // the simulator's first run of track 3 at speed 60: device time = start + offset / 60
    const speed = 60;
    const tracker = new WaybillTracker(
      app.db,
      waybillTrackerOptions({ demo: true, demoSpeed: speed }, (e) => {
        throw e;
      }),
    );
    await tracker.start();
    const vh3 = vehicles.find((d) => d.deviceId.endsWith('VH-003'))!;
    const rows: TelemetryRow[] = vh3.timeline.samples.map((s) => ({
      deviceId: vh3.deviceId,
      tenantId: DEMO_TENANT_ID,
      ts: now + Math.floor(s.tOffsetMs / speed),
      receivedAt: now,
      lat: s.lat ?? null,
      lng: s.lng ?? null,
      values: {},
      valuesJson: '{}',
    }));
    for (let i = 0; i < rows.length; i += 25) tracker.onCommitted(rows.slice(i, i + 25));
    await tracker.idle();
    await tracker.stop();
    const after = await byVehicle();
    expect(after['VH-003']!.status).toBe('completed');
    expect(after['VH-003']!.actual_end!.getTime()).toBeLessThanOrEqual(rows.at(-1)!.ts);
    expect(after['VH-003']!.actual_end!.getTime()).toBeGreaterThan(after['VH-003']!.actual_start!.getTime());
    expect(after['VH-002']!.status).toBe('ongoing');
  });
});
