import { step, type StepContext } from './condition-lifecycle';
import { emptyConditionState, type AlarmEvent, type ClearedEvent, type ConditionState, type EngineReading, type RaisedEvent } from './engine.types';

/**
 * Back-fill rule (issue 9: late and back-filled readings, evaluated in device-time order, alarms
 * raised with their true start time and never twice for the same data):
 *
 * - A reading is **late** when its device time is ≤ the device's `lastSeenTs`. Late readings of a
 *   call are replayed, in device-time order, through a *scratch* condition state that starts empty
 *   (the live state is not rewound); reminders are off in the replay.
 * - Each episode the replay raises (the condition held for the alarm delay) is compared with the
 *   episodes already raised for that condition (`episodes`, kept 7 days of device time): if its
 *   interval [start, clear or last late reading] overlaps one of them it is the same episode and is
 *   dropped — so a resent batch, or a batch that only partly overlaps a live episode, raises
 *   nothing. Otherwise it is reported with `backfill: true` and its true start; when it did not
 *   clear within the late readings it is cleared at the last late reading (the later in-order
 *   readings had already shown the condition not holding).
 * - An episode still holding at the end of the late readings that runs into the live one — no
 *   in-order reading where the condition did not hold lies after it (`lastQuietTs` ≤ its end) — is
 *   merged: a live pending timer moves back to the episode's start (so the raise carries the true
 *   start and may come sooner); a live active alarm stays as raised (no second alarm).
 *
 * Known limit: episodes are only judged within the late readings of one call (plus that merge);
 * a late batch that splits one old episode in two calls may report it as two back-filled alarms
 * when the halves do not overlap.
 */
export function backfillCondition(cs: ConditionState, ctx: StepContext, late: readonly EngineReading[]): AlarmEvent[] {
  if (late.length === 0) return [];
  const replayCtx: StepContext = { ...ctx, reminders: false, backfill: true };
  const scratch = emptyConditionState();
  const found: { raised: RaisedEvent; clearTs: number | null; peak: number | null }[] = [];
  let lastHoldTs: number | null = null;
  for (const r of late) {
    const { verdict, lastValue } = ctx.watcher.judge(r, scratch.lastValue);
    if (lastValue !== undefined) scratch.lastValue = lastValue;
    if (!verdict) continue;
    if (verdict.hold) lastHoldTs = r.ts;
    for (const e of step(scratch, replayCtx, verdict, r.ts)) {
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
    const start = f.raised.startTs;
    const open = f.clearTs === null;
    const end = f.clearTs ?? lastHoldTs ?? lastLateTs;
    if (cs.episodes.some((k) => k.s <= end && (k.e === null || k.e >= start))) continue;
    if (open && runsIntoLive(end)) {
      if (cs.active) continue;
      if (cs.pendingSince !== null) {
        cs.pendingSince = Math.min(cs.pendingSince, start);
        continue;
      }
    }
    const r = f.raised;
    const clearTs = f.clearTs ?? lastLateTs;
    const peak = open ? (scratch.active?.peak ?? f.peak) : f.peak;
    cs.episodes.push({ s: start, e: clearTs });
    cs.episodes.sort((a, b) => a.s - b.s);
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

  // Holding at the end of the late readings but not yet for the delay: extend a live pending timer.
  if (scratch.pendingSince !== null && cs.pendingSince !== null && runsIntoLive(lastHoldTs ?? lastLateTs)) {
    cs.pendingSince = Math.min(cs.pendingSince, scratch.pendingSince);
  }
  return events;
}
