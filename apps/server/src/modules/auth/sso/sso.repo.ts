import type { ThirdType } from '@ztj/contracts';
import type { Queryable } from '../../../platform/db/db';

/**
 * Third-party and link sign-in storage (CONVENTIONS §1 repo): OAuth authorization requests,
 * hand-over tokens, bound identities and login-free links. Tokens are stored as their SHA-256
 * only. Identities and hand-overs belong to an account, not a tenant; a login-free link carries
 * the tenant it was made in.
 */

/** An authorization request as the callback takes it back. */
export interface OAuthStateRow {
  provider_type: number;
  client_variant: string;
  code_verifier: string;
  return_to: string;
}

/** Drops expired authorization requests, then stores a new one living `ttlSeconds`. */
export async function saveOAuthState(
  q: Queryable,
  s: { stateHash: string; type: ThirdType; variant: string; verifier: string; returnTo: string; ttlSeconds: number },
): Promise<void> {
  await q.query('DELETE FROM sso_oauth_state WHERE expires_at < now()');
  await q.query(
    `INSERT INTO sso_oauth_state (state_hash, provider_type, client_variant, code_verifier, return_to, expires_at)
     VALUES ($1, $2, $3, $4, $5, now() + make_interval(secs => $6))`,
    [s.stateHash, s.type, s.variant, s.verifier, s.returnTo, s.ttlSeconds],
  );
}

/** Deletes and returns the unexpired authorization request of `stateHash` (a replay finds none). */
export async function takeOAuthState(q: Queryable, stateHash: string): Promise<OAuthStateRow | undefined> {
  const [row] = await q.query<OAuthStateRow>(
    'DELETE FROM sso_oauth_state WHERE state_hash = $1 AND expires_at > now() RETURNING provider_type, client_variant, code_verifier, return_to',
    [stateHash],
  );
  return row;
}

/** Drops hand-overs expired over a day ago, then stores a new one living `ttlSeconds`. */
export async function saveHandoff(
  q: Queryable,
  h: { tokenHash: string; type: ThirdType; subject: string; displayName: string; ttlSeconds: number },
): Promise<void> {
  await q.query("DELETE FROM sso_handoff WHERE expires_at < now() - interval '1 day'");
  await q.query(
    `INSERT INTO sso_handoff (token_hash, provider_type, subject, display_name, expires_at)
     VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5))`,
    [h.tokenHash, h.type, h.subject, h.displayName, h.ttlSeconds],
  );
}

/** The unspent, unexpired hand-over of `tokenHash` and `type`, or undefined. */
export async function liveHandoff(
  q: Queryable,
  tokenHash: string,
  type: ThirdType,
): Promise<{ token_hash: string; subject: string; display_name: string } | undefined> {
  const [row] = await q.query<{ token_hash: string; subject: string; display_name: string }>(
    'SELECT token_hash, subject, display_name FROM sso_handoff WHERE token_hash = $1 AND provider_type = $2 AND used_at IS NULL AND expires_at > now()',
    [tokenHash, type],
  );
  return row;
}

/** Spends a hand-over token; false when another request spent it first. */
export async function spendHandoff(q: Queryable, tokenHash: string): Promise<boolean> {
  const rows = await q.query(
    'UPDATE sso_handoff SET used_at = now() WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING token_hash',
    [tokenHash],
  );
  return rows.length === 1;
}

/** The account bound to an identity, if any. */
export async function boundUserId(q: Queryable, type: ThirdType, subject: string): Promise<string | undefined> {
  const [row] = await q.query<{ user_id: string }>(
    'SELECT user_id FROM sso_identity WHERE provider_type = $1 AND subject = $2',
    [type, subject],
  );
  return row?.user_id;
}

/** Stamps the identity's last use. */
export async function touchIdentity(q: Queryable, type: ThirdType, subject: string): Promise<void> {
  await q.query('UPDATE sso_identity SET last_used_at = now() WHERE provider_type = $1 AND subject = $2', [
    type,
    subject,
  ]);
}

/** Binds an identity to account `userId`; false when the identity is bound already. */
export async function bindIdentity(
  q: Queryable,
  i: { type: ThirdType; subject: string; userId: string; displayName: string },
): Promise<boolean> {
  const rows = await q.query(
    `INSERT INTO sso_identity (provider_type, subject, user_id, display_name, last_used_at) VALUES ($1, $2, $3, $4, now())
       ON CONFLICT DO NOTHING RETURNING subject`,
    [i.type, i.subject, i.userId, i.displayName],
  );
  return rows.length === 1;
}

/** Id and name of live account `userId` when it is a member of `tenantId`, else undefined. */
export async function memberAccount(
  q: Queryable,
  userId: string,
  tenantId: number,
): Promise<{ id: string; username: string } | undefined> {
  const [user] = await q.query<{ id: string; username: string }>(
    `SELECT u.id, u.username FROM sys_user u JOIN sys_user_tenant ut ON ut.user_id = u.id AND ut.tenant_id = $2
      WHERE u.id = $1 AND u.del_flag = 0`,
    [userId, tenantId],
  );
  return user;
}

/** Stores a login-free link `guid` for `userId` in `tenantId`, valid until `expiresAt`. */
export async function insertLoginLink(
  q: Queryable,
  l: { guid: string; userId: string; tenantId: number; expiresAt: Date; createdBy: string },
): Promise<void> {
  await q.query(
    'INSERT INTO sso_login_link (guid, user_id, tenant_id, expires_at, created_by) VALUES ($1, $2, $3, $4, $5)',
    [l.guid, l.userId, l.tenantId, l.expiresAt, l.createdBy],
  );
}

/** The login-free link `guid` (used or not), or undefined. */
export async function loginLink(
  q: Queryable,
  guid: string,
): Promise<{ user_id: string; tenant_id: number; expires_at: Date } | undefined> {
  const [row] = await q.query<{ user_id: string; tenant_id: number; expires_at: Date }>(
    'SELECT user_id, tenant_id, expires_at FROM sso_login_link WHERE guid = $1',
    [guid],
  );
  return row;
}

/** Uses up the unexpired link `guid` from address `ip`; false when it was used or expired. */
export async function spendLoginLink(q: Queryable, guid: string, ip: string): Promise<boolean> {
  const spent = await q.query(
    'UPDATE sso_login_link SET used_at = now(), used_ip = $2 WHERE guid = $1 AND used_at IS NULL AND expires_at > now() RETURNING guid',
    [guid, ip],
  );
  return spent.length === 1;
}
