import { GATEWAY_EXPORT_FILE, GatewayRouteRoutes } from '@ztj/contracts';
import type { FastifyInstance } from 'fastify';
import { crudOperations, registerCrudRoutes } from '../../../platform/crud/crud-routes';
import type { Db } from '../../../platform/db/db';
import { callerOf } from '../../../platform/list/list-spec';
import { registerRawRoute } from '../../../platform/list/raw-route';
import { gatewayRoutesYaml } from './gateway-routes.export';
import * as routes from './gateway-routes.service';

/**
 * Gateway routes (SPEC §2 system → gateway routes; JeecgBoot `/sys/gatewayRoute/*`):
 * list, one, add, edit, delete, batch delete — every call tenant-scoped and permission-checked —
 * and the export of the enabled routes as Spring Cloud Gateway YAML ({@link gatewayRoutesYaml}).
 * Nothing here (or anywhere in the server) proxies requests to a route's URI.
 */
export function gatewayRouteRoutes(app: FastifyInstance, db: Db): void {
  const R = GatewayRouteRoutes;
  registerCrudRoutes(app, db, R, crudOperations(routes.GATEWAY_ROUTE_CRUD));
  registerRawRoute(app, db, R.exportConfig, async ({ auth }) => ({
    kind: 'file',
    fileName: GATEWAY_EXPORT_FILE,
    contentType: 'application/yaml; charset=utf-8',
    body: Buffer.from(gatewayRoutesYaml(await routes.enabledRoutes(db, callerOf(auth))), 'utf8'),
  }));
}
