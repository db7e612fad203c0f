import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps';
import { integrationRoutes } from './integrations.routes';

/** Modbus and third-party integrations. */
export function register(app: FastifyInstance, deps: ModuleDeps): void {
  integrationRoutes(app, deps);
}
