import {
  SESSION_TTL_MS,
  type ChangePassword,
  type DepartBrief,
  type Language,
  type LoginRequest,
  type LoginResult,
  type TenantBrief,
  type UserInfo,
} from '@ztj/contracts';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AuthContext } from '../../platform/auth/auth-context';
import { failVerification, hashPassword, hashToken, newToken, verifyPassword } from '../../platform/auth/tokens';
import type { Db, Queryable } from '../../platform/db/db';
import { AppError } from '../../platform/http/app-error';
import { userInfo, type UserRow } from '../users/user-info';
import { allDictItems } from '../dict/dict.repo';
import { LoginOperation, LogType, writeLog } from '../logs/logs.repo';
import { captchaFailure, consumeCaptcha } from './captcha.service';
import {
  accountDelayMs,
  clearPairFailures,
  needsCaptcha,
  readThrottle,
  recordFailure,
  signInClient,
} from './sign-in-throttle';

export type { UserRow };

interface TenantRow {
  id: number;
  name: string;
  status: number;
  begin_date: Date | null;
  end_date: Date | null;
  expired: boolean;
}

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

  const user = await db.one<UserRow>('SELECT * FROM sys_user WHERE lower(username) = $1 AND del_flag = 0', [name]);
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
  const tenants = await userTenants(db, user.id);
  const last = user.last_sign_in_at
    ? user.login_tenant_id
    : ((await dataTenantOf(db, tenants)) ?? user.login_tenant_id);
  const tenant = pickTenant(tenants, input.tenantHeader, last);
  if (!tenant) throw new AppError('business', 'tenantExpired');

  const token = newToken();
  await beforeSession();
  await db.tx(async (q) => {
    await q.query(
      `INSERT INTO sys_session (token_hash, user_id, tenant_id, expires_at, ip)
       VALUES ($1, $2, $3, now() + make_interval(secs => $4), $5)`,
      [hashToken(token), user.id, tenant.id, SESSION_TTL_MS / 1000, input.ip],
    );
    await q.query('UPDATE sys_user SET login_tenant_id = $2, last_sign_in_at = now() WHERE id = $1', [
      user.id,
      tenant.id,
    ]);
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
  const departs = await userDeparts(db, user.id, tenant.id);
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

/**
 * The tenant a user's data lives in, for a first sign-in when no tenant was
 * used yet: among the usable tenants the one holding the most devices; undefined when none holds
 * any.
 */
async function dataTenantOf(q: Queryable, tenants: TenantRow[]): Promise<number | undefined> {
  const usable = tenants.filter((t) => !t.expired && t.status === 1).map((t) => t.id);
  if (usable.length < 2) return undefined;
  const [top] = await q.query<{ tenant_id: number }>(
    'SELECT tenant_id FROM device WHERE tenant_id = ANY($1::int[]) GROUP BY tenant_id ORDER BY count(*) DESC, tenant_id LIMIT 1',
    [usable],
  );
  return top?.tenant_id;
}

/** The session's tenant: the asked one (header), else the last used one when usable, else the first usable. */
function pickTenant(tenants: TenantRow[], header: string | undefined, last: number | null): TenantRow | undefined {
  const usable = tenants.filter((t) => !t.expired && t.status === 1);
  const wanted = header && header !== '0' ? Number(header) : undefined;
  if (wanted !== undefined) {
    const t = tenants.find((x) => x.id === wanted);
    if (t && (t.expired || t.status !== 1)) return undefined;
    if (t) return t;
  }
  return usable.find((t) => t.id === last) ?? usable[0];
}

/** Revokes the session of a token (SPEC §4 logout). */
export async function logout(db: Db, auth: AuthContext, ip: string): Promise<void> {
  await db.query('UPDATE sys_session SET revoked_at = now() WHERE token_hash = $1 AND revoked_at IS NULL', [
    auth.tokenHash,
  ]);
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

/** Tenants the user belongs to, with their expiry state. */
export async function userTenants(q: Queryable, userId: string): Promise<TenantRow[]> {
  return q.query<TenantRow>(
    `SELECT t.id, t.name, t.status, t.begin_date, t.end_date, (t.end_date IS NOT NULL AND t.end_date < now()) AS expired
       FROM sys_user_tenant ut JOIN sys_tenant t ON t.id = ut.tenant_id
      WHERE ut.user_id = $1 ORDER BY t.id`,
    [userId],
  );
}

export function toTenantBrief(t: TenantRow): TenantBrief {
  return {
    id: t.id,
    name: t.name,
    status: t.status,
    beginDate: t.begin_date ? t.begin_date.toISOString() : null,
    endDate: t.end_date ? t.end_date.toISOString() : null,
  };
}

/** Departments the user belongs to inside `tenantId`. */
export async function userDeparts(q: Queryable, userId: string, tenantId: number): Promise<DepartBrief[]> {
  return q.query<DepartBrief>(
    `SELECT d.id, d.depart_name AS "departName", d.org_code AS "orgCode"
       FROM sys_user_depart ud JOIN sys_depart d ON d.id = ud.dep_id
      WHERE ud.user_id = $1 AND d.tenant_id = $2 AND d.del_flag = 0
      ORDER BY d.org_code`,
    [userId, tenantId],
  );
}

/**
 * Keeps the user's current department consistent with the tenant's departments: one department →
 * it becomes current; several and the current one among them → kept; otherwise cleared so the
 * console asks. Returns the resulting orgCode (undefined when the user must choose).
 */
export async function settleOrgCode(
  q: Queryable,
  userId: string,
  current: string | null,
  departs: DepartBrief[],
): Promise<string | null | undefined> {
  let next: string | null | undefined;
  if (departs.length === 0) next = null;
  else if (departs.length === 1) next = departs[0]!.orgCode;
  else next = departs.some((d) => d.orgCode === current) ? (current as string) : undefined;
  const stored = next === undefined ? null : next;
  if (stored !== current) await q.query('UPDATE sys_user SET org_code = $2 WHERE id = $1', [userId, stored]);
  return next;
}

/**
 * Makes `orgCode` the user's current department (SPEC §3 department select).
 * @throws AppError business departNotFound when it is not one of the user's departments in the tenant.
 */
export async function selectDepart(db: Db, auth: AuthContext, orgCode: string): Promise<UserInfo> {
  const departs = await userDeparts(db, auth.userId, auth.tenantId);
  if (!departs.some((d) => d.orgCode === orgCode)) throw new AppError('business', 'departNotFound');
  await db.query('UPDATE sys_user SET org_code = $2 WHERE id = $1', [auth.userId, orgCode]);
  return userInfo(db, auth.userId, auth.tenantId);
}

/**
 * Switches the session to another of the user's tenants.
 * @throws AppError forbidden tenantRefused / tenantExpired.
 */
export async function selectTenant(db: Db, auth: AuthContext, tenantId: number): Promise<void> {
  const tenant = (await userTenants(db, auth.userId)).find((t) => t.id === tenantId);
  if (!tenant) throw new AppError('forbidden', 'tenantRefused');
  if (tenant.expired || tenant.status !== 1) throw new AppError('forbidden', 'tenantExpired');
  await db.tx(async (q) => {
    await q.query('UPDATE sys_session SET tenant_id = $2 WHERE token_hash = $1', [auth.tokenHash, tenantId]);
    await q.query('UPDATE sys_user SET login_tenant_id = $2 WHERE id = $1', [auth.userId, tenantId]);
    const [u] = await q.query<{ org_code: string | null }>('SELECT org_code FROM sys_user WHERE id = $1', [
      auth.userId,
    ]);
    await settleOrgCode(q, auth.userId, u?.org_code ?? null, await userDeparts(q, auth.userId, tenantId));
  });
}

/**
 * Changes the signed-in user's password (SPEC §3, §5). The body's username must be the caller's.
 * Other sessions of the user are revoked; the current one stays.
 * @throws AppError business oldPasswordWrong; forbidden when the username is someone else's.
 */
export async function changePassword(db: Db, auth: AuthContext, body: ChangePassword): Promise<void> {
  if (body.username.toLowerCase() !== auth.username.toLowerCase()) throw new AppError('noPermission', 'noPermission');
  const user = await db.one<{ password_hash: string }>('SELECT password_hash FROM sys_user WHERE id = $1', [
    auth.userId,
  ]);
  if (!user || !(await verifyPassword(body.oldpassword, user.password_hash)))
    throw new AppError('business', 'oldPasswordWrong');
  const hash = await hashPassword(body.password);
  await db.tx(async (q) => {
    await q.query('UPDATE sys_user SET password_hash = $2, update_time = now(), update_by = $3 WHERE id = $1', [
      auth.userId,
      hash,
      auth.username,
    ]);
    await q.query(
      'UPDATE sys_session SET revoked_at = now() WHERE user_id = $1 AND token_hash <> $2 AND revoked_at IS NULL',
      [auth.userId, auth.tokenHash],
    );
    await writeLog(q, {
      logType: LogType.OPERATION,
      content: 'password changed',
      tenantId: auth.tenantId,
      userId: auth.userId,
      username: auth.username,
    });
  });
}
