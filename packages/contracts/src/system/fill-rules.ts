import { z } from 'zod';
import { pageResultOf } from '../envelope';
import { defineRoute } from '../route';
import { INVALID_TEXT } from '../validation';
import { RULE_CODE_PATTERN } from './check-rules';
import { IdQuerySchema, IdsQuerySchema, ListQuerySchema } from './list';

/**
 * Fill rules (SPEC §2 system → fill rules / 填值规则, §7 `fillRule`; JeecgBoot
 * `/sys/fillRule/*`). In place of JeecgBoot's Java rule class a rule names one of the product's
 * number generators and its parameters; `executeRuleByCode` gives the next value
 * (prefix + date + sequence of the tenant, rule and period, kept in the database).
 */

/** The product's number generators a fill rule may use. */
export const FILL_RULE_GENERATORS = ['waybillNumber', 'warehouseNumber', 'serviceOrderNumber'] as const;
export type FillRuleGenerator = (typeof FILL_RULE_GENERATORS)[number];

/** Date part of a generated number (Asia/Shanghai); `none` keeps one sequence forever. */
export const FILL_DATE_FORMATS = ['yyyyMMdd', 'yyMMdd', 'yyyyMM', 'none'] as const;
export type FillDateFormat = (typeof FILL_DATE_FORMATS)[number];

/** Parameters of a generator: prefix, date format and sequence digits (longer once exceeded). */
export const FillRuleParamsSchema = z.object({
  prefix: z
    .string()
    .trim()
    .max(16, 'validation.tooLong')
    .regex(/^[A-Za-z0-9_-]*$/, 'validation.fillRulePrefix'),
  dateFormat: z.enum(FILL_DATE_FORMATS),
  digits: z.coerce.number().int().min(1, 'validation.fillRuleDigits').max(10, 'validation.fillRuleDigits'),
});
export type FillRuleParams = z.infer<typeof FillRuleParamsSchema>;

/** Parameters each generator starts with: today's formats of waybill, warehouse and service-order numbers. */
export const FILL_RULE_DEFAULTS: Record<FillRuleGenerator, FillRuleParams> = {
  waybillNumber: { prefix: 'WB', dateFormat: 'yyyyMMdd', digits: 3 },
  warehouseNumber: { prefix: 'CK', dateFormat: 'yyyyMMdd', digits: 4 },
  serviceOrderNumber: { prefix: 'SO', dateFormat: 'yyyyMMdd', digits: 6 },
};

/** Code of the fill rule the waybill editor's number field fills from when a tenant configures it. */
export const WAYBILL_NUMBER_FILL_RULE = 'waybill_number';

/** Parses a JSON text JeecgBoot clients send in place of an object; anything else unchanged. */
function jsonOrSelf(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return v;
  }
}

/** `POST /sys/fillRule/add` body; `ruleParams` an object (or its JSON text). */
export const FillRuleCreateSchema = z.object({
  ruleCode: z.string().trim().min(1, 'validation.required').regex(RULE_CODE_PATTERN, 'validation.ruleCode'),
  ruleName: z
    .string()
    .trim()
    .min(1, 'validation.required')
    .max(64, 'validation.tooLong')
    .refine((v) => !INVALID_TEXT.test(v), 'validation.invalidText'),
  generator: z.enum(FILL_RULE_GENERATORS, { error: 'validation.required' }),
  ruleParams: z.preprocess(jsonOrSelf, FillRuleParamsSchema),
});
export type FillRuleCreate = z.infer<typeof FillRuleCreateSchema>;

/** `PUT /sys/fillRule/edit` body. */
export const FillRuleEditSchema = FillRuleCreateSchema.extend({ id: z.string().min(1).max(64) });
export type FillRuleEdit = z.infer<typeof FillRuleEditSchema>;

/** One fill rule as the list and queryById answer it. */
export const FillRuleRecordSchema = z.object({
  id: z.string(),
  ruleCode: z.string(),
  ruleName: z.string(),
  generator: z.enum(FILL_RULE_GENERATORS),
  ruleParams: FillRuleParamsSchema,
  createBy: z.string().nullable(),
  createTime: z.string().nullable(),
  updateTime: z.string().nullable(),
});
export type FillRuleRecord = z.infer<typeof FillRuleRecordSchema>;

const tag = 'system-fill-rule';
const ok = z.null();

/**
 * Route table of fill rules (JeecgBoot `/sys/fillRule/*`). `executeRuleByCode` is the forms'
 * call, open to every signed-in user of the tenant as in JeecgBoot; it answers the next value, or
 * `null` when the tenant has no rule of that code (the form keeps its own behaviour).
 */
export const FillRuleRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/sys/fillRule/list',
    access: 'fillrule:list',
    tag,
    summary: 'Fill rules of the current tenant (generic list)',
    query: ListQuerySchema,
    result: pageResultOf(FillRuleRecordSchema),
  }),
  queryById: defineRoute({
    method: 'GET',
    path: '/sys/fillRule/queryById',
    access: 'fillrule:list',
    tag,
    summary: 'One fill rule',
    query: IdQuerySchema,
    result: FillRuleRecordSchema,
  }),
  add: defineRoute({
    method: 'POST',
    path: '/sys/fillRule/add',
    access: 'fillrule:add',
    tag,
    summary: 'Create a fill rule',
    body: FillRuleCreateSchema,
    result: z.object({ id: z.string() }),
  }),
  edit: defineRoute({
    method: 'PUT',
    path: '/sys/fillRule/edit',
    access: 'fillrule:edit',
    tag,
    summary: 'Edit a fill rule',
    body: FillRuleEditSchema,
    result: ok,
  }),
  delete: defineRoute({
    method: 'DELETE',
    path: '/sys/fillRule/delete',
    access: 'fillrule:delete',
    tag,
    summary: 'Delete a fill rule',
    query: IdQuerySchema,
    result: ok,
  }),
  deleteBatch: defineRoute({
    method: 'DELETE',
    path: '/sys/fillRule/deleteBatch',
    access: 'fillrule:batch_delete',
    tag,
    summary: 'Delete fill rules',
    query: IdsQuerySchema,
    result: ok,
  }),
  executeRuleByCode: defineRoute({
    method: 'PUT',
    path: '/sys/fillRule/executeRuleByCode/:ruleCode',
    access: 'session',
    tag,
    summary: 'Next value of a fill rule of the tenant (null when none)',
    params: z.object({ ruleCode: z.string().min(1).max(64) }),
    body: z.record(z.string(), z.unknown()).optional(),
    result: z.string().nullable(),
  }),
} as const;
