import {
  CheckRuleItemSchema,
  MESSAGES,
  type CheckRuleCreate,
  type CheckRuleEdit,
  type CheckRuleItem,
  type CheckRuleRecord,
  type Language,
} from '@ztj/contracts';
import { z } from 'zod';
import type { Db } from '../../../platform/db/db';
import { AppError } from '../../../platform/http/app-error';
import { requireAllVisible, requireVisible } from '../../../platform/list/list-runner';
import { AUDIT_LABELS, isoOrNull, textOrNull, type ListCaller, type ListSpec } from '../../../platform/list/list-spec';
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

async function refuseTakenCode(
  db: Db,
  tenantId: number,
  code: string,
  exceptId: string | null,
  lang: Language,
): Promise<void> {
  const [hit] = await db.query(
    'SELECT 1 FROM sys_check_rule WHERE tenant_id = $1 AND rule_code = $2 AND ($3::text IS NULL OR id <> $3)',
    [tenantId, code, exceptId],
  );
  if (hit)
    throw new AppError('badRequest', 'checkRuleExists', {}, [
      { field: 'ruleCode', message: MESSAGES.checkRuleExists[lang] },
    ]);
}

/** Rows as stored: digits as text, patterns validated by the contract (they compile). */
const stored = (rows: readonly CheckRuleItem[]): string =>
  JSON.stringify(rows.map((r) => ({ digits: String(r.digits), pattern: r.pattern, message: r.message })));

/**
 * Creates a check rule of the caller's tenant (body validated by `CheckRuleCreateSchema`, which
 * refuses patterns that do not compile). @throws AppError badRequest checkRuleExists
 */
export async function createCheckRule(
  db: Db,
  body: CheckRuleCreate,
  caller: ListCaller,
  lang: Language,
): Promise<string> {
  await refuseTakenCode(db, caller.tenantId, body.ruleCode, null, lang);
  const [row] = await db.query<{ id: string }>(
    'INSERT INTO sys_check_rule (tenant_id, rule_code, rule_name, rule_json, rule_description, create_by) VALUES ($1,$2,$3,$4::jsonb,$5,$6) RETURNING id',
    [caller.tenantId, body.ruleCode, body.ruleName, stored(body.ruleJson), body.ruleDescription, caller.username],
  );
  return row!.id;
}

/** Edits a check rule of the caller's tenant. @throws AppError notFound (other tenants' too), badRequest checkRuleExists */
export async function editCheckRule(db: Db, body: CheckRuleEdit, caller: ListCaller, lang: Language): Promise<void> {
  await requireVisible(db, CHECK_RULE_LIST, body.id, caller);
  await refuseTakenCode(db, caller.tenantId, body.ruleCode, body.id, lang);
  await db.query(
    'UPDATE sys_check_rule SET rule_code = $2, rule_name = $3, rule_json = $4::jsonb, rule_description = $5, update_by = $6, update_time = now() WHERE id = $1',
    [body.id, body.ruleCode, body.ruleName, stored(body.ruleJson), body.ruleDescription, caller.username],
  );
}

/** Deletes check rules of the caller's tenant (all or none). */
export async function deleteCheckRules(db: Db, ids: string[], caller: ListCaller): Promise<void> {
  const visible = await requireAllVisible(db, CHECK_RULE_LIST, ids, caller);
  await db.query('DELETE FROM sys_check_rule WHERE id = ANY($1::text[])', [visible]);
}

/**
 * Checks `value` against the tenant's rule `ruleCode` (SPEC §7 rule check) in the time-limited
 * sandbox. Rows stored before validation that no longer parse count as broken.
 * @throws AppError notFound checkRuleNotFound (also another tenant's code); badRequest
 * checkRuleFailed (the failing row's message), checkRuleTimeout, checkRuleBroken (row numbers 1-based)
 */
export async function checkByCode(db: Db, tenantId: number, ruleCode: string, value: string): Promise<void> {
  const [rule] = await db.query<{ rule_json: unknown }>(
    'SELECT rule_json FROM sys_check_rule WHERE tenant_id = $1 AND rule_code = $2',
    [tenantId, ruleCode],
  );
  if (!rule) throw new AppError('notFound', 'checkRuleNotFound');
  const raw: unknown = rule.rule_json;
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
