import { DASHBOARD_TIME_ZONE, type DashboardTrend, type DashboardTrendDays } from '@ztj/contracts';
import type { Queryable } from '../../platform/db/db';
import * as repo from './dashboard.repo';

/**
 * Trends of the analysis dashboard (SPEC §9: one week, two weeks, one month). Days are calendar
 * days of {@link DASHBOARD_TIME_ZONE}, the last one today; each source is counted with one
 * `GROUP BY` over an indexed time range of the tenant:
 * - alarms by start (device ms, `alarm_tenant_time_idx`),
 * - readings by device time (`telemetry` primary key `(device_id, ts)` per device of the tenant),
 * - pushes by creation (server ms, `alarm_push_tenant_idx`).
 * Readings dated in the future (a device clock ahead) are not counted.
 */

/** Which sources the caller may see. */
export type TrendAccess = Record<repo.TrendSource, boolean>;

/**
 * Alarms, readings and pushes per day of the tenant for the last `days` days at `now` (ms epoch);
 * a source the caller may not see is null on every day.
 */
export async function dashboardTrend(
  q: Queryable,
  tenantId: number,
  days: DashboardTrendDays,
  access: TrendAccess,
  now = Date.now(),
  timeZone = DASHBOARD_TIME_ZONE,
): Promise<DashboardTrend> {
  const range = await repo.trendDayRange(q, days, timeZone, now);
  const p = { tenantId, timeZone, sinceMs: range.sinceMs, now };
  const [alarms, readings, pushes] = await Promise.all(
    (['alarms', 'readings', 'pushes'] as const).map((source) =>
      access[source] ? repo.perDayCounts(q, source, p) : null,
    ),
  );
  const at = (m: Map<string, number> | null | undefined, day: string): number | null => (m ? (m.get(day) ?? 0) : null);
  return {
    days,
    timeZone,
    points: range.days.map((day) => ({
      day,
      alarms: at(alarms, day),
      readings: at(readings, day),
      pushes: at(pushes, day),
    })),
  };
}
