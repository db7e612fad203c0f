import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps';
import { meterRoutes } from './meters.routes';

/** Meters and store equipment. */
export function register(app: FastifyInstance, deps: ModuleDeps): void {
  meterRoutes(app, deps);
}
