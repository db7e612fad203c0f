import { PATTERNS, type FieldError } from '@ztj/contracts';
import type { FieldMessage } from '../loginForm';

/** Field messages of the self-service forms (keys of the `register` namespace, or server text). */
export type FieldErrors<F extends string> = Partial<Record<F, FieldMessage>>;

const required = (label: string): FieldMessage => ({ key: 'register:required', params: { field: label } });

/** SPEC §5 user name: required; letters, digits, underscore, 4-18 long. */
export function usernameError(v: string, label: string): FieldMessage | undefined {
  if (!v.trim()) return required(label);
  return PATTERNS.username.test(v.trim()) ? undefined : { key: 'common:validation.username' };
}

/** SPEC §5 password: required; 8+ characters mixing digits, upper and lower case, symbols. */
export function passwordError(v: string, label: string): FieldMessage | undefined {
  if (!v) return required(label);
  return PATTERNS.password.test(v) ? undefined : { key: 'common:validation.password' };
}

/** Confirmation: required and equal to the password (SPEC §5 change-password rule). */
export function confirmError(v: string, password: string, label: string): FieldMessage | undefined {
  if (!v) return required(label);
  return v === password ? undefined : { key: 'common:validation.confirmMismatch' };
}

/** SPEC §5 mobile: required; 11 digits, 1 then 3/4/5/7/8. */
export function mobileFieldError(v: string, label: string): FieldMessage | undefined {
  if (!v.trim()) return required(label);
  return PATTERNS.mobile.test(v.trim()) ? undefined : { key: 'common:validation.mobile' };
}

/** A 6-digit SMS code. */
export function smsCodeError(v: string, label: string): FieldMessage | undefined {
  if (!v.trim()) return required(label);
  return /^\d{6}$/.test(v.trim()) ? undefined : { key: 'common:validation.smsCode' };
}

/** Drops the undefined entries of a field → message map. */
export function compact<F extends string>(errors: Record<F, FieldMessage | undefined>): FieldErrors<F> {
  return Object.fromEntries(Object.entries(errors).filter(([, m]) => m !== undefined)) as FieldErrors<F>;
}

/** The server's field errors that belong to `fields`, as server text. */
export function serverFieldErrors<F extends string>(
  errors: readonly FieldError[],
  fields: readonly F[],
): FieldErrors<F> {
  const out: FieldErrors<F> = {};
  for (const e of errors) if ((fields as readonly string[]).includes(e.field)) out[e.field as F] = { text: e.message };
  return out;
}
