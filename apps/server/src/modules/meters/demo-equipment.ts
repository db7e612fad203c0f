import { DEMO_METER_CT, RuleTemplateSchema, WarehouseAddSchema } from '@ztj/contracts';
import type { Db, Queryable } from '../../platform/db/db';
import { insertBindings } from '../alarms/settings/templates.service';
import { insertWarehouse } from '../logistics/warehouses/warehouses.service';
import { DEMO_TENANT_ID } from '../../platform/tenancy/tenant-ids';
import { EQUIPMENT_RULES, SHANGHAI_TOU } from './demo-equipment-rules';
import { insertConfigIfAbsent } from './meter-config.repo';

/**
 * The demo store equipment: the two Lawson stores of the "Lawson device list"
 * with the simulator's equipment (apps/simulator equipment fleet; fixed ids), the ammeters'
 * configuration (CT ratios, Shanghai time-of-use tariff, limits) and the equipment rule templates
 * bound to their devices (plug overload on the plugs, hot-holding below 60 °C for 10 minutes on the
 * pot and cookers, power cut on the ammeters; demo-equipment-rules.ts). Each store has a
 * three-phase main meter; the cool store's view keeps to its temperature sensors.
 * Seeded once: nothing happens when either store exists already or no equipment is provisioned.
 */

const SEED_BY = 'system';

/** The demo stores and their devices. */
export const DEMO_STORES = [
  {
    number: 'LAWSON-SH-001',
    name: '罗森 上海南京西路店',
    description: 'Lawson Shanghai West Nanjing Rd',
    devices: [
      'SIM-AM1-001',
      'SIM-AM3-001',
      'SIM-PLUG-001',
      'SIM-PLUG-002',
      'SIM-TAG-002',
      'SIM-POT-001',
      'SIM-ODEN-001',
      'SIM-WM-001',
    ],
  },
  {
    number: 'LAWSON-SH-002',
    name: '罗森 上海徐家汇店',
    description: 'Lawson Shanghai Xujiahui',
    devices: [
      'SIM-AM3-002',
      'SIM-PLUG-003',
      'SIM-PLUG-004',
      'SIM-TAG-003',
      'SIM-TAG-004',
      'SIM-ODEN-002',
      'SIM-FS-001',
    ],
  },
] as const;

/**
 * Ammeter configurations: CT ratio (contracts DEMO_METER_CT, 200/5 → 40, 100/5 → 20: the simulator
 * reports those meters' secondary side), the TOU tariff and limits (kW, V, primary side); the
 * registers count to 9,999,999.99 kWh (the simulator's counters start high, see its README).
 */
const DEMO_COUNTER_MAX_KWH = 9_999_999.99;
export const METER_CONFIGS: { id: string; ct: number; maxPowerKW: number; minV: number; maxV: number }[] = [
  { id: 'SIM-AM1-001', ct: DEMO_METER_CT['AM1-001']!, maxPowerKW: 8, minV: 198, maxV: 242 },
  { id: 'SIM-AM3-001', ct: DEMO_METER_CT['AM3-001']!, maxPowerKW: 60, minV: 198, maxV: 242 },
  { id: 'SIM-AM3-002', ct: DEMO_METER_CT['AM3-002']!, maxPowerKW: 30, minV: 198, maxV: 242 },
];

/** Which devices each template binds to, by model. */
const BINDINGS: { template: keyof typeof EQUIPMENT_RULES; models: string[] }[] = [
  { template: 'plugOverload', models: ['SP-16A'] },
  { template: 'hotHolding', models: ['BP-2W', 'OC-4W'] },
  { template: 'powerCut', models: ['AM-1P', 'AM-3P'] },
];

async function existing(q: Queryable, ids: readonly string[]): Promise<{ dev_no: string; model: string }[]> {
  return q.query('SELECT dev_no, model FROM device WHERE tenant_id = $1 AND dev_no = ANY($2::text[]) ORDER BY dev_no', [
    DEMO_TENANT_ID,
    ids,
  ]);
}

/** Seeds the demo stores, meter configs and equipment rules. @returns true when it seeded. */
export async function seedDemoEquipment(db: Db): Promise<boolean> {
  return db.tx(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock(90141005)');
    const [has] = await q.query('SELECT 1 FROM warehouse WHERE tenant_id = $1 AND number = ANY($2::text[]) LIMIT 1', [
      DEMO_TENANT_ID,
      DEMO_STORES.map((s) => s.number),
    ]);
    if (has) return false;
    const all = await existing(
      q,
      DEMO_STORES.flatMap((s) => s.devices),
    );
    if (!all.length) return false;
    const taken = new Set(
      (
        await q.query<{ dev_no: string }>('SELECT dev_no FROM warehouse_device WHERE dev_no = ANY($1::text[])', [
          all.map((d) => d.dev_no),
        ])
      ).map((r) => r.dev_no),
    );
    const free = (ids: readonly string[]): string[] =>
      all.map((d) => d.dev_no).filter((id) => ids.includes(id) && !taken.has(id));
    for (const s of DEMO_STORES) {
      const deviceIds = free(s.devices);
      if (!deviceIds.length) continue;
      const body = WarehouseAddSchema.parse({
        name: s.name,
        number: s.number,
        description: s.description,
        note: '罗森便利店门店设备 / Lawson store equipment',
        deviceIds,
      });
      await insertWarehouse(q, DEMO_TENANT_ID, SEED_BY, body);
    }
    for (const m of METER_CONFIGS.filter((c) => all.some((d) => d.dev_no === c.id))) {
      await insertConfigIfAbsent(q, {
        id: m.id,
        tenantId: DEMO_TENANT_ID,
        ctRatio: m.ct,
        ptRatio: 1,
        counterMax: DEMO_COUNTER_MAX_KWH,
        tariffs: SHANGHAI_TOU,
        limits: { maxPowerKW: m.maxPowerKW, minVoltageV: m.minV, maxVoltageV: m.maxV },
        by: SEED_BY,
      });
    }
    for (const b of BINDINGS) {
      const content = RuleTemplateSchema.parse(EQUIPMENT_RULES[b.template]);
      const [found] = await q.query<{ id: string }>(
        'SELECT id FROM alarm_rule_template WHERE tenant_id = $1 AND name = $2',
        [DEMO_TENANT_ID, content.name],
      );
      const id =
        found?.id ??
        (
          await q.query<{ id: string }>(
            'INSERT INTO alarm_rule_template (tenant_id, name, category, severity, content, enabled, create_by) VALUES ($1,$2,$3,$4,$5::jsonb,true,$6) RETURNING id',
            [DEMO_TENANT_ID, content.name, content.category, content.severity, JSON.stringify(content), SEED_BY],
          )
        )[0]!.id;
      await insertBindings(
        q,
        DEMO_TENANT_ID,
        id,
        'device',
        all.filter((d) => b.models.includes(d.model)).map((d) => d.dev_no),
        SEED_BY,
      );
    }
    return true;
  });
}
