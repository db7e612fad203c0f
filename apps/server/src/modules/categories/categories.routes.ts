import { CategoryRoutes, splitIds } from '@ztj/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/db';
import { registerRoute } from '../../platform/http/register-route';
import { requirePlatform } from '../tenants/platform-scope';
import * as categories from './categories.service';

/** Category tree (SPEC §7 "category"); platform-wide data changed by the platform tenant. */
export function categoryRoutes(app: FastifyInstance, db: Db): void {
  const R = CategoryRoutes;
  registerRoute(app, db, R.rootList, () => categories.categoryTree(db));
  registerRoute(app, db, R.add, async ({ auth, body }) => {
    requirePlatform(auth);
    return categories.createCategory(db, body, auth.username);
  });
  registerRoute(app, db, R.edit, async ({ auth, body }) => {
    requirePlatform(auth);
    await categories.editCategory(db, body, auth.username);
    return null;
  });
  registerRoute(app, db, R.delete, async ({ auth, query }) => {
    requirePlatform(auth);
    await categories.deleteCategory(db, query.id);
    return null;
  });
  registerRoute(app, db, R.loadTreeData, ({ query }) => categories.loadTreeData(db, query));
  registerRoute(app, db, R.loadDictItem, ({ query }) => categories.loadDictItem(db, splitIds(query.ids)));
  registerRoute(app, db, R.loadOne, ({ query }) => categories.loadOne(db, query.field, query.val));
}
