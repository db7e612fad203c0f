import type { AlarmSeverity, Reminder, RuleConditionType } from '@ztj/contracts';
import type { ConditionWatcher, Verdict } from './watcher';
import {
  EPISODE_HORIZON_MS,
  EPISODES_MAX,
  REMINDER_CATCH_UP_MAX,
  type AlarmEvent,
  type ClearedEvent,
  type ConditionState,
  type RaisedEvent,
} from './engine.types';

/**
 * Lifecycle of one device × rule × condition: idle → pending (holding, the
 * alarm delay running) → active (raised) → clearing (clear criterion past the margin, the clear
 * delay running) → idle; reminders and one escalation while active and unprocessed. Every function
 * mutates the `ConditionState` it is given (callers pass a copy whose `active` is its own) and
 * returns the events. `episodes` is copy-on-write: the array and its items are never changed in
 * place, a new array is assigned, so a copy may share it with the state it was made from.
 */

const MIN = 60_000;

/** What a step needs besides the state: the rule's timing and the fields every event carries. */
export interface StepContext {
  watcher: ConditionWatcher;
  /** Rule alarm delay plus the condition's own hold time (duration T001), ms. */
  delayMs: number;
  reminder: Reminder | null;
  deviceId: string;
  ruleId: string;
  conditionIndex: number;
  conditionType: RuleConditionType;
  severity: AlarmSeverity;
  /** False in the back-fill pass (no reminders for old episodes). */
  reminders: boolean;
  /** True in the back-fill pass: raised events carry `backfill: true`. */
  backfill: boolean;
}

/** The fields shared by all events of this condition for an episode started at `startTs`. */
function base(ctx: StepContext, startTs: number, ts: number): Omit<ClearedEvent, 'kind' | 'peak'> {
  return {
    deviceId: ctx.deviceId,
    ruleId: ctx.ruleId,
    conditionIndex: ctx.conditionIndex,
    conditionType: ctx.conditionType,
    alarmType: ctx.watcher.alarmType,
    severity: ctx.severity,
    startTs,
    ts,
  };
}

/**
 * Keeps the episodes that ended within {@link EPISODE_HORIZON_MS} before `ts`, at most
 * {@link EPISODES_MAX} (the oldest ended ones go first; the active one is always kept).
 */
export function pruneEpisodes(cs: ConditionState, ts: number): void {
  if (cs.episodes.length === 0) return;
  const horizon = ts - EPISODE_HORIZON_MS;
  if (cs.episodes.length <= EPISODES_MAX && cs.episodes.every((e) => e.e === null || e.e >= horizon)) return; // nothing to drop: same array
  const kept = cs.episodes.filter((e) => e.e === null || e.e >= horizon);
  while (kept.length > EPISODES_MAX) {
    const i = kept.findIndex((e) => e.e !== null);
    if (i < 0) break;
    kept.splice(i, 1);
  }
  cs.episodes = kept;
}

/** The worse (further into the alarm) of `peak` and `value`; nulls are ignored. */
export function worsePeak(ctx: StepContext, peak: number | null, value: number | null): number | null {
  if (value === null) return peak;
  if (peak === null) return value;
  return ctx.watcher.excess(value) > ctx.watcher.excess(peak) ? value : peak;
}

/**
 * Raises the alarm of an episode started at `startTs`, confirmed at `ts` with `value`; `bySilence`
 * when the clock confirmed it (its deadline passed without a reading, see {@link completeDue}).
 */
export function raise(
  cs: ConditionState,
  ctx: StepContext,
  startTs: number,
  ts: number,
  value: number | null,
  bySilence = false,
): RaisedEvent {
  cs.active = {
    startTs,
    raisedTs: ts,
    peak: worsePeak(ctx, cs.pendingPeak, value),
    processed: false,
    nextReminderTs: ctx.reminder && ctx.reminders ? ts + ctx.reminder.everyMinutes * MIN : null,
    reminders: 0,
    escalated: false,
  };
  cs.pendingSince = null;
  cs.pendingPeak = null;
  cs.clearSince = null;
  cs.episodes = [...cs.episodes, { s: startTs, e: null }];
  return { kind: 'raised', ...base(ctx, startTs, ts), value, backfill: ctx.backfill, bySilence };
}

/**
 * Marks the alarm just raised from back-filled readings as learned at device time `learnedTs`
 * (see `ActiveAlarm.learnedTs`): its first reminder falls due one period after it, not after its raise.
 */
export function learnedAt(cs: ConditionState, ctx: StepContext, learnedTs: number): void {
  const a = cs.active!;
  a.learnedTs = learnedTs;
  a.nextReminderTs = ctx.reminder && ctx.reminders ? learnedTs + ctx.reminder.everyMinutes * MIN : null;
}

/** Clears the active alarm at `ts`. */
function clear(cs: ConditionState, ctx: StepContext, ts: number): AlarmEvent {
  const a = cs.active!;
  const ep = cs.episodes.find((e) => e.s === a.startTs && e.e === null);
  if (ep) cs.episodes = cs.episodes.map((e) => (e === ep ? { ...e, e: ts } : e));
  cs.active = null;
  cs.clearSince = null;
  cs.pendingSince = null;
  cs.pendingPeak = null;
  return { kind: 'cleared', ...base(ctx, a.startTs, ts), peak: a.peak };
}

/** The value a raise decided by the clock reports: the last value judged (it held), else the pending peak. */
function lastHeldValue(cs: ConditionState): number | null {
  return typeof cs.lastValue === 'number' ? cs.lastValue : cs.pendingPeak;
}

