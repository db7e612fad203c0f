import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps';
import { downloadCenterRoutes } from './downloads.routes';

/** The download centre. */
export function register(app: FastifyInstance, deps: ModuleDeps): void {
  const { db } = deps;
  downloadCenterRoutes(app, db);
}
