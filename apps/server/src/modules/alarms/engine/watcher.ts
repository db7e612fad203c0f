import type { ConditionState, EngineReading } from './engine.types';

/** The shape every compiled condition takes (condition-watchers.ts, geo-watchers.ts) and its verdicts. */

/**
 * What one reading says about one condition: `hold` (the alarm condition is true), `clear`
 * (the clear criterion, past the margin, is true; never true together with `hold`), `value` (the
 * numeric value judged, or null). `since` overrides the device time the holding began (offline).
 */
export interface Verdict {
  hold: boolean;
  clear: boolean;
  value: number | null;
  since?: number;
}

/**
 * A verdict as a watcher's `judge` writes it into the caller's scratch object, with the value to
 * keep as the condition's `lastValue` (undefined: keep the old one). The caller reads it before
 * the next judgement; nothing keeps it.
 */
export interface Judgement extends Verdict {
  lastValue: ConditionState['lastValue'] | undefined;
}

/** A scratch {@link Judgement} for {@link ConditionWatcher.judge}. */
export function newJudgement(): Judgement {
  return { hold: false, clear: false, value: null, since: undefined, lastValue: undefined };
}

/** Writes a verdict into `out` and answers true (the reading says something about the condition). */
export function judged(
  out: Judgement,
  hold: boolean,
  clear: boolean,
  value: number | null,
  lastValue?: ConditionState['lastValue'],
): true {
  out.hold = hold;
  out.clear = clear;
  out.value = value;
  out.since = undefined;
  out.lastValue = lastValue;
  return true;
}

/** A compiled condition. */
export interface ConditionWatcher {
  /** Alarm type of its alarms: the watched parameter code, `T001` (duration), `offline`, `power_off`. */
  alarmType: string;
  /** Minutes the condition must hold by itself (duration T001), ms; added to the rule's delay. */
  holdMs: number;
  /** Clear delay of its hysteresis, ms. */
  clearDelayMs: number;
  /** No-data time of an offline condition, ms; undefined for the others. */
  offlineMs?: number;
  /**
   * Judges reading `r` given the condition's previous `lastValue`: writes the verdict and the value
   * to keep as `lastValue` into `out` and answers true, or answers false (`out` untouched) when
   * the reading says nothing about the condition. Written into a scratch object rather than
   * answered as a new one: it runs for every condition of every reading.
   */
  judge(r: EngineReading, last: ConditionState['lastValue'], out: Judgement): boolean;
  /** How far into the alarm a value is (larger is worse), to keep the episode's peak. */
  excess(v: number): number;
}
