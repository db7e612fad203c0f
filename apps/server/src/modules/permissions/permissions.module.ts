import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps';
import { permissionRoutes } from './permissions.routes';

/** Menus and permissions, data rules. */
export function register(app: FastifyInstance, deps: ModuleDeps): void {
  const { db } = deps;
  permissionRoutes(app, db);
}
