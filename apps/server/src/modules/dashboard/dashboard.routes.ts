import { DashboardRoutes, type DashboardStats } from '@ztj/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/db';
import { registerRoute } from '../../platform/http/register-route';

/**
 * Real counts of the caller's tenant for /dashboard/analysis (issue #2 Dashboard). Users count
 * members of the tenant not in the recycle bin; sign-ins come from the login log; alarms: active
 * ones and unprocessed ones (issue 9 item 4).
 */
export async function dashboardStats(db: Db, tenantId: number): Promise<DashboardStats> {
  const [counts] = await db.query<Omit<DashboardStats, 'loginTrend'>>(
    `SELECT
       (SELECT count(*)::int FROM sys_user u JOIN sys_user_tenant ut ON ut.user_id = u.id AND ut.tenant_id = $1 WHERE u.del_flag = 0) AS users,
       (SELECT count(*)::int FROM sys_depart WHERE tenant_id = $1 AND del_flag = 0) AS departments,
       (SELECT count(*)::int FROM sys_role WHERE tenant_id = $1) AS roles,
       (SELECT count(*)::int FROM sys_tenant) AS tenants,
       (SELECT count(*)::int FROM sys_log WHERE log_type = 1 AND tenant_id = $1 AND operate_type = 1 AND create_time >= date_trunc('day', now())) AS "loginsToday",
       (SELECT count(*)::int FROM sys_log WHERE log_type = 1 AND tenant_id = $1 AND operate_type = 1) AS "loginsTotal",
       (SELECT count(DISTINCT ip)::int FROM sys_log WHERE log_type = 1 AND tenant_id = $1 AND operate_type = 1 AND create_time >= date_trunc('day', now())) AS "ipsToday",
       (SELECT count(*)::int FROM alarm WHERE tenant_id = $1 AND status = 'active') AS "activeAlarms",
       (SELECT count(*)::int FROM alarm WHERE tenant_id = $1 AND NOT processed AND flag <> 3) AS "unprocessedAlarms"`,
    [tenantId],
  );
  const trend = await db.query<{ day: string; count: number }>(
    `SELECT to_char(d.day, 'YYYY-MM-DD') AS day, count(l.id)::int AS count
       FROM generate_series(date_trunc('day', now()) - interval '6 days', date_trunc('day', now()), interval '1 day') AS d(day)
       LEFT JOIN sys_log l ON l.log_type = 1 AND l.tenant_id = $1 AND l.operate_type = 1
                          AND l.create_time >= d.day AND l.create_time < d.day + interval '1 day'
      GROUP BY d.day ORDER BY d.day`,
    [tenantId],
  );
  return { ...counts!, loginTrend: trend };
}

export function dashboardRoutes(app: FastifyInstance, db: Db): void {
  registerRoute(app, db, DashboardRoutes.analysis, ({ auth }) => dashboardStats(db, auth.tenantId));
}
