/**
 * Quartz cron expressions (SPEC §3 "cron expression: seven space-separated fields: second, minute,
 * hour, day-of-month, month, day-of-week, year"; §4 cron builder modes; §5 cron bounds). Pure: the
 * grammar and bounds check used by the server (field errors) and the console's builder, and the
 * fire-time computation over a croner instance the caller passes in (contracts do not depend on
 * croner).
 *
 * Grammar per field: `*`, `a`, `a-b`, `a/s`, `* /s` (no space), `a-b/s` and comma lists of those;
 * day-of-month also `?`, `L`, `LW`, `L-n`, `nW`; day-of-week also `?`, `nL` (last weekday n of the
 * month), `n#k` (k-th weekday n). Weekdays are Quartz's 1 = Sunday … 7 = Saturday; month and
 * weekday names (JAN…DEC, SUN…SAT) are read as their numbers. Exactly one of day-of-month and
 * day-of-week is `?` (Quartz's rule). The year field may be left out (any year).
 */

/** The seven fields, in expression order. */
export const CRON_PARTS = ['second', 'minute', 'hour', 'day', 'month', 'week', 'year'] as const;
export type CronPart = (typeof CRON_PARTS)[number];

/** SPEC §5 bounds: values `min..max`, increments `1..stepMax`. */
export const CRON_BOUNDS: Record<CronPart, { min: number; max: number; stepMax: number }> = {
  second: { min: 0, max: 59, stepMax: 59 },
  minute: { min: 0, max: 59, stepMax: 60 },
  hour: { min: 0, max: 23, stepMax: 23 },
  day: { min: 1, max: 31, stepMax: 31 },
  // SPEC §5 says "months 0-12 increment": Quartz has no month 0 and no step 0, so 1-12 both
  month: { min: 1, max: 12, stepMax: 12 },
  week: { min: 1, max: 7, stepMax: 7 },
  year: { min: 2019, max: 2119, stepMax: 99 },
};

/** Nth weekday bound (SPEC §5 "Nth weekday 1-5"). */
export const CRON_NTH_MAX = 5;

/** Time zone Quartz jobs fire in (the product's display zone). */
export const QUARTZ_TIME_ZONE = 'Asia/Shanghai';

/** Field-error keys of cron expressions (texts in quartz-messages.ts). */
export type CronIssueKey =
  | 'validation.cronFieldCount'
  | 'validation.cronSecond'
  | 'validation.cronMinute'
  | 'validation.cronHour'
  | 'validation.cronDay'
  | 'validation.cronMonth'
  | 'validation.cronWeek'
  | 'validation.cronYear'
  | 'validation.cronDayOrWeek'
  | 'validation.cronNever';

const PART_KEY: Record<CronPart, CronIssueKey> = {
  second: 'validation.cronSecond',
  minute: 'validation.cronMinute',
  hour: 'validation.cronHour',
  day: 'validation.cronDay',
  month: 'validation.cronMonth',
  week: 'validation.cronWeek',
  year: 'validation.cronYear',
};

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const DAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];

/** Replaces month (JAN=1) or weekday (SUN=1) names of one field with their numbers. */
function numbered(part: CronPart, text: string): string {
  const names = part === 'month' ? MONTHS : part === 'week' ? DAYS : null;
  if (!names) return text;
  return text.toUpperCase().replace(/[A-Z]{3}/g, (n) => {
    const i = names.indexOf(n);
    return i < 0 ? n : String(i + 1);
  });
}

/** Splits an expression into its seven fields (year `*` when left out), names numbered; null when not 6 or 7 fields. */
export function splitQuartz(expr: string): Record<CronPart, string> | null {
  const f = expr.trim().split(/\s+/);
  if (f.length !== 6 && f.length !== 7) return null;
  if (f.length === 6) f.push('*');
  return Object.fromEntries(CRON_PARTS.map((p, i) => [p, numbered(p, f[i]!)])) as Record<CronPart, string>;
}

const NUM = /^\d{1,4}$/;

function inRange(part: CronPart, n: string): boolean {
  const b = CRON_BOUNDS[part];
  return NUM.test(n) && Number(n) >= b.min && Number(n) <= b.max;
}

function stepOk(part: CronPart, s: string): boolean {
  return NUM.test(s) && Number(s) >= 1 && Number(s) <= CRON_BOUNDS[part].stepMax;
}

/** One comma-separated item of a plain field: `*`, `a`, `a-b`, with an optional `/step`. */
function plainAtomOk(part: CronPart, atom: string): boolean {
  const [base, step, extra] = atom.split('/');
  if (extra !== undefined || base === undefined) return false;
  if (step !== undefined && !stepOk(part, step)) return false;
  if (base === '*') return true;
  const [a, b, more] = base.split('-');
  if (more !== undefined || a === undefined || !inRange(part, a)) return false;
  return b === undefined || (inRange(part, b) && Number(b) >= Number(a));
}

