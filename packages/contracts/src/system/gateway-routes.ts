import { z } from 'zod';
import { pageResultOf } from '../envelope';
import { defineRoute } from '../route';
import { INVALID_TEXT } from '../validation';
import { IdQuerySchema, IdsQuerySchema, ListQuerySchema } from './list';

/**
 * Gateway routes (SPEC §2 system → gateway routes; JeecgBoot's
 * `/sys/gatewayRoute/*`). A route is data for an external API gateway — a Spring Cloud Gateway
 * route definition (id, uri, predicates, filters) plus JeecgBoot's flags. The server stores,
 * validates and exports them; it never proxies a request to a route's URI.
 */

/** Flags are 0/1 as JeecgBoot sends them. */
const FlagSchema = z.union([z.literal(0), z.literal(1)]);

/** URI schemes a route may point at: a load-balanced service name, HTTP(S) or WebSocket. */
export const GATEWAY_URI_PATTERN =
  /^(lb:\/\/[A-Za-z0-9][A-Za-z0-9_.-]{0,199}|(https?|wss?):\/\/[^\s/?#@]+(:\d{1,5})?(\/[^\s]*)?)$/;

/** Route id: letters, digits, `_`, `-`, `.` (it becomes the gateway's route id). */
export const GATEWAY_ROUTER_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

/** Name of a predicate or filter factory (`Path`, `StripPrefix`, `RequestRateLimiter` …). */
const FACTORY_NAME = /^[A-Za-z][A-Za-z0-9]{0,63}$/;

/**
 * One predicate or filter as Spring Cloud Gateway's fully expanded form and JeecgBoot store it:
 * `{name, args}`; `args` a list of values (`["/sys/**"]`, shortcut order) or named values
 * (`{"retries": 3}`). Values are strings, numbers or booleans of at most 500 characters.
 */
export interface GatewayFactory {
  name: string;
  args: (string | number | boolean)[] | Record<string, string | number | boolean>;
}

const ScalarSchema = z.union([z.string().max(500), z.number().finite(), z.boolean()]);
const FactorySchema = z
  .object({
    name: z.string().regex(FACTORY_NAME),
    args: z
      .union([
        z.array(ScalarSchema).max(20),
        z.record(z.string().regex(/^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/), ScalarSchema),
      ])
      .default([]),
  })
  .strict();

/**
 * Parses a predicates/filters JSON text into factories.
 * @returns the factories, or a message key: `validation.gatewayJson` (not JSON),
 * `validation.gatewayFactories` (not a list of {name, args}), `validation.gatewayPredicateRequired`.
 */
export function parseGatewayFactories(text: string, requireOne: boolean): GatewayFactory[] | { error: string } {
  let value: unknown;
  try {
    value = JSON.parse(text.trim() === '' ? '[]' : text);
  } catch {
    return { error: 'validation.gatewayJson' };
  }
  const parsed = z.array(FactorySchema).max(20).safeParse(value);
  if (!parsed.success) return { error: 'validation.gatewayFactories' };
  if (requireOne && parsed.data.length === 0) return { error: 'validation.gatewayPredicateRequired' };
  return parsed.data as GatewayFactory[];
}

const factoriesField = (requireOne: boolean) =>
  z
    .string()
    .max(8000, 'validation.tooLong')
    .superRefine((v, ctx) => {
      const r = parseGatewayFactories(v, requireOne);
      if (!Array.isArray(r)) ctx.addIssue({ code: 'custom', message: r.error, input: v });
    });

/** `POST /sys/gatewayRoute/add` body; predicates and filters are JSON texts as JeecgBoot sends them. */
export const GatewayRouteCreateSchema = z.object({
  routerId: z
    .string()
    .trim()
    .min(1, 'validation.required')
    .regex(GATEWAY_ROUTER_ID_PATTERN, 'validation.gatewayRouterId'),
  name: z
    .string()
    .trim()
    .min(1, 'validation.required')
    .max(64, 'validation.tooLong')
    .refine((v) => !INVALID_TEXT.test(v), 'validation.invalidText'),
  uri: z
    .string()
    .trim()
    .min(1, 'validation.required')
    .max(500, 'validation.tooLong')
    .regex(GATEWAY_URI_PATTERN, 'validation.gatewayUri'),
  predicates: factoriesField(true),
  filters: factoriesField(false).default('[]'),
  stripPrefix: FlagSchema.default(0),
  retryable: FlagSchema.default(0),
  persistable: FlagSchema.default(0),
  showApi: FlagSchema.default(1),
  status: FlagSchema.default(1),
});
export type GatewayRouteCreate = z.infer<typeof GatewayRouteCreateSchema>;

/** `PUT /sys/gatewayRoute/edit` body. */
export const GatewayRouteEditSchema = GatewayRouteCreateSchema.extend({ id: z.string().min(1).max(64) });
export type GatewayRouteEdit = z.infer<typeof GatewayRouteEditSchema>;

/** One route as lists and queryById answer it (predicates/filters as stored JSON texts). */
export const GatewayRouteRecordSchema = z.object({
  id: z.string(),
  routerId: z.string(),
  name: z.string(),
  uri: z.string(),
  predicates: z.string(),
  filters: z.string(),
  stripPrefix: z.number().int(),
  retryable: z.number().int(),
  persistable: z.number().int(),
  showApi: z.number().int(),
  status: z.number().int(),
  createBy: z.string().nullable(),
  createTime: z.string().nullable(),
  updateTime: z.string().nullable(),
});
export type GatewayRouteRecord = z.infer<typeof GatewayRouteRecordSchema>;

/** File name of the exported configuration (Spring Cloud Gateway YAML). */
export const GATEWAY_EXPORT_FILE = 'gateway-routes.yml';

const tag = 'system-gateway-route';
const ok = z.null();

/** Route table of gateway routes (JeecgBoot `/sys/gatewayRoute/*`; export is this product's). */
export const GatewayRouteRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/sys/gatewayRoute/list',
    access: 'gateway:list',
    tag,
    summary: 'Gateway routes of the current tenant (generic list)',
    query: ListQuerySchema,
    result: pageResultOf(GatewayRouteRecordSchema),
  }),
  queryById: defineRoute({
    method: 'GET',
    path: '/sys/gatewayRoute/queryById',
    access: 'gateway:list',
    tag,
    summary: 'One gateway route',
    query: IdQuerySchema,
    result: GatewayRouteRecordSchema,
  }),
  add: defineRoute({
    method: 'POST',
    path: '/sys/gatewayRoute/add',
    access: 'gateway:add',
    tag,
    summary: 'Create a gateway route',
    body: GatewayRouteCreateSchema,
    result: z.object({ id: z.string() }),
  }),
  edit: defineRoute({
    method: 'PUT',
    path: '/sys/gatewayRoute/edit',
    access: 'gateway:edit',
    tag,
    summary: 'Edit a gateway route',
    body: GatewayRouteEditSchema,
    result: ok,
  }),
  delete: defineRoute({
    method: 'DELETE',
    path: '/sys/gatewayRoute/delete',
    access: 'gateway:delete',
    tag,
    summary: 'Delete a gateway route',
    query: IdQuerySchema,
    result: ok,
  }),
  deleteBatch: defineRoute({
    method: 'DELETE',
    path: '/sys/gatewayRoute/deleteBatch',
    access: 'gateway:batch_delete',
    tag,
    summary: 'Delete gateway routes',
    query: IdsQuerySchema,
    result: ok,
  }),
  exportConfig: defineRoute({
    method: 'GET',
    path: '/sys/gatewayRoute/exportConfig',
    access: 'gateway:export',
    tag,
    summary: 'The enabled routes as a Spring Cloud Gateway YAML file (spring.cloud.gateway.routes)',
    result: z.unknown(),
  }),
} as const;
