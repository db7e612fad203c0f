import type { DepartBrief } from '@ztj/contracts';
import type { Queryable } from '../../platform/db/db';
import type { UserRow } from '../users/user-info';

/**
 * Sign-in and session queries (CONVENTIONS §1 repo). Accounts are global (sign-in has no tenant);
 * sessions carry the tenant they act in; department reads take the tenant and return that
 * tenant's live departments only.
 */

/** A tenant of the signed-in user with its expiry state (`expired`: end date passed). */
export interface TenantRow {
  id: number;
  name: string;
  /** English name; null when the tenant has none. */
  name_en: string | null;
  status: number;
  begin_date: Date | null;
  end_date: Date | null;
  expired: boolean;
}

/** The live (not recycled) account whose lower-cased name is `name`, or undefined. */
export async function accountByLoginName(q: Queryable, name: string): Promise<UserRow | undefined> {
  const [user] = await q.query<UserRow>('SELECT * FROM sys_user WHERE lower(username) = $1 AND del_flag = 0', [name]);
  return user;
}

/** Id and mobile number of the live account named `name` (case-insensitive), or undefined. */
export async function liveAccountByName(
  q: Queryable,
  name: string,
): Promise<{ id: string; phone: string | null } | undefined> {
  const [user] = await q.query<{ id: string; phone: string | null }>(
    'SELECT id, phone FROM sys_user WHERE lower(username) = lower($1) AND del_flag = 0',
    [name],
  );
  return user;
}

/** The live account named `name` in any letter case, or undefined. */
export async function liveAccountByAnyCaseName(q: Queryable, name: string): Promise<UserRow | undefined> {
  const [user] = await q.query<UserRow>('SELECT * FROM sys_user WHERE lower(username) = lower($1) AND del_flag = 0', [
    name,
  ]);
  return user;
}

/** The live account with id `id`, or undefined. */
export async function liveAccountById(q: Queryable, id: string): Promise<UserRow | undefined> {
  const [user] = await q.query<UserRow>('SELECT * FROM sys_user WHERE id = $1 AND del_flag = 0', [id]);
  return user;
}

/** The account with id `id` (recycled ones too), or undefined. */
export async function accountById(q: Queryable, id: string): Promise<UserRow | undefined> {
  const [user] = await q.query<UserRow>('SELECT * FROM sys_user WHERE id = $1', [id]);
  return user;
}

/**
 * Opens a session of `ttlSeconds` for `userId` in `tenantId` (the token stored as its hash) and
 * remembers the tenant and the time of this sign-in on the account.
 */
export async function openSession(
  q: Queryable,
  s: { tokenHash: string; userId: string; tenantId: number; ttlSeconds: number; ip: string },
): Promise<void> {
  await q.query(
    `INSERT INTO sys_session (token_hash, user_id, tenant_id, expires_at, ip)
       VALUES ($1, $2, $3, now() + make_interval(secs => $4), $5)`,
    [s.tokenHash, s.userId, s.tenantId, s.ttlSeconds, s.ip],
  );
  await q.query('UPDATE sys_user SET login_tenant_id = $2, last_sign_in_at = now() WHERE id = $1', [
    s.userId,
    s.tenantId,
  ]);
}

/** Ends the session of the token hash `tokenHash` (no-op when already ended). */
export async function revokeSession(q: Queryable, tokenHash: string): Promise<void> {
  await q.query('UPDATE sys_session SET revoked_at = now() WHERE token_hash = $1 AND revoked_at IS NULL', [tokenHash]);
}

/** Ends every open session of `userId` except the one of `keepTokenHash`. */
export async function revokeOtherSessions(q: Queryable, userId: string, keepTokenHash: string): Promise<void> {
  await q.query(
    'UPDATE sys_session SET revoked_at = now() WHERE user_id = $1 AND token_hash <> $2 AND revoked_at IS NULL',
    [userId, keepTokenHash],
  );
}

/** Ends every open session of `userId`. */
export async function revokeAllSessions(q: Queryable, userId: string): Promise<void> {
  await q.query('UPDATE sys_session SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL', [userId]);
}

