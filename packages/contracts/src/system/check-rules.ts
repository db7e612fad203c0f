import { z } from 'zod';
import { pageResultOf } from '../envelope';
import { defineRoute } from '../route';
import { INVALID_TEXT } from '../validation';
import { IdQuerySchema, IdsQuerySchema, ListQuerySchema } from './list';

/**
 * Check rules (SPEC §2 system → check rules / 编码校验规则, §5 "Rule-check value is URL-encoded",
 * §7 `checkRule`; JeecgBoot `/sys/checkRule/*`). A rule is a code, a name and an
 * ordered list of {digits, pattern, message}: each row checks the next `digits` characters of the
 * value (`*`: the whole value, not advancing) against its pattern as a whole match; the first
 * failing row's message is the answer. Patterns run on the server under a hard time limit.
 */

/** Rule and fill-rule codes: a letter, then letters, digits, `_` or `-` (at most 64). */
export const RULE_CODE_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;

/** The `digits` of a row that checks the whole value. */
export const CHECK_ALL_DIGITS = '*';

/** Longest value the check call takes. */
export const CHECK_VALUE_MAX = 1000;

/** Most rows of one rule. */
export const CHECK_RULE_ROWS_MAX = 20;

/**
 * True when `pattern` compiles as the whole-match expression the server runs (`^(?:pattern)$`).
 * Compiling never backtracks, so this is safe anywhere; running is not (the server runs it under a
 * time limit).
 */
export function isValidRulePattern(pattern: string): boolean {
  try {
    new RegExp(`^(?:${pattern})$`);
    return true;
  } catch {
    return false;
  }
}

/** Parses a JSON text JeecgBoot clients send in place of a list or object; anything else unchanged. */
function jsonOrSelf(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return v;
  }
}

const text = (max: number) =>
  z
    .string()
    .trim()
    .min(1, 'validation.required')
    .max(max, 'validation.tooLong')
    .refine((v) => !INVALID_TEXT.test(v), 'validation.invalidText');

/** One row of a check rule. `digits` is `*` or 1-999 (numbers are taken as their text). */
export const CheckRuleItemSchema = z.object({
  digits: z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    z
      .string()
      .trim()
      .regex(/^(\*|[1-9]\d{0,2})$/, 'validation.checkRuleDigits'),
  ),
  pattern: z
    .string()
    .min(1, 'validation.required')
    .max(500, 'validation.tooLong')
    .refine(isValidRulePattern, 'validation.checkRulePattern'),
  message: text(200),
});
export type CheckRuleItem = z.infer<typeof CheckRuleItemSchema>;

/** `POST /sys/checkRule/add` body; `ruleJson` a list of rows (or its JSON text, as JeecgBoot sends it). */
export const CheckRuleCreateSchema = z.object({
  ruleCode: z.string().trim().min(1, 'validation.required').regex(RULE_CODE_PATTERN, 'validation.ruleCode'),
  ruleName: text(64),
  ruleJson: z.preprocess(
    jsonOrSelf,
    z
      .array(CheckRuleItemSchema, { error: 'validation.checkRuleRows' })
      .min(1, 'validation.checkRuleRows')
      .max(CHECK_RULE_ROWS_MAX, 'validation.checkRuleRows'),
  ),
  ruleDescription: z.string().trim().max(500, 'validation.tooLong').default(''),
});
export type CheckRuleCreate = z.infer<typeof CheckRuleCreateSchema>;

/** `PUT /sys/checkRule/edit` body. */
export const CheckRuleEditSchema = CheckRuleCreateSchema.extend({ id: z.string().min(1).max(64) });
export type CheckRuleEdit = z.infer<typeof CheckRuleEditSchema>;

/** One check rule as the list and queryById answer it. */
export const CheckRuleRecordSchema = z.object({
  id: z.string(),
  ruleCode: z.string(),
  ruleName: z.string(),
  ruleJson: z.array(z.object({ digits: z.string(), pattern: z.string(), message: z.string() })),
  ruleDescription: z.string(),
  createBy: z.string().nullable(),
  createTime: z.string().nullable(),
  updateTime: z.string().nullable(),
});
export type CheckRuleRecord = z.infer<typeof CheckRuleRecordSchema>;

/** `GET /sys/checkRule/checkByCode` query: the rule's code and the value, URL-encoded (SPEC §5). */
export const CheckByCodeQuerySchema = z.object({
  ruleCode: z.string().min(1).max(64),
  value: z.string().max(CHECK_VALUE_MAX, 'validation.tooLong'),
});

const tag = 'system-check-rule';
const ok = z.null();

/**
 * Route table of check rules (JeecgBoot `/sys/checkRule/*`). `checkByCode` is the forms' call
 * (SPEC §7 rule check), open to every signed-in user of the tenant as in JeecgBoot: success when
 * the value passes, otherwise a refusal whose message is the failing row's message.
 */
export const CheckRuleRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/sys/checkRule/list',
    access: 'checkrule:list',
    tag,
    summary: 'Check rules of the current tenant (generic list)',
    query: ListQuerySchema,
    result: pageResultOf(CheckRuleRecordSchema),
  }),
  queryById: defineRoute({
    method: 'GET',
    path: '/sys/checkRule/queryById',
    access: 'checkrule:list',
    tag,
    summary: 'One check rule',
    query: IdQuerySchema,
    result: CheckRuleRecordSchema,
  }),
  add: defineRoute({
    method: 'POST',
    path: '/sys/checkRule/add',
    access: 'checkrule:add',
    tag,
    summary: 'Create a check rule',
    body: CheckRuleCreateSchema,
    result: z.object({ id: z.string() }),
  }),
  edit: defineRoute({
    method: 'PUT',
    path: '/sys/checkRule/edit',
    access: 'checkrule:edit',
    tag,
    summary: 'Edit a check rule',
    body: CheckRuleEditSchema,
    result: ok,
  }),
  delete: defineRoute({
    method: 'DELETE',
    path: '/sys/checkRule/delete',
    access: 'checkrule:delete',
    tag,
    summary: 'Delete a check rule',
    query: IdQuerySchema,
    result: ok,
  }),
  deleteBatch: defineRoute({
    method: 'DELETE',
    path: '/sys/checkRule/deleteBatch',
    access: 'checkrule:batch_delete',
    tag,
    summary: 'Delete check rules',
    query: IdsQuerySchema,
    result: ok,
  }),
  checkByCode: defineRoute({
    method: 'GET',
    path: '/sys/checkRule/checkByCode',
    access: 'session',
    tag,
    summary: 'Check a value against a rule of the tenant (message of the failing row on refusal)',
    query: CheckByCodeQuerySchema,
    result: ok,
  }),
} as const;
