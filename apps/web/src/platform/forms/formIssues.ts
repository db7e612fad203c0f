import type { FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import type { FieldError } from '@ztj/contracts';
import { feedback } from '../feedback/feedback';
import { isApiError } from '../http/ApiError';

/** The parts of a zod issue the console reads (zod stays out of the web package's own imports). */
export interface SchemaIssue {
  code: string;
  path: readonly PropertyKey[];
  message: string;
}

/** An antd field entry: a nested name path (`['conditions', 0, 'valueMax']`) and its messages. */
export interface FieldEntry {
  name: (string | number)[];
  errors: string[];
}

/**
 * Translation of one contracts message: `validation.*` keys through the common namespace; a type
 * mismatch (an emptied number box sends nothing) reads "required"; any other text "invalid value".
 */
export function issueText(issue: Pick<SchemaIssue, 'code' | 'message'>, t: TFunction): string {
  if (issue.message.startsWith('validation.')) return t(`common:${issue.message}`);
  if (issue.code === 'invalid_type' || issue.code === 'invalid_union') return t('common:validation.required');
  return t('common:validation.invalid');
}

/** `conditions.0.condition.valueMax` → `['conditions', 0, 'condition', 'valueMax']` (digits become indexes). */
export function dottedToPath(field: string): (string | number)[] {
  return field
    .split('.')
    .filter(Boolean)
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/**
 * zod issues of a contract schema as antd field entries, one per path (the first issue wins), so the
 * form shows the same field errors as the server (SPEC §5 validation written once in the contracts).
 * `prefix` is prepended when the schema validates only part of the form (e.g. `['rule']`).
 */
export function issuesToFields(
  issues: readonly SchemaIssue[],
  t: TFunction,
  prefix: readonly (string | number)[] = [],
): FieldEntry[] {
  const seen = new Map<string, FieldEntry>();
  for (const issue of issues) {
    const name = [...prefix, ...issue.path.map((p) => (typeof p === 'number' ? p : String(p)))];
    const key = name.join('.');
    if (!seen.has(key)) seen.set(key, { name, errors: [issueText(issue, t)] });
  }
  return [...seen.values()];
}

/** The server's field errors (code 400 `errors[]`, dotted paths) as antd field entries; plain texts are shown as sent. */
export function serverErrorsToFields(errors: readonly FieldError[], t: TFunction): FieldEntry[] {
  const seen = new Map<string, FieldEntry>();
  for (const e of errors) {
    const text = e.message.startsWith('validation.') ? t(`common:${e.message}`) : e.message;
    if (!seen.has(e.field)) seen.set(e.field, { name: dottedToPath(e.field), errors: [text] });
  }
  return [...seen.values()];
}

/** Shows field entries on `form` and scrolls to the first; returns how many there were. */
export function showFieldErrors(form: FormInstance, entries: readonly FieldEntry[]): number {
  if (entries.length === 0) return 0;
  form.setFields(entries.map((e) => ({ name: e.name, errors: e.errors })));
  form.scrollToField(entries[0].name, { block: 'center' });
  return entries.length;
}

/** Removes every field error of `form` (before a new check). */
export function clearFieldErrors(form: FormInstance): void {
  form.setFields(
    form
      .getFieldsError()
      .filter((f) => f.errors.length > 0)
      .map((f) => ({ name: f.name, errors: [] })),
  );
}

/**
 * What a form does when saving failed: the server's field errors (code 400) beside their fields,
 * anything else as an error message (the HTTP layer has already told the user of transport errors).
 */
export function reportSaveError(form: FormInstance, error: unknown, t: TFunction): void {
  if (isApiError(error) && showFieldErrors(form, serverErrorsToFields(error.errors, t)) > 0) return;
  feedback().message.error(error instanceof Error ? error.message : String(error));
}
