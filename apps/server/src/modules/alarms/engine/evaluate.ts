import { backfillCondition } from './backfill';
import { completeDue, dueReminders, pruneEpisodes, step } from './condition-lifecycle';
import { byTime, byTs, prepare, slotsOf } from './slots';
import { newJudgement } from './watcher';
import type { AlarmEvent, DeviceAlarmState, EngineReading, EngineResult, EngineRule } from './engine.types';

/**
 * The pure alarm engine (SPEC §3 rule templates, §4 alarm flag, §9 effects): no I/O,
 * no clock — time is the device time of the readings (ms epoch) or the `nowTs` given to `tick`
 * (clock.ts, with `nextDeadline`).
 * State is a plain JSON object per device ({@link DeviceAlarmState}); the input state is never
 * modified, a new one is returned (it may share unchanged parts, such as a condition's
 * `episodes`, with the input: callers treat states as immutable, as the engine does). Every
 * condition of every bound template is its own alarm source, keyed `"<ruleId>#<index>"`; keys of
 * rules no longer bound are dropped.
 */

/**
 * Evaluates one device's `readings` (any order; sorted here by device time) against its bound
 * `rules`. Readings newer than `state.lastSeenTs` advance the live timers; older or equal ones
 * are back-fill, handled by the rule documented in `backfill.ts` (true start, no duplicate when
 * the same data arrives again). Returns the new state and the events (`raised`, `cleared`,
 * `reminder`, `escalated`) in device-time order. Throws nothing.
 *
 * Timers complete at their deadline, not at the next reading (`completeDue`): a condition
 * pending since `s` whose next reading comes after `s + delay` was raised at `s + delay`
 * (`bySilence`), whatever that reading says. Offline is judged by `tick` only: a reading arriving
 * after a long gap clears an active offline alarm but does not raise one for the gap (a buffered
 * back-fill filled it).
 */
export function evaluate(
  state: DeviceAlarmState,
  rules: readonly EngineRule[],
  readings: readonly EngineReading[],
): EngineResult {
  const slots = slotsOf(state.deviceId, rules);
  const s = prepare(state, slots);
  const sorted = readings.length > 1 ? [...readings].sort(byTs) : readings;
  const cut = s.lastSeenTs;
  const allLive = cut === null || sorted.every((r) => r.ts > cut);
  const late = allLive ? [] : sorted.filter((r) => r.ts <= cut);
  const live = allLive ? sorted : sorted.filter((r) => r.ts > cut);
  const events: AlarmEvent[] = [];

  if (late.length > 0)
    for (const { key, ctx } of slots) events.push(...backfillCondition(s.conditions[key]!, ctx, late, cut));
  // the hot loop (every condition of every reading): indexed loops, the states looked up once per
  // call, one scratch judgement — nothing allocated per reading unless it changes something
  const states = slots.map((slot) => s.conditions[slot.key]!);
  const j = newJudgement();
  for (let i = 0; i < live.length; i++) {
    const r = live[i]!;
    for (let k = 0; k < slots.length; k++) {
      const cs = states[k]!;
      const ctx = slots[k]!.ctx;
      if (ctx.watcher.judge(r, cs.lastValue, j)) {
        step(cs, ctx, j, r.ts, events);
        // after the step: a timer the step completes first reports the value held before this reading
        if (j.lastValue !== undefined) cs.lastValue = j.lastValue;
      } else {
        // a reading that says nothing about the condition still tells the time
        if (cs.pendingSince !== null || cs.clearSince !== null) completeDue(cs, ctx, r.ts, false, events);
        if (cs.active) {
          const due = dueReminders(cs, ctx, r.ts);
          for (let e = 0; e < due.length; e++) events.push(due[e]!);
        }
      }
    }
    s.lastSeenTs = r.ts;
  }
  if (s.lastSeenTs !== null) for (const { key } of slots) pruneEpisodes(s.conditions[key]!, s.lastSeenTs);
  return { state: s, events: byTime(events) };
}

/**
 * Marks the active alarms of rule `ruleId` (all its conditions, or only `conditionIndex`) as
 * processed by an operator (SPEC §4 unprocessed → processed): their reminders and escalation stop;
 * they still clear by themselves. Returns a new state.
 */
export function markProcessed(state: DeviceAlarmState, ruleId: string, conditionIndex?: number): DeviceAlarmState {
  const s = JSON.parse(JSON.stringify(state)) as DeviceAlarmState;
  for (const [key, cs] of Object.entries(s.conditions)) {
    const [id, index] = [key.slice(0, key.lastIndexOf('#')), Number(key.slice(key.lastIndexOf('#') + 1))];
    if (id !== ruleId || (conditionIndex !== undefined && index !== conditionIndex) || !cs.active) continue;
    cs.active.processed = true;
    cs.active.nextReminderTs = null;
  }
  return s;
}
