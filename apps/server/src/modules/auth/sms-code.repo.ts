import type { SmsPurpose } from '@ztj/contracts';
import type { Queryable } from '../../platform/db/db';

/**
 * SMS code storage (`sys_sms_code`, CONVENTIONS §1 repo) shared by every server process, and the
 * account lookup by mobile number. Codes belong to a number, not to a tenant.
 */

/** A stored code as {@link newestCodeForUpdate} reads it. */
export interface SmsCodeRow {
  id: string;
  code_salt: string;
  code_hash: string;
  attempts: number;
  expires_at: Date;
  used_at: Date | null;
}

/** The one account of a number: a non-deleted user holding exactly this phone (several → none). */
export async function accountIdOfPhone(q: Queryable, phone: string): Promise<string | undefined> {
  const rows = await q.query<{ id: string }>('SELECT id FROM sys_user WHERE phone = $1 AND del_flag = 0 LIMIT 2', [
    phone,
  ]);
  return rows.length === 1 ? rows[0]!.id : undefined;
}

/** Holds the transaction's lock on `key` (hashed) until it ends: one writer per key at a time. */
export async function lockForTransaction(q: Queryable, key: string): Promise<void> {
  await q.query('SELECT pg_advisory_xact_lock(hashtext($1))', [key]);
}

/** Codes issued to `phone` since `since`, and the newest one's time (null without any). */
export async function codesToPhoneSince(
  q: Queryable,
  phone: string,
  since: Date,
): Promise<{ n: number; last: Date | null }> {
  const [byPhone] = await q.query<{ n: number; last: Date | null }>(
    'SELECT count(*)::int AS n, max(created_at) AS last FROM sys_sms_code WHERE phone = $1 AND created_at > $2',
    [phone, since],
  );
  return { n: byPhone?.n ?? 0, last: byPhone?.last ?? null };
}

/** Codes asked for by client address `address` since `since`. */
export async function codesFromAddressSince(q: Queryable, address: string, since: Date): Promise<number> {
  const [byAddress] = await q.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM sys_sms_code WHERE client_ip = $1 AND created_at > $2',
    [address, since],
  );
  return byAddress?.n ?? 0;
}

/** Stores an issued code (salted hash only), then deletes the rows created before `purgeBefore`. */
export async function insertCode(
  q: Queryable,
  c: {
    phone: string;
    purpose: SmsPurpose;
    salt: string;
    hash: string;
    expiresAt: Date;
    createdAt: Date;
    address: string;
  },
  purgeBefore: Date,
): Promise<void> {
  await q.query(
    `INSERT INTO sys_sms_code (phone, purpose, code_salt, code_hash, expires_at, created_at, client_ip) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [c.phone, c.purpose, c.salt, c.hash, c.expiresAt, c.createdAt, c.address],
  );
  await q.query('DELETE FROM sys_sms_code WHERE created_at < $1', [purgeBefore]);
}

/** The newest code of `phone` and `purpose`, locked for the transaction, or undefined. */
export async function newestCodeForUpdate(
  q: Queryable,
  phone: string,
  purpose: SmsPurpose,
): Promise<SmsCodeRow | undefined> {
  const [row] = await q.query<SmsCodeRow>(
    `SELECT id, code_salt, code_hash, attempts, expires_at, used_at FROM sys_sms_code
      WHERE phone = $1 AND purpose = $2 ORDER BY created_at DESC, id DESC LIMIT 1 FOR UPDATE`,
    [phone, purpose],
  );
  return row;
}

/** Marks code `id` used at `at`. */
export async function markCodeUsed(q: Queryable, id: string, at: Date): Promise<void> {
  await q.query('UPDATE sys_sms_code SET used_at = $2 WHERE id = $1', [id, at]);
}

/** Counts one wrong attempt on code `id`. */
export async function countWrongAttempt(q: Queryable, id: string): Promise<void> {
  await q.query('UPDATE sys_sms_code SET attempts = attempts + 1 WHERE id = $1', [id]);
}
