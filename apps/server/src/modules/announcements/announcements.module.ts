import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps';
import { announcementRoutes } from './announcements.routes';

/** Announcements (live through the realtime hub). */
export function register(app: FastifyInstance, deps: ModuleDeps): void {
  const { db } = deps;
  announcementRoutes(app, db, deps.hub);
}
