import crypto from 'node:crypto';
import {
  DuplicateCheckRoutes,
  RoleTenantCallRoutes,
  splitIds,
  UserMembershipRoutes,
  type DuplicateCheckQuery,
} from '@ztj/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/db';
import { AppError } from '../../platform/http/app-error';
import { registerRoute } from '../../platform/http/register-route';
import { listAll, requireAllVisible, requireVisible } from '../../platform/list/list-runner';
import { callerOf, type ListCaller } from '../../platform/list/list-spec';
import { DEPART_LIST } from '../departs/departs.service';
import { ROLE_LIST } from '../roles/roles.service';
import { requirePlatform } from '../../platform/tenancy/platform-scope';
import * as tenants from '../tenants/tenants.service';
import { checkUsernameInTenant } from '../users/account-scope';
import { USER_LIST } from '../users/users.list';
import * as repo from './admin-calls.repo';
import type { DuplicateLookup } from './admin-calls.repo';

type ExistsKey = 'roleCodeExists' | 'positionCodeExists' | 'dictCodeExists' | 'categoryCodeExists' | 'permsExists';

/**
 * The table/field pairs `sys/duplicate/check` understands: each names a fixed server-written
 * lookup of admin-calls.repo.ts (which carries the scope it runs in); nothing of the client
 * reaches SQL but values.
 * `null` marks a field JeecgBoot checks but this server does not keep unique: any value is free.
 */
const DUPLICATE_PAIRS: Record<
  string,
  Record<string, { lookup: DuplicateLookup; key: ExistsKey } | 'username' | null>
> = {
  sys_user: { username: 'username', phone: null, email: null, work_no: null },
  sys_role: { role_code: { lookup: 'roleCode', key: 'roleCodeExists' } },
  sys_depart_role: { role_code: { lookup: 'departRoleCode', key: 'roleCodeExists' } },
  sys_position: { code: { lookup: 'positionCode', key: 'positionCodeExists' } },
  sys_dict: { dict_code: { lookup: 'dictCode', key: 'dictCodeExists' } },
  sys_category: { code: { lookup: 'categoryCode', key: 'categoryCodeExists' } },
  sys_permission: { perms: { lookup: 'perms', key: 'permsExists' } },
};

/** JeecgBoot's camelCase field names map to the same pairs (`roleCode` → `role_code`). */
const snake = (s: string): string => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * Runs the duplicate check of one allow-listed pair in the caller's tenant.
 * @throws AppError badRequest listFieldUnknown for another pair; conflict with the entity's
 *   "already exists" message when another record holds the value.
 */
export async function duplicateCheck(db: Db, q: DuplicateCheckQuery, caller: ListCaller): Promise<null> {
  const pair = DUPLICATE_PAIRS[q.tableName]?.[snake(q.fieldName)];
  if (pair === undefined)
    throw new AppError('badRequest', 'listFieldUnknown', { field: `${q.tableName}.${q.fieldName}` });
  const value = q.fieldVal ?? '';
  if (pair === null || value === '') return null;
  if (pair === 'username') {
    await checkUsernameInTenant(db, value, caller.tenantId, q.dataId);
    return null;
  }
  const holders = await repo.duplicateHolders(db, pair.lookup, caller.tenantId, value);
  if (holders.some((id) => id !== q.dataId)) throw new AppError('conflict', pair.key);
  return null;
}

/** Ids of users visible to the caller (all or notFound). */
const visibleUsers = (db: Db, ids: string[], caller: ListCaller): Promise<string[]> =>
  requireAllVisible(db, USER_LIST, ids, caller);

/**
 * Routes of {@link UserMembershipRoutes}, {@link DuplicateCheckRoutes} and
 * {@link RoleTenantCallRoutes}: thin, tenant-scoped through the list specs' visibility checks.
 */
export function adminCallRoutes(app: FastifyInstance, db: Db): void {
  const M = UserMembershipRoutes;
  registerRoute(app, db, DuplicateCheckRoutes.check, ({ auth, query }) => duplicateCheck(db, query, callerOf(auth)));
  registerRoute(app, db, M.generateUserId, () => crypto.randomUUID().replace(/-/g, ''));
  registerRoute(app, db, M.queryUserByDepId, async ({ auth, query }) => {
    const caller = callerOf(auth, M.queryUserByDepId.access);
    await requireVisible(db, DEPART_LIST, query.id, caller);
    const filter = query.realname ? { realname: `*${query.realname.replace(/\*/g, '')}*` } : {};
    return listAll(db, USER_LIST, { ...filter, depId: query.id }, caller);
  });
  registerRoute(app, db, M.addSysUserRole, async ({ auth, body }) => {
    const caller = callerOf(auth, M.addSysUserRole.access);
    await requireVisible(db, ROLE_LIST, body.roleId, caller);
    const users = await visibleUsers(db, body.userIdList, caller);
    await repo.addUserRoles(db, users, body.roleId);
    return null;
  });
  const dropRole = async (auth: Parameters<typeof callerOf>[0], roleId: string, userIds: string[]): Promise<null> => {
    const caller = callerOf(auth, M.deleteUserRole.access);
    await requireVisible(db, ROLE_LIST, roleId, caller);
    const users = await visibleUsers(db, userIds, caller);
    await repo.removeUserRoles(db, roleId, users);
    return null;
  };
  registerRoute(app, db, M.deleteUserRole, ({ auth, query }) => dropRole(auth, query.roleId, [query.userId]));
  registerRoute(app, db, M.deleteUserRoleBatch, ({ auth, query }) =>
    dropRole(auth, query.roleId, splitIds(query.userIds)),
  );
  registerRoute(app, db, M.editSysDepartWithUser, async ({ auth, body }) => {
    const caller = callerOf(auth, M.editSysDepartWithUser.access);
    await requireVisible(db, DEPART_LIST, body.depId, caller);
    const users = await visibleUsers(db, body.userIdList, caller);
    await repo.addDepartMembers(db, users, body.depId);
    return null;
  });
  const leaveDepart = async (auth: Parameters<typeof callerOf>[0], depId: string, userIds: string[]): Promise<null> => {
    const caller = callerOf(auth, M.deleteUserInDepart.access);
    await requireVisible(db, DEPART_LIST, depId, caller);
    const users = await visibleUsers(db, userIds, caller);
    await repo.removeDepartMembers(db, depId, users);
    return null;
  };
  registerRoute(app, db, M.deleteUserInDepart, ({ auth, query }) => leaveDepart(auth, query.depId, [query.userId]));
  registerRoute(app, db, M.deleteUserInDepartBatch, ({ auth, query }) =>
    leaveDepart(auth, query.depId, splitIds(query.userIds)),
  );

  const R = RoleTenantCallRoutes;
  registerRoute(app, db, R.checkRoleCode, ({ auth, query }) =>
    duplicateCheck(
      db,
      { tableName: 'sys_role', fieldName: 'role_code', fieldVal: query.roleCode, dataId: query.id },
      callerOf(auth),
    ),
  );
  registerRoute(app, db, R.tenantDeleteBatch, async ({ auth, query }) => {
    requirePlatform(auth);
    const ids = splitIds(query.ids).map(Number);
    if (ids.some((id) => !Number.isInteger(id))) throw new AppError('notFound', 'notFound');
    for (const id of ids) await tenants.deleteTenant(db, id, callerOf(auth));
    return null;
  });
  registerRoute(app, db, R.tenantQueryList, ({ auth, query }) =>
    listAll(
      db,
      tenants.TENANT_LIST,
      query.ids ? { selections: query.ids } : {},
      callerOf(auth, R.tenantQueryList.access),
    ),
  );
}
