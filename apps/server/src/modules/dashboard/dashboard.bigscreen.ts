import { COMPLIANCE_WINDOW_HOURS, DEVICE_MAP_LIMIT, DEVICE_PERMS, type BigScreenData } from '@ztj/contracts';
import type { Queryable } from '../../platform/db/db';
import { dashboardStats } from './dashboard.figures';
import * as repo from './dashboard.repo';
import { warehousePositions } from './dashboard.warehouses';

/**
 * Data of the big-data screen (SPEC §2): the dashboard figures (the very same `dashboardStats`
 * as /dashboard/analysis), devices with a position, warehouses and the temperature compliance
 * rate. Live changes reach the screen over the console WebSocket (telemetry frames, alarm
 * notices); this is its initial load and periodic refresh.
 */

/** Devices of the tenant with a last position (WGS-84), newest report first, at most DEVICE_MAP_LIMIT. */
async function devicePositions(
  q: Queryable,
  tenantId: number,
  now: number,
): Promise<NonNullable<BigScreenData['devices']>> {
  const rows = await repo.devicePositionRows(q, tenantId, now, DEVICE_MAP_LIMIT);
  return rows.map((r) => ({ ...r, ts: r.ts === null ? null : Number(r.ts) }));
}

/**
 * Temperature compliance rate (definition in the contracts' `ComplianceSchema`): readings of the
 * {@link COMPLIANCE_WINDOW_HOURS} hours up to `now` (ms epoch, device time) carrying P003, how many
 * of them lie outside every temperature alarm episode of their device, and `rate` = inLimits /
 * total as a share 0..1 (null without readings). This is the only place the rate is computed;
 * the screen formats it once for its text and its gauge.
 */
export async function temperatureCompliance(
  q: Queryable,
  tenantId: number,
  now: number,
): Promise<NonNullable<BigScreenData['compliance']>> {
  const since = now - COMPLIANCE_WINDOW_HOURS * 3_600_000;
  const { total, inLimits } = await repo.complianceCountRow(q, tenantId, since, now);
  return { windowHours: COMPLIANCE_WINDOW_HOURS, total, inLimits, rate: total > 0 ? inLimits / total : null };
}

/** Everything the big screen shows for a caller holding `codes`; `now` ms epoch. */
export async function bigScreenData(
  q: Queryable,
  tenantId: number,
  codes: ReadonlySet<string>,
  now = Date.now(),
): Promise<BigScreenData> {
  const devicesAllowed = codes.has(DEVICE_PERMS.list);
  const [stats, devices, warehouses, compliance] = await Promise.all([
    dashboardStats(q, tenantId, codes, now),
    devicesAllowed ? devicePositions(q, tenantId, now) : null,
    warehousePositions(q, tenantId),
    devicesAllowed ? temperatureCompliance(q, tenantId, now) : null,
  ]);
  return { stats, devices, warehouses, compliance, now };
}
