import { splitIds, type UserCreate, type UserEdit } from '@ztj/contracts';
import { hashPassword } from '../../platform/auth/tokens';
import type { Db, Queryable } from '../../platform/db/db';
import { AppError } from '../../platform/http/app-error';
import { requireAllVisible, requireVisible } from '../../platform/list/list-runner';
import type { ListCaller } from '../../platform/list/list-spec';
import { isForeignShared, requireAccountScope, requireUsernameFree } from './account-scope';
import { pushModes, USER_LIST, USER_RECYCLE_LIST } from './users.list';
import * as repo from './users.repo';

/** Ids among `ids` of roles or live departments of the caller's tenant, all or notFound. */
async function tenantIds(
  q: Queryable,
  table: 'sys_role' | 'sys_depart',
  ids: string[],
  tenantId: number,
): Promise<string[]> {
  if (ids.length === 0) return [];
  const found = await repo.idsInTenant(q, table, ids, tenantId);
  if (found.length !== ids.length) throw new AppError('notFound', 'notFound');
  return ids;
}

/** Replaces the user's roles and departments inside the caller's tenant only. */
async function setMemberships(
  q: Queryable,
  userId: string,
  body: Pick<UserCreate, 'selectedroles' | 'selecteddeparts'>,
  tenantId: number,
): Promise<void> {
  if (body.selectedroles !== undefined) {
    const roles = await tenantIds(q, 'sys_role', splitIds(body.selectedroles), tenantId);
    await repo.replaceTenantRoles(q, userId, roles, tenantId);
  }
  if (body.selecteddeparts !== undefined) {
    const departs = await tenantIds(q, 'sys_depart', splitIds(body.selecteddeparts), tenantId);
    await repo.replaceTenantDeparts(q, userId, departs, tenantId);
  }
}

/**
 * Creates a user in the caller's tenant with roles and departments of that tenant (SPEC §3, §5).
 * @throws AppError conflict userExists (a member of this tenant has the name) or
 *   usernameUnavailable (reserved, or taken outside this tenant: see account-scope.ts);
 *   notFound for a role or department outside the tenant.
 */
export async function createUser(q: Queryable, body: UserCreate, caller: ListCaller): Promise<string> {
  await requireUsernameFree(q, body.username, caller.tenantId);
  const passwordHash = await hashPassword(body.password);
  const id = await repo.insertUser(q, repo.profileValues(body), {
    username: body.username,
    passwordHash,
    tenantId: caller.tenantId,
    createBy: caller.username,
  });
  await setMemberships(q, id, body, caller.tenantId);
  return id;
}

/** True when saving `b` would change an account-level field of user `id` (values compared as stored). */
async function profileChanges(q: Queryable, id: string, b: Omit<UserEdit, 'id'>): Promise<boolean> {
  const stored = await repo.storedProfile(q, id);
  const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v));
  const modes = (v: unknown): string =>
    pushModes(Array.isArray(v) ? v.join(',') : v)
      .sort()
      .join(',');
  return repo.profileValues(b).some((v, i) => (i === 12 ? modes(v) !== modes(stored[i]) : text(v) !== text(stored[i])));
}

/**
 * Edits a user of the caller's tenant (SPEC §3, §5); another tenant's id is not found. Roles and
 * departments change only within the caller's tenant. For an account that also belongs to another
 * tenant, a caller outside the platform tenant may change only those memberships: the profile
 * fields sent must equal the stored ones (account-scope.ts).
 * @throws AppError notFound, noPermission accountOtherTenants.
 */
export async function editUser(db: Db, body: UserEdit, caller: ListCaller): Promise<void> {
  await requireVisible(db, USER_LIST, body.id, caller);
  await db.tx(async (q) => {
    if ((await isForeignShared(q, body.id, caller)) && (await profileChanges(q, body.id, body))) {
      throw new AppError('noPermission', 'accountOtherTenants');
    }
    await repo.updateUserProfile(q, body.id, repo.profileValues(body), caller.username);
    await setMemberships(q, body.id, body, caller.tenantId);
  });
}

