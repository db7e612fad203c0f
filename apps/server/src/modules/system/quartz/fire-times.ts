import { Cron } from 'croner';
import { QUARTZ_CRONER_OPTIONS, quartzNextRuns, type CronFactory } from '@ztj/contracts';

/** croner configured for Quartz (contracts' QUARTZ_CRONER_OPTIONS). @throws TypeError on a pattern croner refuses */
export const quartzCron: CronFactory = (pattern) => new Cron(pattern, { ...QUARTZ_CRONER_OPTIONS });

/** Next `count` fire times strictly after `from` of a valid Quartz expression (ms epoch). */
export function nextFireTimes(expr: string, from: number, count: number): number[] {
  return quartzNextRuns(expr, new Date(from), count, quartzCron).map((d) => d.getTime());
}

/**
 * Fire times in `(after, until]` (ms epoch), at most `max` (a window of a scheduler tick).
 */
export function fireTimesBetween(expr: string, after: number, until: number, max = 100): number[] {
  const out: number[] = [];
  let from = after;
  while (out.length < max) {
    const [next] = nextFireTimes(expr, from, 1);
    if (next === undefined || next > until) break;
    out.push(next);
    from = next;
  }
  return out;
}

/** Whether croner accepts the expression and it fires at least once after `from`. */
export function firesAgain(expr: string, from: number): boolean {
  try {
    return nextFireTimes(expr, from, 1).length === 1;
  } catch {
    return false;
  }
}
