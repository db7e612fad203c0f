-- Foundation: tenants, organisation, users, roles, permissions, dictionaries, sessions, logs.
-- SPEC §3 entities; audit columns per ARCHITECTURE §4.

CREATE TABLE sys_tenant (
  id integer PRIMARY KEY,
  name text NOT NULL,
  name_en text,
  status integer NOT NULL DEFAULT 1,           -- 1 normal, 0 frozen
  begin_date timestamptz,
  end_date timestamptz,                         -- null = no end
  create_by text, create_time timestamptz NOT NULL DEFAULT now(),
  update_by text, update_time timestamptz
);

CREATE TABLE sys_depart (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  tenant_id integer NOT NULL REFERENCES sys_tenant(id),
  parent_id text REFERENCES sys_depart(id),
  depart_name text NOT NULL,
  depart_name_en text,
  org_code text NOT NULL,
  org_category text NOT NULL DEFAULT '2',       -- 1 company, 2 department, 3 post
  depart_order integer NOT NULL DEFAULT 0,
  mobile text, fax text, address text, memo text,
  status integer NOT NULL DEFAULT 1,
  del_flag integer NOT NULL DEFAULT 0,
  create_by text, create_time timestamptz NOT NULL DEFAULT now(),
  update_by text, update_time timestamptz,
  UNIQUE (org_code)
);
CREATE INDEX sys_depart_tenant_idx ON sys_depart (tenant_id, parent_id);

CREATE TABLE sys_user (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  username text NOT NULL,
  realname text NOT NULL,
  password_hash text NOT NULL,
  avatar text,
  birthday date,
  sex integer,                                  -- 1 male, 2 female
  email text,
  phone text,
  telephone text,
  work_no text,
  post text,
  org_code text,                                -- current department
  login_tenant_id integer,
  status integer NOT NULL DEFAULT 1,            -- 1 normal, 2 frozen
  del_flag integer NOT NULL DEFAULT 0,          -- 1 in the recycle bin
  user_identity integer NOT NULL DEFAULT 1,     -- 1 normal user, 2 upper level
  create_by text, create_time timestamptz NOT NULL DEFAULT now(),
  update_by text, update_time timestamptz
);
CREATE UNIQUE INDEX sys_user_username_uq ON sys_user (lower(username));

CREATE TABLE sys_user_tenant (
  user_id text NOT NULL REFERENCES sys_user(id) ON DELETE CASCADE,
  tenant_id integer NOT NULL REFERENCES sys_tenant(id),
  PRIMARY KEY (user_id, tenant_id)
);

CREATE TABLE sys_user_depart (
  user_id text NOT NULL REFERENCES sys_user(id) ON DELETE CASCADE,
  dep_id text NOT NULL REFERENCES sys_depart(id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, dep_id)
);

CREATE TABLE sys_role (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  tenant_id integer NOT NULL REFERENCES sys_tenant(id),
  role_name text NOT NULL,
  role_code text NOT NULL,
  description text,
  create_by text, create_time timestamptz NOT NULL DEFAULT now(),
  update_by text, update_time timestamptz,
  UNIQUE (tenant_id, role_code)
);

CREATE TABLE sys_user_role (
  user_id text NOT NULL REFERENCES sys_user(id) ON DELETE CASCADE,
  role_id text NOT NULL REFERENCES sys_role(id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, role_id)
);

-- Menus and buttons (SPEC §2 menu items, §3 permission). menu_type 0 top menu, 1 sub menu, 2 button.
CREATE TABLE sys_permission (
  id text PRIMARY KEY,
  parent_id text REFERENCES sys_permission(id),
  name text NOT NULL,
  name_en text NOT NULL,
  url text,
  component text,
  component_name text,
  redirect text,
  menu_type integer NOT NULL,
  perms text,
  perms_type text NOT NULL DEFAULT '1',
  sort_no double precision NOT NULL DEFAULT 0,
  always_show boolean NOT NULL DEFAULT false,
  icon text,
  is_route boolean NOT NULL DEFAULT true,
  is_leaf boolean NOT NULL DEFAULT true,
  keep_alive boolean NOT NULL DEFAULT false,
  hidden boolean NOT NULL DEFAULT false,
  internal_or_external boolean NOT NULL DEFAULT false,
  status text NOT NULL DEFAULT '1',             -- '1' enabled, '0' disabled
  del_flag integer NOT NULL DEFAULT 0,
  create_by text, create_time timestamptz NOT NULL DEFAULT now(),
  update_by text, update_time timestamptz
);
CREATE INDEX sys_permission_parent_idx ON sys_permission (parent_id);

CREATE TABLE sys_role_permission (
  role_id text NOT NULL REFERENCES sys_role(id) ON DELETE CASCADE,
  permission_id text NOT NULL REFERENCES sys_permission(id) ON DELETE CASCADE,
  PRIMARY KEY (role_id, permission_id)
);

CREATE TABLE sys_dict (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  dict_code text NOT NULL UNIQUE,
  dict_name text NOT NULL,
  dict_name_en text,
  description text,
  del_flag integer NOT NULL DEFAULT 0,
  create_by text, create_time timestamptz NOT NULL DEFAULT now(),
  update_by text, update_time timestamptz
);

CREATE TABLE sys_dict_item (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  dict_id text NOT NULL REFERENCES sys_dict(id) ON DELETE CASCADE,
  item_value text NOT NULL,
  item_text text NOT NULL,
  item_text_en text,
  sort_order integer NOT NULL DEFAULT 0,
  status integer NOT NULL DEFAULT 1,
  create_by text, create_time timestamptz NOT NULL DEFAULT now(),
  update_by text, update_time timestamptz,
  UNIQUE (dict_id, item_value)
);

-- Signed-in sessions: the token itself is never stored, only its SHA-256.
CREATE TABLE sys_session (
  token_hash text PRIMARY KEY,
  user_id text NOT NULL REFERENCES sys_user(id) ON DELETE CASCADE,
  tenant_id integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  ip text
);
CREATE INDEX sys_session_user_idx ON sys_session (user_id);

CREATE TABLE sys_captcha (
  check_key text PRIMARY KEY,
  code text NOT NULL,
  expires_at timestamptz NOT NULL
);

-- Failed sign-ins per account name (existing or not, so a lock reveals nothing).
CREATE TABLE sys_login_attempt (
  username text PRIMARY KEY,
  failures integer NOT NULL DEFAULT 0,
  locked_until timestamptz,
  last_failure timestamptz
);

-- Login (1) and operation (2) logs.
CREATE TABLE sys_log (
  id bigserial PRIMARY KEY,
  tenant_id integer,
  log_type integer NOT NULL,
  log_content text NOT NULL,
  operate_type integer,
  userid text,
  username text,
  ip text,
  method text,
  request_url text,
  request_param text,
  cost_time integer,
  create_time timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sys_log_type_time_idx ON sys_log (log_type, create_time);
