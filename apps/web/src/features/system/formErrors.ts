import type { FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import { isApiError } from '../../platform/http/ApiError';
import { applyServerFieldErrors } from '../../platform/forms/formRules';

/**
 * After a failed save: puts the server's field errors (code 400) beside the fields, translating
 * `validation.*` keys. Returns true when at least one field showed an error.
 */
export function showServerFieldErrors(form: FormInstance, error: unknown, t: TFunction): boolean {
  if (!isApiError(error) || error.errors.length === 0) return false;
  const translated = error.errors.map((e) => ({
    field: e.field,
    message: e.message.startsWith('validation.') ? t(`common:${e.message}`) : e.message,
  }));
  return applyServerFieldErrors(form, translated) > 0;
}
