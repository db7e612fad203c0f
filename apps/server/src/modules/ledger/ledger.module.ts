import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps';
import { ledgerRoutes } from './ledger.routes';

/** The ledger. */
export function register(app: FastifyInstance, deps: ModuleDeps): void {
  const { db } = deps;
  ledgerRoutes(app, db);
}
