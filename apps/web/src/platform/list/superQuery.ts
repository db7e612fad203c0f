import { SUPER_QUERY_RULES, type SuperQueryRule } from '@ztj/contracts';

export { SUPER_QUERY_RULES };
export type { SuperQueryRule };

/** Match type of the advanced query (SPEC §9). */
export type MatchType = 'and' | 'or';

/** Value kinds the advanced query offers per field. */
export type SuperFieldType = 'string' | 'number' | 'date' | 'datetime' | 'select';

/** A field the advanced query offers: the list's public field name, a label and a kind. */
export interface SuperQueryField {
  field: string;
  label: string;
  type: SuperFieldType;
  /** Options for `select` fields. */
  options?: { value: string; label: string }[];
}

/** One row of the advanced-query dialog (SPEC §3 "Advanced-query condition"). */
export interface SuperCondition {
  field?: string;
  rule?: SuperQueryRule;
  /** One value, or several for the `in` rule. */
  val?: string | string[];
  type?: SuperFieldType;
}

/**
 * Changes the rule of a condition. Leaving `in` keeps only the first value (SPEC §4).
 */
export function changeRule(condition: SuperCondition, rule: SuperQueryRule): SuperCondition {
  let val = condition.val;
  if (rule !== 'in' && Array.isArray(val)) val = val[0];
  if (rule === 'in' && typeof val === 'string' && val !== '') val = [val];
  return { ...condition, rule, val };
}

function isBlank(val: SuperCondition['val']): boolean {
  if (val === undefined) return true;
  if (Array.isArray(val)) return val.filter((v) => v !== '').length === 0;
  return val.trim() === '';
}

/** A condition is empty when its field, rule or value is missing (SPEC §5). */
export function isEmptyCondition(condition: SuperCondition): boolean {
  return !condition.field || !condition.rule || isBlank(condition.val);
}

/** The non-empty conditions, in order. */
export function activeConditions(conditions: readonly SuperCondition[]): SuperCondition[] {
  return conditions.filter((c) => !isEmptyCondition(c));
}

/** The wire form of one condition: `{field, rule, val, type}`, `in` values comma-joined. */
export interface WireCondition {
  field: string;
  rule: SuperQueryRule;
  val: string;
  type: string;
}

/** Wire conditions of the non-empty rows. */
export function toWireConditions(conditions: readonly SuperCondition[]): WireCondition[] {
  return activeConditions(conditions).map((c) => ({
    field: c.field ?? '',
    rule: c.rule ?? 'eq',
    val: Array.isArray(c.val) ? c.val.join(',') : (c.val ?? ''),
    type: c.type ?? 'string',
  }));
}

/**
 * Query fields of the advanced query (SPEC §7): `superQueryParams` is the URL-encoded JSON of the
 * non-empty conditions, `superQueryMatchType` and/or. Nothing when no condition applies.
 */
export function superQueryParams(conditions: readonly SuperCondition[], matchType: MatchType): Record<string, string> {
  const wire = toWireConditions(conditions);
  if (wire.length === 0) return {};
  return { superQueryParams: encodeURIComponent(JSON.stringify(wire)), superQueryMatchType: matchType };
}
