import { Document } from 'yaml';
import { parseGatewayFactories, type GatewayFactory, type GatewayRouteRecord } from '@ztj/contracts';

/**
 * The export of the enabled gateway routes as a **Spring Cloud Gateway**
 * configuration file: `spring.cloud.gateway.routes` in YAML, to be included in (or imported by,
 * `spring.config.import`) the gateway's `application.yml`.
 *
 * Why this format: JeecgBoot's gateway routes *are* Spring Cloud Gateway route definitions — its
 * `sys_gateway_route` rows (`routerId`, `uri`, `predicates`/`filters` as `[{name, args}]`) are
 * loaded into `RouteDefinition`s by its gateway — so the same fields map one to one onto the
 * gateway's own configuration, with no translation a reader must trust. Other gateways (Kong,
 * Traefik, NGINX) lack `lb://` service discovery and predicate/filter factories with the same
 * meaning. Mapping:
 * - `routerId` → `id`; `uri` → `uri`; each predicate/filter in the fully expanded form
 *   (`name`, `args`); list args become `_genkey_0…`, the keys Spring uses for shortcut args;
 * - `stripPrefix` 1 → a `StripPrefix` filter with `parts: 1` (unless the filters have one);
 * - `retryable` 1 → a `Retry` filter with `retries: 3` (unless the filters have one);
 * - `name`, `persistable`, `showApi` → route `metadata` (JeecgBoot's own flags, no gateway meaning).
 * The file is written by the `yaml` library, so no value of a route can add keys or documents to
 * it. The server itself never proxies to `uri`.
 */
export function gatewayRoutesYaml(routes: readonly GatewayRouteRecord[], generatedAt: Date = new Date()): string {
  const out = routes.map((r) => {
    const predicates = factories(r.predicates, true);
    const filters = factories(r.filters, false);
    if (r.stripPrefix === 1 && !filters.some((f) => f.name === 'StripPrefix'))
      filters.push({ name: 'StripPrefix', args: { parts: 1 } });
    if (r.retryable === 1 && !filters.some((f) => f.name === 'Retry'))
      filters.push({ name: 'Retry', args: { retries: 3 } });
    return {
      id: r.routerId,
      uri: r.uri,
      ...(predicates.length ? { predicates: predicates.map(expanded) } : {}),
      ...(filters.length ? { filters: filters.map(expanded) } : {}),
      metadata: { name: r.name, persistable: r.persistable === 1, showApi: r.showApi === 1 },
    };
  });
  const doc = new Document({ spring: { cloud: { gateway: { routes: out } } } });
  doc.commentBefore = ` Spring Cloud Gateway routes exported by the ZTJ IoT console (enabled routes only)\n generated ${generatedAt.toISOString()}; include in the gateway's application.yml`;
  return doc.toString({ defaultStringType: 'QUOTE_DOUBLE', defaultKeyType: 'PLAIN' });
}

/** A stored JSON text as factories; a text that is not valid (edited by hand in the database) gives none. */
function factories(text: string, requireOne: boolean): GatewayFactory[] {
  const parsed = parseGatewayFactories(text, requireOne);
  return Array.isArray(parsed) ? parsed : [];
}

/** The fully expanded form: list args become `_genkey_0…`, the keys Spring uses for shortcut args. */
function expanded(f: GatewayFactory): { name: string; args?: Record<string, string | number | boolean> } {
  const args = Array.isArray(f.args) ? Object.fromEntries(f.args.map((v, i) => [`_genkey_${i}`, v])) : f.args;
  return Object.keys(args).length ? { name: f.name, args } : { name: f.name };
}
