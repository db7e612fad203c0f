import type { Queryable } from '../../../platform/db/db';

/**
 * Check rule queries (CONVENTIONS §1 repo) besides the generic CRUD: each takes the tenant, so
 * another tenant's rule code is simply unknown.
 */

/** The stored rows (`rule_json`, not parsed) of the tenant's rule `ruleCode`; undefined when it has none. */
export async function storedRuleRows(
  q: Queryable,
  tenantId: number,
  ruleCode: string,
): Promise<{ rows: unknown } | undefined> {
  const [rule] = await q.query<{ rule_json: unknown }>(
    'SELECT rule_json FROM sys_check_rule WHERE tenant_id = $1 AND rule_code = $2',
    [tenantId, ruleCode],
  );
  return rule ? { rows: rule.rule_json } : undefined;
}
