import {
  FILL_RULE_DEFAULTS,
  FILL_RULE_GENERATORS,
  FillRuleParamsSchema,
  MESSAGES,
  type FillRuleCreate,
  type FillRuleEdit,
  type FillRuleGenerator,
  type FillRuleRecord,
  type Language,
} from '@ztj/contracts';
import type { Db } from '../../../platform/db/db';
import { AppError } from '../../../platform/http/app-error';
import { requireAllVisible, requireVisible } from '../../../platform/list/list-runner';
import { AUDIT_LABELS, isoOrNull, textOrNull, type ListCaller, type ListSpec } from '../../../platform/list/list-spec';
import { nextRuleNumber } from './number-generators';

const GENERATOR_TEXT = {
  waybillNumber: { 'zh-CN': '运单号', 'en-US': 'Waybill number' },
  warehouseNumber: { 'zh-CN': '仓库编号', 'en-US': 'Warehouse number' },
  serviceOrderNumber: { 'zh-CN': '服务订单号', 'en-US': 'Service order number' },
} satisfies Record<FillRuleGenerator, { 'zh-CN': string; 'en-US': string }>;

const generatorOf = (v: unknown): FillRuleGenerator =>
  (FILL_RULE_GENERATORS as readonly unknown[]).includes(v) ? (v as FillRuleGenerator) : 'waybillNumber';

/** Stored parameters, or the generator's defaults when they no longer parse. */
function paramsOf(v: unknown, generator: FillRuleGenerator): FillRuleRecord['ruleParams'] {
  const parsed = FillRuleParamsSchema.safeParse(v);
  return parsed.success ? parsed.data : FILL_RULE_DEFAULTS[generator];
}

/** Fill rules of the caller's tenant (SPEC §2 system → fill rules; generic list machinery). */
export const FILL_RULE_LIST: ListSpec<FillRuleRecord> = {
  name: 'fillRules',
  from: 'sys_fill_rule f',
  select: 'f.*',
  tenantScope: 'f.tenant_id = $tenant',
  idSql: 'f.id',
  fields: {
    ruleCode: { sql: 'f.rule_code', type: 'string', label: { 'zh-CN': '规则编码', 'en-US': 'Rule code' } },
    ruleName: { sql: 'f.rule_name', type: 'string', label: { 'zh-CN': '规则名称', 'en-US': 'Rule name' } },
    generator: {
      sql: 'f.generator',
      type: 'string',
      label: { 'zh-CN': '生成器', 'en-US': 'Generator' },
      options: GENERATOR_TEXT,
    },
    createTime: { sql: 'f.create_time', type: 'datetime', label: AUDIT_LABELS.createTime },
  },
  map: (r) => {
    const generator = generatorOf(r.generator);
    return {
      id: String(r.id),
      ruleCode: String(r.rule_code),
      ruleName: String(r.rule_name),
      generator,
      ruleParams: paramsOf(r.rule_params, generator),
      createBy: textOrNull(r.create_by),
      createTime: isoOrNull(r.create_time),
      updateTime: isoOrNull(r.update_time),
    };
  },
};

async function refuseTakenCode(
  db: Db,
  tenantId: number,
  code: string,
  exceptId: string | null,
  lang: Language,
): Promise<void> {
  const [hit] = await db.query(
    'SELECT 1 FROM sys_fill_rule WHERE tenant_id = $1 AND rule_code = $2 AND ($3::text IS NULL OR id <> $3)',
    [tenantId, code, exceptId],
  );
  if (hit)
    throw new AppError('badRequest', 'fillRuleExists', {}, [
      { field: 'ruleCode', message: MESSAGES.fillRuleExists[lang] },
    ]);
}

/** Creates a fill rule of the caller's tenant (body validated by `FillRuleCreateSchema`). @throws AppError badRequest fillRuleExists */
export async function createFillRule(
  db: Db,
  body: FillRuleCreate,
  caller: ListCaller,
  lang: Language,
): Promise<string> {
  await refuseTakenCode(db, caller.tenantId, body.ruleCode, null, lang);
  const [row] = await db.query<{ id: string }>(
    'INSERT INTO sys_fill_rule (tenant_id, rule_code, rule_name, generator, rule_params, create_by) VALUES ($1,$2,$3,$4,$5::jsonb,$6) RETURNING id',
    [caller.tenantId, body.ruleCode, body.ruleName, body.generator, JSON.stringify(body.ruleParams), caller.username],
  );
  return row!.id;
}

/**
 * Edits a fill rule of the caller's tenant; its sequences stay (a changed date format starts new
 * periods). @throws AppError notFound (other tenants' too), badRequest fillRuleExists
 */
export async function editFillRule(db: Db, body: FillRuleEdit, caller: ListCaller, lang: Language): Promise<void> {
  await requireVisible(db, FILL_RULE_LIST, body.id, caller);
  await refuseTakenCode(db, caller.tenantId, body.ruleCode, body.id, lang);
  await db.query(
    'UPDATE sys_fill_rule SET rule_code = $2, rule_name = $3, generator = $4, rule_params = $5::jsonb, update_by = $6, update_time = now() WHERE id = $1',
    [body.id, body.ruleCode, body.ruleName, body.generator, JSON.stringify(body.ruleParams), caller.username],
  );
}

/** Deletes fill rules of the caller's tenant (all or none), with their sequences. */
export async function deleteFillRules(db: Db, ids: string[], caller: ListCaller): Promise<void> {
  const visible = await requireAllVisible(db, FILL_RULE_LIST, ids, caller);
  await db.query('DELETE FROM sys_fill_rule WHERE id = ANY($1::text[])', [visible]);
}

/**
 * The next value of the tenant's fill rule `ruleCode` (SPEC §7 fillRule executeRuleByCode), or
 * null when the tenant has none of that code (JeecgBoot's FillRuleUtil answers null too).
 */
export async function executeRuleByCode(
  db: Db,
  tenantId: number,
  ruleCode: string,
  now = Date.now(),
): Promise<string | null> {
  return db.tx(async (q) => {
    const [rule] = await q.query<Record<string, unknown>>(
      'SELECT * FROM sys_fill_rule WHERE tenant_id = $1 AND rule_code = $2',
      [tenantId, ruleCode],
    );
    if (!rule) return null;
    const r = FILL_RULE_LIST.map(rule);
    return nextRuleNumber(q, { id: r.id, tenantId, generator: r.generator, params: r.ruleParams }, now);
  });
}
