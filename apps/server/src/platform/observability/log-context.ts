import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Who a request acts for, as its log lines name it. */
export interface LogIdentity {
  tenantId: number;
  userId: string;
}

/**
 * Adds the tenant and user of an authenticated request to its logger: every
 * later line of the request (errors, the "request completed" line) carries `tenantId` and
 * `userId` beside Fastify's `reqId`. Called once the caller is resolved (register-route.ts).
 */
export function bindLogContext(req: FastifyRequest, who: LogIdentity): void {
  req.log = req.log.child({ tenantId: who.tenantId, userId: who.userId });
}

/**
 * Fastify gives the reply its own logger when the request arrives; this hook hands it the
 * request's (with the bindings of {@link bindLogContext}) before the answer is sent, so the line
 * logged when the request completes (platform/logging/request-log.ts) carries them too.
 */
export function installLogContext(fastify: FastifyInstance): void {
  fastify.addHook('onSend', async (req, reply, payload) => {
    if (reply.log !== req.log) reply.log = req.log;
    return payload;
  });
}
