-- Department roles (issue #4 "department roles and data rules"; SPEC §6 "departments have role
-- rights", §7 queryDepartPermission / saveDepartPermission). A department's permissions
-- (sys_depart_permission) bound what its own roles may be granted; the members of the department
-- who are given one of its roles hold those permissions (JeecgBoot-style department
-- administration).
CREATE TABLE sys_depart_role (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  tenant_id integer NOT NULL REFERENCES sys_tenant(id),
  depart_id text NOT NULL REFERENCES sys_depart(id) ON DELETE CASCADE,
  role_name text NOT NULL,
  role_code text NOT NULL,
  description text,
  create_by text, create_time timestamptz NOT NULL DEFAULT now(),
  update_by text, update_time timestamptz,
  UNIQUE (depart_id, role_code)
);
CREATE INDEX sys_depart_role_tenant_idx ON sys_depart_role (tenant_id, depart_id);

CREATE TABLE sys_depart_role_permission (
  role_id text NOT NULL REFERENCES sys_depart_role(id) ON DELETE CASCADE,
  permission_id text NOT NULL REFERENCES sys_permission(id) ON DELETE CASCADE,
  PRIMARY KEY (role_id, permission_id)
);

CREATE TABLE sys_depart_role_user (
  user_id text NOT NULL REFERENCES sys_user(id) ON DELETE CASCADE,
  role_id text NOT NULL REFERENCES sys_depart_role(id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, role_id)
);
CREATE INDEX sys_depart_role_user_role_idx ON sys_depart_role_user (role_id);
