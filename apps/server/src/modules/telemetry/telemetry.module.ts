import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps';
import { ingestRoutes } from './ingest.routes';

/** HTTP ingest of device readings (the MQTT ingest runs in the ingest runtime). */
export function register(app: FastifyInstance, deps: ModuleDeps): void {
  const { db } = deps;
  ingestRoutes(app, db, deps.devices.registry, deps.devices.ingest);
}
