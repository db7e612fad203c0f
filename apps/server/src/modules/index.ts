import type { FastifyInstance } from 'fastify';
import type { Config } from '../platform/config/config';
import type { Db } from '../platform/db/db';
import type { RealtimeHub } from '../platform/realtime/hub';
import { authRoutes } from './auth/auth.routes';
import { selfServiceRoutes } from './auth/self-service.routes';
import { dashboardRoutes } from './dashboard/dashboard.routes';
import { dictRoutes } from './dict/dict.routes';
import { deviceExportRoute } from './devices/device-export';
import { devicesRoutes } from './devices/devices.routes';
import { gatewaysRoutes } from './devices/gateways.routes';
import { groupsRoutes } from './devices/groups.routes';
import type { IngestRuntime } from './telemetry/ingest-runtime';
import { ingestRoutes } from './telemetry/ingest.routes';
import { logRoutes } from './logs/logs.list';
import { installOperationLog } from './logs/operation-log.hook';
import { userRoutes } from './users/users.routes';
import { categoryRoutes } from './categories/categories.routes';
import { uploadRoutes } from './common/upload.routes';
import { departRoutes } from './departs/departs.routes';
import { dictAdminRoutes } from './dict/dict-admin.routes';
import { permissionRoutes } from './permissions/permissions.routes';
import { roleRoutes } from './roles/roles.routes';
import { tenantRoutes } from './tenants/tenants.routes';
import { registerFilePlatform } from '../platform/list/raw-route';
import { registerAlarmModule } from './alarms/alarms.module';
import { downloadCenterRoutes } from './downloads/downloads.routes';
import type { AlarmRuntime } from './alarms/runtime/alarm-runtime';
import type { PushRouteDeps } from './alarms/push/push.routes';
import { placesRoutes } from './logistics/places/places.routes';
import { waybillRoutes } from './logistics/waybills/waybills.routes';
import { reportRoutes } from './reports/reports.routes';
import { quartzRoutes } from './system/quartz/quartz.routes';
import { gatewayRouteRoutes } from './system/gateway-routes/gateway-routes.routes';
import { rulesRoutes } from './system/rules/rules.routes';
import { dataSourceRoutes } from './system/datasources/datasources.routes';
import { popupReportRoutes } from './system/popup-reports/popup-reports.routes';
import { shareRoutes } from './logistics/shares/shares.routes';
import { warehouseRoutes } from './logistics/warehouses/warehouses.routes';
import { integrationRoutes } from './integrations/integrations.routes';
import { meterRoutes } from './meters/meters.routes';
import { subscriptionRoutes } from './logistics/subscriptions/subscriptions.routes';
import { ledgerRoutes } from './ledger/ledger.routes';
import { ssoRoutes } from './auth/sso/sso.routes';
import { brandingRoutes } from './branding/branding.routes';
import { announcementRoutes } from './announcements/announcements.routes';
import { monitorRoutes } from './system/monitor/monitor.routes';
import type { ServerMetrics } from '../platform/observability/metrics';
import type { JobQueue } from '../platform/jobs/job-queue';

/** What every module's routes may use. */
export interface ModuleDeps {
  db: Db;
  config: Config;
  hub: RealtimeHub;
  /** Device registry, ingest and broker connection (issue #3). */
  devices: IngestRuntime;
  /** Alarm engine runtime (issue 9): processed marks, processed notices. */
  alarms: AlarmRuntime;
  /** Alarm push dispatcher (issue 9 item 5): which channels are configured. */
  push?: PushRouteDeps;
  /** The app's Prometheus metrics (monitoring reads its registry and adds the storage gauges). */
  metrics: ServerMetrics;
  /** The job queue (monitoring reads its counts). */
  jobs: JobQueue;
}

/** The one registry of server modules (CONVENTIONS §1). */
export function registerModules(api: FastifyInstance, deps: ModuleDeps): void {
  const { db, config, devices } = deps;
  installOperationLog(api, db, config.basePath);
  registerFilePlatform(api, config.dataDir);
  authRoutes(api, db, config);
  ssoRoutes(api, db, config);
  brandingRoutes(api, db);
  selfServiceRoutes(api, db, config);
  dictRoutes(api, db);
  dashboardRoutes(api, db);
  devicesRoutes(api, db, { sendCommand: (id, c) => devices.sendCommand(id, c), invalidate: (id) => devices.registry.invalidate(id) });
  deviceExportRoute(api, db);
  groupsRoutes(api, db);
  gatewaysRoutes(api, db);
  ingestRoutes(api, db, devices.registry, devices.ingest);
  userRoutes(api, db, config);
  logRoutes(api, db);
  departRoutes(api, db, config);
  roleRoutes(api, db, config);
  permissionRoutes(api, db);
  tenantRoutes(api, db, config);
  dictAdminRoutes(api, db, config);
  categoryRoutes(api, db, config);
  uploadRoutes(api, db, config);
  downloadCenterRoutes(api, db);
  registerAlarmModule(api, deps);
  placesRoutes(api, deps);
  waybillRoutes(api, deps);
  reportRoutes(api, deps);
  quartzRoutes(api, db, config);
  gatewayRouteRoutes(api, db);
  rulesRoutes(api, db);
  dataSourceRoutes(api, db, config);
  popupReportRoutes(api, db, config);
  shareRoutes(api, deps);
  warehouseRoutes(api, deps);
  meterRoutes(api, deps);
  integrationRoutes(api, deps);
  subscriptionRoutes(api, deps);
  ledgerRoutes(api, db);
  announcementRoutes(api, db, deps.hub);
  monitorRoutes(api, deps);
}
