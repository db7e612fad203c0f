import type { FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import type { FieldError, ValidationMessageKey } from '@ztj/contracts';

/** An antd form rule shaped like `{ validator }`. */
export interface ValidatorRule {
  validator: (rule: unknown, value: unknown) => Promise<void>;
}

/** Translates a contracts message key (`validation.*`); any other text becomes 'invalid value'. */
export function translateValidation(message: string, t: TFunction): string {
  return message.startsWith('validation.') ? t(`common:${message}`) : t('common:validation.invalid');
}

/**
 * An antd form rule from a contracts pattern (SPEC §5 rules written once) and its message key.
 * Patterns rather than the zod schemas: a schema would bring zod into the console's entry bundle.
 * Empty values are left to the `required` rule.
 */
export function patternRule(pattern: RegExp, messageKey: ValidationMessageKey, t: TFunction): ValidatorRule {
  return {
    validator: async (_rule, value) => {
      if (value === undefined || value === null || value === '') return;
      if (typeof value !== 'string' || !pattern.test(value)) throw new Error(translateValidation(messageKey, t));
    },
  };
}

/** Shows the server's field errors (code 400 `errors[]`) beside the fields; returns how many matched. */
export function applyServerFieldErrors(form: FormInstance, errors: readonly FieldError[]): number {
  const known = new Set(Object.keys(form.getFieldsValue(true) as Record<string, unknown>));
  const fields = errors.filter((e) => known.has(e.field)).map((e) => ({ name: e.field, errors: [e.message] }));
  form.setFields(fields);
  return fields.length;
}
