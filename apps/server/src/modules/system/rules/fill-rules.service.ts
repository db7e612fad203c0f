import {
  FILL_RULE_DEFAULTS,
  FILL_RULE_GENERATORS,
  FillRuleParamsSchema,
  type FillRuleCreate,
  type FillRuleEdit,
  type FillRuleGenerator,
  type FillRuleRecord,
} from '@ztj/contracts';
import { takenField, type ColumnValues, type CrudSpec } from '../../../platform/crud/tenant-crud';
import type { Db } from '../../../platform/db/db';
import { AUDIT_LABELS, isoOrNull, textOrNull, type ListSpec } from '../../../platform/list/list-spec';
import { fillRuleRow } from './fill-rules.repo';
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

const columns = (b: FillRuleCreate): ColumnValues => ({
  rule_code: b.ruleCode,
  rule_name: b.ruleName,
  generator: b.generator,
  rule_params: JSON.stringify(b.ruleParams),
});

/**
 * Fill rules as a generic CRUD entity of the caller's tenant (bodies validated by
 * `FillRuleCreateSchema`); a rule code is the tenant's once (badRequest fillRuleExists on
 * `ruleCode`). An edit keeps the rule's sequences (a changed date format starts new periods); a
 * delete takes them with the rule.
 */
export const FILL_RULE_CRUD: CrudSpec<FillRuleRecord, FillRuleCreate, FillRuleEdit> = {
  list: FILL_RULE_LIST,
  table: 'sys_fill_rule',
  add: columns,
  edit: columns,
  jsonb: ['rule_params'],
  unique: { column: 'rule_code', value: (b) => b.ruleCode, refuse: takenField('fillRuleExists', 'ruleCode') },
};

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
    const rule = await fillRuleRow(q, tenantId, ruleCode);
    if (!rule) return null;
    const r = FILL_RULE_LIST.map(rule);
    return nextRuleNumber(q, { id: r.id, tenantId, generator: r.generator, params: r.ruleParams }, now);
  });
}
