import type { SuperQueryRule } from '@ztj/contracts';
import type { Queryable } from '../db/db';
import { AppError } from '../http/app-error';
import { checkCondition, type Condition } from './list-query';
import type { ListCaller, ListSpec } from './list-spec';

interface RuleRow {
  rule_column: string;
  rule_conditions: string;
  rule_value: string;
}

const RULE_OPS: Record<string, SuperQueryRule> = {
  '=': 'eq', '!=': 'ne', '>': 'gt', '>=': 'ge', '<': 'lt', '<=': 'le',
  LIKE: 'like', LEFT_LIKE: 'left_like', RIGHT_LIKE: 'right_like', IN: 'in',
};

/** Fills `#{sys_user_code}` and `#{sys_org_code}` of a rule value with the caller's values. */
export function ruleValue(value: string, caller: ListCaller): string {
  return value.replaceAll('#{sys_user_code}', caller.username).replaceAll('#{sys_org_code}', caller.orgCode ?? '');
}

/**
 * Data rules (SPEC §6) of the caller's roles in the current tenant for the list's permission code,
 * as conditions on allow-listed fields. A rule naming a field the list does not have fails closed
 * with a 400 naming it rather than being ignored.
 */
export async function dataRuleConditions<R>(q: Queryable, spec: ListSpec<R>, caller: ListCaller): Promise<Condition[]> {
  if (!caller.permission) return [];
  const rows = await q.query<RuleRow>(
    `SELECT DISTINCT r.rule_column, r.rule_conditions, r.rule_value
       FROM sys_permission_data_rule r
       JOIN sys_permission p ON p.id = r.permission_id
      WHERE r.tenant_id = $1 AND r.status = '1' AND p.perms IS NOT NULL
        AND $2 = ANY(string_to_array(replace(p.perms, ' ', ''), ','))
        AND EXISTS (SELECT 1 FROM sys_role_data_rule rd
                      JOIN sys_user_role ur ON ur.role_id = rd.role_id
                      JOIN sys_role ro ON ro.id = ur.role_id AND ro.tenant_id = $1
                     WHERE rd.rule_id = r.id AND ur.user_id = $3)`,
    [caller.tenantId, caller.permission, caller.userId],
  );
  return rows.map((r) => {
    const op = RULE_OPS[r.rule_conditions];
    if (!op) throw new AppError('badRequest', 'listRuleUnknown', { field: r.rule_column, rule: r.rule_conditions });
    const v = ruleValue(r.rule_value, caller);
    const value = op === 'in' ? v.split(',').map((s) => s.trim()).filter(Boolean) : v;
    return checkCondition(spec, { field: r.rule_column, op, value });
  });
}
