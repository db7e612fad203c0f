import type { MeterConfig, StoreRecord } from '@ztj/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { userOf } from '../alarms/runtime/alarm.fixtures';
import { provisionDevice } from '../devices/device-provision';
import { DEMO_TENANT_ID } from '../../platform/tenancy/tenant-ids';
import { seedDemoEquipment } from './demo-equipment';

/** The demo store equipment seed: stores, meter configs, bound templates; once. */

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.close();
});

describe('seedDemoEquipment', () => {
  it('does nothing without equipment, then seeds the two Lawson stores once with configs and bound rules', async () => {
    expect(await seedDemoEquipment(app.db)).toBe(false);
    const fleet: [string, string][] = [
      ['SIM-AM1-001', 'AM-1P'],
      ['SIM-AM3-001', 'AM-3P'],
      ['SIM-PLUG-001', 'SP-16A'],
      ['SIM-PLUG-003', 'SP-16A'],
      ['SIM-ODEN-001', 'OC-4W'],
      ['SIM-POT-001', 'BP-2W'],
    ];
    for (const [id, model] of fleet) await provisionDevice(app.db, { id, tenantId: DEMO_TENANT_ID, model });
    expect(await seedDemoEquipment(app.db)).toBe(true);
    expect(await seedDemoEquipment(app.db)).toBe(false);

    const admin = await userOf(app, DEMO_TENANT_ID, 'eqdemo1', 'admin');
    const stores = (await app.call<StoreRecord[]>('GET', '/wlx/equipment/stores', { token: admin.token })).body.result;
    expect(stores.map((s) => [s.name, s.devices.map((d) => d.id)])).toEqual([
      ['罗森 上海南京西路店', ['SIM-AM1-001', 'SIM-AM3-001', 'SIM-ODEN-001', 'SIM-PLUG-001', 'SIM-POT-001']],
      ['罗森 上海徐家汇店', ['SIM-PLUG-003']],
    ]);
    const cfg = (await app.call<MeterConfig>('GET', '/wlx/meter/config?id=SIM-AM3-001', { token: admin.token })).body
      .result;
    expect(cfg).toMatchObject({ ctRatio: 40, ptRatio: 1, counterMax: 9_999_999.99, limits: { maxPowerKW: 60 } });
    expect(cfg.tariffs.map((t) => `${t.name} ${t.start}-${t.end}`)).toContain('valley 22:00-06:00');

    const bound = await app.db.query<{ name: string; targets: string[] }>(
      `SELECT t.name, array_agg(b.target_id ORDER BY b.target_id) AS targets FROM alarm_rule_template t JOIN alarm_rule_binding b ON b.template_id = t.id
        WHERE t.tenant_id = $1 GROUP BY t.name ORDER BY t.name`,
      [DEMO_TENANT_ID],
    );
    expect(bound).toEqual(
      expect.arrayContaining([
        { name: '插座过载 Plug overload', targets: ['SIM-PLUG-001', 'SIM-PLUG-003'] },
        { name: '保温低于60°C Hot-holding <60°C', targets: ['SIM-ODEN-001', 'SIM-POT-001'] },
        { name: '电表断电 Meter power cut', targets: ['SIM-AM1-001', 'SIM-AM3-001'] },
      ]),
    );
  });
});
