import { splitIds, UserRoutes } from '@ztj/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../platform/config/config';
import type { Db } from '../../platform/db/db';
import { registerRoute } from '../../platform/http/register-route';
import { runImport } from '../../platform/list/import-runner';
import { listAll, listPage, requireVisible } from '../../platform/list/list-runner';
import { callerOf, type ListCaller, type ListSpec } from '../../platform/list/list-spec';
import { readMultipart, registerRawRoute } from '../../platform/list/raw-route';
import { ROLE_LIST } from '../roles/roles.service';
import { checkUsernameInTenant, withUsernameField } from './account-scope';
import { USER_IMPORT } from './users.import';
import { ADDRESS_LIST, USER_LIST, USER_RECYCLE_LIST } from './users.list';
import * as users from './users.service';
import * as settings from './user-settings.repo';
import { userInfo } from './user-info';
import { registerExportRoute } from '../../platform/exports/export-route';
import { listExporter } from '../../platform/exports/export-registry';

/**
 * A list filtered by the id of another entity (`roleId`, `depId`): the id must be one of the
 * caller's tenant, so another tenant's role or department is "not found" rather than an empty page.
 * @throws AppError notFound.
 */
async function requireFilterId<R>(spec: ListSpec<R>, value: unknown, db: Db, caller: ListCaller): Promise<void> {
  if (value === undefined || value === '') return;
  await requireVisible(db, spec, String(value), caller);
}

/**
 * User administration (SPEC §7 "user"): thin routes — contract → permission → service. The tenant
 * boundary of accounts is described in account-scope.ts.
 */
export function userRoutes(app: FastifyInstance, db: Db, config: Config): void {
  const R = UserRoutes;
  registerRoute(app, db, R.list, ({ auth, query }) => listPage(db, USER_LIST, query, callerOf(auth, R.list.access)));
  registerRoute(app, db, R.add, async ({ auth, body, lang }) => ({
    id: await withUsernameField(() => db.tx((q) => users.createUser(q, body, callerOf(auth))), 'username', lang),
  }));
  registerRoute(app, db, R.edit, async ({ auth, body }) => {
    await users.editUser(db, body, callerOf(auth, R.list.access));
    return null;
  });
  registerRoute(app, db, R.delete, async ({ auth, query }) => {
    await users.recycleUsers(db, [query.id], callerOf(auth, R.list.access));
    return null;
  });
  registerRoute(app, db, R.deleteBatch, async ({ auth, query }) => {
    await users.recycleUsers(db, splitIds(query.ids), callerOf(auth, R.list.access));
    return null;
  });
  registerRoute(app, db, R.frozenBatch, async ({ auth, body }) => {
    await users.freezeUsers(db, splitIds(body.ids), body.status, callerOf(auth, R.list.access));
    return null;
  });
  registerRoute(app, db, R.checkOnlyUser, async ({ auth, query }) => {
    await checkUsernameInTenant(db, query.username, auth.tenantId, query.id);
    return null;
  });
  registerRoute(app, db, R.queryUserRole, ({ auth, query }) =>
    users.userRoleIds(db, query.userid, callerOf(auth, R.list.access)),
  );
  registerRoute(app, db, R.changePassword, async ({ auth, body }) => {
    await users.resetPassword(db, body.username, body.password, callerOf(auth, R.list.access));
    return null;
  });
  registerRoute(app, db, R.queryByIds, ({ auth, query }) =>
    splitIds(query.userIds).length
      ? listAll(db, USER_LIST, { selections: query.userIds }, callerOf(auth, R.list.access))
      : [],
  );
  registerRoute(app, db, R.recycleBin, ({ auth, query }) => listAll(db, USER_RECYCLE_LIST, query, callerOf(auth)));
  registerRoute(app, db, R.putRecycleBin, async ({ auth, body }) => {
    await users.restoreUsers(db, splitIds(body.userIds), callerOf(auth));
    return null;
  });
  registerRoute(app, db, R.deleteRecycleBin, async ({ auth, query }) => {
    await users.purgeUsers(db, splitIds(query.userIds), callerOf(auth));
    return null;
  });
  registerRoute(app, db, R.userDepartList, ({ auth, query }) =>
    users.userDepartments(db, query.userId, callerOf(auth, R.list.access)),
  );
  registerRoute(app, db, R.userRoleList, async ({ auth, query }) => {
    await requireFilterId(ROLE_LIST, query.roleId, db, callerOf(auth));
    return listPage(db, USER_LIST, query, callerOf(auth, R.list.access));
  });
  registerRoute(app, db, R.addressList, ({ auth, query }) =>
    listPage(db, ADDRESS_LIST, query, callerOf(auth, R.addressList.access)),
  );
  registerRoute(app, db, R.settings, ({ auth }) => settings.readSettings(db, auth.userId));
  registerRoute(app, db, R.saveSettings, async ({ auth, body }) => {
    await settings.saveSettings(db, auth.userId, body);
    return null;
  });
  registerRoute(app, db, R.notification, ({ auth }) => settings.readNotification(db, auth.userId));
  registerRoute(app, db, R.saveNotification, async ({ auth, body }) => {
    await settings.saveNotification(db, auth.userId, body);
    return null;
  });
  registerRoute(app, db, R.profile, ({ auth }) => settings.readProfile(db, auth.userId));
  registerRoute(app, db, R.saveProfile, async ({ auth, body }) => {
    await settings.saveProfile(db, auth.userId, auth.username, body);
    return userInfo(db, auth.userId, auth.tenantId);
  });
  registerExportRoute(
    app,
    db,
    R.exportXls,
    listExporter({
      key: R.exportXls.path,
      list: USER_LIST,
      permission: R.list.access,
      title: { 'zh-CN': '用户列表', 'en-US': 'Users' },
      fileBase: { 'zh-CN': '用户列表', 'en-US': 'users' },
    }),
  );
  registerRawRoute(app, db, R.importExcel, async ({ auth, req, lang }) => {
    const { files } = await readMultipart(req);
    return { kind: 'envelope', body: await runImport(db, USER_IMPORT, files, callerOf(auth), lang, config.dataDir) };
  });
}
