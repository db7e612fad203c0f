import { PlacesRoutes as R } from '@ztj/contracts';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../../platform/http/register-route';
import { listPage } from '../../../platform/list/list-runner';
import { callerOf } from '../../../platform/list/list-spec';
import type { ModuleDeps } from '../../module-deps';
import { LOCATION_LIST, ROUTE_LIST } from './places.list';
import {
  addLocation,
  addRoute,
  deleteLocations,
  deleteRoutes,
  locationOptions,
  routeOptions,
  updateLocation,
  updateRoute,
  viewLocation,
  viewRoute,
} from './places.service';

/** Path and point settings (PlacesRoutes of contracts; SPEC §7). Tenant-scoped. */
export function placesRoutes(api: FastifyInstance, { db }: Pick<ModuleDeps, 'db'>): void {
  registerRoute(api, db, R.pathList, ({ auth, query }) =>
    listPage(db, ROUTE_LIST, query, callerOf(auth, R.pathList.access)),
  );
  registerRoute(api, db, R.pathView, ({ auth, query }) => viewRoute(db, auth.tenantId, query.id));
  registerRoute(api, db, R.pathAdd, ({ auth, body, lang }) => addRoute(db, auth, lang, body));
  registerRoute(api, db, R.pathUpdate, ({ auth, body, lang }) => updateRoute(db, auth, lang, body));
  registerRoute(api, db, R.pathDelete, async ({ auth, query }) => {
    await deleteRoutes(db, auth, query.ids);
    return null;
  });
  registerRoute(api, db, R.pathOptions, ({ auth }) => routeOptions(db, auth.tenantId));
  registerRoute(api, db, R.pointList, ({ auth, query }) =>
    listPage(db, LOCATION_LIST, query, callerOf(auth, R.pointList.access)),
  );
  registerRoute(api, db, R.pointView, ({ auth, query }) => viewLocation(db, auth.tenantId, query.id));
  registerRoute(api, db, R.pointAdd, ({ auth, body, lang }) => addLocation(db, auth, lang, body));
  registerRoute(api, db, R.pointUpdate, ({ auth, body, lang }) => updateLocation(db, auth, lang, body));
  registerRoute(api, db, R.pointDelete, async ({ auth, query }) => {
    await deleteLocations(db, auth, query.ids);
    return null;
  });
  registerRoute(api, db, R.pointOptions, ({ auth }) => locationOptions(db, auth.tenantId));
}
