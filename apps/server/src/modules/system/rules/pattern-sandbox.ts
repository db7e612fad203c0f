import vm from 'node:vm';
import type { CheckRuleItem } from '@ztj/contracts';

/** Hard limit of one check: every row's pattern together, ms. */
export const CHECK_TIMEOUT_MS = 50;

/** Outcome of checking a value: passed, or the first failing / broken / timed-out row (0-based). */
export type CheckOutcome =
  | { kind: 'passed' }
  | { kind: 'failed'; row: number; message: string }
  | { kind: 'broken'; row: number }
  | { kind: 'timeout'; row: number };

/**
 * JeecgBoot's check (SysCheckRuleServiceImpl.checkValue) written for the sandbox: rows in order,
 * each taking the next `digits` characters (a `*` row takes the whole value and does not advance;
 * a row past the end of the value gets the empty text), matched as a whole. The script answers a
 * number so nothing crosses the context boundary but a primitive: -1 passed, i failed at row i,
 * -2 - i row i does not compile. `progress.row` tells which row was running when time ran out.
 */
const CHECK_SCRIPT = new vm.Script(
  `(function () {
  var begin = 0;
  for (var i = 0; i < rows.length; i++) {
    progress.row = i;
    var r = rows[i], v;
    if (r.digits === '*') v = value;
    else {
      var n = Number(r.digits), end = Math.min(begin + n, value.length);
      v = begin > end ? '' : value.slice(begin, end);
      begin += n;
    }
    var re;
    try { re = new RegExp('^(?:' + r.pattern + ')$'); } catch (e) { return -2 - i; }
    if (!re.test(v)) return i;
  }
  return -1;
})()`,
  { filename: 'check-rule.js' },
);

/**
 * Checks `value` against the rows of a check rule in a fresh `node:vm` context with a hard time
 * limit ({@link CHECK_TIMEOUT_MS} for all rows together), so a pattern with catastrophic
 * backtracking (e.g. `^(a+)+$` against `aaaa…!`) is interrupted instead of hanging the server.
 */
export function checkValue(rows: readonly CheckRuleItem[], value: string, timeoutMs = CHECK_TIMEOUT_MS): CheckOutcome {
  const progress = { row: 0 };
  const context = vm.createContext(
    {
      rows: rows.map((r) => ({ digits: String(r.digits), pattern: String(r.pattern) })),
      value: String(value),
      progress,
    },
    { codeGeneration: { strings: false, wasm: false } },
  );
  let answer: unknown;
  try {
    answer = CHECK_SCRIPT.runInContext(context, { timeout: timeoutMs });
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT')
      return { kind: 'timeout', row: progress.row };
    throw error;
  }
  const n = Number(answer);
  if (n === -1) return { kind: 'passed' };
  if (n <= -2) return { kind: 'broken', row: -2 - n };
  return { kind: 'failed', row: n, message: rows[n]?.message ?? '' };
}
