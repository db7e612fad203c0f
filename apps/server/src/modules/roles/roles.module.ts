import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps';
import { roleRoutes } from './roles.routes';

/** Roles. */
export function register(app: FastifyInstance, deps: ModuleDeps): void {
  const { db, config } = deps;
  roleRoutes(app, db, config);
}
