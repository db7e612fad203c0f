import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/http/app-error';
import { SIGN_IN_POLICY } from './sign-in-throttle';

/** Client addresses each limit remembers (least recently seen forgotten first). */
export const LIMITER_CAPACITY = 10_000;

type Hook = (req: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** The per-client request limits of the public sign-in routes (issue #8, finding 2). */
export interface SignInLimits {
  /** POST /sys/login: `loginRequestsPerMinute` per client address, whatever the account or outcome. */
  login: Hook;
  /** GET /sys/randomImage/{key}: `captchaRequestsPerMinute` per client address. */
  captcha: Hook;
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
    errorResponseBuilder: (_req, ctx) => new AppError('tooManyRequests', 'tooManyRequests', { seconds: Math.max(1, Math.ceil(ctx.ttl / 1000)) }),
  });
  return {
    login: scope.rateLimit({ max: SIGN_IN_POLICY.loginRequestsPerMinute, timeWindow: 60_000 }) as Hook,
    captcha: scope.rateLimit({ max: SIGN_IN_POLICY.captchaRequestsPerMinute, timeWindow: 60_000 }) as Hook,
  };
}
