import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps';
import { userRoutes } from './users.routes';

/** User administration (SPEC §7 user). */
export function register(app: FastifyInstance, deps: ModuleDeps): void {
  const { db, config } = deps;
  userRoutes(app, db, config);
}
