import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { LANDLINE_PATTERN, PATTERNS, UserRoutes } from '@ztj/contracts';
import { callApi } from '../../../platform/http/callApi';
import { isApiError } from '../../../platform/http/ApiError';
import { patternRule } from '../../../platform/forms/formRules';

/** Field rules of the user form from the contracts' SPEC §5 patterns, translated. */
export function userRules(t: TFunction, editingId?: string): Record<string, Rule[]> {
  const required = { required: true, message: t('common:validation.required') };
  return {
    username: [
      required,
      patternRule(PATTERNS.username, 'validation.username', t),
      {
        validateTrigger: 'onBlur',
        validator: async (_r: unknown, value: unknown) => {
          if (typeof value !== 'string' || !PATTERNS.username.test(value)) return;
          try {
            await callApi(UserRoutes.checkOnlyUser, { query: { username: value, id: editingId }, silent: true });
          } catch (error) {
            // The server's translated answer: 'already exists' for a member of this tenant, a generic
            // 'cannot be used' for a reserved name (names of other tenants are not revealed).
            throw new Error(isApiError(error) && error.message ? error.message : t('system:user.exists'));
          }
        },
      },
    ],
    password: [required, patternRule(PATTERNS.password, 'validation.password', t)],
    realname: [
      required,
      patternRule(PATTERNS.realname, 'validation.realname', t),
      patternRule(PATTERNS.noSlash, 'validation.noSlash', t),
    ],
    phone: [required, patternRule(PATTERNS.mobile, 'validation.mobile', t)],
    telephone: [patternRule(LANDLINE_PATTERN, 'validation.landline', t)],
    email: [{ type: 'email', message: t('common:validation.email') }],
    workNo: [patternRule(PATTERNS.noSlash, 'validation.noSlash', t)],
  };
}

/** Confirmation must equal the password (SPEC §5), as an antd rule function. */
export function confirmRule(t: TFunction, field = 'password'): RuleObjectFn {
  return (form) => ({
    validator: async (_r: unknown, value: unknown) => {
      if (!value) throw new Error(t('common:validation.required'));
      if (value !== form.getFieldValue(field)) throw new Error(t('common:validation.confirmMismatch'));
    },
  });
}

type RuleObjectFn = Extract<Rule, (...args: never[]) => unknown>;
