import { z } from 'zod';
import { getParameter, isParameterCode } from '../devices/parameters';
import { FenceRadiusSchema } from '../logistics/places-api';

/**
 * Typed conditions of a rule template (SPEC §2 settings → rule templates, §3 rule template
 * "content", §9 scene comparison and effect codes). Every value is in the unit of its
 * parameter's row in `devices/parameters.ts` (°C, %RH, %, g, °…); times are whole minutes.
 * Error messages are `validation.*` keys of `VALIDATION_MESSAGES` (both languages).
 */

/** Largest alarm delay, clear delay, duration, offline time, reminder or escalation time: one day, minutes. */
export const ALARM_MINUTES_MAX = 1440;

/** Scene comparison codes of SPEC §9: 0 greater, 1 less, 2 greater-equal, 3 less-equal, 4 between. */
export const COMPARISONS = { greater: 0, less: 1, greaterEqual: 2, lessEqual: 3, between: 4 } as const;
/** A comparison code 0-4 (SPEC §9). */
export type Comparison = (typeof COMPARISONS)[keyof typeof COMPARISONS];

/**
 * Range effects used by the `range` condition (SPEC §9 range effect 1 inside, 2 outside; effects
 * 3 greater and 4 less are the `threshold` comparisons 0 and 1, effect 5 "equal" has no use on a
 * measured value and is not offered).
 */
export const RANGE_EFFECTS = { inside: 1, outside: 2 } as const;
/** A range effect code 1 or 2 (SPEC §9). */
export type RangeEffect = (typeof RANGE_EFFECTS)[keyof typeof RANGE_EFFECTS];

/**
 * Open/close door effects 1-4 of SPEC §9 over P026 (true = open). SPEC gives only the numbers;
 * this project reads them as: 1 alarm while the door is open, 2 alarm while it is closed,
 * 3 alarm when it opens (closed → open), 4 alarm when it closes (open → closed).
 * Effects 3 and 4 are moments: the alarm clears on the next reading of P026.
 */
export const DOOR_EFFECTS = { whileOpen: 1, whileClosed: 2, opened: 3, closed: 4 } as const;
/** A door effect code 1-4 (SPEC §9). */
export type DoorEffect = (typeof DOOR_EFFECTS)[keyof typeof DOOR_EFFECTS];

/** Tilt event angle of SPEC §9, degrees: 70 or more. */
export const TILT_ALARM_DEGREES = 70;
/** Free fall of SPEC §9: a fall of more than 3 cm … */
export const FREE_FALL_MIN_CM = 3;
/** … with a total vibration above 5 g. */
export const FREE_FALL_MIN_VIBRATION_G = 5;

/**
 * Whole minutes from `min` (0 or 1) to {@link ALARM_MINUTES_MAX}; below `min` the message is
 * `validation.ruleMinutesNegative` (delays may be 0) or `validation.ruleDurationNotPositive`.
 */
export const minutesSchema = (min: 0 | 1): z.ZodNumber =>
  z
    .number()
    .int('validation.ruleMinutesInteger')
    .min(min, min === 0 ? 'validation.ruleMinutesNegative' : 'validation.ruleDurationNotPositive')
    .max(ALARM_MINUTES_MAX, 'validation.ruleMinutesTooLong');

/** A numeric parameter code of SPEC §3 (P003 temperature °C, P004 humidity %RH, P005 battery %…). */
const NumericParameterSchema = z.string().superRefine((code, ctx) => {
  if (!isParameterCode(code)) ctx.addIssue({ code: 'custom', message: 'validation.ruleUnknownParameter', input: code });
  else if (getParameter(code)?.valueType !== 'number')
    ctx.addIssue({ code: 'custom', message: 'validation.ruleNotNumeric', input: code });
});

