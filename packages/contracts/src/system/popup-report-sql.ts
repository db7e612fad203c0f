/**
 * The query text of a popup report (SPEC §3 popup report, §7 cgreport): one
 * read-only statement with named parameters written `${name}`. The text is stored on the server;
 * clients only send values, which the server binds as `$1…` (PostgreSQL) or `?` (MySQL/MariaDB)
 * parameters — a value is never pasted into SQL. Shared by the form (early field errors) and the
 * server (the same check again, then the translation).
 */

/** Why a query text is refused (a field-error key of `querySql`). */
export type ReportSqlProblem =
  | 'validation.reportSqlEmpty'
  | 'validation.reportSqlNotSelect'
  | 'validation.reportSqlMultiple'
  | 'validation.reportSqlQuotedParam'
  | 'validation.reportSqlUnterminated'
  | 'validation.reportSqlForbidden';

/** A parsed query: the text with placeholders, and the parameter name of each placeholder in order. */
export interface ParsedReportSql {
  /** The statement with `${name}` replaced by placeholders and a trailing `;` removed. */
  sql: string;
  /** Parameter names in placeholder order (a name used twice appears twice). */
  order: string[];
}

/** A parameter name: a letter or `_`, then letters, digits or `_` (64 at most). */
export const REPORT_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/**
 * Words a report may not contain outside quoted text and comments, whatever the database: file
 * access and writes the read-only transaction does not stop (MySQL's `INTO OUTFILE`/`DUMPFILE`,
 * `LOAD_FILE`; PostgreSQL's server-file functions and large objects, `COPY`, `dblink`),
 * session-level locks that survive a rollback, and statements that end the transaction.
 */
const FORBIDDEN =
  /\b(into\s+(outfile|dumpfile)|load_file|pg_read_file|pg_read_binary_file|pg_ls_dir|pg_stat_file|lo_\w+|dblink\w*|pg_advisory_lock\w*|pg_advisory_xact_lock\w*|get_lock|copy|commit|rollback|savepoint|release|set\s+(session|global|role|local)?\s*[a-z_]*\s*(=|to)|pg_terminate_backend|pg_cancel_backend|pg_reload_conf|set_config|handler|lock\s+tables?)\b/i;

/**
 * Splits `text` into code (outside strings, quoted identifiers and comments) and the rest, and
 * checks the statement: non-empty, one statement, starting with SELECT or WITH, no parameter inside
 * quotes, no forbidden word. Placeholders are written by `placeholder(i)` (1-based).
 * @returns the parsed query, or the problem found
 */
export function parseReportSql(
  text: string,
  placeholder: (index: number) => string = (i) => `$${i}`,
): ParsedReportSql | { problem: ReportSqlProblem } {
  let out = '';
  let code = '';
  const order: string[] = [];
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i]!;
    const next = text[i + 1];
    if (c === '-' && next === '-') {
      const end = text.indexOf('\n', i);
      i = end < 0 ? n : end;
      out += ' ';
      code += ' ';
      continue;
    }
    if (c === '#') return { problem: 'validation.reportSqlForbidden' }; // MySQL comment: ambiguous, refused
    if (c === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2);
      if (end < 0) return { problem: 'validation.reportSqlUnterminated' };
      i = end + 2;
      out += ' ';
      code += ' ';
      continue;
    }
    if (c === "'" || c === '"' || c === '`') {
      let j = i + 1;
      for (;;) {
        if (j >= n) return { problem: 'validation.reportSqlUnterminated' };
        // a backslash escapes a quote in MySQL but not in PostgreSQL: refused, so both read the text alike
        if (text[j] === '\\') return { problem: 'validation.reportSqlForbidden' };
        if (text[j] === c) {
          if (text[j + 1] === c) {
            j += 2;
            continue;
          }
          break;
        }
        j++;
      }
      const quoted = text.slice(i, j + 1);
      if (/\$\{/.test(quoted)) return { problem: 'validation.reportSqlQuotedParam' };
      out += quoted;
      code += ' ';
      i = j + 1;
      continue;
    }
    if (c === '$' && next === '$') return { problem: 'validation.reportSqlForbidden' }; // dollar quoting
    if (c === '$' && next === '{') {
      const end = text.indexOf('}', i);
      const name = end < 0 ? '' : text.slice(i + 2, end).trim();
      if (!REPORT_NAME_PATTERN.test(name)) return { problem: 'validation.reportSqlUnterminated' };
      order.push(name);
      out += placeholder(order.length);
      code += ' ? ';
      i = end + 1;
      continue;
    }
    out += c;
    code += c;
    i++;
  }
  const trimmed = code.trim().replace(/;\s*$/, '');
  if (!trimmed) return { problem: 'validation.reportSqlEmpty' };
  if (trimmed.includes(';')) return { problem: 'validation.reportSqlMultiple' };
  if (!/^\(*\s*(select|with)\b/i.test(trimmed)) return { problem: 'validation.reportSqlNotSelect' };
  if (FORBIDDEN.test(trimmed)) return { problem: 'validation.reportSqlForbidden' };
  return { sql: out.trim().replace(/;\s*$/, ''), order };
}

/** The parameter names a query text uses (empty when the text does not parse). */
export function reportSqlParams(text: string): string[] {
  const parsed = parseReportSql(text);
  return 'problem' in parsed ? [] : [...new Set(parsed.order)];
}