/**
 * Moves users to the recycle bin and ends their sessions (SPEC §4).
 * @throws AppError notFound (not all visible), business cannotChangeSelf, noPermission accountOtherTenants.
 */
export async function recycleUsers(db: Db, ids: string[], caller: ListCaller): Promise<void> {
  const visible = await requireAllVisible(db, USER_LIST, ids, caller);
  if (visible.includes(caller.userId)) throw new AppError('business', 'cannotChangeSelf');
  await requireAccountScope(db, visible, caller);
  await db.tx(async (q) => {
    await repo.recycle(q, visible, caller.username);
    await repo.revokeSessions(q, visible);
  });
}

/**
 * Freezes (2) or unfreezes (1) users; freezing revokes their sessions (SPEC §4).
 * @throws AppError notFound, business cannotChangeSelf, noPermission accountOtherTenants.
 */
export async function freezeUsers(db: Db, ids: string[], status: 1 | 2, caller: ListCaller): Promise<void> {
  const visible = await requireAllVisible(db, USER_LIST, ids, caller);
  if (status === 2 && visible.includes(caller.userId)) throw new AppError('business', 'cannotChangeSelf');
  await requireAccountScope(db, visible, caller);
  await db.tx(async (q) => {
    await repo.setStatus(q, visible, status, caller.username);
    if (status === 2) await repo.revokeSessions(q, visible);
  });
}

/**
 * Sets another user's password (administrator reset); that user's sessions end.
 * @throws AppError notFound (no such member of the caller's tenant), noPermission accountOtherTenants.
 */
export async function resetPassword(db: Db, username: string, password: string, caller: ListCaller): Promise<void> {
  const userId = await repo.liveUserIdByName(db, username);
  if (!userId) throw new AppError('notFound', 'notFound');
  await requireVisible(db, USER_LIST, userId, caller);
  await requireAccountScope(db, [userId], caller);
  const hash = await hashPassword(password);
  await db.tx(async (q) => {
    await repo.setPasswordHash(q, userId, hash, caller.username);
    if (userId !== caller.userId) await repo.revokeSessions(q, [userId]);
  });
}

/** Restores users from the recycle bin. @throws AppError notFound, noPermission accountOtherTenants. */
export async function restoreUsers(db: Db, ids: string[], caller: ListCaller): Promise<void> {
  const visible = await requireAllVisible(db, USER_RECYCLE_LIST, ids, caller);
  await requireAccountScope(db, visible, caller);
  await repo.restore(db, visible, caller.username);
}

/**
 * Deletes users of the recycle bin for ever from the caller's tenant: memberships of this tenant
 * go; the account itself goes when it belongs to no other tenant. An account shared with another
 * tenant is purged only from the platform tenant.
 * @throws AppError notFound, noPermission accountOtherTenants.
 */
export async function purgeUsers(db: Db, ids: string[], caller: ListCaller): Promise<void> {
  const visible = await requireAllVisible(db, USER_RECYCLE_LIST, ids, caller);
  await requireAccountScope(db, visible, caller);
  await db.tx((q) => repo.purgeFromTenant(q, visible, caller.tenantId));
}

/** Role ids a visible user holds in the caller's tenant. */
export async function userRoleIds(db: Db, userId: string, caller: ListCaller): Promise<string[]> {
  await requireVisible(db, USER_LIST, userId, caller);
  return repo.tenantRoleIds(db, userId, caller.tenantId);
}

/** Departments of a visible user in the caller's tenant. */
export async function userDepartments(
  db: Db,
  userId: string,
  caller: ListCaller,
): Promise<{ key: string; title: string; orgCode: string }[]> {
  await requireVisible(db, USER_LIST, userId, caller);
  return repo.tenantDepartments(db, userId, caller.tenantId);
}
