import { backfillCondition } from './backfill';
import { dueReminders, pruneEpisodes, step, type StepContext } from './condition-lifecycle';
import { compileCondition } from './condition-watchers';
import { newJudgement, type ConditionWatcher } from './watcher';
import {
  conditionKey,
  emptyConditionState,
  type AlarmEvent,
  type ConditionState,
  type DeviceAlarmState,
  type EngineReading,
  type EngineResult,
  type EngineRule,
} from './engine.types';

/**
 * The pure alarm engine (SPEC §3 rule templates, §4 alarm flag, §9 effects): no I/O,
 * no clock — time is the device time of the readings (ms epoch) or the `nowTs` given to `tick`.
 * State is a plain JSON object per device ({@link DeviceAlarmState}); the input state is never
 * modified, a new one is returned (it may share unchanged parts, such as a condition's
 * `episodes`, with the input: callers treat states as immutable, as the engine does). Every
 * condition of every bound template is its own alarm source, keyed `"<ruleId>#<index>"`; keys of
 * rules no longer bound are dropped.
 */

const MIN = 60_000;

/** One condition of one rule, compiled, with its key. */
interface Slot {
  key: string;
  ctx: StepContext;
}

/**
 * Compiled slots by rules array: the runtime passes the same array (its rule-cache snapshot) for a
 * device until the rules change, so the conditions are compiled once per snapshot, not per call.
 * The cached entry is only reused for the same device id (its events carry it).
 */
const compiled = new WeakMap<readonly EngineRule[], { deviceId: string; slots: Slot[] }>();

/** Compiles the rules' conditions for `deviceId` (memoised per rules array, see {@link compiled}). */
function slotsOf(deviceId: string, rules: readonly EngineRule[]): Slot[] {
  const hit = compiled.get(rules);
  if (hit && hit.deviceId === deviceId) return hit.slots;
  const slots = compileSlots(deviceId, rules);
  compiled.set(rules, { deviceId, slots });
  return slots;
}

/**
 * Compiled watchers by rule object: watchers are pure functions of a condition and the rule's
 * places, so the devices that share a rule object (the rule cache gives every device bound to one
 * template the same one) share its watchers — one compiled route corridor, not one per device.
 * Recompiled when the rule's `places` is another object than the one compiled with.
 */
const watchers = new WeakMap<EngineRule, { places: EngineRule['places']; list: ConditionWatcher[] }>();

function watchersOf(rule: EngineRule): ConditionWatcher[] {
  const hit = watchers.get(rule);
  if (hit && hit.places === rule.places) return hit.list;
  const list = rule.template.conditions.map((c) => compileCondition(c, rule.places));
  watchers.set(rule, { places: rule.places, list });
  return list;
}

function compileSlots(deviceId: string, rules: readonly EngineRule[]): Slot[] {
  const slots: Slot[] = [];
  for (const rule of rules) {
    const compiled = watchersOf(rule);
    rule.template.conditions.forEach((condition, conditionIndex) => {
      const watcher = compiled[conditionIndex]!;
      slots.push({
        key: conditionKey(rule.id, conditionIndex),
        ctx: {
          watcher,
          delayMs: rule.template.delayMinutes * MIN + watcher.holdMs,
          reminder: rule.template.reminder,
          deviceId,
          ruleId: rule.id,
          conditionIndex,
          conditionType: condition.type,
          severity: rule.template.severity,
          reminders: true,
          backfill: false,
        },
      });
    });
  }
  return slots;
}

/**
 * A copy of one condition state deep enough that the engine's mutations never reach the input:
 * its own `active`; `episodes` is shared, the lifecycle replaces it rather than changing it
 * (copy-on-write, see `condition-lifecycle.ts`). Written field by field (the fields of
 * {@link ConditionState}): an object spread here cost more than the rest of a reading's evaluation.
 */
function copyCondition(cs: ConditionState): ConditionState {
  return {
    pendingSince: cs.pendingSince,
    pendingPeak: cs.pendingPeak,
    clearSince: cs.clearSince,
    active: cs.active ? { ...cs.active } : null,
    lastValue: cs.lastValue,
    lastQuietTs: cs.lastQuietTs,
    episodes: cs.episodes,
  };
}

/** A copy of `state` (its {@link DeviceAlarmState} fields) holding exactly the conditions of `slots` (new ones empty); the input is not touched. */
function prepare(state: DeviceAlarmState, slots: readonly Slot[]): DeviceAlarmState {
  const conditions: DeviceAlarmState['conditions'] = {};
  for (const { key } of slots) {
    const cs = state.conditions[key];
    conditions[key] = cs ? copyCondition(cs) : emptyConditionState();
  }
  return { v: state.v, deviceId: state.deviceId, lastSeenTs: state.lastSeenTs, conditions };
}

const byTs = (a: { ts: number }, b: { ts: number }): number => a.ts - b.ts;

/** Events in device-time order (stable: same-time events keep their emission order). */
const byTime = (events: AlarmEvent[]): AlarmEvent[] => (events.length > 1 ? events.sort(byTs) : events);

/**
 * Evaluates one device's `readings` (any order; sorted here by device time) against its bound
 * `rules`. Readings newer than `state.lastSeenTs` advance the live timers; older or equal ones
 * are back-fill, handled by the rule documented in `backfill.ts` (true start, no duplicate when
 * the same data arrives again). Returns the new state and the events (`raised`, `cleared`,
 * `reminder`, `escalated`) in device-time order. Throws nothing.
 *
 * Silence is judged by `tick` only: a reading arriving after a long gap clears an active offline
 * alarm but does not raise one for the gap (a buffered back-fill filled it).
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
        if (j.lastValue !== undefined) cs.lastValue = j.lastValue;
        step(cs, ctx, j, r.ts, events);
      } else if (cs.active) {
        const due = dueReminders(cs, ctx, r.ts);
        for (let e = 0; e < due.length; e++) events.push(due[e]!);
      }
    }
    s.lastSeenTs = r.ts;
  }
  if (s.lastSeenTs !== null) for (const { key } of slots) pruneEpisodes(s.conditions[key]!, s.lastSeenTs);
  return { state: s, events: byTime(events) };
}

/**
 * Advances time without a reading, to `nowTs` (ms epoch on the device-time scale; driven later by
 * a timer): raises `offline` conditions once no reading came for their minutes (start = last
 * reading + those minutes, the alarm delay counted from there) and sends due reminders and
 * escalations. A `nowTs` earlier than the last reading changes nothing. Pure, like `evaluate`.
 */
export function tick(state: DeviceAlarmState, rules: readonly EngineRule[], nowTs: number): EngineResult {
  const slots = slotsOf(state.deviceId, rules);
  const s = prepare(state, slots);
  const events: AlarmEvent[] = [];
  if (s.lastSeenTs === null || nowTs < s.lastSeenTs) return { state: s, events };
  for (const { key, ctx } of slots) {
    const cs = s.conditions[key]!;
    const offlineMs = ctx.watcher.offlineMs;
    if (offlineMs !== undefined && nowTs - s.lastSeenTs >= offlineMs) {
      events.push(...step(cs, ctx, { hold: true, clear: false, value: null, since: s.lastSeenTs + offlineMs }, nowTs));
    } else {
      events.push(...dueReminders(cs, ctx, nowTs));
    }
  }
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
