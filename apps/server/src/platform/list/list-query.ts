import {
  FIELD_JSON_LIMITS,
  LIST_RESERVED_KEYS,
  SUPER_QUERY_RULES,
  SuperQueryConditionSchema,
  type SuperQueryRule,
} from '@ztj/contracts';
import { AppError } from '../http/app-error';
import { parseBoundedJson } from '../json/bounded-json';
import type { ListField, ListSpec } from './list-spec';

/** A comparison on one allow-listed field. `value` is what gets bound, never SQL text. */
export interface Condition {
  field: string;
  op: SuperQueryRule;
  value: string | string[];
  /** `_end` of a datetime with a date-only value: up to the end of that day. */
  endOfDay?: boolean;
}

/** The parsed generic-list query (SPEC §7). */
export interface ParsedListQuery {
  conditions: Condition[];
  superConditions: Condition[];
  matchType: 'and' | 'or';
  /** Extra declared params (ListSpec.params) with their values. */
  params: { predicate: string; value: string }[];
  sort: { field: string; order: 'asc' | 'desc' };
  selections: string[];
}

type RawQuery = Record<string, unknown>;
const RESERVED = new Set<string>(LIST_RESERVED_KEYS);
const MAX_SUPER = 30;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATETIME = /^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
const NUMBER = /^-?\d{1,15}(\.\d{1,10})?$/;
const BOOLEAN = /^(true|false|1|0)$/;

function fieldOf<R>(spec: ListSpec<R>, name: string): ListField {
  const f = Object.prototype.hasOwnProperty.call(spec.fields, name) ? spec.fields[name] : undefined;
  if (!f) throw new AppError('badRequest', 'listFieldUnknown', { field: name });
  return f;
}

/** Checks one bound value against the field type; the error names the field. */
function checkValue(field: string, f: ListField, value: string): void {
  const ok =
    f.type === 'string'
      ? value.length <= 2000
      : f.type === 'number'
        ? NUMBER.test(value)
        : f.type === 'date'
          ? DATE.test(value)
          : f.type === 'datetime'
            ? DATETIME.test(value)
            : BOOLEAN.test(value);
  if (!ok) throw new AppError('badRequest', 'listValueInvalid', { field });
}

const LIKE_RULES: ReadonlySet<SuperQueryRule> = new Set(['like', 'left_like', 'right_like']);

/** Validates a condition: the rule must suit the field type and every value the type. */
export function checkCondition<R>(spec: ListSpec<R>, c: Condition): Condition {
  const f = fieldOf(spec, c.field);
  if (LIKE_RULES.has(c.op) && f.type !== 'string')
    throw new AppError('badRequest', 'listRuleUnknown', { field: c.field, rule: c.op });
  const values = Array.isArray(c.value) ? c.value : [c.value];
  if (values.length === 0 || values.length > 500)
    throw new AppError('badRequest', 'listValueInvalid', { field: c.field });
  for (const v of values) checkValue(c.field, f, v);
  return c;
}

/** Reads one query-field value with the SPEC §7 / §5 text-operator conventions. */
export function conditionFromValue(
  field: string,
  f: ListField,
  raw: string,
  range?: 'begin' | 'end',
): Condition | undefined {
  const value = raw.trim();
  if (value === '') return undefined;
  if (range === 'begin') return { field, op: 'ge', value };
  if (range === 'end') return { field, op: 'le', value, endOfDay: f.type === 'datetime' && DATE.test(value) };
  if (f.multi && value.includes(','))
    return {
      field,
      op: 'in',
      value: value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    };
  if (value.startsWith('!')) return { field, op: 'ne', value: value.slice(1) };
  if (value.startsWith('>=')) return { field, op: 'ge', value: value.slice(2) };
  if (value.startsWith('<=')) return { field, op: 'le', value: value.slice(2) };
  if (f.type === 'string' && value.length > 1) {
    const starts = value.startsWith('*');
    const ends = value.endsWith('*');
    if (starts && ends && value.length > 2) return { field, op: 'like', value: value.slice(1, -1) };
    if (ends && !starts) return { field, op: 'right_like', value: value.slice(0, -1) };
    if (starts && !ends) return { field, op: 'left_like', value: value.slice(1) };
  }
  return { field, op: 'eq', value };
}

