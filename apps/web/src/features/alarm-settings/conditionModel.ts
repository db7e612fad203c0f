import {
  FREE_FALL_MIN_CM,
  FREE_FALL_MIN_VIBRATION_G,
  TILT_ALARM_DEGREES,
  type RuleCondition,
  type RuleConditionType,
  type RuleTemplateInput,
} from '@ztj/contracts';

/** Condition types in the order the editor offers them. */
export const CONDITION_TYPES: readonly RuleConditionType[] = [
  'threshold',
  'range',
  'duration',
  'door',
  'tilt',
  'freeFall',
  'lowBattery',
  'offline',
  'powerOff',
  'geofence',
  'routeDeviation',
  'dwell',
];

/** Position conditions: their place comes from the location / route pickers. */
export const POSITION_CONDITION_TYPES: readonly RuleConditionType[] = ['geofence', 'routeDeviation', 'dwell'];

/** The door parameter: a flag condition without `param` watches it (SPEC §9 door effects 1-4). */
export const DOOR_PARAM = 'P026';

/**
 * On/off parameters a door/flag condition may watch (the contract takes any
 * boolean parameter, the alarm engine watches these): P026 door (the default), P064 plug overload,
 * P011 power supply, P055 socket on, P065 heater on, P066 running.
 */
export const FLAG_PARAMS = [DOOR_PARAM, 'P064', 'P011', 'P055', 'P065', 'P066'] as const;

/** Corridor a new route-deviation condition starts with, metres. */
export const CORRIDOR_DEFAULT_M = 500;

/**
 * A condition as the editor holds it: the contract's fields for its `type`, plus whatever fields
 * the row kept from another type it had before (dropped by {@link conditionToContract}). Numbers
 * may be null while a box is empty.
 */
export type ConditionForm = { type: RuleConditionType } & Record<string, unknown>;

/** Fields the contract reads per condition type (§9 codes; values in the parameter's unit, minutes). */
const FIELDS: Readonly<Record<RuleConditionType, readonly string[]>> = {
  threshold: ['param', 'comparison', 'value', 'valueMax', 'hysteresis'],
  range: ['param', 'effect', 'min', 'max', 'hysteresis'],
  duration: ['minutes', 'condition'],
  door: ['param', 'effect', 'hysteresis'],
  tilt: ['degrees', 'hysteresis'],
  freeFall: ['minHeightCm', 'minVibrationG'],
  lowBattery: ['percent', 'hysteresis'],
  offline: ['minutes'],
  powerOff: [],
  geofence: ['locationId', 'effect', 'hysteresis'],
  routeDeviation: ['routeId', 'corridorM', 'hysteresis'],
  dwell: ['locationId', 'minutes'],
};

/** Suggested limits of a parameter (from paramDefaults), used to prefill a new condition. */
export interface ParamSuggestion {
  low: number | null;
  high: number | null;
}

const noHysteresis = (): { margin: number; clearDelayMinutes: number } => ({ margin: 0, clearDelayMinutes: 0 });

/**
 * A new condition of `type` with the SPEC §9 defaults: tilt 70°, free fall 3 cm / 5 g; thresholds on
 * temperature P003 start at its suggested upper limit; a duration wraps such a threshold, 10 minutes;
 * position conditions start without a place (picked in the editor), geofence on effect 1 enter,
 * a 500 m corridor, a 30-minute dwell; a door/flag condition on the door P026, effect 1 (while open).
 */
