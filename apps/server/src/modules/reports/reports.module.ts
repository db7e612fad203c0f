import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps';
import { reportRoutes } from './reports.routes';

/** Reports. */
export function register(app: FastifyInstance, deps: ModuleDeps): void {
  reportRoutes(app, deps);
}
