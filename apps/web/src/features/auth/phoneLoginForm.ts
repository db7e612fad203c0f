import { PATTERNS, SMS_RESEND_MS } from '@ztj/contracts';
import type { FieldMessage } from './loginForm';

export type PhoneField = 'mobile' | 'code';
export type PhoneValues = Record<PhoneField, string>;
export type PhoneErrors = Partial<Record<PhoneField, FieldMessage>>;

/** The mobile number's message (SPEC §5: required, 11 digits, 1 then 3/4/5/7/8), or undefined when valid. */
export function mobileError(mobile: string): FieldMessage | undefined {
  const m = mobile.trim();
  if (m === '') return { key: 'login.required', params: { field: 'login.mobile' } };
  return PATTERNS.mobile.test(m) ? undefined : { key: 'common:validation.mobile' };
}

/** Client-side checks of the phone sign-in: a valid number (SPEC §5) and a 6-digit code. */
export function validatePhoneLogin(values: PhoneValues): PhoneErrors {
  const errors: PhoneErrors = {};
  const mobile = mobileError(values.mobile);
  if (mobile) errors.mobile = mobile;
  const code = values.code.trim();
  if (code === '') errors.code = { key: 'login.required', params: { field: 'login.smsCode' } };
  else if (!/^\d{6}$/.test(code)) errors.code = { key: 'common:validation.smsCode' };
  return errors;
}

/** Whole seconds left of the 60 s wait after a code was sent at `sentAt` (ms), 0 when another may be asked for. */
export function secondsToResend(sentAt: number | null, now: number, waitMs: number = SMS_RESEND_MS): number {
  if (sentAt === null) return 0;
  return Math.max(0, Math.ceil((sentAt + waitMs - now) / 1000));
}
