import { DictRoutes } from '@ztj/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/db';
import { registerRoute } from '../../platform/http/register-route';
import { allDictItems, dictItems } from './dict.repo';

/** Dictionary reads (SPEC §7). */
export function dictRoutes(app: FastifyInstance, db: Db): void {
  registerRoute(app, db, DictRoutes.items, ({ params }) => dictItems(db, params.code));
  registerRoute(app, db, DictRoutes.all, () => allDictItems(db));
}
