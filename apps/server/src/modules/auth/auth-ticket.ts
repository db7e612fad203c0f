import { timingSafeEqual } from 'node:crypto';
import { hashToken, newToken } from '../../platform/auth/tokens';
import type { Queryable } from '../../platform/db/db';

/** What a ticket is for (table `sys_auth_ticket`, migration 0067). */
export type TicketKind = 'slider' | 'recovery';

/** A ticket row as read back. */
export interface TicketRow {
  token_hash: string;
  subject: string | null;
  created_at: Date;
  verified_at: Date | null;
}

/** Compares two hex SHA-256 hashes in constant time (crypto.timingSafeEqual). */
function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

/**
 * Issues a random single-use ticket (32 random bytes, base64url) of `kind` for `subject`, valid
 * `ttlMs`; only its SHA-256 is stored. Old rows (expired a day ago) are deleted on the way.
 * @returns the token to hand to the client.
 */
export async function issueTicket(
  q: Queryable,
  kind: TicketKind,
  ttlMs: number,
  opts: { subject?: string; ip?: string } = {},
): Promise<string> {
  const token = newToken();
  await q.query(
    `INSERT INTO sys_auth_ticket (token_hash, kind, subject, expires_at, client_ip) VALUES ($1, $2, $3, now() + make_interval(secs => $4), $5)`,
    [hashToken(token), kind, opts.subject ?? null, ttlMs / 1000, opts.ip ?? null],
  );
  await q.query(`DELETE FROM sys_auth_ticket WHERE expires_at < now() - interval '1 day'`);
  return token;
}

/**
 * The live (not used, not expired) ticket of `kind` for `token`, or undefined. The row is found by
 * the token's hash and the stored hash is compared again in constant time.
 */
export async function liveTicket(q: Queryable, kind: TicketKind, token: string): Promise<TicketRow | undefined> {
  const hash = hashToken(token);
  const [row] = await q.query<TicketRow>(
    `SELECT token_hash, subject, created_at, verified_at FROM sys_auth_ticket
      WHERE token_hash = $1 AND kind = $2 AND used_at IS NULL AND expires_at > now()`,
    [hash, kind],
  );
  return row && sameHex(row.token_hash, hash) ? row : undefined;
}

/** Marks a live ticket verified (a plausible slider drag) and gives it `ttlMs` more; false when it was not live or already verified. */
export async function markVerified(q: Queryable, kind: TicketKind, token: string, ttlMs: number): Promise<boolean> {
  const rows = await q.query(
    `UPDATE sys_auth_ticket SET verified_at = now(), expires_at = now() + make_interval(secs => $3)
      WHERE token_hash = $1 AND kind = $2 AND used_at IS NULL AND verified_at IS NULL AND expires_at > now() RETURNING 1`,
    [hashToken(token), kind, ttlMs / 1000],
  );
  return rows.length === 1;
}

/**
 * Uses a ticket up (atomically: of two parallel uses one wins). `verified`: only a verified ticket
 * counts (slider). Marks even an unverified one used, so a refused token is spent.
 * @returns the ticket's subject ('' when none), or undefined when no live ticket matched.
 */
export async function consumeTicket(
  q: Queryable,
  kind: TicketKind,
  token: string,
  verified = false,
): Promise<string | undefined> {
  const hash = hashToken(token);
  const [row] = await q.query<{ token_hash: string; subject: string | null; verified: boolean }>(
    `UPDATE sys_auth_ticket SET used_at = now()
      WHERE token_hash = $1 AND kind = $2 AND used_at IS NULL AND expires_at > now()
      RETURNING token_hash, subject, verified_at IS NOT NULL AS verified`,
    [hash, kind],
  );
  if (!row || !sameHex(row.token_hash, hash) || (verified && !row.verified)) return undefined;
  return row.subject ?? '';
}
