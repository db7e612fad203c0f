import type { BigScreenData } from '@ztj/contracts';
import type { Queryable } from '../../platform/db/db';
import * as repo from './dashboard.repo';

/**
 * Warehouse figures of the dashboard and the big screen. A warehouse is **out of limits** while one
 * of its devices has an active alarm on a threshold, range or duration (sustained excursion)
 * condition (the alarm engine's verdict on the limits of the rule templates bound to the
 * warehouse's devices, delay included); the count and the map's flag share that one definition
 * (dashboard.repo.ts). Until the `warehouse` table of migration 0052 exists the figures are null
 * (shown as "—").
 */

/** Number of the tenant's warehouses out of limits now; null without the warehouse tables. */
export async function warehousesOutOfLimits(q: Queryable, tenantId: number): Promise<number | null> {
  if (!(await repo.hasWarehouseTables(q))) return null;
  return repo.warehousesOutOfLimitsCount(q, tenantId);
}

/**
 * Warehouses of the tenant with a position for the big screen's map: the mean of the last
 * positions of its devices (a warehouse has no address coordinates of its own); warehouses whose
 * devices never reported a position are left out. Null without the warehouse tables.
 */
export async function warehousePositions(q: Queryable, tenantId: number): Promise<BigScreenData['warehouses']> {
  if (!(await repo.hasWarehouseTables(q))) return null;
  return repo.warehousePositionRows(q, tenantId);
}
