import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps';
import { dictRoutes } from './dict.routes';
import { dictAdminRoutes } from './dict-admin.routes';

/** Dictionaries: reading them and administering them. */
export function register(app: FastifyInstance, deps: ModuleDeps): void {
  const { db, config } = deps;
  dictRoutes(app, db);
  dictAdminRoutes(app, db, config);
}
