import { DictAdminRoutes, DictCallRoutes, splitIds } from '@ztj/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../platform/config/config';
import type { Db } from '../../platform/db/db';
import { listExporter } from '../../platform/exports/export-registry';
import { registerExportRoute } from '../../platform/exports/export-route';
import { runImport } from '../../platform/list/import-runner';
import { readMultipart, registerRawRoute } from '../../platform/list/raw-route';
import { registerRoute } from '../../platform/http/register-route';
import { listPage } from '../../platform/list/list-runner';
import { callerOf } from '../../platform/list/list-spec';
import { requirePlatform } from '../../platform/tenancy/platform-scope';
import * as dicts from './dict-admin.service';
import * as calls from './dict-calls.service';
import { loadTableTree, tableDictTexts } from './table-dicts';

/** Dictionary and item administration (SPEC §7 "dict", "dictItem"); changes by the platform tenant. */
export function dictAdminRoutes(app: FastifyInstance, db: Db, config: Config): void {
  const R = DictAdminRoutes;
  registerRoute(app, db, R.list, ({ auth, query }) =>
    listPage(db, dicts.DICT_LIST, query, callerOf(auth, R.list.access)),
  );
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
  registerRoute(app, db, R.itemList, ({ auth, query }) =>
    listPage(db, dicts.DICT_ITEM_LIST, query, callerOf(auth, R.itemList.access)),
  );
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

  dictCallRoutes(app, db, config);
}

/** JeecgBoot's other dictionary calls: recycle bin, tree, export/import, table-dictionary trees. */
function dictCallRoutes(app: FastifyInstance, db: Db, config: Config): void {
  const C = DictCallRoutes;
  registerRoute(app, db, C.deleteList, () => calls.recycleBin(db));
  registerRoute(app, db, C.back, async ({ auth, params }) => {
    requirePlatform(auth);
    await calls.restoreDict(db, params.id, auth.username);
    return null;
  });
  registerRoute(app, db, C.deletePhysic, async ({ auth, params }) => {
    requirePlatform(auth);
    await calls.purgeDict(db, params.id);
    return null;
  });
  registerRoute(app, db, C.treeList, ({ auth, query }) => calls.dictTree(db, query, callerOf(auth, C.treeList.access)));
  registerExportRoute(
    app,
    db,
    C.exportXls,
    listExporter({
      key: C.exportXls.path,
      list: dicts.DICT_LIST,
      permission: C.exportXls.access,
      title: { 'zh-CN': '数据字典', 'en-US': 'Dictionaries' },
      fileBase: { 'zh-CN': '数据字典', 'en-US': 'dictionaries' },
    }),
  );
  registerRawRoute(app, db, C.importExcel, async ({ auth, req, lang }) => {
    requirePlatform(auth);
    const { files } = await readMultipart(req);
    return {
      kind: 'envelope',
      body: await runImport(db, calls.DICT_IMPORT, files, callerOf(auth), lang, config.dataDir),
    };
  });
  registerRoute(app, db, C.loadTreeData, ({ auth, query }) => loadTableTree(db, query, callerOf(auth)));
  registerRoute(app, db, C.loadDictItem, ({ auth, params, query }) =>
    tableDictTexts(db, params.dict, splitIds(query.key), callerOf(auth)),
  );
  registerRoute(app, db, C.itemDeleteBatch, async ({ auth, query }) => {
    requirePlatform(auth);
    await calls.deleteItems(db, splitIds(query.ids), callerOf(auth));
    return null;
  });
  registerRoute(app, db, C.itemCheck, ({ auth, query }) => calls.checkItemValue(db, query, callerOf(auth)));
}
