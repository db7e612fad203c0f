import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps';
import { tenantRoutes } from './tenants.routes';

/** Tenants (platform tenant only). */
export function register(app: FastifyInstance, deps: ModuleDeps): void {
  const { db, config } = deps;
  tenantRoutes(app, db, config);
}
