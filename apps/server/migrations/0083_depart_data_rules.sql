-- Data rules a department offers its roles (issue 19; JeecgBoot sys_depart_permission.data_rule_ids,
-- its DepartDataruleModal: GET /sys/sysDepartPermission/datarule/{permissionId}/{departId} and
-- POST {permissionId, departId, dataRuleIds}). For a permission the department holds, the chosen
-- rules are the ones its department roles may pick from (sys_depart_role_data_rule); with none
-- chosen, every rule of the permission in the tenant is offered. Saving the department's
-- permissions drops the rules of permissions taken away; deleting a rule unlinks it everywhere.
CREATE TABLE sys_depart_data_rule (
  depart_id text NOT NULL REFERENCES sys_depart(id) ON DELETE CASCADE,
  permission_id text NOT NULL REFERENCES sys_permission(id) ON DELETE CASCADE,
  rule_id text NOT NULL REFERENCES sys_permission_data_rule(id) ON DELETE CASCADE,
  PRIMARY KEY (depart_id, permission_id, rule_id)
);
CREATE INDEX sys_depart_data_rule_rule_idx ON sys_depart_data_rule (rule_id);
