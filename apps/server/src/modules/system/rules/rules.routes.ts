import { CheckRuleRoutes, FillRuleRoutes, splitIds } from '@ztj/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../platform/db/db';
import { registerRoute } from '../../../platform/http/register-route';
import { listPage, requireVisible } from '../../../platform/list/list-runner';
import { callerOf } from '../../../platform/list/list-spec';
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
  const CL = check.CHECK_RULE_LIST;
  registerRoute(app, db, C.list, ({ auth, query }) => listPage(db, CL, query, callerOf(auth, C.list.access)));
  registerRoute(app, db, C.queryById, async ({ auth, query }) => {
    await requireVisible(db, CL, query.id, callerOf(auth, C.list.access));
    const [row] = await db.query<Record<string, unknown>>('SELECT * FROM sys_check_rule WHERE id = $1', [query.id]);
    return CL.map(row!);
  });
  registerRoute(app, db, C.add, async ({ auth, body, lang }) => ({
    id: await check.createCheckRule(db, body, callerOf(auth), lang),
  }));
  registerRoute(app, db, C.edit, async ({ auth, body, lang }) => {
    await check.editCheckRule(db, body, callerOf(auth, C.list.access), lang);
    return null;
  });
  registerRoute(app, db, C.delete, async ({ auth, query }) => {
    await check.deleteCheckRules(db, [query.id], callerOf(auth, C.list.access));
    return null;
  });
  registerRoute(app, db, C.deleteBatch, async ({ auth, query }) => {
    await check.deleteCheckRules(db, splitIds(query.ids), callerOf(auth, C.list.access));
    return null;
  });
  registerRoute(app, db, C.checkByCode, async ({ auth, query }) => {
    await check.checkByCode(db, auth.tenantId, query.ruleCode, query.value);
    return null;
  });

  const F = FillRuleRoutes;
  const FL = fill.FILL_RULE_LIST;
  registerRoute(app, db, F.list, ({ auth, query }) => listPage(db, FL, query, callerOf(auth, F.list.access)));
  registerRoute(app, db, F.queryById, async ({ auth, query }) => {
    await requireVisible(db, FL, query.id, callerOf(auth, F.list.access));
    const [row] = await db.query<Record<string, unknown>>('SELECT * FROM sys_fill_rule WHERE id = $1', [query.id]);
    return FL.map(row!);
  });
  registerRoute(app, db, F.add, async ({ auth, body, lang }) => ({
    id: await fill.createFillRule(db, body, callerOf(auth), lang),
  }));
  registerRoute(app, db, F.edit, async ({ auth, body, lang }) => {
    await fill.editFillRule(db, body, callerOf(auth, F.list.access), lang);
    return null;
  });
  registerRoute(app, db, F.delete, async ({ auth, query }) => {
    await fill.deleteFillRules(db, [query.id], callerOf(auth, F.list.access));
    return null;
  });
  registerRoute(app, db, F.deleteBatch, async ({ auth, query }) => {
    await fill.deleteFillRules(db, splitIds(query.ids), callerOf(auth, F.list.access));
    return null;
  });
  registerRoute(app, db, F.executeRuleByCode, ({ auth, params }) =>
    fill.executeRuleByCode(db, auth.tenantId, params.ruleCode),
  );
}
