import type { TFunction } from 'i18next';
import {
  CheckRuleCreateSchema,
  FILL_RULE_DEFAULTS,
  FillRuleCreateSchema,
  type CheckRuleCreate,
  type CheckRuleRecord,
  type FillDateFormat,
  type FillRuleCreate,
  type FillRuleParams,
  type FillRuleRecord,
} from '@ztj/contracts';
import { issuesToFields, type FieldEntry } from '../../../platform/forms/formIssues';

/** Values of the check-rule form: rows edited as an antd Form.List. */
export interface CheckRuleFormValues {
  ruleCode: string;
  ruleName: string;
  ruleDescription: string;
  ruleJson: { digits: string; pattern: string; message: string }[];
}

/** Starting values: one whole-value row for a new rule, or the record being edited. */
export function initialCheckRuleValues(record?: CheckRuleRecord): CheckRuleFormValues {
  if (!record)
    return { ruleCode: '', ruleName: '', ruleDescription: '', ruleJson: [{ digits: '*', pattern: '', message: '' }] };
  return {
    ruleCode: record.ruleCode,
    ruleName: record.ruleName,
    ruleDescription: record.ruleDescription,
    ruleJson: record.ruleJson.map((r) => ({ ...r })),
  };
}

/** The check-rule body checked with the contract's schema (SPEC §5 written once), or the field errors. */
export function validateCheckRule(
  values: CheckRuleFormValues,
  t: TFunction,
): { body: CheckRuleCreate } | { errors: FieldEntry[] } {
  const parsed = CheckRuleCreateSchema.safeParse(values);
  return parsed.success ? { body: parsed.data } : { errors: issuesToFields(parsed.error.issues, t) };
}

/** Values of the fill-rule form: the body itself (parameters as nested `ruleParams` fields). */
export type FillRuleFormValues = FillRuleCreate;

/** Starting values: a waybill-number rule with today's format, or the record being edited. */
export function initialFillRuleValues(record?: FillRuleRecord): FillRuleFormValues {
  if (!record)
    return {
      ruleCode: '',
      ruleName: '',
      generator: 'waybillNumber',
      ruleParams: { ...FILL_RULE_DEFAULTS.waybillNumber },
    };
  return {
    ruleCode: record.ruleCode,
    ruleName: record.ruleName,
    generator: record.generator,
    ruleParams: { ...record.ruleParams },
  };
}

/** The fill-rule body checked with the contract's schema, or the field errors. */
export function validateFillRule(
  values: FillRuleFormValues,
  t: TFunction,
): { body: FillRuleCreate } | { errors: FieldEntry[] } {
  const parsed = FillRuleCreateSchema.safeParse(values);
  return parsed.success ? { body: parsed.data } : { errors: issuesToFields(parsed.error.issues, t) };
}

/** Date part as the server writes it (the browser's calendar day is close enough for a preview). */
function datePart(format: FillDateFormat, at: Date): string {
  const y = String(at.getFullYear());
  const m = String(at.getMonth() + 1).padStart(2, '0');
  const d = String(at.getDate()).padStart(2, '0');
  return { yyyyMMdd: `${y}${m}${d}`, yyMMdd: `${y.slice(2)}${m}${d}`, yyyyMM: `${y}${m}`, none: '' }[format];
}

/** What the first number of a period looks like with these parameters (form preview). */
export function previewNumber(params: FillRuleParams, at: Date = new Date()): string {
  const digits = Math.min(Math.max(Math.trunc(Number(params.digits)) || 1, 1), 10);
  return `${params.prefix ?? ''}${datePart(params.dateFormat, at)}${'1'.padStart(digits, '0')}`;
}
