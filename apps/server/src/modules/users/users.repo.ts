import type { UserEdit } from '@ztj/contracts';
import type { Queryable } from '../../platform/db/db';

/**
 * User account and membership queries (CONVENTIONS §1 repo). An account (`sys_user`) is global;
 * its memberships (`sys_user_tenant`, and `sys_user_role` / `sys_user_depart` rows of a tenant's
 * roles and departments) are per tenant, so every membership function takes the tenant and touches
 * that tenant's rows only. Visibility of an account to a caller is checked by the list machinery
 * before these run (users.service.ts).
 */

/** An empty or missing form text as SQL null. */
export const nullIfEmpty = (v: string | null | undefined): string | null =>
  v === undefined || v === null || v === '' ? null : v;

/**
 * Profile columns of `sys_user` in the order of {@link insertUser}'s and {@link updateUserProfile}'s
 * first 13 parameters: realname, work_no, sex, birthday (YYYY-MM-DD), phone, telephone, email,
 * avatar, post, user_identity, default_monitor_account, only_multi_alarm, alarm_push_mode (comma list).
 */
export type ProfileValues = unknown[];

/** The profile fields of a user form as {@link ProfileValues} (empty texts stored as null). */
export const profileValues = (b: Omit<UserEdit, 'id'>): ProfileValues => [
  b.realname,
  nullIfEmpty(b.workNo),
  b.sex ?? null,
  nullIfEmpty(b.birthday),
  nullIfEmpty(b.phone),
  nullIfEmpty(b.telephone),
  nullIfEmpty(b.email),
  nullIfEmpty(b.avatar),
  nullIfEmpty(b.post),
  b.userIdentity,
  nullIfEmpty(b.defaultMonitorAccount),
  b.onlyMultiLevelAlarm,
  b.alarmPushMode.join(','),
];

/** Ids among `ids` of roles (or live departments) of `tenantId`; the rest do not exist there. */
export async function idsInTenant(
  q: Queryable,
  table: 'sys_role' | 'sys_depart',
  ids: string[],
  tenantId: number,
): Promise<string[]> {
  const extra = table === 'sys_depart' ? ' AND del_flag = 0' : '';
  const rows = await q.query<{ id: string }>(
    `SELECT id FROM ${table} WHERE tenant_id = $1 AND id = ANY($2::text[])${extra}`,
    [tenantId, ids],
  );
  return rows.map((r) => r.id);
}

/** Replaces the user's roles of `tenantId` with `roleIds` (roles of other tenants stay). */
export async function replaceTenantRoles(
  q: Queryable,
  userId: string,
  roleIds: string[],
  tenantId: number,
): Promise<void> {
  await q.query(
    'DELETE FROM sys_user_role ur USING sys_role r WHERE r.id = ur.role_id AND r.tenant_id = $2 AND ur.user_id = $1',
    [userId, tenantId],
  );
  if (roleIds.length)
    await q.query('INSERT INTO sys_user_role (user_id, role_id) SELECT $1, unnest($2::text[])', [userId, roleIds]);
}

/**
 * Replaces the user's departments of `tenantId` with `departIds` (other tenants' stay), then keeps
 * the account's `org_code` when it is still one of its departments, else sets the lowest org code of
 * `departIds` (null without any).
 */
export async function replaceTenantDeparts(
  q: Queryable,
  userId: string,
  departIds: string[],
  tenantId: number,
): Promise<void> {
  await q.query(
    'DELETE FROM sys_user_depart ud USING sys_depart d WHERE d.id = ud.dep_id AND d.tenant_id = $2 AND ud.user_id = $1',
    [userId, tenantId],
  );
  if (departIds.length)
    await q.query('INSERT INTO sys_user_depart (user_id, dep_id) SELECT $1, unnest($2::text[])', [userId, departIds]);
  const [first] = await q.query<{ org_code: string }>(
    'SELECT org_code FROM sys_depart WHERE id = ANY($1::text[]) ORDER BY org_code LIMIT 1',
    [departIds],
  );
  await q.query(
    `UPDATE sys_user SET org_code = $2 WHERE id = $1 AND (org_code IS NULL OR org_code NOT IN
       (SELECT d.org_code FROM sys_user_depart ud JOIN sys_depart d ON d.id = ud.dep_id WHERE ud.user_id = $1))`,
    [userId, first?.org_code ?? null],
  );
}

/**
 * Inserts an account with its profile and makes it a member of `tenantId` (its sign-in tenant).
 * @returns the new user's id.
 */
