import {
  SESSION_TTL_MS,
  type ChangePassword,
  type Language,
  type LoginRequest,
  type LoginResult,
} from '@ztj/contracts';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AuthContext } from '../../platform/auth/auth-context';
import { failVerification, hashPassword, hashToken, newToken, verifyPassword } from '../../platform/auth/tokens';
import type { Db } from '../../platform/db/db';
import { AppError } from '../../platform/http/app-error';
import { userInfo, type UserRow } from '../users/user-info';
import { allDictItems } from '../dict/dict.repo';
import { LoginOperation, LogType, writeLog } from '../logs/logs.repo';
import * as repo from './auth.repo';
import { captchaFailure, consumeCaptcha } from './captcha.service';
import { dataTenantOf, pickTenant, settleOrgCode, toTenantBrief } from './session-scope';
import {
  accountDelayMs,
  clearPairFailures,
  needsCaptcha,
  readThrottle,
  recordFailure,
  signInClient,
} from './sign-in-throttle';

export type { UserRow };

export interface LoginInput {
  request: LoginRequest;
  /** LOGIN_CAPTCHA: when false the captcha is never asked for (the cool-down still applies). */
  captchaEnabled: boolean;
  /** `tenant-id` header of the login request: a remembered tenant choice. */
  tenantHeader?: string;
  /** Client address (behind the trusted proxy). */
  ip: string;
  /** Language of the captcha field message. */
  lang: Language;
}

/**
 * Signs a user in (SPEC §3, §4, §7, policy in `sign-in-throttle.ts`):
 * 1. a client that failed `pairCooldownAfter` times on this account must wait its cool-down
 *    (answered 429 without checking anything);
 * 2. a captcha sent is always consumed; when the pair or the account failed often enough (and
 *    LOGIN_CAPTCHA is on) a missing captcha is answered `captchaRequired`;
 * 3. the password is checked in the client's turn of the fair hash gate (one
 *    turn per client address and round, so many guessing clients never line up the owner's
 *    sign-in behind more than one hash each); an unknown account name is not hashed at all but
 *    answered after a wait drawn from real hashes (`failVerification`: its own place in the
 *    queue, then a timer), so its answer comes as late as a wrong password's, under load too,
 *    and spends no CPU. A failure counts for the pair
 *    and the account, is held back on a much-attacked account, and tells the form when the
 *    captcha is now needed (field error on `captcha`). Nothing locks the account: its owner
 *    signs in from another client as usual.
 * The session starts in the asked tenant (header), else the one used last, else — at the user's
 * first sign-in — the tenant holding most of the user's devices, else the first.
 * The answer never says whether an account exists.
 * @throws AppError tooManyRequests (429, `{seconds}`); business with captchaRequired /
 *   captchaError / captchaExpired / badCredentials / accountFrozen / tenantExpired.
 */
export async function login(db: Db, input: LoginInput): Promise<LoginResult> {
  const { request, ip, lang } = input;
  const name = request.username.trim().toLowerCase();
  const throttle = await readThrottle(db, ip, name);
  if (throttle.pairWaitMs > 0)
    throw new AppError('tooManyRequests', 'tooManyRequests', { seconds: Math.ceil(throttle.pairWaitMs / 1000) });
  if (input.captchaEnabled) {
    if (request.checkKey || request.captcha) consumeCaptcha(request.checkKey, request.captcha, lang);
    else if (needsCaptcha(throttle)) throw captchaFailure('captchaRequired', lang);
  }

  const user = await repo.accountByLoginName(db, name);
  const client = signInClient(ip);
  const valid = user
    ? await verifyPassword(request.password, user.password_hash, client)
    : await failVerification(request.password, client);
  if (!user || !valid) {
    const counts = await recordFailure(db, ip, name);
    await writeLog(db, {
      logType: LogType.LOGIN,
      content: `login failed: ${name}`,
      operateType: LoginOperation.FAILED,
      username: name,
      ip,
    });
    const delay = accountDelayMs(counts.account);
    if (delay > 0) await sleep(delay);
    const captchaNow = input.captchaEnabled && needsCaptcha(counts);
    throw new AppError(
      'business',
      'badCredentials',
      {},
      captchaNow ? captchaFailure('captchaRequired', lang).fieldErrors : undefined,
    );
  }
  if (user.status !== 1) throw new AppError('business', 'accountFrozen');
  return startSession(db, user, { ip, tenantHeader: input.tenantHeader }, () => clearPairFailures(db, ip, name));
}

