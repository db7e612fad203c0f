import type { WarehouseSensor, WarehouseView } from '@ztj/contracts';
import type { Queryable } from '../../../platform/db/db';
import { devicesByIds } from '../../devices/devices.repo';
import { deviceTemplates } from '../../alarms/settings/templates.service';
import { limitsOf, outOfLimits } from './warehouse-limits';
import { viewWarehouse } from './warehouses.service';

/**
 * The warehouse view: every sensor (device) of a warehouse of the tenant with
 * its latest values (the device list's latest reading), the limits of the rule templates in
 * effect on it (direct and group bindings, enabled ones; see warehouse-limits.ts), which values are
 * out of limits, and its active alarms (newest first). `now` ms epoch decides online status.
 * @throws AppError notFound warehouseNotFound.
 */
export async function warehouseView(
  q: Queryable,
  tenantId: number,
  id: string,
  now = Date.now(),
): Promise<WarehouseView> {
  const warehouse = await viewWarehouse(q, tenantId, id);
  const ids = warehouse.devices.map((d) => d.id);
  const records = await devicesByIds(q, tenantId, ids, now);
  const alarms = ids.length
    ? await q.query<{
        id: string;
        device_id: string;
        rule_name: string;
        alarm_type: string;
        severity: string;
        raised_ts: string | number;
        value: number | null;
      }>(
        `SELECT id, device_id, rule_name, alarm_type, severity, raised_ts, value FROM alarm
          WHERE tenant_id = $1 AND device_id = ANY($2::text[]) AND status = 'active' ORDER BY raised_ts DESC LIMIT 500`,
        [tenantId, ids],
      )
    : [];
  const sensors: WarehouseSensor[] = [];
  for (const d of records) {
    const templates = await deviceTemplates(q, tenantId, d.id);
    const limits = limitsOf(
      templates.map((t) => ({ name: t.name, enabled: t.enabled, conditions: t.content.conditions })),
    );
    sensors.push({
      id: d.id,
      name: d.alias || d.name,
      model: d.model,
      status: d.status,
      lastReportTime: d.lastReportTime,
      values: d.values,
      limits: limits.map(({ inclusive: _inclusive, ...l }) => l),
      outOfLimits: outOfLimits(d.values, limits),
      activeAlarms: alarms
        .filter((a) => a.device_id === d.id)
        .map((a) => ({
          id: a.id,
          ruleName: a.rule_name,
          alarmType: a.alarm_type,
          severity: a.severity,
          raisedTs: Number(a.raised_ts),
          value: a.value == null ? null : Number(a.value),
        })),
    });
  }
  return { warehouse, sensors, now };
}
