import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps';
import { categoryRoutes } from './categories.routes';

/** Category trees. */
export function register(app: FastifyInstance, deps: ModuleDeps): void {
  const { db, config } = deps;
  categoryRoutes(app, db, config);
}
