import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fail } from '../http/envelope';
import type { ServerMetrics } from './metrics';

/** Whether an address is the machine itself (IPv4, IPv6 or IPv4-mapped loopback). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const a = address.replace(/^::ffff:/, '');
  return a === '::1' || /^127\.\d+\.\d+\.\d+$/.test(a);
}

/** Constant-time comparison of two secrets (hashed first so lengths may differ). */
function sameSecret(a: string, b: string): boolean {
  const h = (x: string): Buffer => crypto.createHash('sha256').update(x).digest();
  return crypto.timingSafeEqual(h(a), h(b));
}

/**
 * The metrics access rule (docs/operations.md "Metrics"): metrics reveal operational data
 * (rates, queue depths, routes), so with `METRICS_TOKEN` set a scrape must send
 * `Authorization: Bearer <token>` (from anywhere); without it only a scraper on the machine itself
 * is answered — the socket's peer is loopback and the request carries no proxy header
 * (`X-Forwarded-For`, `Forwarded`, `X-Real-IP`), so a reverse proxy on the same host does not
 * expose them to the world.
 */
export function metricsAllowed(req: FastifyRequest, token: string | undefined): boolean {
  if (token) {
    const auth = req.headers.authorization;
    return typeof auth === 'string' && auth.startsWith('Bearer ') && sameSecret(auth.slice(7).trim(), token);
  }
  const proxied =
    req.headers['x-forwarded-for'] !== undefined ||
    req.headers.forwarded !== undefined ||
    req.headers['x-real-ip'] !== undefined;
  return !proxied && isLoopback(req.socket.remoteAddress);
}

/**
 * `GET <base>/metrics`: the Prometheus text exposition of `metrics` ({@link ServerMetrics}) to
 * callers {@link metricsAllowed} admits; others get 403 in the envelope (401 with a token configured).
 */
export function metricsRoutes(api: FastifyInstance, metrics: ServerMetrics, token: string | undefined): void {
  api.get(
    '/metrics',
    { schema: { summary: 'Prometheus metrics (loopback, or Bearer METRICS_TOKEN)', tags: ['platform'] } },
    async (req, reply) => {
      if (!metricsAllowed(req, token)) {
        const status = token ? 401 : 403;
        if (token) void reply.header('www-authenticate', 'Bearer');
        return reply
          .code(status)
          .send(
            fail(
              status,
              token
                ? 'metrics: Authorization: Bearer <METRICS_TOKEN> required'
                : 'metrics: answered on loopback only (set METRICS_TOKEN to scrape from elsewhere)',
            ),
          );
      }
      const text = await metrics.registry.metrics();
      return reply.type(metrics.registry.contentType).send(text);
    },
  );
}
