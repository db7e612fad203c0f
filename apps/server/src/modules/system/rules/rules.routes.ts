import { CheckRuleRoutes, FillRuleRoutes } from '@ztj/contracts';
import type { FastifyInstance } from 'fastify';
import { crudOperations, registerCrudRoutes } from '../../../platform/crud/crud-routes';
import type { Db } from '../../../platform/db/db';
import { registerRoute } from '../../../platform/http/register-route';
import * as check from './check-rules.service';
import * as fill from './fill-rules.service';

/**
 * Check rules and fill rules (SPEC §2 system → check rules, fill rules; §7 checkRule, fillRule;
 * JeecgBoot `/sys/checkRule/*`, `/sys/fillRule/*`): list, one, add, edit,
 * delete, batch delete under their permission codes, all tenant-scoped; and the forms' calls
 * `checkByCode` (patterns in a time-limited sandbox) and `executeRuleByCode` (atomic sequences).
 */
export function rulesRoutes(app: FastifyInstance, db: Db): void {
  const C = CheckRuleRoutes;
  registerCrudRoutes(app, db, C, crudOperations(check.CHECK_RULE_CRUD));
  registerRoute(app, db, C.checkByCode, async ({ auth, query }) => {
    await check.checkByCode(db, auth.tenantId, query.ruleCode, query.value);
    return null;
  });

  const F = FillRuleRoutes;
  registerCrudRoutes(app, db, F, crudOperations(fill.FILL_RULE_CRUD));
  registerRoute(app, db, F.executeRuleByCode, ({ auth, params }) =>
    fill.executeRuleByCode(db, auth.tenantId, params.ruleCode),
  );
}