export async function insertUser(
  q: Queryable,
  profile: ProfileValues,
  account: { username: string; passwordHash: string; tenantId: number; createBy: string },
): Promise<string> {
  const [row] = await q.query<{ id: string }>(
    `INSERT INTO sys_user (realname, work_no, sex, birthday, phone, telephone, email, avatar, post, user_identity,
                           default_monitor_account, only_multi_alarm, alarm_push_mode, username, password_hash, login_tenant_id, create_by)
     VALUES ($1,$2,$3,$4::date,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17) RETURNING id`,
    [...profile, account.username, account.passwordHash, account.tenantId, account.createBy],
  );
  const id = row!.id;
  await q.query('INSERT INTO sys_user_tenant (user_id, tenant_id) VALUES ($1, $2)', [id, account.tenantId]);
  return id;
}

/** The stored profile of user `id` as {@link ProfileValues} (birthday as text); empty when absent. */
export async function storedProfile(q: Queryable, id: string): Promise<ProfileValues> {
  const [row] = await q.query<Record<string, unknown>>(
    `SELECT realname, work_no, sex, to_char(birthday, 'YYYY-MM-DD') AS birthday, phone, telephone, email, avatar, post, user_identity,
            default_monitor_account, only_multi_alarm, alarm_push_mode FROM sys_user WHERE id = $1`,
    [id],
  );
  return Object.values(row ?? {});
}

/** Overwrites the profile of account `id`, stamping `updateBy`. */
export async function updateUserProfile(
  q: Queryable,
  id: string,
  profile: ProfileValues,
  updateBy: string,
): Promise<void> {
  await q.query(
    `UPDATE sys_user SET realname = $1, work_no = $2, sex = $3, birthday = $4::date, phone = $5, telephone = $6, email = $7,
            avatar = $8, post = $9, user_identity = $10, default_monitor_account = $11, only_multi_alarm = $12,
            alarm_push_mode = $13, update_by = $14, update_time = now() WHERE id = $15`,
    [...profile, updateBy, id],
  );
}

/** Ends every open session of the accounts `ids`. */
export async function revokeSessions(q: Queryable, ids: string[]): Promise<void> {
  await q.query('UPDATE sys_session SET revoked_at = now() WHERE user_id = ANY($1::text[]) AND revoked_at IS NULL', [
    ids,
  ]);
}

/** Moves the accounts `ids` to the recycle bin, stamping `updateBy`. */
export async function recycle(q: Queryable, ids: string[], updateBy: string): Promise<void> {
  await q.query('UPDATE sys_user SET del_flag = 1, update_by = $2, update_time = now() WHERE id = ANY($1::text[])', [
    ids,
    updateBy,
  ]);
}

/** Takes the accounts `ids` out of the recycle bin, stamping `updateBy`. */
export async function restore(q: Queryable, ids: string[], updateBy: string): Promise<void> {
  await q.query('UPDATE sys_user SET del_flag = 0, update_by = $2, update_time = now() WHERE id = ANY($1::text[])', [
    ids,
    updateBy,
  ]);
}

/** Sets the status (1 normal, 2 frozen) of the accounts `ids`, stamping `updateBy`. */
export async function setStatus(q: Queryable, ids: string[], status: 1 | 2, updateBy: string): Promise<void> {
  await q.query('UPDATE sys_user SET status = $2, update_by = $3, update_time = now() WHERE id = ANY($1::text[])', [
    ids,
    status,
    updateBy,
  ]);
}

/** Freezes a just-imported account `id` (no audit stamp: its creation is the change). */
export async function freezeImported(q: Queryable, id: string): Promise<void> {
  await q.query('UPDATE sys_user SET status = 2 WHERE id = $1', [id]);
}

/** Id of the live (not recycled) account named `username` (case-insensitive), or undefined. */
export async function liveUserIdByName(q: Queryable, username: string): Promise<string | undefined> {
  const [user] = await q.query<{ id: string }>(
    'SELECT id FROM sys_user WHERE lower(username) = lower($1) AND del_flag = 0',
    [username],
  );
  return user?.id;
}

/** Replaces the password hash of account `id`, stamping `updateBy`. */
export async function setPasswordHash(q: Queryable, id: string, hash: string, updateBy: string): Promise<void> {
  await q.query('UPDATE sys_user SET password_hash = $2, update_by = $3, update_time = now() WHERE id = $1', [
    id,
    hash,
    updateBy,
  ]);
}