function parseSuper(raw: string): unknown {
  const attempts = [raw];
  try {
    attempts.push(decodeURIComponent(raw));
  } catch {
    // keep the raw text only
  }
  for (const text of attempts) {
    // bounded like every client JSON
    const read = parseBoundedJson(text, FIELD_JSON_LIMITS);
    if (read.ok) return read.value;
  }
  throw new AppError('badRequest', 'superQueryInvalid');
}

function superConditions<R>(spec: ListSpec<R>, raw: string | undefined): Condition[] {
  if (!raw || !raw.trim()) return [];
  const parsed = parseSuper(raw);
  if (!Array.isArray(parsed) || parsed.length > MAX_SUPER) throw new AppError('badRequest', 'superQueryInvalid');
  const out: Condition[] = [];
  for (const item of parsed) {
    if (
      item &&
      typeof item === 'object' &&
      'rule' in item &&
      !(SUPER_QUERY_RULES as readonly string[]).includes(String(item.rule))
    ) {
      throw new AppError('badRequest', 'listRuleUnknown', {
        field: 'field' in item ? String(item.field) : '?',
        rule: String(item.rule),
      });
    }
    const c = SuperQueryConditionSchema.safeParse(item);
    if (!c.success) throw new AppError('badRequest', 'superQueryInvalid');
    const { field, rule, val } = c.data;
    fieldOf(spec, field);
    if (val === undefined || val === '' || (Array.isArray(val) && val.length === 0)) continue;
    const values = Array.isArray(val)
      ? val.map(String)
      : String(val)
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
    const value = rule === 'in' ? values : String(Array.isArray(val) ? val[0] : val);
    out.push(checkCondition(spec, { field, op: rule, value }));
  }
  return out;
}

function sortOf<R>(spec: ListSpec<R>, column: unknown, order: unknown): ParsedListQuery['sort'] {
  const def = spec.defaultSort ?? { field: 'createTime', order: 'desc' as const };
  const dir = order === 'asc' || order === 'desc' ? order : def.order;
  if (typeof column !== 'string' || column === '') return { field: def.field, order: dir };
  const name = column.replace(/_dictText$/, '');
  const f = Object.prototype.hasOwnProperty.call(spec.fields, name) ? spec.fields[name] : undefined;
  if (!f || f.sortable === false) throw new AppError('badRequest', 'listSortUnknown', { field: column });
  return { field: name, order: dir };
}

/**
 * Parses a generic-list query against an entity's allow-list (SPEC §7; ARCHITECTURE §3).
 * @throws AppError badRequest listFieldUnknown / listRuleUnknown / listSortUnknown /
 *   listValueInvalid / superQueryInvalid naming the offending field.
 */
export function parseListQuery<R>(spec: ListSpec<R>, query: RawQuery): ParsedListQuery {
  const conditions: Condition[] = [];
  const params: ParsedListQuery['params'] = [];
  for (const [key, rawValue] of Object.entries(query)) {
    if (RESERVED.has(key) || rawValue === undefined || rawValue === null) continue;
    const values = (Array.isArray(rawValue) ? rawValue : [rawValue]).map(String);
    if (spec.params && Object.prototype.hasOwnProperty.call(spec.params, key)) {
      if (values[0] !== undefined && values[0] !== '') params.push({ predicate: spec.params[key]!, value: values[0] });
      continue;
    }
    const range = key.endsWith('_begin') ? 'begin' : key.endsWith('_end') ? 'end' : undefined;
    const name = range ? key.slice(0, key.lastIndexOf('_')) : key;
    const f = fieldOf(spec, name);
    if (values.length > 1) {
      const list = values.map((v) => v.trim()).filter(Boolean);
      if (list.length) conditions.push(checkCondition(spec, { field: name, op: 'in', value: list }));
      continue;
    }
    const c = conditionFromValue(name, f, values[0] ?? '', range);
    if (c) conditions.push(checkCondition(spec, c));
  }
  const selections =
    typeof query.selections === 'string'
      ? query.selections
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : [];
  return {
    conditions,
    superConditions: superConditions(
      spec,
      typeof query.superQueryParams === 'string' ? query.superQueryParams : undefined,
    ),
    matchType: query.superQueryMatchType === 'or' ? 'or' : 'and',
    params,
    sort: sortOf(spec, query.column, query.order),
    selections,
  };
}
