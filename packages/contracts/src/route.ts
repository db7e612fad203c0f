import type { JsonLimits } from './json-limits';
import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call a route: `public` needs no token; `session` needs a valid token only; any other
 * string is a permission code (`user:add`, `device:export`…) the caller's roles must hold.
 */
export type RouteAccess = 'public' | 'session' | (string & {});

/**
 * One entry of the route table (CONVENTIONS §2). The server registers it with these schemas and
 * this access rule; the web client is typed from it; OpenAPI is generated from it.
 * `path` is relative to the base path (`/ztj-iot`) and uses `:name` parameters.
 */
export interface RouteDef<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  path: string;
  access: RouteAccess;
  summary: string;
  tag: string;
  params?: P;
  query?: Q;
  body?: B;
  result: R;
  /**
   * Bounds of this route's JSON body where they differ from `API_JSON_LIMITS` (json-limits.ts):
   * checked on the bytes before parsing and before the body schema.
   */
  jsonLimits?: Partial<JsonLimits>;
}

/**
 * Declares a route with its types inferred. The server registers its params, query and body made
 * lenient about JeecgBoot's wire encoding of numbers (`wireLenient` of ./coerce);
 * the definition itself stays free of runtime zod so the console's route tables cost it nothing.
 */
export function defineRoute<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
>(def: RouteDef<P, Q, B, R>): RouteDef<P, Q, B, R> {
  return def;
}

export type RouteResult<D> = D extends RouteDef<z.ZodType, z.ZodType, z.ZodType, infer R> ? z.infer<R> : never;
export type RouteBody<D> = D extends RouteDef<z.ZodType, z.ZodType, infer B, z.ZodType> ? z.input<B> : never;
export type RouteQuery<D> = D extends RouteDef<z.ZodType, infer Q, z.ZodType, z.ZodType> ? z.input<Q> : never;
export type RouteParams<D> = D extends RouteDef<infer P, z.ZodType, z.ZodType, z.ZodType> ? z.input<P> : never;

/** Fills `:name` parameters of a route path. */
export function routePath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name] ?? '')));
}
