import type { StepContext } from './condition-lifecycle';
import { compileCondition } from './condition-watchers';
import type { ConditionWatcher } from './watcher';
import {
  conditionKey,
  emptyConditionState,
  type AlarmEvent,
  type ConditionState,
  type DeviceAlarmState,
  type EngineRule,
} from './engine.types';

/**
 * The engine's compiled view of a device's rules (one {@link Slot} per condition of every bound
 * template, memoised per rules array) and the state copy every engine call works on; shared by
 * `evaluate` (readings) and `tick` / `nextDeadline` (the clock).
 */

const MIN = 60_000;

/** One condition of one rule, compiled, with its key (`"<ruleId>#<index>"`). */
export interface Slot {
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
export function slotsOf(deviceId: string, rules: readonly EngineRule[]): Slot[] {
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
export function prepare(state: DeviceAlarmState, slots: readonly Slot[]): DeviceAlarmState {
  const conditions: DeviceAlarmState['conditions'] = {};
  for (const { key } of slots) {
    const cs = state.conditions[key];
    conditions[key] = cs ? copyCondition(cs) : emptyConditionState();
  }
  return { v: state.v, deviceId: state.deviceId, lastSeenTs: state.lastSeenTs, conditions };
}

export const byTs = (a: { ts: number }, b: { ts: number }): number => a.ts - b.ts;

/** Events in device-time order (stable: same-time events keep their emission order). */
export const byTime = (events: AlarmEvent[]): AlarmEvent[] => (events.length > 1 ? events.sort(byTs) : events);
