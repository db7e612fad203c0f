import { HEADER_TENANT, HEADER_TOKEN, envelopeOf, wireLenient, type Language, type RouteDef } from '@ztj/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { loadPermissionCodes, resolveAuth, type AuthContext } from '../auth/auth-context';
import type { Db } from '../db/db';
import { bindLogContext } from '../observability/log-context';
import { AppError } from './app-error';
import { ok } from './envelope';
import { requestLanguage } from './error-handler';

/** What a route handler receives: validated input, the caller and the request language. */
export interface RouteContext<D extends RouteDef> {
  params: z.output<NonNullable<D['params']>>;
  query: z.output<NonNullable<D['query']>>;
  body: z.output<NonNullable<D['body']>>;
  lang: Language;
  req: FastifyRequest;
  reply: FastifyReply;
}

export interface AuthedRouteContext<D extends RouteDef> extends RouteContext<D> {
  auth: AuthContext;
}

type Result<D extends RouteDef> = z.input<D['result']>;
type Handler<D extends RouteDef> = D['access'] extends 'public'
  ? (ctx: RouteContext<D>) => Promise<Result<D>> | Result<D>
  : (ctx: AuthedRouteContext<D>) => Promise<Result<D>> | Result<D>;

/**
 * Registers one route of the contracts' route table (CONVENTIONS §2): schemas validate input and
 * document the route in OpenAPI; access is checked before the handler (token → tenant →
 * permission code, answering 401 / 403 / 510); the handler's value is wrapped in the envelope.
 * `message` optionally names the success message.
 */
export function registerRoute<D extends RouteDef>(app: FastifyInstance, db: Db, def: D, handler: Handler<D>): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.route({
    method: def.method,
    url: def.path,
    // the route's own JSON bounds, read by the API's JSON parser (json-body.ts)
    ...(def.jsonLimits ? { config: { jsonLimits: def.jsonLimits } } : {}),
    schema: {
      summary: def.summary,
      tags: [def.tag],
      // JeecgBoot's wire encoding of numbers: lenient, same types and rules
      ...(def.params ? { params: wireLenient(def.params) } : {}),
      ...(def.query ? { querystring: wireLenient(def.query) } : {}),
      ...(def.body ? { body: wireLenient(def.body) } : {}),
      ...(def.access !== 'public' ? { security: [{ token: [] }] } : {}),
      response: { 200: envelopeOf(def.result) },
    },
    handler: async (req, reply) => {
      const base = {
        params: req.params,
        query: req.query,
        body: req.body,
        lang: requestLanguage(req),
        req,
        reply,
      };
      if (def.access === 'public') {
        return ok(await (handler as (ctx: unknown) => unknown)(base));
      }
      const auth = await authenticate(db, req);
      if (def.access !== 'session') {
        const codes = await loadPermissionCodes(db, auth.userId, auth.tenantId);
        if (!codes.has(def.access)) throw new AppError('noPermission', 'noPermission');
      }
      return ok(await (handler as (ctx: unknown) => unknown)({ ...base, auth }));
    },
  });
}

/**
 * Resolves the caller of a request from its headers (see `resolveAuth`); the request's log lines
 * carry its tenant and user from then on.
 */
export async function authenticate(db: Db, req: FastifyRequest): Promise<AuthContext> {
  const token = headerValue(req, HEADER_TOKEN);
  const auth = { ...(await resolveAuth(db, token, headerValue(req, HEADER_TENANT))), lang: requestLanguage(req) };
  bindLogContext(req, auth);
  return auth;
}

function headerValue(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}
