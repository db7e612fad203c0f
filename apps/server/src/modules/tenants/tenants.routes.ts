import { PositionRoutes, splitIds, TenantRoutes } from '@ztj/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../platform/config/config';
import type { Db } from '../../platform/db/db';
import { AppError } from '../../platform/http/app-error';
import { registerRoute } from '../../platform/http/register-route';
import { runImport } from '../../platform/list/import-runner';
import { listAll, listPage } from '../../platform/list/list-runner';
import { callerOf } from '../../platform/list/list-spec';
import { readMultipart, registerRawRoute } from '../../platform/list/raw-route';
import { withUsernameField } from '../users/account-scope';
import { requirePlatform } from '../../platform/tenancy/platform-scope';
import * as positions from './positions.service';
import * as tenants from './tenants.service';
import { registerExportRoute } from '../../platform/exports/export-route';
import { listExporter } from '../../platform/exports/export-registry';

/** Tenants (platform tenant only for changes) and positions (SPEC §7 "tenant", "position"). */
export function tenantRoutes(app: FastifyInstance, db: Db, config: Config): void {
  const T = TenantRoutes;
  registerRoute(app, db, T.list, ({ auth, query }) =>
    listPage(db, tenants.TENANT_LIST, query, callerOf(auth, T.list.access)),
  );
  registerRoute(app, db, T.queryById, async ({ auth, query }) => {
    const [row] = await listAll(db, tenants.TENANT_LIST, { selections: query.id }, callerOf(auth, T.list.access));
    if (!row) throw new AppError('notFound', 'notFound');
    return row;
  });
  registerRoute(app, db, T.add, async ({ auth, body, lang }) => {
    requirePlatform(auth);
    return { id: await withUsernameField(() => tenants.createTenant(db, body, callerOf(auth)), 'adminUsername', lang) };
  });
  registerRoute(app, db, T.edit, async ({ auth, body }) => {
    requirePlatform(auth);
    await tenants.editTenant(db, body, callerOf(auth));
    return null;
  });
  registerRoute(app, db, T.delete, async ({ auth, query }) => {
    requirePlatform(auth);
    const id = Number(query.id);
    if (!Number.isInteger(id)) throw new AppError('notFound', 'notFound');
    await tenants.deleteTenant(db, id, callerOf(auth));
    return null;
  });

  const P = PositionRoutes;
  const L = positions.POSITION_LIST;
  registerRoute(app, db, P.list, ({ auth, query }) => listPage(db, L, query, callerOf(auth, P.list.access)));
  registerRoute(app, db, P.add, async ({ auth, body }) => ({
    id: await positions.createPosition(db, body, callerOf(auth)),
  }));
  registerRoute(app, db, P.edit, async ({ auth, body }) => {
    await positions.editPosition(db, body, callerOf(auth, P.list.access));
    return null;
  });
  registerRoute(app, db, P.delete, async ({ auth, query }) => {
    await positions.deletePositions(db, [query.id], callerOf(auth, P.list.access));
    return null;
  });
  registerRoute(app, db, P.deleteBatch, async ({ auth, query }) => {
    await positions.deletePositions(db, splitIds(query.ids), callerOf(auth, P.list.access));
    return null;
  });
  registerExportRoute(
    app,
    db,
    P.exportXls,
    listExporter({
      key: P.exportXls.path,
      list: L,
      permission: P.list.access,
      title: { 'zh-CN': '职务列表', 'en-US': 'Positions' },
      fileBase: { 'zh-CN': '职务列表', 'en-US': 'positions' },
    }),
  );
  registerRawRoute(app, db, P.importExcel, async ({ auth, req, lang }) => {
    const { files } = await readMultipart(req);
    return {
      kind: 'envelope',
      body: await runImport(db, positions.POSITION_IMPORT, files, callerOf(auth), lang, config.dataDir),
    };
  });
}