/** Clear rule of a condition: `margin` in the parameter's unit (≥ 0), `clearDelayMinutes` 0…1440. */
export const HysteresisSchema = z.object({
  /** The value must come back past the limit by this much before the alarm may clear (°C, %RH, %, °…). */
  margin: z.number().min(0, 'validation.ruleMarginNegative').max(1e6).default(0),
  /** The clear criterion must hold this many minutes before the alarm clears (0 = at once). */
  clearDelayMinutes: minutesSchema(0).default(0),
});
/** Hysteresis of one condition (clear margin and clear delay per condition). */
export type Hysteresis = z.infer<typeof HysteresisSchema>;

const hysteresis = HysteresisSchema.default({ margin: 0, clearDelayMinutes: 0 });

/** Adds `validation.ruleValueOutOfRange` when `value` lies outside the physical range of `param`. */
function checkInRange(param: string, value: number | undefined, path: string, ctx: z.RefinementCtx): void {
  const def = getParameter(param);
  if (value === undefined || !def || def.valueType !== 'number') return;
  if (value < def.range[0] || value > def.range[1]) {
    ctx.addIssue({
      code: 'custom',
      path: [path],
      message: 'validation.ruleValueOutOfRange',
      params: { min: def.range[0], max: def.range[1] },
      input: value,
    });
  }
}

/**
 * Threshold on a numeric parameter (SPEC §9 comparison 0-4): `value` is the limit; comparison 4
 * "between" also needs `valueMax` > `value` and holds when value ≤ x ≤ valueMax.
 * E.g. `{type:'threshold', param:'P003', comparison:0, value:-15}` = temperature above −15 °C.
 */
export const ThresholdConditionSchema = z
  .object({
    type: z.literal('threshold'),
    param: NumericParameterSchema,
    comparison: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
    value: z.number(),
    valueMax: z.number().optional(),
    hysteresis,
  })
  .superRefine((c, ctx) => {
    checkInRange(c.param, c.value, 'value', ctx);
    checkInRange(c.param, c.valueMax, 'valueMax', ctx);
    if (c.comparison === COMPARISONS.between) {
      if (c.valueMax === undefined)
        ctx.addIssue({ code: 'custom', path: ['valueMax'], message: 'validation.required', input: c.valueMax });
      else if (c.valueMax <= c.value)
        ctx.addIssue({
          code: 'custom',
          path: ['valueMax'],
          message: 'validation.ruleEndNotAfterStart',
          input: c.valueMax,
        });
    }
  });
/** See {@link ThresholdConditionSchema}. */
export type ThresholdCondition = z.infer<typeof ThresholdConditionSchema>;

/** Range inside (effect 1) or outside (effect 2) `[min, max]` of a numeric parameter; `max` > `min` (SPEC §5). */
export const RangeConditionSchema = z
  .object({
    type: z.literal('range'),
    param: NumericParameterSchema,
    effect: z.union([z.literal(1), z.literal(2)]),
    min: z.number(),
    max: z.number(),
    hysteresis,
  })
  .superRefine((c, ctx) => {
    checkInRange(c.param, c.min, 'min', ctx);
    checkInRange(c.param, c.max, 'max', ctx);
    if (c.max <= c.min)
      ctx.addIssue({ code: 'custom', path: ['max'], message: 'validation.ruleEndNotAfterStart', input: c.max });
  });
/** See {@link RangeConditionSchema}. */
export type RangeCondition = z.infer<typeof RangeConditionSchema>;

/**
 * Duration (alarm type T001, SPEC §3): the inner threshold or range condition must hold
 * `minutes` (1…1440) without a break before the alarm is raised. Its hysteresis is the inner one's.
 */
export const DurationConditionSchema = z.object({
  type: z.literal('duration'),
  minutes: minutesSchema(1),
  condition: z.discriminatedUnion('type', [ThresholdConditionSchema, RangeConditionSchema]),
});
/** See {@link DurationConditionSchema}. */
export type DurationCondition = z.infer<typeof DurationConditionSchema>;

