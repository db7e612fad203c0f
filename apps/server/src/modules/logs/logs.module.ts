import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps';
import { logRoutes } from './logs.list';

/** The operation and sign-in logs (the operation-log hook is installed by the composition before any route). */
export function register(app: FastifyInstance, deps: ModuleDeps): void {
  const { db } = deps;
  logRoutes(app, db);
}
