import { z } from 'zod';
import {
  INTERNATIONAL_REPORT_MIN_MINUTES,
  PERIOD_FIELDS,
  REPORT_PERIOD_FIELDS,
  SHUTDOWN_FIELDS,
  type PeriodField,
  type ShutdownField,
} from './models';
import { deviceSettingsFor } from './model-lookup';

/**
 * Period and shutdown settings of a device (SPEC §3, limits SPEC §5), validated once here for the
 * web form and the server (CONVENTIONS §2). Periods are whole **minutes**.
 */

/** Settings a device update may carry: periods in minutes, booleans for the shutdown settings. */
export type DevicePeriods = Partial<Record<PeriodField, number> & Record<ShutdownField, boolean>>;

/** Message keys of period errors (`validation.*`, texts in {@link DEVICE_VALIDATION_MESSAGES}). */
export type DevicePeriodMessageKey =
  | 'validation.unknownModel'
  | 'validation.periodNotApplicable'
  | 'validation.periodNotEditable'
  | 'validation.periodInteger'
  | 'validation.periodRange'
  | 'validation.periodInternational'
  | 'validation.booleanExpected';

/** One field error: `field` is the settings key, `params` fill `{min}`/`{max}` in the message. */
export interface DevicePeriodError {
  field: string;
  message: DevicePeriodMessageKey;
  params?: { min?: number; max?: number };
}

/** Texts of the period message keys in both languages (same shape as `VALIDATION_MESSAGES`). */
export const DEVICE_VALIDATION_MESSAGES = {
  'validation.unknownModel': { 'zh-CN': '未知的设备型号', 'en-US': 'Unknown device model' },
  'validation.periodNotApplicable': {
    'zh-CN': '该型号不支持此设置',
    'en-US': 'This setting does not apply to the device model',
  },
  'validation.periodNotEditable': {
    'zh-CN': '该型号不可修改此周期',
    'en-US': 'This period cannot be changed for the model',
  },
  'validation.periodInteger': { 'zh-CN': '请输入整数分钟', 'en-US': 'Enter whole minutes' },
  'validation.periodRange': {
    'zh-CN': '取值范围为{min}到{max}分钟',
    'en-US': 'Must be between {min} and {max} minutes',
  },
  'validation.periodInternational': {
    'zh-CN': '国际上报周期不能少于{min}分钟',
    'en-US': 'International report periods must be at least {min} minutes',
  },
  'validation.booleanExpected': { 'zh-CN': '请选择是或否', 'en-US': 'Choose yes or no' },
} as const satisfies Record<DevicePeriodMessageKey, { 'zh-CN': string; 'en-US': string }>;

/** Options of {@link validateDevicePeriods}: `international` raises report periods to ≥ 120 min (SPEC §5). */
export interface DevicePeriodOptions {
  international?: boolean;
}

const isPeriodField = (k: string): k is PeriodField => (PERIOD_FIELDS as readonly string[]).includes(k);
const isShutdownField = (k: string): k is ShutdownField => (SHUTDOWN_FIELDS as readonly string[]).includes(k);

/**
 * Checks the period and shutdown settings of `periods` against the limits of `model` (SPEC §5,
 * minutes, inclusive). Keys that are neither period nor shutdown fields are ignored; undefined or
 * null values mean "unchanged". Returns one error per failing field, empty when all pass.
 */
export function validateDevicePeriods(
  model: string,
  periods: Readonly<Record<string, unknown>>,
  options: DevicePeriodOptions = {},
): DevicePeriodError[] {
  const settings = deviceSettingsFor(model);
  if (!settings) return [{ field: 'model', message: 'validation.unknownModel' }];
  const errors: DevicePeriodError[] = [];
  for (const [field, value] of Object.entries(periods)) {
    if (value === undefined || value === null) continue;
    if (isShutdownField(field)) {
      if (!settings.shutdown.includes(field)) errors.push({ field, message: 'validation.periodNotApplicable' });
      else if (typeof value !== 'boolean') errors.push({ field, message: 'validation.booleanExpected' });
      continue;
    }
    if (!isPeriodField(field)) continue;
    const limit = settings.periods[field];
    if (!limit) {
      errors.push({ field, message: 'validation.periodNotApplicable' });
    } else if (!limit.editable) {
      errors.push({ field, message: 'validation.periodNotEditable' });
    } else if (typeof value !== 'number' || !Number.isInteger(value)) {
      errors.push({ field, message: 'validation.periodInteger' });
    } else if (value < limit.min || value > limit.max) {
      errors.push({ field, message: 'validation.periodRange', params: { min: limit.min, max: limit.max } });
    } else if (
      options.international &&
      REPORT_PERIOD_FIELDS.includes(field) &&
      value < INTERNATIONAL_REPORT_MIN_MINUTES
    ) {
      errors.push({
        field,
        message: 'validation.periodInternational',
        params: { min: INTERNATIONAL_REPORT_MIN_MINUTES },
      });
    }
  }
  return errors;
}

const periodShape = Object.fromEntries(PERIOD_FIELDS.map((f) => [f, z.number().optional()])) as Record<
  PeriodField,
  z.ZodOptional<z.ZodNumber>
>;
const shutdownShape = Object.fromEntries(SHUTDOWN_FIELDS.map((f) => [f, z.boolean().optional()])) as Record<
  ShutdownField,
  z.ZodOptional<z.ZodBoolean>
>;

/** Shape of every settings key with its wire type (minutes / boolean), without model limits. */
export const DevicePeriodsSchema = z.object({ ...periodShape, ...shutdownShape });

/**
 * zod schema of the device update body (SPEC §7 `devices update`) for a device of `model`:
 * `id` (terminal number), optional `name` and `alias`, and the settings, checked with
 * {@link validateDevicePeriods} so the server answers the same field errors as the form shows
 * (issue message = key; `params` on the issue carry min/max).
 */
export function deviceUpdateBodySchema(model: string, options: DevicePeriodOptions = {}) {
  return z
    .object({
      id: z.string().trim().min(1, 'validation.required').max(64, 'validation.tooLong'),
      name: z.string().trim().max(50, 'validation.tooLong').optional(),
      alias: z.string().trim().max(50, 'validation.tooLong').optional(),
      ...DevicePeriodsSchema.shape,
    })
    .superRefine((body, ctx) => {
      for (const e of validateDevicePeriods(model, body, options)) {
        ctx.addIssue({ code: 'custom', path: [e.field], message: e.message, params: e.params });
      }
    });
}
/** Parsed device update body (SPEC §7). */
export type DeviceUpdateBody = z.infer<ReturnType<typeof deviceUpdateBodySchema>>;
