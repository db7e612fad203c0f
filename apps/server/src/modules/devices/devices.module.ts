import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps';
import { devicesRoutes } from './devices.routes';
import { deviceExportRoute } from './device-export';
import { groupsRoutes } from './groups.routes';
import { gatewaysRoutes } from './gateways.routes';

/** Devices, device groups and gateways (SPEC §7 devices); commands and cache invalidation go through the ingest runtime. */
export function register(app: FastifyInstance, deps: ModuleDeps): void {
  const { db } = deps;
  devicesRoutes(app, db, {
    sendCommand: (id, c) => deps.devices.sendCommand(id, c),
    invalidate: (id) => deps.devices.registry.invalidate(id),
  });
  deviceExportRoute(app, db);
  groupsRoutes(app, db);
  gatewaysRoutes(app, db);
}
