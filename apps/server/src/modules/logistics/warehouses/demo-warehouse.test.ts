import { loadDefaultFleet } from '@ztj/simulator';
import type { WarehouseRecord, WarehouseView } from '@ztj/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { seedDemoRules } from '../../alarms/demo/seed-demo-rules';
import { userOf } from '../../alarms/runtime/alarm.fixtures';
import { seedDemoFleet } from '../../devices/device-provision';
import { DEMO_TENANT_ID } from '../../../platform/tenancy/tenant-ids';
import { DEMO_WAREHOUSE_NUMBER, seedDemoWarehouse } from './demo-warehouse';

/** The demo warehouse on the simulator's warehouse sensors with the cool-store template bound. */

let app: TestApp;
const fleet = loadDefaultFleet();

beforeAll(async () => {
  app = await createTestApp();
  await seedDemoFleet(
    app.db,
    fleet.devices.map((d) => ({ id: d.deviceId, model: d.model, name: d.deviceId })),
  );
  await seedDemoRules(app.db);
});
afterAll(async () => {
  await app?.close();
});

describe('demo warehouse', () => {
  it('seeds one warehouse once on SIM-WH-001..003 with the cool-store template, and its view shows the limit', async () => {
    expect(await seedDemoWarehouse(app.db)).toBe(true);
    expect(await seedDemoWarehouse(app.db)).toBe(false);
    const admin = await userOf(app, DEMO_TENANT_ID, 'whdemo1', 'admin');
    const [row] = await app.db.query<{ id: string }>('SELECT id FROM warehouse WHERE tenant_id = $1 AND number = $2', [
      DEMO_TENANT_ID,
      DEMO_WAREHOUSE_NUMBER,
    ]);
    const w = (await app.call<WarehouseRecord>('GET', `/wlx/warehouse/queryById?id=${row!.id}`, { token: admin.token }))
      .body.result;
    expect(w.devices.map((d) => d.id)).toEqual(['SIM-WH-001', 'SIM-WH-002', 'SIM-WH-003']);
    expect(w.templates.map((t) => t.name)).toEqual(['阴凉库超温 Cool store over 20°C']);
    expect(w.acquisitionPeriod).toBe(1);
    const view = (await app.call<WarehouseView>('GET', `/wlx/warehouse/view?id=${row!.id}`, { token: admin.token }))
      .body.result;
    expect(view.sensors).toHaveLength(3);
    for (const s of view.sensors)
      expect(s.limits).toContainEqual({
        param: 'P003',
        min: null,
        max: 20,
        templateName: '阴凉库超温 Cool store over 20°C',
      });
  });
});
