import { Cron } from 'croner';
import { QUARTZ_CRONER_OPTIONS, QUARTZ_TIME_ZONE, quartzCronIssues, quartzNextRuns } from '@ztj/contracts';
import cronstrue from 'cronstrue';
import 'cronstrue/locales/zh_CN';

/**
 * The next `count` fire times of a Quartz expression after `from` (croner configured for Quartz,
 * contracts' QUARTZ_CRONER_OPTIONS); [] when the expression is not valid (SPEC §5).
 */
export function nextFireTimes(expr: string, count = 5, from: Date = new Date()): Date[] {
  if (quartzCronIssues(expr).length) return [];
  try {
    return quartzNextRuns(expr, from, count, (p) => new Cron(p, { ...QUARTZ_CRONER_OPTIONS }));
  } catch {
    return [];
  }
}

/** A fire time as `YYYY-MM-DD HH:mm:ss` in the jobs' time zone (Asia/Shanghai). */
export function formatFireTime(d: Date): string {
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone: QUARTZ_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(d);
}

/** Human-readable text of a Quartz expression in `lang` (cronstrue, Quartz weekdays); null when invalid. */
export function describeCron(expr: string, lang: string): string | null {
  if (quartzCronIssues(expr).length) return null;
  try {
    return cronstrue.toString(expr, {
      locale: lang === 'en-US' ? 'en' : 'zh_CN',
      dayOfWeekStartIndexZero: false,
      use24HourTimeFormat: true,
      throwExceptionOnParseError: true,
    });
  } catch {
    return null;
  }
}
