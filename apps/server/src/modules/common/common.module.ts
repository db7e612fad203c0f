import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps';
import { uploadRoutes } from './upload.routes';

/** Uploads and stored files. */
export function register(app: FastifyInstance, deps: ModuleDeps): void {
  const { db, config } = deps;
  uploadRoutes(app, db, config);
}
