import { completeDue, conditionDeadline, dueReminders } from './condition-lifecycle';
import { byTime, prepare, slotsOf, type Slot } from './slots';
import type { AlarmEvent, DeviceAlarmState, EngineResult, EngineRule, EpisodeRef, RaisedEvent } from './engine.types';

/**
 * The engine's clock side: what happens to a device when time passes without a reading. Every
 * condition that depends on time completes at its deadline (device-time scale), not at the next
 * reading: a pending condition raises at start + delay (duration T001, dwell and the rule's alarm
 * delay alike), a clear criterion clears at its start + clear delay, an offline condition begins
 * holding once no reading came for its minutes, reminders and the escalation fall due. Pure, like
 * `evaluate`; the runtime calls `tick` only for devices whose {@link nextDeadline} has come.
 */

/** The other conditions' episodes a raise by silence links with (see `RaisedEvent.linked`). */
function linkSilence(s: DeviceAlarmState, slots: readonly Slot[], events: readonly AlarmEvent[]): void {
  const raised = events.filter((e): e is RaisedEvent => e.kind === 'raised');
  if (raised.length === 0) return;
  const offline: EpisodeRef[] = [];
  const others: EpisodeRef[] = [];
  for (const { key, ctx } of slots) {
    const a = s.conditions[key]!.active;
    if (!a) continue;
    const ref = { ruleId: ctx.ruleId, conditionIndex: ctx.conditionIndex, startTs: a.startTs };
    (ctx.watcher.offlineMs !== undefined ? offline : others).push(ref);
  }
  const isSelf = (e: RaisedEvent, r: EpisodeRef): boolean =>
    r.ruleId === e.ruleId && r.conditionIndex === e.conditionIndex && r.startTs === e.startTs;
  const offlineRaised = raised.some((e) => e.conditionType === 'offline');
  for (const e of raised) {
    // an offline raise names the alarms it found active; a raise by silence names an offline alarm
    // raised earlier (one raised in this same tick already names it)
    const refs =
      e.conditionType === 'offline'
        ? others.filter((r) => !isSelf(e, r))
        : e.bySilence && !offlineRaised
          ? offline
          : [];
    if (refs.length > 0) e.linked = refs;
  }
}

/**
 * Advances time without a reading, to `nowTs` (ms epoch on the device-time scale; the runtime's
 * clock): completes every timer whose deadline is at or before `nowTs` at that deadline
 * (`completeDue`: such raises are `bySilence`), raises `offline` conditions once no reading came
 * for their minutes (start = last reading + those minutes, raised at start + the alarm delay) and
 * sends due reminders and escalations. An offline raise and a raise by silence of the same device
 * are linked (`RaisedEvent.linked`). A `nowTs` earlier than the last reading changes nothing.
 */
export function tick(state: DeviceAlarmState, rules: readonly EngineRule[], nowTs: number): EngineResult {
  const slots = slotsOf(state.deviceId, rules);
  const s = prepare(state, slots);
  const events: AlarmEvent[] = [];
  if (s.lastSeenTs === null || nowTs < s.lastSeenTs) return { state: s, events };
  for (const { key, ctx } of slots) {
    const cs = s.conditions[key]!;
    const offlineMs = ctx.watcher.offlineMs;
    if (offlineMs !== undefined && !cs.active && cs.pendingSince === null && nowTs - s.lastSeenTs >= offlineMs)
      cs.pendingSince = s.lastSeenTs + offlineMs;
    if (cs.pendingSince !== null || cs.clearSince !== null) completeDue(cs, ctx, nowTs, true, events);
    if (cs.active) events.push(...dueReminders(cs, ctx, nowTs));
  }
  linkSilence(s, slots, events);
  return { state: s, events: byTime(events) };
}

/**
 * The earliest device time (ms epoch) at which `tick` would change `state`: a pending raise, a
 * clear delay, a reminder, an escalation, or the start of an offline condition's silence (last
 * reading + its minutes). Null when nothing is due however long the device stays silent. Costs one
 * pass over the device's conditions; the runtime keeps the answer in its deadline queue.
 */
export function nextDeadline(state: DeviceAlarmState, rules: readonly EngineRule[]): number | null {
  let due = Infinity;
  for (const { key, ctx } of slotsOf(state.deviceId, rules)) {
    const cs = state.conditions[key];
    const d = cs ? conditionDeadline(cs, ctx) : null;
    if (d !== null && d < due) due = d;
    // a condition without state yet (a rule bound since the last call) is idle
    const offlineMs = ctx.watcher.offlineMs;
    if (offlineMs !== undefined && !cs?.active && (cs?.pendingSince ?? null) === null && state.lastSeenTs !== null)
      due = Math.min(due, state.lastSeenTs + offlineMs);
  }
  return due === Infinity ? null : due;
}
