import crypto from 'node:crypto';
import type { LoginFreeIssue, LoginFreeLink, LoginFreeRequest, LoginResult } from '@ztj/contracts';
import type { AuthContext } from '../../../platform/auth/auth-context';
import { readOrCreateKeyFile } from '../../../platform/crypto/key-file';
import type { Db } from '../../../platform/db/db';
import { AppError } from '../../../platform/http/app-error';
import { LogType, writeLog } from '../../logs/logs.repo';
import { liveAccountById } from '../auth.repo';
import { startSession } from '../auth.service';
import { insertLoginLink, loginLink, memberAccount, spendLoginLink } from './sso.repo';

/** Name of the key file under DATA_DIR when `LOGIN_FREE_SECRET` is not set. */
export const LOGIN_FREE_KEY_FILE = 'login-free.key';

/**
 * The HMAC key of login-free links: `LOGIN_FREE_SECRET` (at least 32 characters), else 32 random
 * bytes kept in `<DATA_DIR>/login-free.key` (created on first use, mode 0600), so links survive a
 * restart and every process on the same data folder agrees.
 * @throws Error when LOGIN_FREE_SECRET is set but shorter than 32 characters.
 */
export function loginFreeKey(env: Record<string, string | undefined>, dataDir: string): Buffer {
  const secret = env.LOGIN_FREE_SECRET?.trim();
  if (secret) {
    if (secret.length < 32) throw new Error('LOGIN_FREE_SECRET must be at least 32 characters');
    return Buffer.from(secret, 'utf8');
  }
  return readOrCreateKeyFile(dataDir, LOGIN_FREE_KEY_FILE);
}

/** `at` of a link: HMAC-SHA256 over guid, user, tenant and expiry (ms), base64url (43 characters). */
export function signLink(key: Buffer, guid: string, uid: string, tenantId: number, expiresMs: number): string {
  return crypto.createHmac('sha256', key).update(`${guid}\n${uid}\n${tenantId}\n${expiresMs}`).digest('base64url');
}

/**
 * Issues a login-free link for `userId` (a user of the caller's tenant): a new guid, the expiry,
 * and `at` signed over them; the row is stored without the signature. The link lands on
 * `target` after the sign-in.
 * @throws AppError business loginLinkUserUnknown when the user is not in the caller's tenant.
 */
export async function issueLoginFreeLink(
  db: Db,
  key: Buffer,
  auth: AuthContext,
  body: LoginFreeIssue,
): Promise<LoginFreeLink> {
  const user = await memberAccount(db, body.userId, auth.tenantId);
  if (!user) throw new AppError('business', 'loginLinkUserUnknown');
  const guid = crypto.randomUUID();
  const expiresMs = Date.now() + Number(body.minutes) * 60_000;
  await insertLoginLink(db, {
    guid,
    userId: user.id,
    tenantId: auth.tenantId,
    expiresAt: new Date(expiresMs),
    createdBy: auth.username,
  });
  await writeLog(db, {
    logType: LogType.OPERATION,
    content: `login-free link issued for ${user.username}, ${body.minutes} min`,
    tenantId: auth.tenantId,
    userId: auth.userId,
    username: auth.username,
  });
  const at = signLink(key, guid, user.id, auth.tenantId, expiresMs);
  const q = new URLSearchParams({ at, guid, uid: user.id, redirect: body.target });
  return { path: `/user/login?${q.toString()}`, expiresAt: new Date(expiresMs).toISOString() };
}

/**
 * SPEC §7 loginFree: signs in with a link's at/guid/uid. The signature is recomputed from the
 * stored row and compared in constant time; the row is then spent atomically (used, expired or
 * already spent → refused), so a link works once. Every refusal is the same `loginLinkInvalid`.
 * The session is the password login's, in the tenant the link was issued in.
 * @throws AppError business loginLinkInvalid, accountFrozen, tenantExpired.
 */
export async function loginFree(db: Db, key: Buffer, body: LoginFreeRequest, ip: string): Promise<LoginResult> {
  const row = await loginLink(db, body.guid);
  const expected = signLink(
    key,
    body.guid,
    row?.user_id ?? body.uid,
    row?.tenant_id ?? 0,
    row ? new Date(row.expires_at).getTime() : 0,
  );
  const given = Buffer.from(body.at);
  const signed = given.length === expected.length && crypto.timingSafeEqual(given, Buffer.from(expected));
  if (!row || !signed || row.user_id !== body.uid) throw new AppError('business', 'loginLinkInvalid');
  if (!(await spendLoginLink(db, body.guid, ip))) throw new AppError('business', 'loginLinkInvalid');
  const user = await liveAccountById(db, row.user_id);
  if (!user) throw new AppError('business', 'loginLinkInvalid');
  if (user.status !== 1) throw new AppError('business', 'accountFrozen');
  return startSession(db, user, { ip, tenantHeader: String(row.tenant_id) });
}