/**
 * Starts the session of a user whose credentials were checked (password login, phone login):
 * picks the tenant (header, else last used, else — at the first sign-in — the tenant
 * holding most of the user's devices, else the first usable), runs `beforeSession` (the caller's
 * counter clean-up), writes the session and the login log, and answers the login result.
 * @throws AppError business tenantExpired when no usable tenant is left.
 */
export async function startSession(
  db: Db,
  user: UserRow,
  input: { ip: string; tenantHeader?: string },
  beforeSession: () => Promise<void> = async () => {},
): Promise<LoginResult> {
  const tenants = await repo.userTenants(db, user.id);
  const last = user.last_sign_in_at
    ? user.login_tenant_id
    : ((await dataTenantOf(db, tenants)) ?? user.login_tenant_id);
  const tenant = pickTenant(tenants, input.tenantHeader, last);
  if (!tenant) throw new AppError('business', 'tenantExpired');

  const token = newToken();
  await beforeSession();
  await db.tx(async (q) => {
    await repo.openSession(q, {
      tokenHash: hashToken(token),
      userId: user.id,
      tenantId: tenant.id,
      ttlSeconds: SESSION_TTL_MS / 1000,
      ip: input.ip,
    });
    await writeLog(q, {
      logType: LogType.LOGIN,
      content: `login: ${user.username}`,
      operateType: LoginOperation.LOGIN,
      tenantId: tenant.id,
      userId: user.id,
      username: user.username,
      ip: input.ip,
    });
  });
  const departs = await repo.userDeparts(db, user.id, tenant.id);
  const orgCode = await settleOrgCode(db, user.id, user.org_code, departs);
  return {
    token,
    userInfo: await userInfo(db, user.id, tenant.id),
    sysAllDictItems: await allDictItems(db),
    departs,
    // 2 = several departments and none current: the console asks which one (SPEC §4).
    multi_depart: departs.length === 0 ? 0 : orgCode === undefined ? 2 : 1,
    tenantList: tenants.map(toTenantBrief),
  };
}

/** Revokes the session of a token (SPEC §4 logout). */
export async function logout(db: Db, auth: AuthContext, ip: string): Promise<void> {
  await repo.revokeSession(db, auth.tokenHash);
  await writeLog(db, {
    logType: LogType.LOGIN,
    content: `logout: ${auth.username}`,
    operateType: LoginOperation.LOGOUT,
    tenantId: auth.tenantId,
    userId: auth.userId,
    username: auth.username,
    ip,
  });
}

/**
 * Changes the signed-in user's password (SPEC §3, §5). The body's username must be the caller's.
 * Other sessions of the user are revoked; the current one stays.
 * @throws AppError business oldPasswordWrong; forbidden when the username is someone else's.
 */
export async function changePassword(db: Db, auth: AuthContext, body: ChangePassword): Promise<void> {
  if (body.username.toLowerCase() !== auth.username.toLowerCase()) throw new AppError('noPermission', 'noPermission');
  const stored = await repo.passwordHashOf(db, auth.userId);
  if (!stored || !(await verifyPassword(body.oldpassword, stored))) throw new AppError('business', 'oldPasswordWrong');
  const hash = await hashPassword(body.password);
  await db.tx(async (q) => {
    await repo.setPasswordHash(q, auth.userId, hash, auth.username);
    await repo.revokeOtherSessions(q, auth.userId, auth.tokenHash);
    await writeLog(q, {
      logType: LogType.OPERATION,
      content: 'password changed',
      tenantId: auth.tenantId,
      userId: auth.userId,
      username: auth.username,
    });
  });
}
