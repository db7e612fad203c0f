import { z } from 'zod';
import { LoginResultSchema } from './auth';
import { defineRoute } from './route';
import { MobileSchema } from './validation-schemas';

/**
 * Third-party sign-in types (SPEC §7 `thirdLogin/{token}/{thirdType}`):
 * 1 WeChat (Open Platform website QR login or Official Account web authorisation),
 * 2 a generic OAuth 2.0 / OpenID Connect provider (authorization code + PKCE S256).
 */
export const THIRD_TYPES = [1, 2] as const;
export type ThirdType = (typeof THIRD_TYPES)[number];
export const ThirdTypeSchema = z.coerce
  .number()
  .int()
  .refine((v): v is ThirdType => v === 1 || v === 2, 'thirdType');

/** A configured third-party provider as the login page shows it (no secret, no endpoint). */
export const ThirdProviderSchema = z.object({ type: z.union([z.literal(1), z.literal(2)]), name: z.string() });
export type ThirdProvider = z.infer<typeof ThirdProviderSchema>;

/** `GET /sys/thirdLogin/config`: the providers configured on this server and whether CAS is. */
export const SsoConfigSchema = z.object({
  providers: z.array(ThirdProviderSchema),
  cas: z.object({ loginUrl: z.string() }).nullable(),
});
export type SsoConfig = z.infer<typeof SsoConfigSchema>;

/** One-time hand-over token the callback puts into the login page's URL (43 base64url characters). */
const HandoffTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

/**
 * `GET /sys/thirdLogin/getLoginUser/{token}/{thirdType}`: a bound identity signs in (the login
 * result's fields — token, userInfo… — at the top, as JeecgBoot clients read them; the token is spent); an unbound one answers `bind` with the provider's display name and
 * the console asks for a password or SMS check (`ThirdBindRequest`).
 */
export const ThirdLoginResultSchema = z.discriminatedUnion('status', [
  LoginResultSchema.extend({ status: z.literal('signedIn') }),
  z.object({ status: z.literal('bind'), displayName: z.string() }),
]);
export type ThirdLoginResult = z.infer<typeof ThirdLoginResultSchema>;

/** Bind the identity of a hand-over token to the account whose password or SMS code is given. */
export const ThirdBindRequestSchema = z.discriminatedUnion('method', [
  z.object({
    method: z.literal('password'),
    token: HandoffTokenSchema,
    thirdType: ThirdTypeSchema,
    username: z.string().min(1).max(64),
    password: z.string().min(1).max(128),
    captcha: z.string().max(16).optional(),
    checkKey: z.string().max(64).optional(),
  }),
  z.object({
    method: z.literal('sms'),
    token: HandoffTokenSchema,
    thirdType: ThirdTypeSchema,
    mobile: MobileSchema,
    captcha: z
      .string()
      .trim()
      .regex(/^\d{6}$/, 'validation.smsCode'),
  }),
]);
export type ThirdBindRequest = z.input<typeof ThirdBindRequestSchema>;

/** SPEC §3 "stored login info": at (signature), guid (link id), uid (user id). */
export const LoginFreeRequestSchema = z.object({
  at: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
  guid: z.string().uuid(),
  uid: z.string().min(1).max(64),
});
export type LoginFreeRequest = z.infer<typeof LoginFreeRequestSchema>;

/** Lifetimes an administrator may give a login-free link, minutes. */
export const LOGIN_FREE_TTL_MINUTES = [10, 60, 480, 1440] as const;
/** Where a login-free link lands after the sign-in. */
export const LOGIN_FREE_TARGETS = ['/dashboard/analysis', '/yakult/index'] as const;

export const LoginFreeIssueSchema = z.object({
  userId: z.string().min(1).max(64),
  minutes: z.coerce
    .number()
    .int()
    .refine((v) => (LOGIN_FREE_TTL_MINUTES as readonly number[]).includes(v), 'minutes'),
  target: z.enum(LOGIN_FREE_TARGETS),
});
export type LoginFreeIssue = z.input<typeof LoginFreeIssueSchema>;

/** An issued link: the console path to open (append it to the console's address after `#`). */
export const LoginFreeLinkSchema = z.object({ path: z.string(), expiresAt: z.string() });
export type LoginFreeLink = z.infer<typeof LoginFreeLinkSchema>;

/** `POST /sys/cas/client/validateLogin`: a CAS service ticket and the service URL it was issued for. */
export const CasValidateSchema = z.object({
  ticket: z.string().regex(/^ST-[A-Za-z0-9._-]{1,250}$/),
  service: z.string().url().max(500),
});

/** Sign-in family: third-party login, CAS and login-free links (SPEC §7). */
export const SsoRoutes = {
  config: defineRoute({
    method: 'GET',
    path: '/sys/thirdLogin/config',
    access: 'public',
    tag: 'auth',
    summary: 'Third-party providers configured on this server (type, button name) and the CAS login URL',
    result: SsoConfigSchema,
  }),
  getLoginUser: defineRoute({
    method: 'GET',
    path: '/sys/thirdLogin/getLoginUser/:token/:thirdType',
    access: 'public',
    tag: 'auth',
    summary:
      'Sign in with the one-time token of a third-party callback (5 min, single use); an unbound identity answers status bind',
    params: z.object({ token: HandoffTokenSchema, thirdType: ThirdTypeSchema }),
    result: ThirdLoginResultSchema,
  }),
  thirdLogin: defineRoute({
    method: 'GET',
    path: '/sys/thirdLogin/:token/:thirdType',
    access: 'public',
    tag: 'auth',
    summary: 'SPEC §7 thirdLogin/{token}/{thirdType}: same as getLoginUser',
    params: z.object({ token: HandoffTokenSchema, thirdType: ThirdTypeSchema }),
    result: ThirdLoginResultSchema,
  }),
  bind: defineRoute({
    method: 'POST',
    path: '/sys/thirdLogin/bind',
    access: 'public',
    tag: 'auth',
    summary:
      'Bind the third-party identity of a one-time token to the account whose password (or SMS login code) is given, and sign in',
    body: ThirdBindRequestSchema,
    result: LoginResultSchema,
  }),
  loginFree: defineRoute({
    method: 'POST',
    path: '/sys/loginFree',
    access: 'public',
    tag: 'auth',
    summary: 'Sign in with a login-free link (at, guid, uid; form-encoded or JSON): signed, expiring, single use',
    body: LoginFreeRequestSchema,
    result: LoginResultSchema,
  }),
  issueLoginFree: defineRoute({
    method: 'POST',
    path: '/sys/user/loginFreeLink',
    access: 'user:password',
    tag: 'auth',
    summary: 'Issue a login-free link for a user of the tenant (administrators holding user:password)',
    body: LoginFreeIssueSchema,
    result: LoginFreeLinkSchema,
  }),
  casValidateGet: defineRoute({
    method: 'GET',
    path: '/sys/cas/client/validateLogin',
    access: 'public',
    tag: 'auth',
    summary: 'validateLogin as JeecgBoot clients call it (GET with ticket and service in the query); same as the POST',
    query: CasValidateSchema,
    result: LoginResultSchema,
  }),
  casValidate: defineRoute({
    method: 'POST',
    path: '/sys/cas/client/validateLogin',
    access: 'public',
    tag: 'auth',
    summary: 'Validate a CAS service ticket at the configured CAS server (serviceValidate) and sign the mapped user in',
    body: CasValidateSchema,
    result: LoginResultSchema,
  }),
} as const;
