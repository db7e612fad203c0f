-- Gateway routes (issue 12 item 5; SPEC §2 system → gateway routes; JeecgBoot sys_gateway_route).
-- Data for an external API gateway (exported as Spring Cloud Gateway YAML by
-- modules/system/gateway-routes); the server never proxies to `uri`. predicates/filters are the
-- validated JSON lists [{name, args}]; flags 0/1 as JeecgBoot has them.
CREATE TABLE sys_gateway_route (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  tenant_id integer NOT NULL REFERENCES sys_tenant(id) ON DELETE CASCADE,
  router_id text NOT NULL,
  name text NOT NULL,
  uri text NOT NULL,
  predicates jsonb NOT NULL DEFAULT '[]',
  filters jsonb NOT NULL DEFAULT '[]',
  strip_prefix smallint NOT NULL DEFAULT 0,
  retryable smallint NOT NULL DEFAULT 0,
  persistable smallint NOT NULL DEFAULT 0,
  show_api smallint NOT NULL DEFAULT 1,
  status smallint NOT NULL DEFAULT 1,
  create_by text, create_time timestamptz NOT NULL DEFAULT now(),
  update_by text, update_time timestamptz,
  UNIQUE (tenant_id, router_id),
  CHECK (strip_prefix IN (0, 1) AND retryable IN (0, 1) AND persistable IN (0, 1) AND show_api IN (0, 1) AND status IN (0, 1))
);
CREATE INDEX sys_gateway_route_tenant_idx ON sys_gateway_route (tenant_id, create_time DESC);
