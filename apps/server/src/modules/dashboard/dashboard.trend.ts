import { DASHBOARD_TIME_ZONE, type DashboardTrend, type DashboardTrendDays } from '@ztj/contracts';
import type { Queryable } from '../../platform/db/db';

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
export interface TrendAccess {
  alarms: boolean;
  readings: boolean;
  pushes: boolean;
}

interface Range {
  days: string[];
  sinceMs: number;
}

/** The `days` calendar days ending today in `timeZone` and the ms epoch of the first one's start. */
async function dayRange(q: Queryable, days: number, timeZone: string, now: number): Promise<Range> {
  const rows = await q.query<{ day: string; since_ms: number | string }>(
    `WITH today AS (SELECT (to_timestamp($1 / 1000.0) AT TIME ZONE $2)::date AS d)
     SELECT to_char(g.day, 'YYYY-MM-DD') AS day,
            (extract(epoch FROM ((SELECT d FROM today) - ($3::int - 1))::timestamp AT TIME ZONE $2) * 1000)::float8 AS since_ms
       FROM today, generate_series(today.d - ($3::int - 1), today.d, interval '1 day') AS g(day) ORDER BY g.day`,
    [now, timeZone, days],
  );
  return { days: rows.map((r) => r.day), sinceMs: Number(rows[0]!.since_ms) };
}

const dayOf = (msExpr: string): string => `to_char(to_timestamp(${msExpr} / 1000.0) AT TIME ZONE $2, 'YYYY-MM-DD')`;

async function perDay(q: Queryable, sql: string, params: unknown[]): Promise<Map<string, number>> {
  const rows = await q.query<{ day: string; count: number }>(sql, params);
  return new Map(rows.map((r) => [r.day, r.count]));
}

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
  const range = await dayRange(q, days, timeZone, now);
  const params = [tenantId, timeZone, range.sinceMs, now];
  const [alarms, readings, pushes] = await Promise.all([
    access.alarms
      ? perDay(
          q,
          `SELECT ${dayOf('start_ts')} AS day, count(*)::int AS count FROM alarm WHERE tenant_id = $1 AND start_ts >= $3 AND start_ts <= $4 GROUP BY 1`,
          params,
        )
      : null,
    access.readings
      ? perDay(
          q,
          `SELECT ${dayOf('t.ts')} AS day, count(*)::int AS count FROM device d JOIN telemetry t ON t.device_id = d.dev_no
            WHERE d.tenant_id = $1 AND t.ts >= $3 AND t.ts <= $4 GROUP BY 1`,
          params,
        )
      : null,
    access.pushes
      ? perDay(
          q,
          `SELECT ${dayOf('created_at')} AS day, count(*)::int AS count FROM alarm_push WHERE tenant_id = $1 AND created_at >= $3 AND created_at <= $4 GROUP BY 1`,
          params,
        )
      : null,
  ]);
  const at = (m: Map<string, number> | null, day: string): number | null => (m ? (m.get(day) ?? 0) : null);
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
