-- Popup reports (online reports; issue 12 item 4; SPEC §3 popup report, §7 /online/cgreport/api/*;
-- JeecgBoot onl_cgreport_head/item/param). One row per report: the query text (run by the server
-- only, in a read-only transaction with a statement timeout and a row limit; clients send values
-- that are bound as parameters), its columns and parameters as validated JSON lists, and the data
-- source it reads (code of a sys_data_source of the same tenant; null = the product's own database,
-- which only the platform tenant may use). Menu and permission codes (onlreport:*) are seeded by
-- modules/system/seed/menus.seed.ts, which grants new entries to existing administrator roles.
CREATE TABLE onl_cgreport_head (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  tenant_id integer NOT NULL REFERENCES sys_tenant(id) ON DELETE CASCADE,
  code text NOT NULL,
  name text NOT NULL,
  db_source text,
  query_sql text NOT NULL,
  columns_json jsonb NOT NULL DEFAULT '[]',
  params_json jsonb NOT NULL DEFAULT '[]',
  remark text,
  create_by text, create_time timestamptz NOT NULL DEFAULT now(),
  update_by text, update_time timestamptz,
  UNIQUE (tenant_id, code)
);
CREATE INDEX onl_cgreport_head_tenant_idx ON onl_cgreport_head (tenant_id, create_time DESC);
