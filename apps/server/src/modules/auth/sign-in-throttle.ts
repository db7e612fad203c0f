import { normalizeIP } from '@fastify/rate-limit';
import type { Db } from '../../platform/db/db';

/**
 * The sign-in abuse policy (docs/security.md "Sessions and sign-in"). Nothing ever locks an
 * account: failures slow down the client that makes them, and raise the bar (an image captcha)
 * for the account. Counters are kept in `sys_login_failure` (shared by every server process)
 * and restart when their last failure is older than `windowMs`.
 */
export const SIGN_IN_POLICY = {
  /** A failure counter restarts when its last failure is older than this: 15 minutes (ms). */
  windowMs: 15 * 60_000,
  /** Failures of one client address on one account after which that pair must solve the captcha. */
  pairCaptchaAfter: 3,
  /** Failures of one pair after which it must wait `pairCooldownMs` between attempts. */
  pairCooldownAfter: 5,
  /** First cool-down (ms); doubles with each further failure up to `pairCooldownMaxMs`. */
  pairCooldownBaseMs: 1_000,
  pairCooldownMaxMs: 5 * 60_000,
  /** Failures on one account, from all clients, after which every client must solve the captcha. */
  accountCaptchaAfter: 10,
  /** Failures on one account after which its failed answers are held back (ms per failure, capped). */
  accountDelayAfter: 10,
  accountDelayStepMs: 100,
  accountDelayMaxMs: 1_000,
  /** Requests per client address and minute: POST /sys/login, GET /sys/randomImage. */
  loginRequestsPerMinute: 60,
  captchaRequestsPerMinute: 30,
  /** Requests per client address and minute of POST /sys/sms, and per mobile number. */
  smsRequestsPerMinute: 10,
  smsRequestsPerPhonePerMinute: 3,
  /** POST /sys/phoneLogin requests per mobile number (one account) and minute, from all clients. */
  phoneLoginRequestsPerPhonePerMinute: 10,
} as const;

/** Failure counts of one sign-in attempt's client+account pair and account. */
export interface FailureCounts {
  pair: number;
  account: number;
}

/** What the counters say before a password is checked. */
export interface ThrottleState extends FailureCounts {
  /** Time (ms) the pair must still wait before it may try again; 0 when it may. */
  pairWaitMs: number;
}

/**
 * Cool-down of a pair after `failures` failures (ms): 0 below `pairCooldownAfter`, then
 * 1 s, 2 s, 4 s… up to 5 minutes.
 */
export function pairCooldownMs(failures: number): number {
  const p = SIGN_IN_POLICY;
  if (failures < p.pairCooldownAfter) return 0;
  return Math.min(p.pairCooldownMaxMs, p.pairCooldownBaseMs * 2 ** (failures - p.pairCooldownAfter));
}

/**
 * How long a failed answer on an account with `failures` failures is held back (ms): 0 below
 * `accountDelayAfter`, then 100 ms more per failure up to 1 s. Only failed answers wait, so the
 * owner's right password is answered at once.
 */
export function accountDelayMs(failures: number): number {
  const p = SIGN_IN_POLICY;
  if (failures < p.accountDelayAfter) return 0;
  return Math.min(p.accountDelayMaxMs, p.accountDelayStepMs * (failures - p.accountDelayAfter + 1));
}

/** True when the pair or the account has failed often enough to need the captcha. */
export function needsCaptcha(counts: FailureCounts): boolean {
  return counts.pair >= SIGN_IN_POLICY.pairCaptchaAfter || counts.account >= SIGN_IN_POLICY.accountCaptchaAfter;
}

/**
 * The client a sign-in counts for: its address, an IPv6 client by its /64 network as the request
 * limits do. Also the client whose turn a sign-in takes in the password hash gate.
 */
export function signInClient(ip: string): string {
  return normalizeIP(ip);
}

/** Counter keys of a client address and an account name. */
function keys(ip: string, name: string): { account: string; pair: string } {
  return { account: `a:${name}`, pair: `c:${signInClient(ip)}:${name}` };
}

/** Reads the live counters of `ip` + `name` (name already lower-cased). */
export async function readThrottle(db: Db, ip: string, name: string): Promise<ThrottleState> {
  const k = keys(ip, name);
  const rows = await db.query<{ key: string; failures: number; age_ms: number }>(
    `SELECT key, failures, (extract(epoch FROM now() - last_failure) * 1000)::float8 AS age_ms
       FROM sys_login_failure WHERE key = ANY($1::text[]) AND last_failure > now() - make_interval(secs => $2)`,
    [[k.account, k.pair], SIGN_IN_POLICY.windowMs / 1000],
  );
  const pairRow = rows.find((r) => r.key === k.pair);
  const pair = pairRow?.failures ?? 0;
  const pairWaitMs = pairRow ? Math.max(0, Math.ceil(pairCooldownMs(pair) - pairRow.age_ms)) : 0;
  return { pair, account: rows.find((r) => r.key === k.account)?.failures ?? 0, pairWaitMs };
}

/**
 * Counts one failure for the pair and the account (a counter older than the window restarts at
 * 1) and deletes counters past the window, so the table holds only the last window's failures.
 * @returns the new counts.
 */
export async function recordFailure(db: Db, ip: string, name: string): Promise<FailureCounts> {
  const k = keys(ip, name);
  const windowSecs = SIGN_IN_POLICY.windowMs / 1000;
  // Always account row first: concurrent failures lock the two rows in the same order.
  const rows = await db.query<{ key: string; failures: number }>(
    `INSERT INTO sys_login_failure AS f (key, failures, last_failure) VALUES ($1, 1, now()), ($2, 1, now())
     ON CONFLICT (key) DO UPDATE SET
       failures = CASE WHEN f.last_failure < now() - make_interval(secs => $3) THEN 1 ELSE f.failures + 1 END,
       last_failure = now()
     RETURNING key, failures`,
    [k.account, k.pair, windowSecs],
  );
  await db.query('DELETE FROM sys_login_failure WHERE last_failure < now() - make_interval(secs => $1)', [windowSecs]);
  return {
    account: rows.find((r) => r.key === k.account)?.failures ?? 1,
    pair: rows.find((r) => r.key === k.pair)?.failures ?? 1,
  };
}

/** Forgets the pair's failures after a successful sign-in (the account's stay: they may be someone else's). */
export async function clearPairFailures(db: Db, ip: string, name: string): Promise<void> {
  await db.query('DELETE FROM sys_login_failure WHERE key = $1', [keys(ip, name).pair]);
}
