import { API_JSON_LIMITS, JSON_REFUSAL_MESSAGE, type JsonLimits } from '@ztj/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseBoundedJson, type JsonRefusal } from '../json/bounded-json';
import { AppError } from './app-error';

/** Route config carrying a route's own JSON bounds (`RouteDef.jsonLimits`, set by registerRoute). */
export interface JsonLimitsConfig {
  jsonLimits?: Partial<JsonLimits>;
}

/** The JSON bounds of a request's route: {@link API_JSON_LIMITS} with the route's own over them. */
export function jsonLimitsOf(req: FastifyRequest): JsonLimits {
  const own = (req.routeOptions?.config as JsonLimitsConfig | undefined)?.jsonLimits;
  return own ? { ...API_JSON_LIMITS, ...own } : API_JSON_LIMITS;
}

/**
 * The error answering a refused JSON body: for its size, Fastify's own 413 (answered HTTP 413
 * `requestTooLarge` as any body over the server's limit); else the envelope's 400 (HTTP 200) with
 * the translated message of the bound broken (`{max}` filled).
 */
export function jsonRefusalError(refusal: JsonRefusal): Error {
  if (refusal.code === 'tooLarge')
    return Object.assign(new Error(refusal.detail), { statusCode: 413, code: 'FST_ERR_CTP_BODY_TOO_LARGE' });
  const key = JSON_REFUSAL_MESSAGE[refusal.code] as Exclude<
    (typeof JSON_REFUSAL_MESSAGE)[JsonRefusal['code']],
    'requestTooLarge'
  >;
  return new AppError('badRequest', key, refusal.max !== undefined ? { max: refusal.max } : {});
}

/**
 * The API's one JSON body parser (ARCHITECTURE §5), in place of Fastify's: the
 * body's bytes are checked against its route's bounds ({@link jsonLimitsOf}) in one linear pass,
 * refused when not UTF-8, then parsed, and refused when they name `__proto__` or
 * `constructor.prototype` (as Fastify's parser did), all before any schema runs. An empty body
 * parses as no body, so a route without one (DELETE with a JSON content type) still works.
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req, body: Buffer, done) => {
    if (body.length === 0) return done(null, undefined);
    const parsed = parseBoundedJson(body, jsonLimitsOf(req), { refusePrototypeKeys: true });
    if (parsed.ok) return done(null, parsed.value);
    req.log.info({ refusal: parsed.code, detail: parsed.detail }, 'JSON body refused');
    done(jsonRefusalError(parsed), undefined);
  });
}
