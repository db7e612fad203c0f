import type { TFunction } from 'i18next';
import {
  INTERNATIONAL_REPORT_MIN_MINUTES,
  PERIOD_FIELDS,
  deviceSettingsFor,
  validateDevicePeriods,
  type DevicePeriodError,
  type DevicePeriodMessageKey,
  type FieldError,
  type PeriodField,
  type PeriodLimit,
} from '@ztj/contracts';

/** One period field of a model's edit form with its SPEC §5 limit (minutes). */
export interface PeriodFieldSpec {
  field: PeriodField;
  limit: PeriodLimit;
}

/** The period fields that apply to `model`, in the table's order (empty for gateways and unknown models). */
export function periodFieldsOf(model: string): PeriodFieldSpec[] {
  const periods = deviceSettingsFor(model)?.periods ?? {};
  return PERIOD_FIELDS.flatMap((field) => {
    const limit = periods[field];
    return limit ? [{ field, limit }] : [];
  });
}

/** devices.json key of each period message of the contracts (typed: a missing one is a compile error). */
export const PERIOD_MESSAGE_KEYS: Readonly<Record<DevicePeriodMessageKey, string>> = {
  'validation.unknownModel': 'edit.errors.unknownModel',
  'validation.periodNotApplicable': 'edit.errors.periodNotApplicable',
  'validation.periodNotEditable': 'edit.errors.periodNotEditable',
  'validation.periodInteger': 'edit.errors.periodInteger',
  'validation.periodRange': 'edit.errors.periodRange',
  'validation.periodInternational': 'edit.errors.periodInternational',
  'validation.booleanExpected': 'edit.errors.booleanExpected',
};

function isPeriodMessage(key: string): key is DevicePeriodMessageKey {
  return key in PERIOD_MESSAGE_KEYS;
}

/** The translated text of one `validateDevicePeriods` error, with `{min}`/`{max}` filled in. */
export function periodErrorText(error: Pick<DevicePeriodError, 'message' | 'params'>, t: TFunction): string {
  return t(PERIOD_MESSAGE_KEYS[error.message], { ns: 'devices', min: error.params?.min, max: error.params?.max });
}

/**
 * antd rule of one period field: the contracts' `validateDevicePeriods` for `model` on the value
 * alone (SPEC §5 limits), failing with the translated message. Empty means "unchanged".
 */
export function periodRule(model: string, field: PeriodField, t: TFunction, international: () => boolean) {
  return {
    validator: async (_rule: unknown, value: unknown): Promise<void> => {
      if (value === undefined || value === null || value === '') return;
      const [error] = validateDevicePeriods(model, { [field]: value }, { international: international() });
      if (error) throw new Error(periodErrorText(error, t));
    },
  };
}

/**
 * The server's field errors (code 400 `errors[]`) as antd field entries: period message keys
 * are translated with the model's limits; other texts are shown as the server wrote them.
 */
export function serverFieldErrors(
  errors: readonly FieldError[],
  model: string,
  t: TFunction,
): { name: string; errors: string[] }[] {
  const limits = deviceSettingsFor(model)?.periods ?? {};
  return errors.map((e) => {
    if (!isPeriodMessage(e.message)) return { name: e.field, errors: [e.message] };
    const limit = limits[e.field as PeriodField];
    const params =
      e.message === 'validation.periodInternational'
        ? { min: INTERNATIONAL_REPORT_MIN_MINUTES }
        : limit?.editable
          ? { min: limit.min, max: limit.max }
          : undefined;
    return { name: e.field, errors: [periodErrorText({ message: e.message, params }, t)] };
  });
}
