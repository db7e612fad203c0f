import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps';
import { dashboardRoutes } from './dashboard.routes';

/** The dashboard figures. */
export function register(app: FastifyInstance, deps: ModuleDeps): void {
  const { db } = deps;
  dashboardRoutes(app, db);
}
