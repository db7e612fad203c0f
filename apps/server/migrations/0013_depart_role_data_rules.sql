-- Data rules of department roles (issue #4 "department roles and data rules"; SPEC §6
-- "departments have role rights and data rules"). Like JeecgBoot's
-- sys_depart_role_permission.data_rule_ids, the chosen rules belong to the grant of one
-- permission to one department role: taking the permission from the role (or from its
-- department, which prunes the role's grant) drops the rules with it. A rule is one of that
-- permission's data rules in the role's tenant (checked by the server when saved); deleting the
-- rule unlinks it everywhere.
CREATE TABLE sys_depart_role_data_rule (
  role_id text NOT NULL,
  permission_id text NOT NULL,
  rule_id text NOT NULL REFERENCES sys_permission_data_rule(id) ON DELETE CASCADE,
  PRIMARY KEY (role_id, permission_id, rule_id),
  FOREIGN KEY (role_id, permission_id) REFERENCES sys_depart_role_permission(role_id, permission_id) ON DELETE CASCADE
);
CREATE INDEX sys_depart_role_data_rule_rule_idx ON sys_depart_role_data_rule (rule_id);
