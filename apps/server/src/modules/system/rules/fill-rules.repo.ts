import type { Queryable } from '../../../platform/db/db';

/**
 * Fill rule queries (CONVENTIONS §1 repo) besides the generic CRUD: each takes the tenant, so
 * another tenant's rule code is simply unknown.
 */

/** The stored row of the tenant's rule `ruleCode` (all columns), or undefined when it has none. */
export async function fillRuleRow(
  q: Queryable,
  tenantId: number,
  ruleCode: string,
): Promise<Record<string, unknown> | undefined> {
  const [rule] = await q.query<Record<string, unknown>>(
    'SELECT * FROM sys_fill_rule WHERE tenant_id = $1 AND rule_code = $2',
    [tenantId, ruleCode],
  );
  return rule;
}
