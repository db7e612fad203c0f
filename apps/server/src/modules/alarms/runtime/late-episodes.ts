import type { AlarmEvent } from '../engine';

/**
 * Episodes the server learns of late (SPEC §2 alarms, push, scenes: back-filled data — a truck's
 * buffered readings after a dead zone, a logger's memory read out — must not send stale
 * notifications). Pure: the batch (alarm-batch.ts) calls {@link classifyLate} on one device's
 * engine events with the receive time of the readings that produced them, before the events are
 * written; the announcer (alarm-announcer.ts) acts on the verdicts.
 *
 * An episode is **learned late** when the engine found it in back-filled readings (its raise
 * carries `backfill`, engine/backfill.ts) or when its raise, though in device-time order, lies more
 * than {@link LATE_AFTER_MS} of device time before the server received the readings that reported
 * it. Learned late, it is recorded with its true times and the back-fill flag (`alarm.backfill`),
 * and:
 * - `ended` — its clear is reported by the same engine call: it had already ended before it was
 *   learned of. Its raise, reminders, escalation and clear are stored but announced to nobody: no
 *   push, no console notice, no scene command.
 * - `active` — still holding when learned of: its raise is announced once, marked late (the
 *   message says when it was learned, `alarm.createdAt`); the reminders and the escalation the
 *   engine caught up on in the same call are not announced (its later ones are, as usual).
 * Events of episodes learned on time carry no verdict.
 */

/**
 * Device time behind the server's receive time beyond which a raise is learned late, ms (10
 * minutes): far beyond ingest and batching delays (seconds) and the device clock drift the ingest
 * accepts (`DEVICE_TIME_MAX_FUTURE_MS`, 5 minutes), far below a dead zone's buffered hour.
 */
export const LATE_AFTER_MS = 10 * 60_000;

/** Verdict on one event of an episode learned late (see the module comment). */
export type LateVerdict = 'ended' | 'active' | 'caughtUp';

/** Key of an event's episode: rule, condition, true start. */
const episodeOf = (e: AlarmEvent): string => `${e.ruleId}#${e.conditionIndex}@${e.startTs}`;

/**
 * Classifies one device's events of one engine call (device-time order). `learnedAt`: the latest
 * server receive time (ms) of the readings of the call, null when none (a clock tick, device
 * events only: then only the engine's own `backfill` makes an episode late). Returns the events
 * (the raise of a late episode as a copy with `backfill: true`, the others as given) and, per
 * event index, its verdict: `ended` for every event of an ended episode, `active` for the raise
 * of one still active, `caughtUp` for that episode's reminders and escalation of this call.
 * Throws nothing.
 */
export function classifyLate(
  events: readonly AlarmEvent[],
  learnedAt: number | null,
): { events: AlarmEvent[]; verdicts: (LateVerdict | undefined)[] } {
  const late = new Map<string, 'ended' | 'active'>();
  for (const e of events) {
    if (e.kind !== 'raised') continue;
    if (e.backfill || (learnedAt !== null && learnedAt - e.ts > LATE_AFTER_MS)) late.set(episodeOf(e), 'active');
  }
  if (late.size === 0) return { events: [...events], verdicts: events.map(() => undefined) };
  for (const e of events) if (e.kind === 'cleared' && late.has(episodeOf(e))) late.set(episodeOf(e), 'ended');
  const out: AlarmEvent[] = [];
  const verdicts: (LateVerdict | undefined)[] = [];
  for (const e of events) {
    const v = late.get(episodeOf(e));
    out.push(v && e.kind === 'raised' && !e.backfill ? { ...e, backfill: true } : e);
    verdicts.push(v === 'ended' ? 'ended' : v === 'active' ? (e.kind === 'raised' ? 'active' : 'caughtUp') : undefined);
  }
  return { events: out, verdicts };
}
