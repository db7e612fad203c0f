import {
  CheckRuleItemSchema,
  type CheckRuleCreate,
  type CheckRuleEdit,
  type CheckRuleItem,
  type CheckRuleRecord,
} from '@ztj/contracts';
import { z } from 'zod';
import { takenField, type ColumnValues, type CrudSpec } from '../../../platform/crud/tenant-crud';
import type { Queryable } from '../../../platform/db/db';
import { AppError } from '../../../platform/http/app-error';
import { AUDIT_LABELS, isoOrNull, textOrNull, type ListSpec } from '../../../platform/list/list-spec';
import { storedRuleRows } from './check-rules.repo';
import { checkValue } from './pattern-sandbox';

/** Stored rows back as the contract's rows; rows that no longer parse are dropped from the view. */
function rowsOf(v: unknown): CheckRuleItem[] {
  const raw: unknown = typeof v === 'string' ? JSON.parse(v) : v;
  if (!Array.isArray(raw)) return [];
  return raw
    .map((r) => z.object({ digits: z.coerce.string(), pattern: z.string(), message: z.string() }).safeParse(r))
    .flatMap((p) => (p.success ? [p.data] : []));
}

/** Check rules of the caller's tenant (SPEC §2 system → check rules; generic list machinery). */
export const CHECK_RULE_LIST: ListSpec<CheckRuleRecord> = {
  name: 'checkRules',
  from: 'sys_check_rule c',
  select: 'c.*',
  tenantScope: 'c.tenant_id = $tenant',
  idSql: 'c.id',
  fields: {
    ruleCode: { sql: 'c.rule_code', type: 'string', label: { 'zh-CN': '规则编码', 'en-US': 'Rule code' } },
    ruleName: { sql: 'c.rule_name', type: 'string', label: { 'zh-CN': '规则名称', 'en-US': 'Rule name' } },
    ruleDescription: {
      sql: 'c.rule_description',
      type: 'string',
      label: { 'zh-CN': '规则描述', 'en-US': 'Description' },
    },
    createTime: { sql: 'c.create_time', type: 'datetime', label: AUDIT_LABELS.createTime },
  },
  map: (r) => ({
    id: String(r.id),
    ruleCode: String(r.rule_code),
    ruleName: String(r.rule_name),
    ruleJson: rowsOf(r.rule_json),
    ruleDescription: String(r.rule_description ?? ''),
    createBy: textOrNull(r.create_by),
    createTime: isoOrNull(r.create_time),
    updateTime: isoOrNull(r.update_time),
  }),
};

/** Rows as stored: digits as text, patterns validated by the contract (they compile). */
const stored = (rows: readonly CheckRuleItem[]): string =>
  JSON.stringify(rows.map((r) => ({ digits: String(r.digits), pattern: r.pattern, message: r.message })));

const columns = (b: CheckRuleCreate): ColumnValues => ({
  rule_code: b.ruleCode,
  rule_name: b.ruleName,
  rule_json: stored(b.ruleJson),
  rule_description: b.ruleDescription,
});

/**
 * Check rules as a generic CRUD entity: add, edit, one, (batch) delete of the caller's tenant
 * (bodies validated by `CheckRuleCreateSchema`, which refuses patterns that do not compile); a
 * rule code is the tenant's once (badRequest checkRuleExists on `ruleCode`).
 */
export const CHECK_RULE_CRUD: CrudSpec<CheckRuleRecord, CheckRuleCreate, CheckRuleEdit> = {
  list: CHECK_RULE_LIST,
  table: 'sys_check_rule',
  add: columns,
  edit: columns,
  jsonb: ['rule_json'],
  unique: { column: 'rule_code', value: (b) => b.ruleCode, refuse: takenField('checkRuleExists', 'ruleCode') },
};

/**
 * Checks `value` against the tenant's rule `ruleCode` (SPEC §7 rule check) in the time-limited
 * sandbox. Rows stored before validation that no longer parse count as broken.
 * @throws AppError notFound checkRuleNotFound (also another tenant's code); badRequest
 * checkRuleFailed (the failing row's message), checkRuleTimeout, checkRuleBroken (row numbers 1-based)
 */
export async function checkByCode(db: Queryable, tenantId: number, ruleCode: string, value: string): Promise<void> {
  const rule = await storedRuleRows(db, tenantId, ruleCode);
  if (!rule) throw new AppError('notFound', 'checkRuleNotFound');
  const raw = rule.rows;
  const rows = Array.isArray(raw) ? raw : [];
  const parsed = rows.map((r) => CheckRuleItemSchema.safeParse(r));
  const bad = parsed.findIndex((p) => !p.success);
  if (bad >= 0) throw new AppError('badRequest', 'checkRuleBroken', { row: bad + 1 });
  const outcome = checkValue(
    parsed.map((p) => p.data!),
    value,
  );
  switch (outcome.kind) {
    case 'passed':
      return;
    case 'failed':
      throw new AppError('badRequest', 'checkRuleFailed', { message: outcome.message });
    case 'timeout':
      throw new AppError('badRequest', 'checkRuleTimeout', { row: outcome.row + 1 });
    case 'broken':
      throw new AppError('badRequest', 'checkRuleBroken', { row: outcome.row + 1 });
  }
}
