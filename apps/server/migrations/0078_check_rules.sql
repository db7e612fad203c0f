-- Check rules (issue 12 item 2; SPEC §2 system → check rules / 编码校验规则, §7 checkRule;
-- JeecgBoot sys_check_rule). rule_json: the validated list [{digits, pattern, message}], digits
-- '*' (whole value) or 1-999 characters of the value in turn. Patterns run on the server in a
-- sandbox with a time limit (modules/system/rules/pattern-sandbox.ts).
CREATE TABLE sys_check_rule (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  tenant_id integer NOT NULL REFERENCES sys_tenant(id) ON DELETE CASCADE,
  rule_code text NOT NULL,
  rule_name text NOT NULL,
  rule_json jsonb NOT NULL DEFAULT '[]',
  rule_description text NOT NULL DEFAULT '',
  create_by text, create_time timestamptz NOT NULL DEFAULT now(),
  update_by text, update_time timestamptz,
  UNIQUE (tenant_id, rule_code)
);
CREATE INDEX sys_check_rule_tenant_idx ON sys_check_rule (tenant_id, create_time DESC);
