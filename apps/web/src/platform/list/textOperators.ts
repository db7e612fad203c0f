/** Text search operators of SPEC §5/§9: like, ne, ge, le, no (as is). */
export const TEXT_OPERATORS = ['like', 'ne', 'ge', 'le', 'no'] as const;
export type TextOperator = (typeof TEXT_OPERATORS)[number];

/**
 * Applies a query-operator prefix to a text value (SPEC §5 "Text operator prefixes"): like wraps
 * with `*`, ne prefixes `!`, ge `>=`, le `<=`, no leaves it as is. Empty values stay empty.
 * @param trim trims the value first (optional in the spec).
 */
export function applyTextOperator(value: string | undefined | null, operator: TextOperator, trim = false): string {
  const text = trim ? (value ?? '').trim() : (value ?? '');
  if (text === '') return '';
  switch (operator) {
    case 'like':
      return `*${text}*`;
    case 'ne':
      return `!${text}`;
    case 'ge':
      return `>=${text}`;
    case 'le':
      return `<=${text}`;
    case 'no':
      return text;
  }
}

/** A text filter value as the query form keeps it: the operator and the typed text. */
export interface OperatorValue {
  operator: TextOperator;
  text: string;
}

/** True for a value produced by the operator input. */
export function isOperatorValue(value: unknown): value is OperatorValue {
  return typeof value === 'object' && value !== null && 'operator' in value && 'text' in value;
}
