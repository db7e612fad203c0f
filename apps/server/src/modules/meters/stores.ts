import { EQUIPMENT_FAMILIES, EquipmentFamilySchema, type EquipmentFamily, type StoreRecord } from '@ztj/contracts';
import type { Queryable } from '../../platform/db/db';
import { AppError } from '../../platform/http/app-error';
import {
  EQUIPMENT_FROM,
  EQUIPMENT_MODELS_SQL,
  EQUIPMENT_SELECT,
  FAMILY_SQL,
  equipmentRecordOf,
} from './equipment.list';

/**
 * The Lawson device list (SPEC §2 device: Lawson list): the store equipment of the
 * tenant grouped by store (warehouse), each store with its devices per family, how many are online
 * and its active alarms. Stores without equipment are left out; `family` narrows the equipment.
 * Ordered by store number.
 */
export async function equipmentStores(q: Queryable, tenantId: number, familyFilter?: string): Promise<StoreRecord[]> {
  const families = familyFilter
    ? familyFilter
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [];
  for (const f of families)
    if (!EquipmentFamilySchema.safeParse(f).success)
      throw new AppError('badRequest', 'validationFailed', {}, [{ field: 'family', message: f }]);
  const rows = await q.query(
    `SELECT ${EQUIPMENT_SELECT}, w.number AS warehouse_number,
            (SELECT count(*)::int FROM alarm a WHERE a.tenant_id = d.tenant_id AND a.device_id = d.dev_no AND a.status = 'active') AS active_alarms
       FROM ${EQUIPMENT_FROM}
      WHERE d.tenant_id = $1 AND w.id IS NOT NULL AND d.model IN (${EQUIPMENT_MODELS_SQL})
        AND ($2::text[] IS NULL OR ${FAMILY_SQL} = ANY($2::text[]))
      ORDER BY w.number, w.id, d.dev_no`,
    [tenantId, families.length ? families : null],
  );
  const stores = new Map<string, StoreRecord>();
  for (const r of rows) {
    const device = equipmentRecordOf(r);
    const id = String(r.warehouse_id);
    const store =
      stores.get(id) ??
      stores
        .set(id, {
          id,
          name: String(r.warehouse_name),
          number: String(r.warehouse_number),
          counts: Object.fromEntries(EQUIPMENT_FAMILIES.map((f) => [f, 0])) as Record<EquipmentFamily, number>,
          deviceCount: 0,
          onlineCount: 0,
          activeAlarmCount: 0,
          devices: [],
        })
        .get(id)!;
    store.devices.push(device);
    store.counts[device.family] += 1;
    store.deviceCount += 1;
    if (device.status === 'online') store.onlineCount += 1;
    store.activeAlarmCount += Number(r.active_alarms ?? 0);
  }
  return [...stores.values()];
}
