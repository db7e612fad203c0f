import type { ExportStarted, Language, RouteDef } from '@ztj/contracts';
import type { AuthContext } from '../auth/auth-context';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/db';
import { registerRoute } from '../http/register-route';
import type { Exporter } from './export-registry';
import type { ExportService } from './export-service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The download center's export service, decorated by the app. */
    exports: ExportService;
  }
}

/** The export service of the app serving `req`. @throws Error when the app has none (a wiring bug). */
export function exportsOf(req: FastifyRequest): ExportService {
  const service = (req.server as FastifyInstance & { exports?: ExportService }).exports;
  if (!service) throw new Error('export service not decorated on the app');
  return service;
}

/**
 * Registers an export call (SPEC §7 export, §1 asynchronous): same access check as any route (the
 * route's permission code), then the export is recorded and queued, and the call answers
 * {@link ExportStarted} at once; the file appears in the caller's download center.
 */
export function registerExportRoute<D extends RouteDef>(
  app: FastifyInstance,
  db: Db,
  def: D,
  exporter: Exporter,
): void {
  const handler = ({
    auth,
    query,
    lang,
    req,
  }: {
    auth: AuthContext;
    query: unknown;
    lang: Language;
    req: FastifyRequest;
  }): Promise<ExportStarted> => exportsOf(req).request(auth, exporter, { ...(query as Record<string, unknown>) }, lang);
  registerRoute(app, db, def, handler as never);
}