/**
 * Completes the timers whose deadline device time `t` has passed (or reached, when `inclusive`):
 * the last verdict still stands until a reading says otherwise, so a condition pending since `s`
 * raises at `s + delayMs` and a clear criterion holding since `c` clears at `c + clearDelayMs`
 * (reminders due by then first) — at the deadline, whether a reading or the timer comes next,
 * and whatever the reading says. A raise made here is `bySilence`. `evaluate` calls it before
 * each reading with `inclusive` false (a deadline at the reading's own time is the reading's to
 * decide, with its value), `tick` with true. Appends to `out`.
 */
export function completeDue(
  cs: ConditionState,
  ctx: StepContext,
  t: number,
  inclusive: boolean,
  out: AlarmEvent[],
): void {
  if (!cs.active && cs.pendingSince !== null) {
    const due = cs.pendingSince + ctx.delayMs;
    if (due < t || (inclusive && due === t)) out.push(raise(cs, ctx, cs.pendingSince, due, lastHeldValue(cs), true));
  }
  if (cs.active && cs.clearSince !== null) {
    const due = cs.clearSince + ctx.watcher.clearDelayMs;
    if (due < t || (inclusive && due === t)) {
      const reminders = dueReminders(cs, ctx, due);
      for (let i = 0; i < reminders.length; i++) out.push(reminders[i]!);
      out.push(clear(cs, ctx, due));
    }
  }
}

/**
 * The earliest device time at which {@link completeDue} or {@link dueReminders} would change this
 * condition (pending raise, clear delay, next reminder, escalation), or null when none is set.
 */
export function conditionDeadline(cs: ConditionState, ctx: StepContext): number | null {
  const a = cs.active;
  if (!a) return cs.pendingSince === null ? null : cs.pendingSince + ctx.delayMs;
  let due = cs.clearSince === null ? Infinity : cs.clearSince + ctx.watcher.clearDelayMs;
  const r = ctx.reminder;
  if (!a.processed && r && ctx.reminders) {
    if (a.nextReminderTs !== null) due = Math.min(due, a.nextReminderTs);
    if (r.escalateAfterMinutes !== undefined && !a.escalated)
      due = Math.min(due, (a.learnedTs ?? a.raisedTs) + r.escalateAfterMinutes * MIN);
  }
  return due === Infinity ? null : due;
}

/**
 * Applies one verdict at device time `ts`: first completes the timers whose deadline passed
 * before it ({@link completeDue}), then starts or cancels the pending timer, raises once the
 * condition held `delayMs` (true start = when it began holding), keeps the peak, clears once the
 * clear criterion held the clear delay (a value between the limit and the margin neither raises
 * again nor clears: no flapping), then sends due reminders. The events are appended to `out`
 * (a new array when none is given), which is returned.
 */
export function step(
  cs: ConditionState,
  ctx: StepContext,
  v: Verdict,
  ts: number,
  out: AlarmEvent[] = [],
): AlarmEvent[] {
  if (cs.pendingSince !== null || cs.clearSince !== null) completeDue(cs, ctx, ts, false, out);
  if (!v.hold) cs.lastQuietTs = ts;
  if (!cs.active) {
    if (v.hold) {
      cs.pendingSince ??= v.since ?? ts;
      cs.pendingPeak = worsePeak(ctx, cs.pendingPeak, v.value);
      if (ts - cs.pendingSince >= ctx.delayMs) out.push(raise(cs, ctx, cs.pendingSince, ts, v.value));
    } else {
      cs.pendingSince = null;
      cs.pendingPeak = null;
    }
  } else {
    const a = cs.active;
    if (v.hold || a.peak !== null) a.peak = worsePeak(ctx, a.peak, v.value);
    const due = dueReminders(cs, ctx, ts);
    for (let i = 0; i < due.length; i++) out.push(due[i]!);
    if (v.clear) {
      cs.clearSince ??= ts;
      if (ts - cs.clearSince >= ctx.watcher.clearDelayMs) out.push(clear(cs, ctx, ts));
    } else {
      cs.clearSince = null;
    }
  }
  return out;
}

/** The shared empty result of {@link dueReminders} (never appended to). */
const NO_EVENTS: readonly AlarmEvent[] = Object.freeze([]);

/**
 * Reminders due up to `ts` (each at its scheduled device time, at most {@link REMINDER_CATCH_UP_MAX}
 * per call; older missed slots are skipped) and the escalation once `escalateAfterMinutes` passed
 * since the raise (for an alarm learned late, since `learnedTs`), while the alarm is active and unprocessed.
 */
export function dueReminders(cs: ConditionState, ctx: StepContext, ts: number): readonly AlarmEvent[] {
  const a = cs.active;
  const r = ctx.reminder;
  if (!a || a.processed || !r || !ctx.reminders) return NO_EVENTS;
  const events: AlarmEvent[] = [];
  const every = r.everyMinutes * MIN;
  if (a.nextReminderTs !== null && a.nextReminderTs <= ts) {
    const due = Math.floor((ts - a.nextReminderTs) / every) + 1;
    const skipped = Math.max(0, due - REMINDER_CATCH_UP_MAX);
    a.reminders += skipped;
    a.nextReminderTs += skipped * every;
    while (a.nextReminderTs <= ts) {
      a.reminders += 1;
      events.push({ kind: 'reminder', ...base(ctx, a.startTs, a.nextReminderTs), count: a.reminders });
      a.nextReminderTs += every;
    }
  }
  if (r.escalateAfterMinutes !== undefined && !a.escalated) {
    const at = (a.learnedTs ?? a.raisedTs) + r.escalateAfterMinutes * MIN;
    if (at <= ts) {
      a.escalated = true;
      events.push({ kind: 'escalated', ...base(ctx, a.startTs, at) });
    }
  }
  return events.sort((x, y) => x.ts - y.ts);
}
