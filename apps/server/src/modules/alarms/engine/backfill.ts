import { learnedAt, raise, step, type StepContext } from './condition-lifecycle';
import { newJudgement } from './watcher';
import {
  emptyConditionState,
  type AlarmEvent,
  type ClearedEvent,
  type ConditionState,
  type EngineReading,
  type RaisedEvent,
} from './engine.types';

/**
 * Back-fill rule (late and back-filled readings, evaluated in device-time order, alarms
 * raised with their true start time and never twice for the same data). Called by `evaluate`
 * for each condition with the call's late readings (sorted) and `liveTs`, the device's
 * `lastSeenTs` before the call; mutates `cs` (a copy; its `episodes` copy-on-write) and returns the events.
 *
 * - A reading is **late** when its device time is ≤ the device's `lastSeenTs`. Late readings of a
 *   call are replayed, in device-time order, through a *scratch* condition state that starts empty
 *   (the live state is not rewound); reminders are off in the replay.
 * - Each episode the replay raises (the condition held for the alarm delay within the late
 *   readings) is compared with the episodes already raised for that condition (`episodes`, kept 7
 *   days of device time): if its interval [start, clear or last holding late reading] overlaps one
 *   of them it is the same episode and is dropped — so a resent batch, or a resent part that starts
 *   in the middle of an episode, raises nothing. Otherwise it is reported with `backfill: true`
 *   and its true start.
 * - **A late episode is never merged into the live state of its condition** (SPEC §2 alarms: a
 *   back-filled episode is its own record). An episode that cleared within the late readings is
 *   reported raised and cleared. One still holding at their end is judged against the in-order
 *   readings:
 *   - a quiet in-order reading (`lastQuietTs`) lies after it, or the condition has a live alarm or
 *     a live pending timer of its own → it is its own, ended episode: cleared at its last holding
 *     late reading (the live alarm or timer keeps its own start and delay; nothing moves back);
 *   - neither → no in-order reading judged the condition since, so the episode is the device's
 *     current one, still active when learned of: it becomes the live active alarm (`backfill`,
 *     its reminders and escalation counting from `liveTs`, see `ActiveAlarm.learnedTs`).
 *   A late tail that held but not for the delay is no episode of its own: it starts the live timer
 *   only when the condition has no live alarm, timer or quiet reading after it (then a timer whose
 *   delay has run by `liveTs` raises at once, `backfill`, true start); otherwise it is left out.
 *   So an episode ended before it was learned of always comes as a raise and its clear from the
 *   same call, which is how the runtime tells it apart (runtime/late-episodes.ts).
 *
 * Known limit: episodes are judged within the late readings of one call; one old episode split
 * over two late calls whose halves do not overlap may be reported twice.
 */
export function backfillCondition(
  cs: ConditionState,
  ctx: StepContext,
  late: readonly EngineReading[],
  liveTs: number | null,
): AlarmEvent[] {
  if (late.length === 0) return [];
  const replayCtx: StepContext = { ...ctx, reminders: false, backfill: true };
  const scratch = emptyConditionState();
  const found: { raised: RaisedEvent; clearTs: number | null; peak: number | null }[] = [];
  let lastHoldTs: number | null = null;
  const verdict = newJudgement();
  for (const r of late) {
    if (!ctx.watcher.judge(r, scratch.lastValue, verdict)) continue;
    if (verdict.hold) lastHoldTs = r.ts;
    const stepped = step(scratch, replayCtx, verdict, r.ts);
    // after the step: a timer the step completes first reports the value held before this reading
    if (verdict.lastValue !== undefined) scratch.lastValue = verdict.lastValue;
    for (const e of stepped) {
      if (e.kind === 'raised') found.push({ raised: e, clearTs: null, peak: e.value });
      if (e.kind === 'cleared') {
        const f = found[found.length - 1]!;
        f.clearTs = e.ts;
        f.peak = e.peak;
      }
    }
  }
  const lastLateTs = late[late.length - 1]!.ts;
  const runsIntoLive = (end: number): boolean => cs.lastQuietTs === null || cs.lastQuietTs <= end;
  const events: AlarmEvent[] = [];

  for (const f of found) {
    const r = f.raised;
    const start = r.startTs;
    const open = f.clearTs === null;
    const end = f.clearTs ?? lastHoldTs ?? lastLateTs;
    if (cs.episodes.some((k) => k.s <= end && (k.e === null || k.e >= start))) continue;
    const peak = open ? (scratch.active?.peak ?? f.peak) : f.peak;
    if (open && runsIntoLive(end) && !cs.active && cs.pendingSince === null) {
      // No in-order verdict after it and no live episode: it is the device's current episode, it stays active.
      events.push(raise(cs, { ...ctx, backfill: true }, start, r.ts, r.value, r.bySilence));
      cs.active!.peak = peak;
      learnedAt(cs, ctx, liveTs ?? lastLateTs);
      continue;
    }
    const clearTs = f.clearTs ?? lastHoldTs ?? lastLateTs;
    cs.episodes = [...cs.episodes, { s: start, e: clearTs }].sort((a, b) => a.s - b.s); // copy-on-write (condition-lifecycle.ts)
    const cleared: ClearedEvent = {
      kind: 'cleared',
      deviceId: r.deviceId,
      ruleId: r.ruleId,
      conditionIndex: r.conditionIndex,
      conditionType: r.conditionType,
      alarmType: r.alarmType,
      severity: r.severity,
      startTs: start,
      ts: clearTs,
      peak,
    };
    events.push(r, cleared);
  }

  // Holding at the end of the late readings but not yet for the delay: starts the live timer when
  // the condition has no live state of its own (never merged into a live alarm or timer).
  if (
    scratch.pendingSince !== null &&
    !cs.active &&
    cs.pendingSince === null &&
    runsIntoLive(lastHoldTs ?? lastLateTs)
  ) {
    cs.pendingSince = scratch.pendingSince;
    cs.pendingPeak = scratch.pendingPeak;
    // the delay may already have run at the latest in-order reading: still active when learned of
    if (liveTs !== null && liveTs - cs.pendingSince >= ctx.delayMs) {
      events.push(raise(cs, { ...ctx, backfill: true }, cs.pendingSince, liveTs, cs.pendingPeak));
      learnedAt(cs, ctx, liveTs);
    }
  }
  return events;
}
