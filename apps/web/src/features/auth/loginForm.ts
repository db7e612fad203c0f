import { ResultCode, type FieldError } from '@ztj/contracts';

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

/** What the form shows after a refused sign-in. */
export interface LoginFailure {
  /** Messages beside the fields. */
  errors: LoginErrors;
  /** The message above the form, or null when the field messages already say it. */
  alert: string | null;
  /** The server wants the image captcha (a field error on `captcha`): show it with a new image. */
  captchaRequired: boolean;
}

/**
 * Reads a refused sign-in: the server's field errors go beside their fields, and one on
 * `captcha` means the captcha is now required (after failed attempts, or a wrong or expired
 * code); the message goes above the form unless a field message repeats it or it is a
 * validation failure with field messages — e.g. the 429 "try again in N seconds" answer and
 * "wrong user name or password" are shown there. `error` null (no server answer) shows `fallback`.
 */
export function loginFailure(
  error: { code: number; message: string; errors: readonly FieldError[] } | null,
  fallback: string,
): LoginFailure {
  if (!error) return { errors: {}, alert: fallback, captchaRequired: false };
  const errors = serverLoginErrors(error.errors);
  const fieldsSayIt =
    Object.keys(errors).length > 0 &&
    (error.code === ResultCode.BAD_REQUEST || error.errors.some((e) => e.message === error.message));
  return {
    errors,
    alert: fieldsSayIt ? null : error.message || fallback,
    captchaRequired: error.errors.some((e) => e.field === 'captcha'),
  };
}
