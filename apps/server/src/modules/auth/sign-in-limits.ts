import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/http/app-error';
import { SIGN_IN_POLICY } from './sign-in-throttle';

/** Client addresses each limit remembers (least recently seen forgotten first). */
export const LIMITER_CAPACITY = 10_000;

type Hook = (req: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** The per-client request limits of the public sign-in routes. */
export interface SignInLimits {
  /** POST /sys/login: `loginRequestsPerMinute` per client address, whatever the account or outcome. */
  login: Hook;
  /** GET /sys/randomImage/{key}: `captchaRequestsPerMinute` per client address. */
  captcha: Hook;
  /** POST /sys/sms: `smsRequestsPerMinute` per client address (`onRequest`). */
  sms: Hook;
  /** POST /sys/sms: `smsRequestsPerPhonePerMinute` per mobile number of the body (`preHandler`). */
  smsPerPhone: Hook;
  /** POST /sys/phoneLogin: `loginRequestsPerMinute` per client address (`onRequest`). */
  phoneLogin: Hook;
  /** POST /sys/phoneLogin: `phoneLoginRequestsPerPhonePerMinute` per mobile number, i.e. per account (`preHandler`). */
  phoneLoginPerPhone: Hook;
}

/** Limiter key of a request by the mobile number of its body. */
function phoneKey(req: FastifyRequest): string {
  const mobile = (req.body as { mobile?: unknown } | undefined)?.mobile;
  return `phone:${typeof mobile === 'string' ? mobile.trim() : ''}`;
}

/**
 * A per-number limit of `max` requests a minute, checked after the per-address one (the plugin's
 * `rateLimit` hooks run once per request, so this one is built with `createRateLimit` and answers
 * the same 429 itself).
 */
function secondLimit(scope: FastifyInstance, max: number): Hook {
  const check = scope.createRateLimit({ max, timeWindow: 60_000, keyGenerator: phoneKey });
  return async (req) => {
    const r = await check(req);
    if (!r.isAllowed && r.isExceeded)
      throw new AppError('tooManyRequests', 'tooManyRequests', { seconds: Math.max(1, r.ttlInSeconds) });
  };
}

/**
 * Registers @fastify/rate-limit in `scope` (not globally) and returns `onRequest` hooks for the
 * sign-in routes. Counters live in the plugin's in-memory LRU store of this process
 * (`LIMITER_CAPACITY` addresses, IPv6 counted per /64). Past a limit the answer is HTTP 429
 * `tooManyRequests` with the seconds until the window ends (and a `retry-after` header).
 */
export async function registerSignInLimits(scope: FastifyInstance): Promise<SignInLimits> {
  await scope.register(rateLimit, {
    global: false,
    cache: LIMITER_CAPACITY,
    errorResponseBuilder: (_req, ctx) =>
      new AppError('tooManyRequests', 'tooManyRequests', { seconds: Math.max(1, Math.ceil(ctx.ttl / 1000)) }),
  });
  return {
    login: scope.rateLimit({ max: SIGN_IN_POLICY.loginRequestsPerMinute, timeWindow: 60_000 }) as Hook,
    captcha: scope.rateLimit({ max: SIGN_IN_POLICY.captchaRequestsPerMinute, timeWindow: 60_000 }) as Hook,
    sms: scope.rateLimit({ max: SIGN_IN_POLICY.smsRequestsPerMinute, timeWindow: 60_000 }) as Hook,
    smsPerPhone: secondLimit(scope, SIGN_IN_POLICY.smsRequestsPerPhonePerMinute),
    phoneLogin: scope.rateLimit({ max: SIGN_IN_POLICY.loginRequestsPerMinute, timeWindow: 60_000 }) as Hook,
    phoneLoginPerPhone: secondLimit(scope, SIGN_IN_POLICY.phoneLoginRequestsPerPhonePerMinute),
  };
}
