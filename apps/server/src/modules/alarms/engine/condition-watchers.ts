import { COMPARISONS, DOOR_EFFECTS, PARAM, type RuleCondition } from '@ztj/contracts';
import type { ConditionState, RulePlaces } from './engine.types';
import { dwellWatcher, geofenceWatcher, routeDeviationWatcher } from './geo-watchers';
import { judged, type ConditionWatcher } from './watcher';

/**
 * Turns the typed conditions of a rule template (contracts `alarms/rule-conditions.ts`) into
 * watchers: pure functions that say, for one reading, whether the condition holds and whether
 * its clear criterion (the hysteresis margin) holds. SPEC §9 comparison, range, door, tilt and
 * free-fall codes; values in the parameter's unit (°C, %RH, %, g, °).
 */

const MIN = 60_000;

/** A numeric test: `hold(v)`, `clear(v)` with the margin applied, `excess(v)`. */
interface NumericTest {
  hold: (v: number) => boolean;
  clear: (v: number) => boolean;
  excess: (v: number) => number;
}

/** Inside `[lo, hi]` holds; clears below `lo − m` or above `hi + m`. */
const inside = (lo: number, hi: number, m: number): NumericTest => ({
  hold: (v) => v >= lo && v <= hi,
  clear: (v) => v < lo - m || v > hi + m,
  excess: (v) => Math.min(v - lo, hi - v),
});

/** Outside `[lo, hi]` holds; clears inside `[lo + m, hi − m]` (the middle when the margin is too wide). */
const outside = (lo: number, hi: number, m: number): NumericTest => {
  const mid = (lo + hi) / 2;
  const a = Math.min(lo + m, mid);
  const b = Math.max(hi - m, mid);
  return { hold: (v) => v < lo || v > hi, clear: (v) => v >= a && v <= b, excess: (v) => Math.max(lo - v, v - hi) };
};

/** The test of threshold comparison `cmp` (SPEC §9: 0 >, 1 <, 2 ≥, 3 ≤, 4 between) with margin `m`. */
function comparisonTest(cmp: number, t: number, t2: number, m: number): NumericTest {
  switch (cmp) {
    case COMPARISONS.greater:
      return { hold: (v) => v > t, clear: (v) => v <= t - m, excess: (v) => v - t };
    case COMPARISONS.less:
      return { hold: (v) => v < t, clear: (v) => v >= t + m, excess: (v) => t - v };
    case COMPARISONS.greaterEqual:
      return { hold: (v) => v >= t, clear: (v) => v < t - m, excess: (v) => v - t };
    case COMPARISONS.lessEqual:
      return { hold: (v) => v <= t, clear: (v) => v > t + m, excess: (v) => t - v };
    default:
      return inside(t, t2, m);
  }
}

/** A watcher over the number `values[param]` (readings without it say nothing). */
function numericWatcher(
  param: string,
  test: NumericTest,
  clearDelayMinutes: number,
  alarmType = param,
): ConditionWatcher {
  return {
    alarmType,
    holdMs: 0,
    clearDelayMs: clearDelayMinutes * MIN,
    excess: test.excess,
    judge(r, _last, out) {
      const v = r.values[param];
      return typeof v === 'number' && judged(out, test.hold(v), test.clear(v), v, v);
    },
  };
}

/** A watcher over a boolean flag: `hold(now, previous)`; readings without the flag say nothing. */
function flagWatcher(
  param: string,
  hold: (now: boolean, last: ConditionState['lastValue']) => boolean,
  clearDelayMinutes: number,
): ConditionWatcher {
  return {
    alarmType: param,
    holdMs: 0,
    clearDelayMs: clearDelayMinutes * MIN,
    excess: () => 0,
    judge(r, last, out) {
      const v = r.values[param];
      if (typeof v !== 'boolean') return false;
      const h = hold(v, last);
      return judged(out, h, !h, null, v);
    },
  };
}

