import type { AlarmSeverity, DeviceEventType, RuleConditionType, RuleTemplate } from '@ztj/contracts';
import type { Fence, PreparedRoute } from '../../../platform/geo';

/**
 * Types of the pure alarm engine (SPEC §3 rule template, §4 alarm flag, §9 effects).
 * All times are **ms since the Unix epoch, device clock**; values are in the units of the
 * parameter table (°C, %RH, %, g, °).
 */

/**
 * One reading of one device: `values` keyed by parameter code (`{P003: -18.2}`), optional
 * WGS-84 position, optional device event of SPEC §4 (`power_off`, `power_on`…). An event-only
 * reading has `values: {}`.
 */
export interface EngineReading {
  ts: number;
  values: Readonly<Record<string, number | boolean | string>>;
  lat?: number | null;
  lng?: number | null;
  event?: DeviceEventType;
}

/**
 * A template bound to the device: `id` is stable per binding (template id), used as state key.
 * `places`: the fences and routes its position conditions name (resolved by the rule cache).
 */
export interface EngineRule {
  id: string;
  template: RuleTemplate;
  places?: RulePlaces;
}

/** The raised alarm of one rule condition (no id: the store assigns it). */
export interface ActiveAlarm {
  /** When the condition began holding (true start, device ms). */
  startTs: number;
  /** When the engine raised it (start + delay: the confirming reading, or the deadline when the clock decided), device ms. */
  raisedTs: number;
  /** Worst value seen during the episode (unit of the parameter), null for non-numeric conditions. */
  peak: number | null;
  /** True once the operator processed it (stops reminders; see `markProcessed`). */
  processed: boolean;
  /** Device time of the next reminder, null when the rule has none or it is processed. */
  nextReminderTs: number | null;
  /** Reminders sent so far. */
  reminders: number;
  /** True once the escalation was sent. */
  escalated: boolean;
  /**
   * Set on an alarm found in back-filled (late) readings that became the live alarm: the device
   * time the engine learned of it (the device's `lastSeenTs` then), ms. Reminders and the
   * escalation count from it, not from `raisedTs`, so an episode learned late is not followed by a
   * burst of overdue reminders. Absent otherwise (and in states stored before it existed).
   */
  learnedTs?: number;
}

/** One episode that was raised, kept to refuse raising it twice (back-fill, resent batches). */
export interface RaisedEpisode {
  /** Start, device ms. */
  s: number;
  /** End (clear time), device ms, or null while active. */
  e: number | null;
}

/** Per device × rule × condition state: plain JSON, so it can be stored and a restart loses no timer. */
export interface ConditionState {
  /** Device time the condition began holding while no alarm is active, else null. */
  pendingSince: number | null;
  /** Worst value seen while pending (becomes the alarm's first peak), null when none. */
  pendingPeak: number | null;
  /** Device time the clear criterion began holding while an alarm is active, else null. */
  clearSince: number | null;
  active: ActiveAlarm | null;
  /** Last value of the watched parameter (door transitions, power state). */
  lastValue: number | boolean | string | null;
  /** Device time of the latest in-order reading where the condition did not hold (back-fill merge). */
  lastQuietTs: number | null;
  /** Raised episodes within {@link EPISODE_HORIZON_MS} of the last reading, oldest first. */
  episodes: RaisedEpisode[];
}

/** Engine state of one device. `conditions` is keyed by {@link conditionKey}. */
export interface DeviceAlarmState {
  /** Schema version of this object. */
  v: 1;
  deviceId: string;
  /** Latest device time seen from this device (any reading), null before the first one. */
  lastSeenTs: number | null;
  conditions: Record<string, ConditionState>;
}

/** Fields every event carries. */
interface EventBase {
  deviceId: string;
  ruleId: string;
  /** Index of the condition in the template's `conditions`. */
  conditionIndex: number;
  conditionType: RuleConditionType;
  /** Alarm type: the parameter code watched (P003…), T001 for a duration, or the condition type. */
  alarmType: string;
  severity: AlarmSeverity;
  /** True start of the episode, device ms. */
  startTs: number;
  /** Device time of this event, ms. */
  ts: number;
}

/** One episode of another condition of the same device: its rule, condition and true start (device ms). */
export interface EpisodeRef {
  ruleId: string;
  conditionIndex: number;
  startTs: number;
}

/**
 * A new alarm (flag 1 of SPEC §4). `value`: the reading that confirmed it, or for a raise decided
 * by the clock the last value seen holding (null when non-numeric).
 */
export interface RaisedEvent extends EventBase {
  kind: 'raised';
  value: number | null;
  /** True when found in back-filled (late) readings. */
  backfill: boolean;
  /**
   * True when the clock decided it: its deadline (start + delay) passed with no reading at that
   * moment and nothing since brought the condition back — the device was silent. `ts` is then the
   * deadline itself, not the time the engine noticed. Offline alarms are always raised by silence.
   */
  bySilence: boolean;
  /**
   * The device's other alarms this silence links it with: on an offline raise, the active alarms
   * of its other conditions; on a raise by silence, the device's active offline alarms. Absent when none.
   */
  linked?: EpisodeRef[];
}
/** The alarm cleared: the clear criterion (margin) held for the clear delay. */
export interface ClearedEvent extends EventBase {
  kind: 'cleared';
  peak: number | null;
}
/** Repeat reminder number `count` (1, 2…). */
export interface ReminderEvent extends EventBase {
  kind: 'reminder';
  count: number;
}
/** Escalation to the second recipient group. */
export interface EscalatedEvent extends EventBase {
  kind: 'escalated';
}
/** What the engine reports, in device-time order. */
export type AlarmEvent = RaisedEvent | ClearedEvent | ReminderEvent | EscalatedEvent;

/** Result of `evaluate` and `tick`: the new state (the input is not modified) and the events. */
export interface EngineResult {
  state: DeviceAlarmState;
  events: AlarmEvent[];
}

/** How long raised episodes are remembered for duplicate detection: 7 days of device time, ms. */
export const EPISODE_HORIZON_MS = 7 * 24 * 3600_000;
/** Most remembered episodes per condition (oldest dropped first). */
export const EPISODES_MAX = 64;
/** Most reminders emitted for one condition in one call; further missed slots are skipped. */
export const REMINDER_CATCH_UP_MAX = 10;

/** State key of condition `index` of rule `ruleId`: `"<ruleId>#<index>"`. */
export function conditionKey(ruleId: string, index: number): string {
  return `${ruleId}#${index}`;
}

/** The state of a device that has sent nothing yet. */
export function emptyDeviceState(deviceId: string): DeviceAlarmState {
  return { v: 1, deviceId, lastSeenTs: null, conditions: {} };
}

/** A condition that has seen nothing yet. */
export function emptyConditionState(): ConditionState {
  return {
    pendingSince: null,
    pendingPeak: null,
    clearSince: null,
    active: null,
    lastValue: null,
    lastQuietTs: null,
    episodes: [],
  };
}

/** Fences and routes a rule's position conditions name, resolved when rules are loaded. */
export interface RulePlaces {
  /** Enabled fences by location id. */
  locations: ReadonlyMap<string, Fence>;
  /** Prepared polylines by route id. */
  routes: ReadonlyMap<string, PreparedRoute>;
}
