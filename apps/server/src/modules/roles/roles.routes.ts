import { RoleRoutes, splitIds } from '@ztj/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../platform/config/config';
import { crudOperations, registerCrudRoutes } from '../../platform/crud/crud-routes';
import type { Db } from '../../platform/db/db';
import { registerRoute } from '../../platform/http/register-route';
import { runImport } from '../../platform/list/import-runner';
import { listAll } from '../../platform/list/list-runner';
import { callerOf } from '../../platform/list/list-spec';
import { readMultipart, registerRawRoute } from '../../platform/list/raw-route';
import * as roles from './roles.service';
import { registerExportRoute } from '../../platform/exports/export-route';
import { listExporter } from '../../platform/exports/export-registry';

/** Roles, role permissions and role data rules (SPEC §7 "role", "permission"). */
export function roleRoutes(app: FastifyInstance, db: Db, config: Config): void {
  const R = RoleRoutes;
  const L = roles.ROLE_LIST;
  registerCrudRoutes(app, db, R, {
    ...crudOperations(roles.ROLE_CRUD),
    add: (q, body, caller) => q.tx((t) => roles.createRole(t, body, caller)),
  });
  registerRoute(app, db, R.queryall, ({ auth }) =>
    listAll(db, L, { column: 'roleCode', order: 'asc' }, callerOf(auth, R.list.access)),
  );
  registerRoute(app, db, R.queryRolePermission, ({ auth, query }) =>
    roles.rolePermissionIds(db, query.roleId, callerOf(auth)),
  );
  registerRoute(app, db, R.saveRolePermission, async ({ auth, body }) => {
    await roles.saveRolePermissions(db, body.roleId, splitIds(body.permissionIds), callerOf(auth));
    return null;
  });
  registerRoute(app, db, R.queryDataRule, ({ auth, params }) =>
    roles.roleDataRules(db, params.permissionId, params.roleId, callerOf(auth)),
  );
  registerRoute(app, db, R.saveDataRule, async ({ auth, body }) => {
    await roles.saveRoleDataRules(db, body.roleId, body.permissionId, splitIds(body.dataRuleIds), callerOf(auth));
    return null;
  });
  registerExportRoute(
    app,
    db,
    R.exportXls,
    listExporter({
      key: R.exportXls.path,
      list: L,
      permission: R.list.access,
      title: { 'zh-CN': '角色列表', 'en-US': 'Roles' },
      fileBase: { 'zh-CN': '角色列表', 'en-US': 'roles' },
    }),
  );
  registerRawRoute(app, db, R.importExcel, async ({ auth, req, lang }) => {
    const { files } = await readMultipart(req);
    return {
      kind: 'envelope',
      body: await runImport(db, roles.ROLE_IMPORT, files, callerOf(auth), lang, config.dataDir),
    };
  });
}