/**
 * Removes the memberships of `tenantId` (roles, departments, tenant) of the accounts `ids`, then
 * deletes those accounts that belong to no tenant any more.
 */
export async function purgeFromTenant(q: Queryable, ids: string[], tenantId: number): Promise<void> {
  await q.query(
    'DELETE FROM sys_user_role ur USING sys_role r WHERE r.id = ur.role_id AND r.tenant_id = $2 AND ur.user_id = ANY($1::text[])',
    [ids, tenantId],
  );
  await q.query(
    'DELETE FROM sys_user_depart ud USING sys_depart d WHERE d.id = ud.dep_id AND d.tenant_id = $2 AND ud.user_id = ANY($1::text[])',
    [ids, tenantId],
  );
  await q.query('DELETE FROM sys_user_tenant WHERE tenant_id = $2 AND user_id = ANY($1::text[])', [ids, tenantId]);
  await q.query(
    'DELETE FROM sys_user u WHERE u.id = ANY($1::text[]) AND NOT EXISTS (SELECT 1 FROM sys_user_tenant ut WHERE ut.user_id = u.id)',
    [ids],
  );
}

/** Role ids the user holds in `tenantId`, by role code. */
export async function tenantRoleIds(q: Queryable, userId: string, tenantId: number): Promise<string[]> {
  const rows = await q.query<{ role_id: string }>(
    'SELECT ur.role_id FROM sys_user_role ur JOIN sys_role r ON r.id = ur.role_id WHERE ur.user_id = $1 AND r.tenant_id = $2 ORDER BY r.role_code',
    [userId, tenantId],
  );
  return rows.map((r) => r.role_id);
}

/** Live departments of the user in `tenantId`, by org code (tree keys for the form). */
export function tenantDepartments(
  q: Queryable,
  userId: string,
  tenantId: number,
): Promise<{ key: string; title: string; orgCode: string }[]> {
  return q.query(
    `SELECT d.id AS key, d.depart_name AS title, d.org_code AS "orgCode" FROM sys_user_depart ud JOIN sys_depart d ON d.id = ud.dep_id
      WHERE ud.user_id = $1 AND d.tenant_id = $2 AND d.del_flag = 0 ORDER BY d.org_code`,
    [userId, tenantId],
  );
}

/** Id of the live department with `orgCode` in `tenantId`, or undefined. */
export async function departIdByCode(q: Queryable, tenantId: number, orgCode: string): Promise<string | undefined> {
  const [hit] = await q.query<{ id: string }>(
    'SELECT id FROM sys_depart WHERE tenant_id = $1 AND org_code = $2 AND del_flag = 0',
    [tenantId, orgCode],
  );
  return hit?.id;
}

/** True when one of the accounts `ids` is also a member of a tenant other than `tenantId`. */
export async function anyInOtherTenant(q: Queryable, ids: string[], tenantId: number): Promise<boolean> {
  const shared = await q.query(
    'SELECT 1 FROM sys_user_tenant WHERE user_id = ANY($1::text[]) AND tenant_id <> $2 LIMIT 1',
    [ids, tenantId],
  );
  return shared.length > 0;
}

/** True when account `id` is also a member of a tenant other than `tenantId`. */
export async function inOtherTenant(q: Queryable, id: string, tenantId: number): Promise<boolean> {
  const shared = await q.query('SELECT 1 FROM sys_user_tenant WHERE user_id = $1 AND tenant_id <> $2 LIMIT 1', [
    id,
    tenantId,
  ]);
  return shared.length > 0;
}

/**
 * True when a member of `tenantId` (recycle bin included), other than `exceptId`, is named
 * `username` (case-insensitive).
 */
export async function memberNamed(
  q: Queryable,
  username: string,
  tenantId: number,
  exceptId?: string,
): Promise<boolean> {
  const mine = await q.query(
    `SELECT 1 FROM sys_user u WHERE lower(u.username) = lower($1) AND u.id IS DISTINCT FROM $2
        AND EXISTS (SELECT 1 FROM sys_user_tenant ut WHERE ut.user_id = u.id AND ut.tenant_id = $3)`,
    [username, exceptId ?? null, tenantId],
  );
  return mine.length > 0;
}

/** True when any account of any tenant (recycle bin included) is named `username` (case-insensitive). */
export async function accountNamed(q: Queryable, username: string): Promise<boolean> {
  const anywhere = await q.query('SELECT 1 FROM sys_user WHERE lower(username) = lower($1)', [username]);
  return anywhere.length > 0;
}
