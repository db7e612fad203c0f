import { DictAdminRoutes, splitIds } from '@ztj/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/db';
import { registerRoute } from '../../platform/http/register-route';
import { listPage } from '../../platform/list/list-runner';
import { callerOf } from '../../platform/list/list-spec';
import { requirePlatform } from '../tenants/platform-scope';
import * as dicts from './dict-admin.service';

/** Dictionary and item administration (SPEC §7 "dict", "dictItem"); changes by the platform tenant. */
export function dictAdminRoutes(app: FastifyInstance, db: Db): void {
  const R = DictAdminRoutes;
  registerRoute(app, db, R.list, ({ auth, query }) => listPage(db, dicts.DICT_LIST, query, callerOf(auth, R.list.access)));
  registerRoute(app, db, R.add, async ({ auth, body }) => {
    requirePlatform(auth);
    return { id: await dicts.createDict(db, body, auth.username) };
  });
  registerRoute(app, db, R.edit, async ({ auth, body }) => {
    requirePlatform(auth);
    await dicts.editDict(db, body, callerOf(auth));
    return null;
  });
  registerRoute(app, db, R.delete, async ({ auth, query }) => {
    requirePlatform(auth);
    await dicts.deleteDicts(db, [query.id], callerOf(auth));
    return null;
  });
  registerRoute(app, db, R.deleteBatch, async ({ auth, query }) => {
    requirePlatform(auth);
    await dicts.deleteDicts(db, splitIds(query.ids), callerOf(auth));
    return null;
  });
  registerRoute(app, db, R.refleshCache, () => dicts.refreshCache(db));
  registerRoute(app, db, R.itemList, ({ auth, query }) => listPage(db, dicts.DICT_ITEM_LIST, query, callerOf(auth, R.itemList.access)));
  registerRoute(app, db, R.itemAdd, async ({ auth, body }) => {
    requirePlatform(auth);
    return { id: await dicts.createItem(db, body, callerOf(auth)) };
  });
  registerRoute(app, db, R.itemEdit, async ({ auth, body }) => {
    requirePlatform(auth);
    await dicts.editItem(db, body, callerOf(auth));
    return null;
  });
  registerRoute(app, db, R.itemDelete, async ({ auth, query }) => {
    requirePlatform(auth);
    await dicts.deleteItem(db, query.id, callerOf(auth));
    return null;
  });
}
