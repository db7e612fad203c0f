import type { FastifyInstance } from 'fastify';
import type { Config } from '../platform/config/config';
import type { Db } from '../platform/db/db';
import type { RealtimeHub } from '../platform/realtime/hub';
import { authRoutes } from './auth/auth.routes';
import { dashboardRoutes } from './dashboard/dashboard.routes';
import { dictRoutes } from './dict/dict.routes';

/** What every module's routes may use. */
export interface ModuleDeps {
  db: Db;
  config: Config;
  hub: RealtimeHub;
}

/** The one registry of server modules (CONVENTIONS §1). */
export function registerModules(api: FastifyInstance, { db, config }: ModuleDeps): void {
  authRoutes(api, db, config);
  dictRoutes(api, db);
  dashboardRoutes(api, db);
}
