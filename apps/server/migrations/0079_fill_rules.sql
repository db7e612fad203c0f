-- Fill rules (issue 12 item 2; SPEC §2 system → fill rules / 填值规则, §7 fillRule; JeecgBoot
-- sys_fill_rule). generator: one of the product's number generators (waybillNumber,
-- warehouseNumber, serviceOrderNumber); rule_params: {prefix, dateFormat, digits}.
CREATE TABLE sys_fill_rule (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  tenant_id integer NOT NULL REFERENCES sys_tenant(id) ON DELETE CASCADE,
  rule_code text NOT NULL,
  rule_name text NOT NULL,
  generator text NOT NULL,
  rule_params jsonb NOT NULL DEFAULT '{}',
  create_by text, create_time timestamptz NOT NULL DEFAULT now(),
  update_by text, update_time timestamptz,
  UNIQUE (tenant_id, rule_code)
);
CREATE INDEX sys_fill_rule_tenant_idx ON sys_fill_rule (tenant_id, create_time DESC);

-- The sequence of a rule per period (the formatted date part, '' for no date), advanced
-- atomically by INSERT … ON CONFLICT DO UPDATE … RETURNING.
CREATE TABLE sys_fill_rule_sequence (
  rule_id text NOT NULL REFERENCES sys_fill_rule(id) ON DELETE CASCADE,
  tenant_id integer NOT NULL REFERENCES sys_tenant(id) ON DELETE CASCADE,
  period text NOT NULL,
  value bigint NOT NULL,
  PRIMARY KEY (rule_id, period)
);
