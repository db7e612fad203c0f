import { ALARM_PERMS, DEVICE_PERMS, DashboardRoutes, PUSH_PERMS } from '@ztj/contracts';
import type { FastifyInstance } from 'fastify';
import { loadPermissionCodes } from '../../platform/auth/auth-context';
import type { Db } from '../../platform/db/db';
import { registerRoute } from '../../platform/http/register-route';
import { bigScreenData } from './dashboard.bigscreen';
import { dashboardStats } from './dashboard.figures';
import { dashboardTrend } from './dashboard.trend';

/**
 * Dashboard calls: the analysis figures, the 7/14/30-day trend and the big-data
 * screen. Any signed-in user of the tenant may call them; each section needs the permission of the
 * list it summarises (device:list, alarm:list, task:list, push:list) and is null without it.
 */
export function dashboardRoutes(app: FastifyInstance, db: Db): void {
  registerRoute(app, db, DashboardRoutes.analysis, async ({ auth }) =>
    dashboardStats(db, auth.tenantId, await loadPermissionCodes(db, auth.userId, auth.tenantId)),
  );
  registerRoute(app, db, DashboardRoutes.trend, async ({ auth, query }) => {
    const codes = await loadPermissionCodes(db, auth.userId, auth.tenantId);
    return dashboardTrend(db, auth.tenantId, query.days, {
      alarms: codes.has(ALARM_PERMS.list),
      readings: codes.has(DEVICE_PERMS.list),
      pushes: codes.has(PUSH_PERMS.list),
    });
  });
  registerRoute(app, db, DashboardRoutes.bigScreen, async ({ auth }) =>
    bigScreenData(db, auth.tenantId, await loadPermissionCodes(db, auth.userId, auth.tenantId)),
  );
}
