/** One validation rule of an editable-table cell (SPEC §3 `validateRules`, §5 table cell rules). */
export interface CellRule {
  /** The cell must not be empty. */
  required?: boolean;
  /** No other row may hold the same (non-empty) value in this column. */
  unique?: boolean;
  /** A named pattern (n6-16, *6-16, s6-18, url, e, m, p, s, n, z, *, money) or a regular expression. */
  pattern?: string | RegExp;
  /** Custom check; returns (or resolves to) an error message, or nothing when the value is fine. */
  handler?: (value: unknown, ctx: CellContext) => string | void | undefined | Promise<string | void | undefined>;
  /** Message shown when the rule fails; a translated default otherwise. */
  message?: string;
}

/** Where a checked cell sits: its column, title, row and all rows (for `unique`). */
export interface CellContext {
  key: string;
  title: string;
  rowIndex: number;
  rows: readonly Record<string, unknown>[];
}

/** Which built-in rule failed (for the translated default message). */
export type CellRuleKind = 'required' | 'unique' | 'pattern';

/**
 * Named patterns of SPEC §5 (the JeecgBoot table's shorthand): digits, any characters and
 * letters with lengths, url, email, mobile (table cells accept a second digit 3-9), postcode
 * (6 digits not starting 0), letters, number, integer, not empty, money (up to 2 decimals).
 */
export const NAMED_PATTERNS: Readonly<Record<string, RegExp>> = {
  'n6-16': /^\d{6,16}$/,
  '*6-16': /^.{6,16}$/,
  's6-18': /^[a-zA-Z]{6,18}$/,
  url: /^https?:\/\/[\w-]+(\.[\w-]+)+([\w\-.,@?^=%&:/~+#]*[\w\-@?^=%&/~+#])?$/,
  e: /^[\w.+-]+@[\w-]+(\.[\w-]+)+$/,
  m: /^1[3-9]\d{9}$/,
  p: /^[1-9]\d{5}$/,
  s: /^[a-zA-Z]+$/,
  n: /^-?\d+(\.\d+)?$/,
  z: /^-?\d+$/,
  '*': /^.+$/s,
  money: /^(0|[1-9]\d*)(\.\d{1,2})?$/,
};

/** True for an empty cell value: undefined, null, blank text or an empty list. */
export function isEmptyCell(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

function toRegExp(pattern: string | RegExp): RegExp {
  if (pattern instanceof RegExp) return pattern;
  return NAMED_PATTERNS[pattern] ?? new RegExp(pattern);
}

function sameValue(a: unknown, b: unknown): boolean {
  return String(a).trim() === String(b).trim();
}

/**
 * Checks one cell against its rules in the order of SPEC §5 — required, unique, patterns, then
 * handlers — and answers the first failing message (null when the cell is valid). An empty cell
 * skips the unique, pattern and handler rules.
 */
export async function validateCell(
  value: unknown,
  rules: readonly CellRule[],
  ctx: CellContext,
  defaultMessage: (kind: CellRuleKind, title: string) => string,
): Promise<string | null> {
  const empty = isEmptyCell(value);
  for (const rule of rules) {
    if (rule.required && empty) return rule.message ?? defaultMessage('required', ctx.title);
  }
  if (empty) return null;
  for (const rule of rules) {
    if (!rule.unique) continue;
    const taken = ctx.rows.some(
      (row, index) => index !== ctx.rowIndex && !isEmptyCell(row[ctx.key]) && sameValue(row[ctx.key], value),
    );
    if (taken) return rule.message ?? defaultMessage('unique', ctx.title);
  }
  const text = Array.isArray(value) ? value.join(',') : String(value);
  for (const rule of rules) {
    if (rule.pattern === undefined) continue;
    if (!toRegExp(rule.pattern).test(text)) return rule.message ?? defaultMessage('pattern', ctx.title);
  }
  for (const rule of rules) {
    if (!rule.handler) continue;
    const failed = await rule.handler(value, ctx);
    if (failed) return failed;
  }
  return null;
}

/**
 * Number cells (SPEC §5): keeps a leading minus, digits and one decimal point of what was typed.
 */
export function sanitizeNumberText(text: string): string {
  let out = '';
  let dot = false;
  for (const [i, ch] of [...text].entries()) {
    if (ch === '-' && i === 0) out += ch;
    else if (ch === '.' && !dot) {
      dot = true;
      out += ch;
    } else if (ch >= '0' && ch <= '9') out += ch;
  }
  return out;
}

/** The number a number cell holds after blur (parsed as float); null when nothing numeric was typed. */
export function parseNumberText(text: string): number | null {
  const n = Number.parseFloat(text);
  return Number.isFinite(n) ? n : null;
}
