-- Administration back office (issue #4; SPEC §3 user, position, category, §6 data rules).

-- Alarm-push settings of a user (SPEC §3 user).
ALTER TABLE sys_user ADD COLUMN default_monitor_account text;
ALTER TABLE sys_user ADD COLUMN only_multi_alarm boolean NOT NULL DEFAULT false;
ALTER TABLE sys_user ADD COLUMN alarm_push_mode text NOT NULL DEFAULT '';   -- comma list of 1 SMS, 2 WeChat, 4 email
CREATE INDEX sys_user_tenant_user_idx ON sys_user_tenant (tenant_id, user_id);
CREATE INDEX sys_user_depart_dep_idx ON sys_user_depart (dep_id);
CREATE INDEX sys_user_role_role_idx ON sys_user_role (role_id);

-- Titles / positions (SPEC §3): code, name, rank; per tenant.
CREATE TABLE sys_position (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  tenant_id integer NOT NULL REFERENCES sys_tenant(id),
  code text NOT NULL,
  name text NOT NULL,
  post_rank text,
  create_by text, create_time timestamptz NOT NULL DEFAULT now(),
  update_by text, update_time timestamptz,
  UNIQUE (tenant_id, code)
);

-- Data rules of a permission (SPEC §6), defined per tenant; applied to list queries of that
-- permission for users whose roles carry them. rule_column is a public field name of the list.
CREATE TABLE sys_permission_data_rule (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  tenant_id integer NOT NULL REFERENCES sys_tenant(id),
  permission_id text NOT NULL REFERENCES sys_permission(id) ON DELETE CASCADE,
  rule_name text NOT NULL,
  rule_column text NOT NULL,
  rule_conditions text NOT NULL,
  rule_value text NOT NULL,
  status text NOT NULL DEFAULT '1',
  create_by text, create_time timestamptz NOT NULL DEFAULT now(),
  update_by text, update_time timestamptz
);
CREATE INDEX sys_permission_data_rule_perm_idx ON sys_permission_data_rule (permission_id, tenant_id);

CREATE TABLE sys_role_data_rule (
  role_id text NOT NULL REFERENCES sys_role(id) ON DELETE CASCADE,
  rule_id text NOT NULL REFERENCES sys_permission_data_rule(id) ON DELETE CASCADE,
  PRIMARY KEY (role_id, rule_id)
);

-- Department rights (SPEC §6 "departments have role rights").
CREATE TABLE sys_depart_permission (
  depart_id text NOT NULL REFERENCES sys_depart(id) ON DELETE CASCADE,
  permission_id text NOT NULL REFERENCES sys_permission(id) ON DELETE CASCADE,
  PRIMARY KEY (depart_id, permission_id)
);

-- Category tree (SPEC §3 category tree node); platform-wide like dictionaries.
CREATE TABLE sys_category (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  pid text REFERENCES sys_category(id) ON DELETE CASCADE,
  name text NOT NULL,
  code text NOT NULL UNIQUE,
  has_child boolean NOT NULL DEFAULT false,
  sort_no integer NOT NULL DEFAULT 0,
  create_by text, create_time timestamptz NOT NULL DEFAULT now(),
  update_by text, update_time timestamptz
);
CREATE INDEX sys_category_pid_idx ON sys_category (pid);

CREATE INDEX sys_log_tenant_idx ON sys_log (tenant_id, log_type, create_time);
