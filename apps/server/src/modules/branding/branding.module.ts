import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps';
import { brandingRoutes } from './branding.routes';

/** Tenant branding. */
export function register(app: FastifyInstance, deps: ModuleDeps): void {
  const { db } = deps;
  brandingRoutes(app, db);
}
