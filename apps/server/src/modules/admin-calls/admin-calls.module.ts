import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps';
import { adminCallRoutes } from './admin-calls.routes';

/** The JeecgBoot console calls of the user, role, department and tenant screens and the duplicate check. */
export function register(app: FastifyInstance, deps: ModuleDeps): void {
  const { db } = deps;
  adminCallRoutes(app, db);
}
