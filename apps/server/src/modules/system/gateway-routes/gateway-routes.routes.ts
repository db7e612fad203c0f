import { GATEWAY_EXPORT_FILE, GatewayRouteRoutes, splitIds } from '@ztj/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../platform/db/db';
import { registerRoute } from '../../../platform/http/register-route';
import { listPage, requireVisible } from '../../../platform/list/list-runner';
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
  const L = routes.GATEWAY_ROUTE_LIST;
  registerRoute(app, db, R.list, ({ auth, query }) => listPage(db, L, query, callerOf(auth, R.list.access)));
  registerRoute(app, db, R.queryById, async ({ auth, query }) => {
    await requireVisible(db, L, query.id, callerOf(auth, R.list.access));
    const [row] = await db.query<Record<string, unknown>>('SELECT * FROM sys_gateway_route WHERE id = $1', [query.id]);
    return L.map(row!);
  });
  registerRoute(app, db, R.add, async ({ auth, body, lang }) => ({
    id: await routes.createRoute(db, body, callerOf(auth), lang),
  }));
  registerRoute(app, db, R.edit, async ({ auth, body, lang }) => {
    await routes.editRoute(db, body, callerOf(auth, R.list.access), lang);
    return null;
  });
  registerRoute(app, db, R.delete, async ({ auth, query }) => {
    await routes.deleteRoutes(db, [query.id], callerOf(auth, R.list.access));
    return null;
  });
  registerRoute(app, db, R.deleteBatch, async ({ auth, query }) => {
    await routes.deleteRoutes(db, splitIds(query.ids), callerOf(auth, R.list.access));
    return null;
  });
  registerRawRoute(app, db, R.exportConfig, async ({ auth }) => ({
    kind: 'file',
    fileName: GATEWAY_EXPORT_FILE,
    contentType: 'application/yaml; charset=utf-8',
    body: Buffer.from(gatewayRoutesYaml(await routes.enabledRoutes(db, callerOf(auth))), 'utf8'),
  }));
}
