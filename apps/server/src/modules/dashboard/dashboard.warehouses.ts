import type { BigScreenData } from '@ztj/contracts';
import type { Queryable } from '../../platform/db/db';

/**
 * Warehouse figures of the dashboard and the big screen. A warehouse is **out of limits** while one
 * of its devices has an active alarm on a threshold, range or duration (sustained excursion) condition (the alarm engine's verdict
 * on the limits of the rule templates bound to the warehouse's devices, delay included). Until the
 * `warehouse` table of migration 0052 exists the figures are null (shown as "—").
 */

/** Condition types that compare a reading with a limit (a duration holds a threshold or range). */
const LIMIT_CONDITIONS = `('threshold', 'range', 'duration')`;

async function hasWarehouses(q: Queryable): Promise<boolean> {
  const [r] = await q.query<{ ok: boolean }>(
    `SELECT to_regclass('warehouse') IS NOT NULL AND to_regclass('warehouse_device') IS NOT NULL AS ok`,
  );
  return r?.ok === true;
}

/** Number of the tenant's warehouses out of limits now; null without the warehouse tables. */
export async function warehousesOutOfLimits(q: Queryable, tenantId: number): Promise<number | null> {
  if (!(await hasWarehouses(q))) return null;
  const [r] = await q.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM warehouse w
      WHERE w.tenant_id = $1 AND EXISTS (
        SELECT 1 FROM warehouse_device wd JOIN alarm a ON a.device_id = wd.dev_no AND a.tenant_id = $1
         WHERE wd.warehouse_id = w.id AND a.status = 'active' AND a.condition_type IN ${LIMIT_CONDITIONS})`,
    [tenantId],
  );
  return r?.count ?? 0;
}

/**
 * Warehouses of the tenant with a position for the big screen's map: the mean of the last
 * positions of its devices (a warehouse has no address coordinates of its own); warehouses whose
 * devices never reported a position are left out. Null without the warehouse tables.
 */
export async function warehousePositions(q: Queryable, tenantId: number): Promise<BigScreenData['warehouses']> {
  if (!(await hasWarehouses(q))) return null;
  return q.query<NonNullable<BigScreenData['warehouses']>[number]>(
    `SELECT w.id, w.name, avg(d.last_lat)::float8 AS lat, avg(d.last_lng)::float8 AS lng,
            bool_or(EXISTS (SELECT 1 FROM alarm a WHERE a.device_id = d.dev_no AND a.tenant_id = $1 AND a.status = 'active'
                                                    AND a.condition_type IN ${LIMIT_CONDITIONS})) AS "outOfLimits"
       FROM warehouse w JOIN warehouse_device wd ON wd.warehouse_id = w.id
       JOIN device d ON d.dev_no = wd.dev_no AND d.tenant_id = $1 AND d.last_lat IS NOT NULL AND d.last_lng IS NOT NULL
      WHERE w.tenant_id = $1
      GROUP BY w.id, w.name ORDER BY w.name LIMIT 1000`,
    [tenantId],
  );
}
