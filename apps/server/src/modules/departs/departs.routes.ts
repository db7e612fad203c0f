import { DepartRoleRoutes, DepartRoutes, splitIds, UserRoutes } from '@ztj/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../platform/config/config';
import { deleteRows, editRow } from '../../platform/crud/tenant-crud';
import type { Db } from '../../platform/db/db';
import { registerRoute } from '../../platform/http/register-route';
import { listPage, requireVisible } from '../../platform/list/list-runner';
import { callerOf } from '../../platform/list/list-spec';
import * as roles from './depart-roles.service';
import { departCallRoutes } from './depart-calls';
import * as departs from './departs.service';
import { USER_LIST } from '../users/users.list';

/** Departments (SPEC §7 "sysDepart"). */
export function departRoutes(app: FastifyInstance, db: Db, config: Config): void {
  const R = DepartRoutes;
  registerRoute(app, db, R.queryTreeList, ({ auth }) => departs.departTree(db, auth.tenantId));
  registerRoute(app, db, R.queryIdTree, ({ auth }) => departs.departIdTree(db, auth.tenantId));
  registerRoute(app, db, R.searchBy, ({ auth, query }) => departs.searchDeparts(db, auth.tenantId, query.keyWord));
  registerRoute(app, db, R.add, ({ auth, body }) => departs.createDepart(db, body, callerOf(auth)));
  registerRoute(app, db, R.edit, async ({ auth, body }) => {
    await departs.editDepart(db, body, callerOf(auth));
    return null;
  });
  registerRoute(app, db, R.delete, async ({ auth, query }) => {
    await departs.deleteDeparts(db, [query.id], callerOf(auth));
    return null;
  });
  registerRoute(app, db, R.deleteBatch, async ({ auth, query }) => {
    await departs.deleteDeparts(db, splitIds(query.ids), callerOf(auth));
    return null;
  });
  // The users of one department (a user route): registered here, where departments are known, so
  // the users module imports no department. Another tenant's department is "not found", not an empty page.
  registerRoute(app, db, UserRoutes.departUserList, async ({ auth, query }) => {
    if (query.depId !== undefined && query.depId !== '')
      await requireVisible(db, departs.DEPART_LIST, String(query.depId), callerOf(auth));
    return listPage(db, USER_LIST, query, callerOf(auth, UserRoutes.list.access));
  });
  registerRoute(app, db, R.queryDepartPermission, ({ auth, query }) =>
    departs.departPermissionIds(db, query.departId, callerOf(auth)),
  );
  registerRoute(app, db, R.saveDepartPermission, async ({ auth, body }) => {
    await departs.saveDepartPermissions(db, body.departId, splitIds(body.permissionIds), callerOf(auth));
    return null;
  });
  registerRoute(app, db, R.departRoles, ({ auth, query }) => departs.departRoles(db, query.departId, callerOf(auth)));
  departRoleRoutes(app, db);
  departCallRoutes(app, db, config);
}

/** Department roles, their permissions, data rules and members (SPEC §6). */
function departRoleRoutes(app: FastifyInstance, db: Db): void {
  const R = DepartRoleRoutes;
  registerRoute(app, db, R.list, async ({ auth, query }) => {
    // The department filter must be a department of the caller's tenant (notFound otherwise).
    for (const id of [query.deptId, query.departId])
      if (id !== undefined && id !== '') await requireVisible(db, departs.DEPART_LIST, String(id), callerOf(auth));
    return listPage(db, roles.DEPART_ROLE_LIST, query, callerOf(auth, R.list.access));
  });
  registerRoute(app, db, R.add, async ({ auth, body }) => ({
    id: await roles.createDepartRole(db, body, callerOf(auth)),
  }));
  // edit and delete see every department role of the tenant (no data rules of the list)
  registerRoute(app, db, R.edit, async ({ auth, body, lang }) => {
    await editRow(db, roles.DEPART_ROLE_CRUD, body, callerOf(auth), lang);
    return null;
  });
  registerRoute(app, db, R.delete, async ({ auth, query }) => {
    await deleteRows(db, roles.DEPART_ROLE_CRUD, [query.id], callerOf(auth));
    return null;
  });
  registerRoute(app, db, R.deleteBatch, async ({ auth, query }) => {
    await deleteRows(db, roles.DEPART_ROLE_CRUD, splitIds(query.ids), callerOf(auth));
    return null;
  });
  registerRoute(app, db, R.queryPermission, ({ auth, query }) =>
    roles.departRolePermissionIds(db, query.roleId, callerOf(auth)),
  );
  registerRoute(app, db, R.savePermission, async ({ auth, body }) => {
    await roles.saveDepartRolePermissions(db, body.roleId, splitIds(body.permissionIds), callerOf(auth));
    return null;
  });
  registerRoute(app, db, R.queryDataRule, ({ auth, params }) =>
    roles.departRoleDataRules(db, params.permissionId, params.departId, params.roleId, callerOf(auth)),
  );
  registerRoute(app, db, R.saveDataRule, async ({ auth, body }) => {
    await roles.saveDepartRoleDataRules(db, body.roleId, body.permissionId, splitIds(body.dataRuleIds), callerOf(auth));
    return null;
  });
  registerRoute(app, db, R.userRoles, ({ auth, query }) =>
    roles.userDepartRoles(db, query.userId, query.departId, callerOf(auth)),
  );
  registerRoute(app, db, R.saveUserRoles, async ({ auth, body }) => {
    await roles.saveUserDepartRoles(
      db,
      body.departId,
      body.userId,
      splitIds(body.newRoleId),
      callerOf(auth),
      splitIds(body.oldRoleId ?? ''),
    );
    return null;
  });
}
