import dayjs from 'dayjs';
import { applyTextOperator, isOperatorValue } from './textOperators';

/** A date-like value of the query form (dayjs), seen through what the list needs. */
interface DateLike {
  format: (template: string) => string;
}

function isDateLike(value: unknown): value is DateLike {
  return typeof value === 'object' && value !== null && typeof (value as DateLike).format === 'function';
}

/** Query-form field kinds that shape how a value goes on the wire. */
export type FilterKind = 'text' | 'select' | 'dict' | 'date' | 'dateRange' | 'datetimeRange';

/** Date formats of SPEC §9. */
export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/**
 * Turns query-form values into list query fields (SPEC §7): operator inputs get their prefix,
 * date ranges become `<name>_begin` / `<name>_end`, arrays are comma-joined, empties are dropped.
 * @param trim trims text values before applying the operator.
 */
export function formToQuery(values: Record<string, unknown>, trim = true): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined || value === null || value === '') continue;
    if (isOperatorValue(value)) {
      const text = applyTextOperator(value.text, value.operator, trim);
      if (text !== '') out[name] = text;
    } else if (Array.isArray(value) && value.length === 2 && value.every(isDateLike)) {
      const [begin, end] = value as [DateLike, DateLike];
      const withTime = name.endsWith('Time');
      out[`${name}_begin`] = withTime ? begin.format(DATETIME_FORMAT) : begin.format(DATE_FORMAT);
      out[`${name}_end`] = withTime ? end.format(DATETIME_FORMAT) : end.format(DATE_FORMAT);
    } else if (isDateLike(value)) {
      out[name] = value.format(DATE_FORMAT);
    } else if (Array.isArray(value)) {
      if (value.length > 0) out[name] = value.map(String).join(',');
    } else if (typeof value === 'string') {
      const text = trim ? value.trim() : value;
      if (text !== '') out[name] = text;
    } else if (typeof value === 'number' || typeof value === 'boolean') {
      out[name] = String(value);
    }
  }
  return out;
}

/** Sort of a list: `column` is a public field, default createTime desc (SPEC §9). */
export interface ListSort {
  column: string;
  order: 'asc' | 'desc';
}

export const DEFAULT_SORT: ListSort = { column: 'createTime', order: 'desc' };

/** Shows a wire date-time (ISO-8601 UTC) in local time as `YYYY-MM-DD HH:mm:ss` (SPEC §9). */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const d = dayjs(value);
  return d.isValid() ? d.format(DATETIME_FORMAT) : value;
}
