import { CategoryRoutes, splitIds } from '@ztj/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../platform/config/config';
import type { Db } from '../../platform/db/db';
import { listExporter } from '../../platform/exports/export-registry';
import { registerExportRoute } from '../../platform/exports/export-route';
import { registerRoute } from '../../platform/http/register-route';
import { runImport } from '../../platform/list/import-runner';
import { listAll, listPage } from '../../platform/list/list-runner';
import { callerOf } from '../../platform/list/list-spec';
import { readMultipart, registerRawRoute } from '../../platform/list/raw-route';
import { requirePlatform } from '../../platform/tenancy/platform-scope';
import { CATEGORY_IMPORT, CATEGORY_LIST, CATEGORY_ROOTS } from './categories.list';
import * as categories from './categories.service';

/**
 * Category tree (SPEC §7 "category"; JeecgBoot's category screen and JCategorySelect);
 * platform-wide data changed by the platform tenant. Tree loads never take a table or SQL from a
 * client: the category table and its columns are fixed here.
 */
export function categoryRoutes(app: FastifyInstance, db: Db, config: Config): void {
  const R = CategoryRoutes;
  registerRoute(app, db, R.rootList, async ({ auth, query }) => {
    const page = await listPage(db, CATEGORY_ROOTS, query, callerOf(auth, R.rootList.access));
    const byId = new Map((await categories.categoryRecords(db)).map((n) => [n.id, n]));
    return { ...page, records: page.records.map((r) => ({ ...r, children: byId.get(r.id)?.children })) };
  });
  registerRoute(app, db, R.childList, ({ auth, query }) =>
    listAll(db, CATEGORY_LIST, { ...query, pid: query.pid }, callerOf(auth, R.childList.access)),
  );
  registerRoute(app, db, R.getChildListBatch, async ({ auth, query }) => {
    const ids = splitIds(query.parentIds);
    const records = (await listAll(db, CATEGORY_LIST, {}, callerOf(auth, R.getChildListBatch.access))).filter(
      (r) => r.pid !== null && ids.includes(r.pid),
    );
    return { records, total: records.length, size: records.length, current: 1, pages: 1 };
  });
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
    await categories.deleteCategories(db, [query.id]);
    return null;
  });
  registerRoute(app, db, R.deleteBatch, async ({ auth, query }) => {
    requirePlatform(auth);
    await categories.deleteCategories(db, splitIds(query.ids));
    return null;
  });
  registerExportRoute(
    app,
    db,
    R.exportXls,
    listExporter({
      key: R.exportXls.path,
      list: CATEGORY_LIST,
      permission: R.exportXls.access,
      title: { 'zh-CN': '分类字典', 'en-US': 'Categories' },
      fileBase: { 'zh-CN': '分类字典', 'en-US': 'categories' },
    }),
  );
  registerRawRoute(app, db, R.importExcel, async ({ auth, req, lang }) => {
    requirePlatform(auth);
    const { files } = await readMultipart(req);
    return {
      kind: 'envelope',
      body: await runImport(db, CATEGORY_IMPORT, files, callerOf(auth), lang, config.dataDir),
    };
  });
  registerRoute(app, db, R.loadTreeData, ({ query }) => categories.loadTreeData(db, query));
  registerRoute(app, db, R.loadTreeRoot, ({ query }) =>
    categories.loadTreeRoot(db, query.pcode, query.async !== 'false'),
  );
  registerRoute(app, db, R.loadTreeChildren, ({ query }) => categories.loadTreeData(db, { pid: query.pid }));
  registerRoute(app, db, R.loadAllData, ({ query }) => categories.loadAllData(db, query.code));
  registerRoute(app, db, R.loadDictItem, ({ query }) => categories.loadDictItem(db, splitIds(query.ids)));
  registerRoute(app, db, R.loadDictItemSlash, ({ query }) => categories.loadDictItem(db, splitIds(query.ids)));
  registerRoute(app, db, R.loadOne, ({ query }) => categories.loadOne(db, query.field, query.val));
}
