import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps';
import { quartzRoutes } from './quartz/quartz.routes';
import { gatewayRouteRoutes } from './gateway-routes/gateway-routes.routes';
import { rulesRoutes } from './rules/rules.routes';
import { dataSourceRoutes } from './datasources/datasources.routes';
import { popupReportRoutes } from './popup-reports/popup-reports.routes';
import { monitorRoutes } from './monitor/monitor.routes';

/** System administration: scheduled jobs, gateway routes, check rules, data sources, popup reports, monitoring. */
export function register(app: FastifyInstance, deps: ModuleDeps): void {
  const { db, config } = deps;
  quartzRoutes(app, db, config);
  gatewayRouteRoutes(app, db);
  rulesRoutes(app, db);
  dataSourceRoutes(app, db, config);
  popupReportRoutes(app, db, config);
  monitorRoutes(app, deps);
}
