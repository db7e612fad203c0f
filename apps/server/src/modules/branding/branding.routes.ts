import { BrandingRoutes } from '@ztj/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/db';
import { registerRoute } from '../../platform/http/register-route';
import { LogType, writeLog } from '../logs/logs.repo';
import { saveBranding, tenantBranding } from './branding.repo';

/** Branding routes: read by any session of the tenant, saved by holders of user:edit. */
export function brandingRoutes(app: FastifyInstance, db: Db): void {
  registerRoute(app, db, BrandingRoutes.get, ({ auth }) => tenantBranding(db, auth.tenantId));
  registerRoute(app, db, BrandingRoutes.save, async ({ auth, body }) => {
    await saveBranding(db, auth.tenantId, body, auth.username);
    await writeLog(db, {
      logType: LogType.OPERATION,
      content: 'branding saved',
      tenantId: auth.tenantId,
      userId: auth.userId,
      username: auth.username,
    });
    return tenantBranding(db, auth.tenantId);
  });
}
