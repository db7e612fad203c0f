import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps';
import { placesRoutes } from './places/places.routes';
import { waybillRoutes } from './waybills/waybills.routes';
import { shareRoutes } from './shares/shares.routes';
import { warehouseRoutes } from './warehouses/warehouses.routes';
import { subscriptionRoutes } from './subscriptions/subscriptions.routes';

/** Places, waybills, shares, warehouses and service subscriptions. */
export function register(app: FastifyInstance, deps: ModuleDeps): void {
  placesRoutes(app, deps);
  waybillRoutes(app, deps);
  shareRoutes(app, deps);
  warehouseRoutes(app, deps);
  subscriptionRoutes(app, deps);
}
