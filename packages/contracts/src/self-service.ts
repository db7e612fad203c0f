import { z } from 'zod';
import { MobileSchema, PasswordSchema } from './validation-schemas';
import { PATTERNS } from './patterns';
import { defineRoute } from './route';

/**
 * Self-service account pages: the slider captcha of SPEC §4, registration
 * (/user/register) and password recovery (/user/alteration). Server: apps/server/src/modules/auth/
 * slider-captcha.service.ts, register.ts, recovery.ts, self-service.routes.ts.
 */

/** Lifetime of a slider challenge, and of a verified slider token until it is used (ms): 2 minutes. */
export const SLIDER_TOKEN_TTL_MS = 120_000;
/** Lifetime of the recovery ticket issued after the SMS code was verified (ms): 10 minutes. */
export const RECOVERY_TICKET_TTL_MS = 600_000;

/** One point of a slider drag: `x` px from the track start, `t` ms since the drag started. */
export const SliderPointSchema = z.object({ x: z.number().finite(), t: z.number().finite().min(0) });
export type SliderPoint = z.infer<typeof SliderPointSchema>;

/** `POST /sys/slider/challenge` result: the token the next drag is verified against. */
export const SliderChallengeSchema = z.object({ token: z.string(), expiresInSeconds: z.number().int() });
export type SliderChallenge = z.infer<typeof SliderChallengeSchema>;

/** `POST /sys/slider/verify` body: the challenge token, the track's travel (px) and the drag trace. */
export const SliderVerifyRequestSchema = z.object({
  token: z.string().min(16).max(128),
  width: z.number().finite(),
  trace: z.array(SliderPointSchema).max(1000),
});
export type SliderVerifyRequest = z.infer<typeof SliderVerifyRequestSchema>;

/** Username rule of SPEC §5 as a zod string (message key `validation.username`). */
export const UsernameSchema = z.string().trim().regex(PATTERNS.username, 'validation.username');

/** Six-digit SMS code (message key `validation.smsCode`). */
export const SmsCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'validation.smsCode');

/**
 * `POST /sys/user/register` body: account, password and confirmation (SPEC §5),
 * mobile and its SMS code (purpose register), the verified slider token, and — when the platform
 * registers into tenants by invitation — the tenant's invitation code.
 */
export const RegisterRequestSchema = z
  .object({
    username: UsernameSchema,
    password: PasswordSchema,
    confirmPassword: z.string().min(1, 'validation.required'),
    mobile: MobileSchema,
    smsCode: SmsCodeSchema,
    sliderToken: z.string().min(16).max(128),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'validation.confirmMismatch',
  });
export type RegisterRequest = z.infer<typeof RegisterRequestSchema>;

/** `POST /sys/user/register` result: the new account's name (the result page shows it). */
export const RegisterResultSchema = z.object({ username: z.string() });
export type RegisterResult = z.infer<typeof RegisterResultSchema>;

/** `GET /sys/user/registerConfig` result: whether self-service registration is open on this platform. */
export const RegisterConfigSchema = z.object({ open: z.boolean() });

/** Recovery step 1: the account, by user name or mobile number. */
export const RecoveryAccountSchema = z.string().trim().min(1, 'validation.required').max(64, 'validation.tooLong');
export const RecoveryCodeRequestSchema = z.object({ account: RecoveryAccountSchema });
export type RecoveryCodeRequest = z.infer<typeof RecoveryCodeRequestSchema>;
/** Step 1 answer: always the same, whether or not the account exists or has a phone. */
export const RecoveryCodeResultSchema = z.object({ resendSeconds: z.number().int() });

/** Recovery step 2: the account and the SMS code sent to its phone. */
export const RecoveryVerifyRequestSchema = z.object({ account: RecoveryAccountSchema, code: SmsCodeSchema });
export type RecoveryVerifyRequest = z.infer<typeof RecoveryVerifyRequestSchema>;
/** Step 2 answer: a single-use ticket for step 3 (valid `RECOVERY_TICKET_TTL_MS`). */
export const RecoveryVerifyResultSchema = z.object({ ticket: z.string() });

/** Recovery step 3: the ticket and the new password with its confirmation (SPEC §5). */
export const RecoveryResetRequestSchema = z
  .object({
    ticket: z.string().min(16).max(128),
    password: PasswordSchema,
    confirmPassword: z.string().min(1, 'validation.required'),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'validation.confirmMismatch',
  });
export type RecoveryResetRequest = z.infer<typeof RecoveryResetRequestSchema>;

const tag = 'auth';

/** Route table of the self-service pages; all public, all behind per-address (and per-number/account) limits. */
export const SelfServiceRoutes = {
  sliderChallenge: defineRoute({
    method: 'POST',
    path: '/sys/slider/challenge',
    access: 'public',
    tag,
    summary: 'Issue a slider captcha challenge token (2 min, single use); 429 past the per-client limit',
    result: SliderChallengeSchema,
  }),
  sliderVerify: defineRoute({
    method: 'POST',
    path: '/sys/slider/verify',
    access: 'public',
    tag,
    summary:
      'Verify the drag of a slider challenge (trace plausibility, token single use); the token is then a verified slider token for 2 min',
    body: SliderVerifyRequestSchema,
    result: z.null(),
  }),
  registerConfig: defineRoute({
    method: 'GET',
    path: '/sys/user/registerConfig',
    access: 'public',
    tag,
    summary: 'Whether self-service registration is open',
    result: RegisterConfigSchema,
  }),
  register: defineRoute({
    method: 'POST',
    path: '/sys/user/register',
    access: 'public',
    tag,
    summary:
      'Register an account in the self-service tenant with the least role (verified slider token and SMS code of purpose register required); 429 past the limits',
    body: RegisterRequestSchema,
    result: RegisterResultSchema,
  }),
  recoveryCode: defineRoute({
    method: 'POST',
    path: '/sys/user/recovery/code',
    access: 'public',
    tag,
    summary:
      "Recovery step 1: send a recovery SMS code to the account's phone; the same answer whether or not it exists; 429 past the limits",
    body: RecoveryCodeRequestSchema,
    result: RecoveryCodeResultSchema,
  }),
  recoveryVerify: defineRoute({
    method: 'POST',
    path: '/sys/user/recovery/verify',
    access: 'public',
    tag,
    summary: 'Recovery step 2: check the SMS code; answers a single-use ticket (10 min)',
    body: RecoveryVerifyRequestSchema,
    result: RecoveryVerifyResultSchema,
  }),
  recoveryReset: defineRoute({
    method: 'POST',
    path: '/sys/user/recovery/reset',
    access: 'public',
    tag,
    summary: 'Recovery step 3: set the new password with the ticket; every session of the account is revoked',
    body: RecoveryResetRequestSchema,
    result: z.null(),
  }),
} as const;