/** Whether one field is well formed and inside SPEC §5's bounds. */
export function cronFieldOk(part: CronPart, text: string): boolean {
  if (text === '?') return part === 'day' || part === 'week';
  if (part === 'day') {
    if (text === 'L' || text === 'LW') return true;
    const before = /^L-(\d{1,2})$/.exec(text);
    if (before) return Number(before[1]) >= 1 && Number(before[1]) <= 30;
    const near = /^(\d{1,2})W$/.exec(text);
    if (near) return inRange('day', near[1]!);
  }
  if (part === 'week') {
    const last = /^(\d)L$/.exec(text);
    if (last) return inRange('week', last[1]!);
    const nth = /^(\d)#(\d)$/.exec(text);
    if (nth) return inRange('week', nth[1]!) && Number(nth[2]) >= 1 && Number(nth[2]) <= CRON_NTH_MAX;
  }
  const atoms = text.split(',');
  if (atoms.length > 1 && atoms.includes('*')) return false;
  return atoms.every((a) => plainAtomOk(part, a));
}

/** One problem of an expression: which field (or the whole) and its message key. */
export interface CronIssue {
  part: CronPart | 'expression';
  key: CronIssueKey;
}

/**
 * Problems of a Quartz expression against the grammar and SPEC §5's bounds (empty when valid).
 * Whether it ever fires is checked with {@link quartzNextRuns} by the caller.
 */
export function quartzCronIssues(expr: string): CronIssue[] {
  const f = splitQuartz(expr);
  if (!f) return [{ part: 'expression', key: 'validation.cronFieldCount' }];
  const issues: CronIssue[] = CRON_PARTS.filter((p) => !cronFieldOk(p, f[p])).map((p) => ({
    part: p,
    key: PART_KEY[p],
  }));
  if (issues.length === 0 && (f.day === '?') === (f.week === '?'))
    issues.push({ part: 'week', key: 'validation.cronDayOrWeek' });
  return issues;
}

/** What {@link quartzNextRuns} needs of a cron library instance (croner's `Cron`). */
export interface CronLike {
  nextRun(prev?: Date): Date | null;
}

/** Builds a cron instance for a 7-field pattern with Quartz weekdays (see {@link QUARTZ_CRONER_OPTIONS}). */
export type CronFactory = (pattern: string) => CronLike;

/**
 * croner 11 options for Quartz semantics: 6 or 7 fields (seconds; year natively in croner's
 * 7-part mode, so no year filtering is needed), Quartz weekday numbers (1 = Sunday), `a/s` steps,
 * day-of-month AND day-of-week (one of them is `?`, read as `*`), in {@link QUARTZ_TIME_ZONE}.
 */
export const QUARTZ_CRONER_OPTIONS = {
  mode: '6-or-7-parts',
  alternativeWeekdays: true,
  sloppyRanges: true,
  domAndDow: true,
  timezone: QUARTZ_TIME_ZONE,
} as const;

function yearMonthIn(d: Date, timeZone: string): { y: number; m: number } {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit' }).formatToParts(d);
  return {
    y: Number(parts.find((p) => p.type === 'year')!.value),
    m: Number(parts.find((p) => p.type === 'month')!.value),
  };
}

/** Months looked at for an `L-n` day before giving up (100 years, the year field's span). */
const MAX_MONTHS = 1212;

/**
 * The next `count` fire times strictly after `from` of a valid Quartz expression (check with
 * {@link quartzCronIssues} first). croner has no `L-n` (n days before month end): such a day is
 * resolved month by month to its day number and the month's run kept only when it falls in that
 * month. @returns fewer than `count` when the expression stops firing (e.g. past years).
 */
export function quartzNextRuns(
  expr: string,
  from: Date,
  count: number,
  cron: CronFactory,
  timeZone: string = QUARTZ_TIME_ZONE,
): Date[] {
  const f = splitQuartz(expr);
  if (!f) return [];
  const fields = CRON_PARTS.map((p) => (f[p] === '?' ? '*' : f[p]));
  const before = /^L-(\d+)$/.exec(f.day);
  const out: Date[] = [];
  if (!before) {
    const c = cron(fields.join(' '));
    let prev = from;
    while (out.length < count) {
      const next = c.nextRun(prev);
      if (!next) break;
      out.push(next);
      prev = next;
    }
    return out;
  }
  const n = Number(before[1]);
  let prev = from;
  let { y, m } = yearMonthIn(from, timeZone);
  for (let i = 0; i < MAX_MONTHS && out.length < count; i++) {
    const day = new Date(Date.UTC(y, m, 0)).getUTCDate() - n;
    if (day >= 1) {
      const c = cron([...fields.slice(0, 3), String(day), ...fields.slice(4)].join(' '));
      // start at the month's first instant (in `timeZone`) so that an earlier month's day is not found
      const monthStart = cron(`0 0 0 1 ${m} * ${y}`).nextRun(new Date(Date.UTC(y, m - 1, 1) - 2 * 86_400_000));
      const start = monthStart && monthStart.getTime() - 1 > prev.getTime() ? new Date(monthStart.getTime() - 1) : prev;
      let next = c.nextRun(start);
      while (next && out.length < count) {
        const at = yearMonthIn(next, timeZone);
        if (at.y !== y || at.m !== m) break;
        out.push(next);
        prev = next;
        next = c.nextRun(prev);
      }
    }
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  return out;
}
