import { WarehouseAddSchema } from '@ztj/contracts';
import type { Db } from '../../../platform/db/db';
import { COOL_STORE, DEMO_WAREHOUSE } from '../../alarms/demo/demo-rules';
import { DEMO_TENANT_ID } from '../../../platform/tenancy/tenant-ids';
import { insertWarehouse } from './warehouses.service';

/**
 * The demo warehouse: the simulator's warehouse sensors SIM-WH-001..003
 * (model P23-2IN1, replaying the real 1-minute office temperature / humidity series; see
 * apps/simulator/src/fleet.ts) in one cool store, monitored by the demo rule template "cool store
 * over 20 °C" (alarms/demo/demo-rules.ts), so the warehouse view shows their live readings
 * against the 20 °C limit, turning red and raising alarms when the office warms up. Acquisition
 * period 1 minute (the series' own step; P23-2IN1 collects every 1-60 min, SPEC §5), written into
 * the sensors' settings without a command (the replay already reports every minute).
 * Seeded once, when the demo tenant has no warehouse and the sensors exist.
 */

/** Number of the demo warehouse. */
export const DEMO_WAREHOUSE_NUMBER = 'WH-DEMO-01';
/** Acquisition period of the demo warehouse, minutes. */
const DEMO_PERIOD = 1;

/** @returns true when it seeded, false when the tenant already had a warehouse or no sensor exists. */
export async function seedDemoWarehouse(db: Db): Promise<boolean> {
  return db.tx(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock(90101004)');
    const [has] = await q.query('SELECT 1 FROM warehouse WHERE tenant_id = $1 LIMIT 1', [DEMO_TENANT_ID]);
    if (has) return false;
    const devices = (
      await q.query<{ dev_no: string }>(
        'SELECT dev_no FROM device WHERE tenant_id = $1 AND dev_no = ANY($2::text[]) ORDER BY dev_no',
        [DEMO_TENANT_ID, [...DEMO_WAREHOUSE]],
      )
    ).map((d) => d.dev_no);
    if (!devices.length) return false;
    const templates = await q.query<{ id: string }>(
      'SELECT id FROM alarm_rule_template WHERE tenant_id = $1 AND name = $2',
      [DEMO_TENANT_ID, COOL_STORE.template.name],
    );
    const body = WarehouseAddSchema.parse({
      name: '演示阴凉库 Demo cool store',
      number: DEMO_WAREHOUSE_NUMBER,
      description: '办公楼实测温湿度（1分钟）/ Real office temperature and humidity, 1-minute series',
      note: 'GSP 阴凉库 ≤ 20 °C / GSP cool store ≤ 20 °C',
      acquisitionPeriod: DEMO_PERIOD,
      deviceIds: devices,
      templateIds: templates.map((t) => t.id),
    });
    await insertWarehouse(q, DEMO_TENANT_ID, 'system', body);
    await q.query(
      'UPDATE device SET periods = periods || $3::jsonb WHERE tenant_id = $1 AND dev_no = ANY($2::text[])',
      [DEMO_TENANT_ID, devices, JSON.stringify({ workCollectionCycle: DEMO_PERIOD })],
    );
    return true;
  });
}