/** Moves the session of `tokenHash` to `tenantId` and remembers that tenant on the account. */
export async function switchSessionTenant(
  q: Queryable,
  tokenHash: string,
  userId: string,
  tenantId: number,
): Promise<void> {
  await q.query('UPDATE sys_session SET tenant_id = $2 WHERE token_hash = $1', [tokenHash, tenantId]);
  await q.query('UPDATE sys_user SET login_tenant_id = $2 WHERE id = $1', [userId, tenantId]);
}

/** Tenants the user belongs to, with their expiry state, by id. */
export function userTenants(q: Queryable, userId: string): Promise<TenantRow[]> {
  return q.query<TenantRow>(
    `SELECT t.id, t.name, t.name_en, t.status, t.begin_date, t.end_date, (t.end_date IS NOT NULL AND t.end_date < now()) AS expired
       FROM sys_user_tenant ut JOIN sys_tenant t ON t.id = ut.tenant_id
      WHERE ut.user_id = $1 ORDER BY t.id`,
    [userId],
  );
}

/** Among `tenantIds`, the one holding the most devices (lowest id on a tie); undefined when none holds any. */
export async function tenantWithMostDevices(q: Queryable, tenantIds: number[]): Promise<number | undefined> {
  const [top] = await q.query<{ tenant_id: number }>(
    'SELECT tenant_id FROM device WHERE tenant_id = ANY($1::int[]) GROUP BY tenant_id ORDER BY count(*) DESC, tenant_id LIMIT 1',
    [tenantIds],
  );
  return top?.tenant_id;
}

/** Live departments the user belongs to inside `tenantId`, by org code. */
export function userDeparts(q: Queryable, userId: string, tenantId: number): Promise<DepartBrief[]> {
  return q.query<DepartBrief>(
    `SELECT d.id, d.depart_name AS "departName", d.org_code AS "orgCode"
       FROM sys_user_depart ud JOIN sys_depart d ON d.id = ud.dep_id
      WHERE ud.user_id = $1 AND d.tenant_id = $2 AND d.del_flag = 0
      ORDER BY d.org_code`,
    [userId, tenantId],
  );
}

/** The account's current department (org code), null when none. */
export async function currentOrgCode(q: Queryable, userId: string): Promise<string | null> {
  const [u] = await q.query<{ org_code: string | null }>('SELECT org_code FROM sys_user WHERE id = $1', [userId]);
  return u?.org_code ?? null;
}

/** Sets the account's current department (org code; null clears it). */
export async function setOrgCode(q: Queryable, userId: string, orgCode: string | null): Promise<void> {
  await q.query('UPDATE sys_user SET org_code = $2 WHERE id = $1', [userId, orgCode]);
}

/** The stored password hash of account `userId`, or undefined. */
export async function passwordHashOf(q: Queryable, userId: string): Promise<string | undefined> {
  const [user] = await q.query<{ password_hash: string }>('SELECT password_hash FROM sys_user WHERE id = $1', [userId]);
  return user?.password_hash;
}

/** Replaces the password hash of account `userId`, stamping `updateBy`. */
export async function setPasswordHash(q: Queryable, userId: string, hash: string, updateBy: string): Promise<void> {
  await q.query('UPDATE sys_user SET password_hash = $2, update_time = now(), update_by = $3 WHERE id = $1', [
    userId,
    hash,
    updateBy,
  ]);
}

/**
 * Replaces the password hash of the live account `userId`, stamped by the account itself
 * (SMS recovery has no other actor).
 * @returns the account's name, undefined when there is no such live account.
 */
export async function resetOwnPasswordHash(q: Queryable, userId: string, hash: string): Promise<string | undefined> {
  const [user] = await q.query<{ username: string }>(
    'UPDATE sys_user SET password_hash = $2, update_time = now(), update_by = username WHERE id = $1 AND del_flag = 0 RETURNING username',
    [userId, hash],
  );
  return user?.username;
}