export function newCondition(
  type: RuleConditionType,
  suggestion: ParamSuggestion = { low: null, high: null },
): ConditionForm {
  switch (type) {
    case 'threshold':
      return { type, param: 'P003', comparison: 0, value: suggestion.high, valueMax: null, hysteresis: noHysteresis() };
    case 'range':
      return { type, param: 'P003', effect: 2, min: suggestion.low, max: suggestion.high, hysteresis: noHysteresis() };
    case 'duration':
      return { type, minutes: 10, condition: newCondition('threshold', suggestion) };
    case 'door':
      return { type, param: DOOR_PARAM, effect: 1, hysteresis: noHysteresis() };
    case 'tilt':
      return { type, degrees: TILT_ALARM_DEGREES, hysteresis: noHysteresis() };
    case 'freeFall':
      return { type, minHeightCm: FREE_FALL_MIN_CM, minVibrationG: FREE_FALL_MIN_VIBRATION_G };
    case 'lowBattery':
      return { type, percent: 20, hysteresis: noHysteresis() };
    case 'offline':
      return { type, minutes: 30 };
    case 'powerOff':
      return { type };
    case 'geofence':
      return { type, locationId: null, effect: 1, hysteresis: noHysteresis() };
    case 'routeDeviation':
      return { type, routeId: null, corridorM: CORRIDOR_DEFAULT_M, hysteresis: noHysteresis() };
    case 'dwell':
      return { type, locationId: null, minutes: 30 };
  }
}

/** null (an emptied box) → undefined, so the contract reports "required" rather than a type error. */
function clean(value: unknown): unknown {
  if (value === null) return undefined;
  if (typeof value === 'object' && !Array.isArray(value)) {
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, clean(v)]));
  }
  return value;
}

/**
 * The contract object of an edited condition: only the fields of its type; `valueMax` only for
 * comparison 4 (between); a duration's inner condition mapped the same way; a door/flag condition's
 * `param` left out when it is the door P026 (absent = door, as stored before equipment parameters existed). Not
 * validated here: parse the result with the contract schema.
 */
export function conditionToContract(form: ConditionForm): RuleCondition {
  const out: Record<string, unknown> = { type: form.type };
  for (const field of FIELDS[form.type]) {
    if (field === 'valueMax' && form.comparison !== 4) continue;
    if (field === 'param' && form.type === 'door' && (form.param ?? DOOR_PARAM) === DOOR_PARAM) continue;
    if (field === 'condition') {
      const inner = (form.condition ?? newCondition('threshold')) as ConditionForm;
      out.condition = conditionToContract(inner.type === 'range' ? inner : { ...inner, type: 'threshold' });
      continue;
    }
    const value = clean(form[field]);
    if (value !== undefined) out[field] = value;
  }
  return out as RuleCondition;
}

/**
 * The editor's copy of a stored condition (the contract shape is already the editor's shape); a
 * door/flag condition without `param` shows the door P026 in the parameter picker.
 */
export function conditionToForm(condition: RuleCondition): ConditionForm {
  const form = structuredClone(condition) as ConditionForm;
  if (form.type === 'door' && form.param === undefined) form.param = DOOR_PARAM;
  return form;
}

/** Repeat reminder as edited: a switch and its two times (minutes). */
export interface ReminderForm {
  on: boolean;
  everyMinutes: number | null;
  escalateAfterMinutes: number | null;
}

/** Contract reminder of the editor's: null when off; escalation left out when empty. */
export function reminderToContract(form: ReminderForm | undefined): RuleTemplateInput['reminder'] {
  if (!form?.on) return null;
  const out: { everyMinutes: number; escalateAfterMinutes?: number } = { everyMinutes: form.everyMinutes as number };
  if (form.escalateAfterMinutes !== null && form.escalateAfterMinutes !== undefined)
    out.escalateAfterMinutes = form.escalateAfterMinutes;
  return out;
}

/** Editor's reminder of a stored one (off → 30 min suggested when switched on). */
export function reminderToForm(
  reminder: { everyMinutes: number; escalateAfterMinutes?: number } | null | undefined,
): ReminderForm {
  return reminder
    ? { on: true, everyMinutes: reminder.everyMinutes, escalateAfterMinutes: reminder.escalateAfterMinutes ?? null }
    : { on: false, everyMinutes: 30, escalateAfterMinutes: null };
}
