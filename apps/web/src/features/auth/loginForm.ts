import type { FieldError } from '@ztj/contracts';

export type LoginField = 'username' | 'password' | 'captcha';
export type LoginValues = Record<LoginField, string>;

/** A field message: a translation key (re-translated when the language changes) or server text. */
export type FieldMessage = { key: string; params?: Record<string, string> } | { text: string };
export type LoginErrors = Partial<Record<LoginField, FieldMessage>>;

const LABEL_KEYS: Record<LoginField, string> = {
  username: 'login.username',
  password: 'login.password',
  captcha: 'login.captcha',
};

/**
 * Client-side checks of the login form: account and password required, the captcha too when
 * shown. Returns the field messages (empty when valid).
 */
export function validateLogin(values: LoginValues, captchaEnabled: boolean): LoginErrors {
  const errors: LoginErrors = {};
  const fields: LoginField[] = captchaEnabled ? ['username', 'password', 'captcha'] : ['username', 'password'];
  for (const field of fields) {
    if (values[field].trim() === '') errors[field] = { key: 'login.required', params: { field: LABEL_KEYS[field] } };
  }
  return errors;
}

/** The server's field errors (validation code 400) that belong to login fields. */
export function serverLoginErrors(errors: readonly FieldError[]): LoginErrors {
  const out: LoginErrors = {};
  for (const e of errors) {
    if (e.field === 'username' || e.field === 'password' || e.field === 'captcha') out[e.field] = { text: e.message };
  }
  return out;
}
