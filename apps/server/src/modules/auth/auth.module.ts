import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps';
import { authRoutes } from './auth.routes';
import { ssoRoutes } from './sso/sso.routes';
import { selfServiceRoutes } from './self-service.routes';

/** Sign-in, sessions, SSO and self-service (SPEC §3). */
export function register(app: FastifyInstance, deps: ModuleDeps): void {
  const { db, config } = deps;
  authRoutes(app, db, config);
  ssoRoutes(app, db, config);
  selfServiceRoutes(app, db, config);
}
