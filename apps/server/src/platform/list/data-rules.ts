import type { SuperQueryRule } from '@ztj/contracts';
import { accessCache } from '../auth/access-cache';
import type { Db, Queryable } from '../db/db';
import { AppError } from '../http/app-error';
import { checkCondition, type Condition } from './list-query';
import type { ListCaller, ListSpec } from './list-spec';

interface RuleRow {
  rule_column: string;
  rule_conditions: string;
  rule_value: string;
}

const RULE_OPS: Record<string, SuperQueryRule> = {
  '=': 'eq',
  '!=': 'ne',
  '>': 'gt',
  '>=': 'ge',
  '<': 'lt',
  '<=': 'le',
  LIKE: 'like',
  LEFT_LIKE: 'left_like',
  RIGHT_LIKE: 'right_like',
  IN: 'in',
};

/** Fills `#{sys_user_code}` and `#{sys_org_code}` of a rule value with the caller's values. */
export function ruleValue(value: string, caller: ListCaller): string {
  return value.replaceAll('#{sys_user_code}', caller.username).replaceAll('#{sys_org_code}', caller.orgCode ?? '');
}

/**
 * Data rules (SPEC §6 "roles … assigned permissions; departments have role rights and data
 * rules") that apply to the caller in the current tenant for the list's permission code, as
 * conditions on allow-listed fields. A rule reaches the caller along the same two paths as
 * permissions (`GRANTED_PERMISSION_IDS_SQL` in platform/auth/auth-context.ts):
 * - tenant roles: a rule a role of the caller in this tenant carries (`sys_role_data_rule`);
 * - department roles: a rule chosen for a department
 *   role's grant of the permission (`sys_depart_role_data_rule`, stored with
 *   `sys_depart_role_permission`), when the caller is given that role, is a member of its
 *   (undeleted) department in this tenant and the department still holds the permission — so the
 *   rule ends exactly when the permission through that role would.
 *
 * Combination is the same for both paths: every enabled rule (`status = '1'`) of the tenant
 * reached either way is applied, all together (AND, duplicates merged), on top of the list's
 * own filters; a caller with no such rule sees every row of the tenant. A rule naming a field the
 * list does not have fails closed with a 400 naming it rather than being ignored.
 *
 * When `q` is the database the rules come through the access cache (at most
 * `ACCESS_CACHE_TTL_MS` old; any change written through this process empties it at once).
 */
export async function dataRuleConditions<R>(q: Queryable, spec: ListSpec<R>, caller: ListCaller): Promise<Condition[]> {
  const permission = caller.permission;
  if (!permission) return [];
  // Through the access cache when `q` is the database; inside a transaction, always from it (the transaction may have changed the rules).
  const rows = isDb(q)
    ? await accessCache(q).through('dataRules', `${caller.userId}|${caller.tenantId}|${permission}`, () =>
        queryRules(q, caller.tenantId, permission, caller.userId),
      )
    : await queryRules(q, caller.tenantId, permission, caller.userId);
  return rows.map((r) => {
    const op = RULE_OPS[r.rule_conditions];
    if (!op) throw new AppError('badRequest', 'listRuleUnknown', { field: r.rule_column, rule: r.rule_conditions });
    const v = ruleValue(r.rule_value, caller);
    const value =
      op === 'in'
        ? v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : v;
    return checkCondition(spec, { field: r.rule_column, op, value });
  });
}

const isDb = (q: Queryable): q is Db => typeof (q as Partial<Db>).onWrite === 'function';

/** Enabled rules of the tenant reaching the user for the permission code, raw (see {@link dataRuleConditions}). */
async function queryRules(
  q: Queryable,
  tenantId: number,
  permission: string,
  userId: string,
): Promise<readonly RuleRow[]> {
  return q.query<RuleRow>(
    `SELECT DISTINCT r.rule_column, r.rule_conditions, r.rule_value
       FROM sys_permission_data_rule r
       JOIN sys_permission p ON p.id = r.permission_id
      WHERE r.tenant_id = $1 AND r.status = '1' AND p.perms IS NOT NULL
        AND $2 = ANY(string_to_array(replace(p.perms, ' ', ''), ','))
        AND (EXISTS (SELECT 1 FROM sys_role_data_rule rd
                       JOIN sys_user_role ur ON ur.role_id = rd.role_id
                       JOIN sys_role ro ON ro.id = ur.role_id AND ro.tenant_id = $1
                      WHERE rd.rule_id = r.id AND ur.user_id = $3)
          OR EXISTS (SELECT 1 FROM sys_depart_role_data_rule drd
                       JOIN sys_depart_role_user dru ON dru.role_id = drd.role_id
                       JOIN sys_depart_role dr ON dr.id = drd.role_id AND dr.tenant_id = $1
                       JOIN sys_depart d ON d.id = dr.depart_id AND d.del_flag = 0
                       JOIN sys_user_depart ud ON ud.dep_id = dr.depart_id AND ud.user_id = dru.user_id
                       JOIN sys_depart_permission dp ON dp.depart_id = dr.depart_id AND dp.permission_id = drd.permission_id
                      WHERE drd.rule_id = r.id AND drd.permission_id = r.permission_id AND dru.user_id = $3))`,
    [tenantId, permission, userId],
  );
}