/** A boolean parameter code (P026 door, P011 power supply, P055 socket on, P064 overload, P065 heater…). */
const BooleanParameterSchema = z.string().superRefine((code, ctx) => {
  if (!isParameterCode(code)) ctx.addIssue({ code: 'custom', message: 'validation.ruleUnknownParameter', input: code });
  else if (getParameter(code)?.valueType !== 'boolean')
    ctx.addIssue({ code: 'custom', message: 'validation.ruleNotBoolean', input: code });
});
/**
 * Door effect 1-4 (SPEC §9, see {@link DOOR_EFFECTS}) over P026, or over another on/off parameter
 * `param` (P064 plug overload, P011 power supply, P055 socket, P065 heater,
 * P066 running), read as true = open: 1 while true, 2 while false, 3 becomes true, 4 becomes false.
 * E.g. `{type:'door', param:'P011', effect:2}` = meter power cut; the alarm type is the parameter code.
 */
export const DoorConditionSchema = z.object({
  type: z.literal('door'),
  /** The watched on/off parameter; absent = the door P026. */
  param: BooleanParameterSchema.optional(),
  effect: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
  hysteresis,
});
/** See {@link DoorConditionSchema}. */
export type DoorCondition = z.infer<typeof DoorConditionSchema>;

/** Tilt (SPEC §9): |P008| ≥ `degrees` (default 70°) or the device's tip-over flag P059. */
export const TiltConditionSchema = z.object({
  type: z.literal('tilt'),
  degrees: z
    .number()
    .gt(0, 'validation.ruleValueOutOfRange')
    .max(180, 'validation.ruleValueOutOfRange')
    .default(TILT_ALARM_DEGREES),
  hysteresis,
});
/** See {@link TiltConditionSchema}. */
export type TiltCondition = z.infer<typeof TiltConditionSchema>;

/**
 * Free fall (SPEC §9): the device's free-fall flag P058 (it judges the fall height, `minHeightCm`
 * default 3 cm, a device setting) with total vibration P007 above `minVibrationG` (default 5 g);
 * a reading with P058 but no P007 counts on the device's word.
 */
export const FreeFallConditionSchema = z.object({
  type: z.literal('freeFall'),
  minHeightCm: z
    .number()
    .gt(0, 'validation.ruleValueOutOfRange')
    .max(10_000, 'validation.ruleValueOutOfRange')
    .default(FREE_FALL_MIN_CM),
  minVibrationG: z
    .number()
    .min(0, 'validation.ruleValueOutOfRange')
    .max(200, 'validation.ruleValueOutOfRange')
    .default(FREE_FALL_MIN_VIBRATION_G),
});
/** See {@link FreeFallConditionSchema}. */
export type FreeFallCondition = z.infer<typeof FreeFallConditionSchema>;

/** Low battery: P005 ≤ `percent` (0…100 %); clears at `percent + margin`. */
export const LowBatteryConditionSchema = z.object({
  type: z.literal('lowBattery'),
  percent: z.number().min(0, 'validation.ruleValueOutOfRange').max(100, 'validation.ruleValueOutOfRange'),
  hysteresis,
});
/** See {@link LowBatteryConditionSchema}. */
export type LowBatteryCondition = z.infer<typeof LowBatteryConditionSchema>;

/** Signal loss: no reading for `minutes` (1…1440) of device time (device offline). */
export const OfflineConditionSchema = z.object({ type: z.literal('offline'), minutes: minutesSchema(1) });
/** See {@link OfflineConditionSchema}. */
export type OfflineCondition = z.infer<typeof OfflineConditionSchema>;

/** Power-off event (SPEC §4 device events): holds from `power_off` until `power_on`. */
export const PowerOffConditionSchema = z.object({ type: z.literal('powerOff') });
/** See {@link PowerOffConditionSchema}. */
export type PowerOffCondition = z.infer<typeof PowerOffConditionSchema>;

/** Position effects of SPEC §9 for the `geofence` condition: 1 enter, 2 leave, 6 both. */
export const POSITION_EFFECTS = { enter: 1, leave: 2, both: 6 } as const;
/** A position effect code 1, 2 or 6 (SPEC §9). */
export type PositionEffect = (typeof POSITION_EFFECTS)[keyof typeof POSITION_EFFECTS];