/** Tilt (SPEC §9): |P008| ≥ `degrees` or tip-over flag P059; clears below `degrees − margin` without P059. */
function tiltWatcher(degrees: number, margin: number, clearDelayMinutes: number): ConditionWatcher {
  return {
    alarmType: PARAM.tilt,
    holdMs: 0,
    clearDelayMs: clearDelayMinutes * MIN,
    excess: (v) => v - degrees,
    judge(r, _last, out) {
      const angle = r.values[PARAM.tilt];
      const tip = r.values[PARAM.tipOver];
      const a = typeof angle === 'number' ? Math.abs(angle) : null;
      if (a === null && typeof tip !== 'boolean') return false;
      const hold = tip === true || (a !== null && a >= degrees);
      const clear = tip !== true && (a === null || a < degrees - margin);
      return judged(out, hold, clear, a, a ?? undefined);
    },
  };
}

/** Free fall (SPEC §9): P058 with total vibration P007 above `minG` (P058 alone when P007 is absent). */
function freeFallWatcher(minG: number): ConditionWatcher {
  return {
    alarmType: PARAM.freeFall,
    holdMs: 0,
    clearDelayMs: 0,
    excess: (v) => v - minG,
    judge(r, _last, out) {
      const fall = r.values[PARAM.freeFall];
      if (typeof fall !== 'boolean') return false;
      const g = r.values[PARAM.vibration];
      const value = typeof g === 'number' ? g : null;
      const hold = fall && (value === null || value > minG);
      return judged(out, hold, !hold, value);
    },
  };
}

/** Power off (SPEC §4 events): holds from `power_off`; `power_on` or a later telemetry reading clears. */
const powerOffWatcher: ConditionWatcher = {
  alarmType: 'power_off',
  holdMs: 0,
  clearDelayMs: 0,
  excess: () => 0,
  judge(r, _last, out) {
    if (r.event === 'power_off') return judged(out, true, false, null);
    if (r.event === 'power_on' || (r.event === undefined && Object.keys(r.values).length > 0))
      return judged(out, false, true, null);
    return false;
  },
};

/**
 * Compiles one typed condition (contracts `RuleCondition`) into its watcher; position conditions
 * (geofence, dwell, route deviation) take their fences/routes from `places` (resolved by the rule
 * cache) and never hold without them.
 */
export function compileCondition(c: RuleCondition, places?: RulePlaces): ConditionWatcher {
  switch (c.type) {
    case 'threshold':
      return numericWatcher(
        c.param,
        comparisonTest(c.comparison, c.value, c.valueMax ?? c.value, c.hysteresis.margin),
        c.hysteresis.clearDelayMinutes,
      );
    case 'range': {
      const m = c.hysteresis.margin;
      const test = c.effect === 1 ? inside(c.min, c.max, m) : outside(c.min, c.max, m);
      return numericWatcher(c.param, test, c.hysteresis.clearDelayMinutes);
    }
    case 'duration': {
      const inner = compileCondition(c.condition, places);
      return { ...inner, alarmType: 'T001', holdMs: c.minutes * MIN };
    }
    case 'door': {
      const open = c.effect === DOOR_EFFECTS.whileOpen;
      const closed = c.effect === DOOR_EFFECTS.whileClosed;
      const opened = c.effect === DOOR_EFFECTS.opened;
      return flagWatcher(
        c.param ?? PARAM.door,
        (now, last) => (open ? now : closed ? !now : opened ? now && last === false : !now && last === true),
        c.hysteresis.clearDelayMinutes,
      );
    }
    case 'tilt':
      return tiltWatcher(c.degrees, c.hysteresis.margin, c.hysteresis.clearDelayMinutes);
    case 'freeFall':
      return freeFallWatcher(c.minVibrationG);
    case 'lowBattery':
      return numericWatcher(
        PARAM.battery,
        comparisonTest(COMPARISONS.lessEqual, c.percent, c.percent, c.hysteresis.margin),
        c.hysteresis.clearDelayMinutes,
      );
    case 'offline':
      return {
        alarmType: 'offline',
        holdMs: 0,
        clearDelayMs: 0,
        offlineMs: c.minutes * MIN,
        excess: () => 0,
        judge: (_r, _last, out) => judged(out, false, true, null),
      };
    case 'powerOff':
      return powerOffWatcher;
    case 'geofence':
      return geofenceWatcher(c, places);
    case 'dwell':
      return dwellWatcher(c, places);
    case 'routeDeviation':
      return routeDeviationWatcher(c, places);
  }
}
