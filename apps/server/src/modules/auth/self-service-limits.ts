import rateLimit from '@fastify/rate-limit';
import { SelfServiceRoutes } from '@ztj/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/http/app-error';
import { LIMITER_CAPACITY } from './sign-in-limits';

type Hook = (req: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * Request limits of the self-service routes ("Security"), per minute: per client
 * address (IPv6 per /64) on every route, and per mobile number (register) or per account as typed
 * (recovery: user name or number, case-folded) once the body is read. Past a limit: HTTP 429
 * `tooManyRequests` with the seconds to wait. The SMS code service adds its own 60 s wait and daily
 * caps per number and per address.
 */
export const SELF_SERVICE_LIMITS = {
  sliderPerAddress: 30,
  registerPerAddress: 10,
  registerPerPhone: 5,
  recoveryCodePerAddress: 10,
  recoveryCodePerAccount: 3,
  recoveryVerifyPerAddress: 20,
  recoveryVerifyPerAccount: 10,
  recoveryResetPerAddress: 20,
} as const;

function bodyKey(field: 'mobile' | 'account'): (req: FastifyRequest) => string {
  return (req) => {
    const v = (req.body as Record<string, unknown> | undefined)?.[field];
    return `${field}:${typeof v === 'string' ? v.trim().toLowerCase() : ''}`;
  };
}

/**
 * Registers @fastify/rate-limit in `scope` (this scope only) and installs the `onRequest`
 * (per address) and `preHandler` (per number or account) hooks of the self-service routes.
 */
export async function installSelfServiceLimits(scope: FastifyInstance): Promise<void> {
  await scope.register(rateLimit, {
    global: false,
    cache: LIMITER_CAPACITY,
    errorResponseBuilder: (_req, ctx) =>
      new AppError('tooManyRequests', 'tooManyRequests', { seconds: Math.max(1, Math.ceil(ctx.ttl / 1000)) }),
  });
  const L = SELF_SERVICE_LIMITS;
  const R = SelfServiceRoutes;
  const perAddress = (max: number): Hook => scope.rateLimit({ max, timeWindow: 60_000 }) as Hook;
  const perBody = (max: number, field: 'mobile' | 'account'): Hook => {
    const check = scope.createRateLimit({ max, timeWindow: 60_000, keyGenerator: bodyKey(field) });
    return async (req) => {
      const r = await check(req);
      if (!r.isAllowed && r.isExceeded)
        throw new AppError('tooManyRequests', 'tooManyRequests', { seconds: Math.max(1, r.ttlInSeconds) });
    };
  };
  const onRequest = new Map<string, Hook>([
    [R.sliderChallenge.path, perAddress(L.sliderPerAddress)],
    [R.sliderVerify.path, perAddress(L.sliderPerAddress)],
    [R.registerConfig.path, perAddress(L.sliderPerAddress)],
    [R.register.path, perAddress(L.registerPerAddress)],
    [R.recoveryCode.path, perAddress(L.recoveryCodePerAddress)],
    [R.recoveryVerify.path, perAddress(L.recoveryVerifyPerAddress)],
    [R.recoveryReset.path, perAddress(L.recoveryResetPerAddress)],
  ]);
  const preHandler = new Map<string, Hook>([
    [R.register.path, perBody(L.registerPerPhone, 'mobile')],
    [R.recoveryCode.path, perBody(L.recoveryCodePerAccount, 'account')],
    [R.recoveryVerify.path, perBody(L.recoveryVerifyPerAccount, 'account')],
  ]);
  const hookOf = (hooks: Map<string, Hook>, req: FastifyRequest): Hook | undefined => {
    const url = req.routeOptions.url ?? '';
    for (const [path, hook] of hooks) if (url.endsWith(path)) return hook;
    return undefined;
  };
  scope.addHook('onRequest', async (req, reply) => hookOf(onRequest, req)?.(req, reply));
  scope.addHook('preHandler', async (req, reply) => hookOf(preHandler, req)?.(req, reply));
}
