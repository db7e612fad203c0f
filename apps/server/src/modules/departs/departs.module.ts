import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps';
import { departRoutes } from './departs.routes';

/** Departments and department roles. */
export function register(app: FastifyInstance, deps: ModuleDeps): void {
  const { db, config } = deps;
  departRoutes(app, db, config);
}