/** Largest clear margin of a position condition, metres (1000 km). */
const POSITION_MARGIN_MAX_M = 1_000_000;

/** Id of a location (`logistics_location`) or route (`logistics_route`) of the tenant. */
const PlaceIdSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .max(64, 'validation.tooLong');

/** Hysteresis of a position condition: `margin` in metres (≥ 0), `clearDelayMinutes` 0…1440. */
const positionHysteresis = HysteresisSchema.extend({
  margin: z
    .number()
    .min(0, 'validation.ruleMarginNegative')
    .max(POSITION_MARGIN_MAX_M, 'validation.ruleValueOutOfRange')
    .default(0),
}).default({ margin: 0, clearDelayMinutes: 0 });

/**
 * Geofence (SPEC §9 position effect; parameter P001 fence) on a location's fence (circle of its
 * radius, or its polygon), judged on the reading's WGS-84 position (readings without one say
 * nothing; a disabled or deleted fence never holds):
 * - effect 1 enter: raised when a position inside follows one outside (a crossing seen by the
 *   device's own fixes; the first fix inside is not an entry); active while inside, clears once
 *   the device is more than `margin` m outside the edge;
 * - effect 2 leave: raised when a position outside follows one inside; active while outside,
 *   clears once the device is more than `margin` m inside the edge;
 * - effect 6 both: raised at each crossing, a moment that clears at the next position (like the
 *   door's opens/closes effects); with an alarm delay it never raises.
 */
export const GeofenceConditionSchema = z.object({
  type: z.literal('geofence'),
  locationId: PlaceIdSchema,
  effect: z.union([z.literal(1), z.literal(2), z.literal(6)], { error: 'validation.required' }),
  hysteresis: positionHysteresis,
});
/** See {@link GeofenceConditionSchema}. */
export type GeofenceCondition = z.infer<typeof GeofenceConditionSchema>;

/**
 * Route deviation (parameter P002 preset route): holds while the reading's position is farther
 * than `corridorM` metres (SPEC §5 fence radius: > 0, ≤ 1000 km, `validation.fenceRadius`) from the route's polyline origin → waypoints →
 * destination; clears within `corridorM − margin`. Overspeed needs no type of its own: it is a
 * `threshold` on speed P013 (km/h).
 */
export const RouteDeviationConditionSchema = z.object({
  type: z.literal('routeDeviation'),
  routeId: PlaceIdSchema,
  corridorM: FenceRadiusSchema,
  hysteresis: positionHysteresis,
});
/** See {@link RouteDeviationConditionSchema}. */
export type RouteDeviationCondition = z.infer<typeof RouteDeviationConditionSchema>;

/**
 * Dwell: the device stays inside the location's fence for `minutes` (1…1440) of device time without
 * a position outside (alarm type P001); clears at the first position outside.
 */
export const DwellConditionSchema = z.object({
  type: z.literal('dwell'),
  locationId: PlaceIdSchema,
  minutes: minutesSchema(1),
});
/** See {@link DwellConditionSchema}. */
export type DwellCondition = z.infer<typeof DwellConditionSchema>;

/** One typed condition of a rule template, discriminated by `type`. */
export const RuleConditionSchema = z.discriminatedUnion('type', [
  ThresholdConditionSchema,
  RangeConditionSchema,
  DurationConditionSchema,
  DoorConditionSchema,
  TiltConditionSchema,
  FreeFallConditionSchema,
  LowBatteryConditionSchema,
  OfflineConditionSchema,
  PowerOffConditionSchema,
  GeofenceConditionSchema,
  RouteDeviationConditionSchema,
  DwellConditionSchema,
]);
/** See {@link RuleConditionSchema}. */
export type RuleCondition = z.infer<typeof RuleConditionSchema>;
/** The `type` of a condition. */
export type RuleConditionType = RuleCondition['type'];
