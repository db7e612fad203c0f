import { z } from 'zod';
import { MobileSchema, PasswordSchema } from './validation';

/** Token lifetime and client storage lifetime of SPEC §9: 7 days in ms. */
export const SESSION_TTL_MS = 604_800_000;
/** Image captcha lifetime: 60 s. */
export const CAPTCHA_TTL_MS = 60_000;

/** `POST /sys/login` body (SPEC §7). `checkKey` is the key the captcha image was fetched with. */
export const LoginRequestSchema = z.object({
  username: z.string().min(1).max(64),
  password: z.string().min(1).max(128),
  captcha: z.string().max(16).optional(),
  checkKey: z.string().max(64).optional(),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

/** SMS code lifetime: 5 minutes, ms. */
export const SMS_CODE_TTL_MS = 300_000;
/** Shortest time between two codes sent to one phone: 60 s, ms; the console counts it down. */
export const SMS_RESEND_MS = 60_000;
/** What an SMS code is for. */
export const SmsPurposeSchema = z.enum(['login', 'register', 'recovery', 'changePhone']);
export type SmsPurpose = z.infer<typeof SmsPurposeSchema>;

/** JeecgBoot's `smsmode` of `POST /sys/sms` (its login page and register/forget-password pages): 0 login, 1 register, 2 recovery. */
export const SMS_MODES = { '0': 'login', '1': 'register', '2': 'recovery' } as const satisfies Record<
  string,
  SmsPurpose
>;
/**
 * `POST /sys/sms` body: send a 6-digit code to `mobile` for `purpose`; JeecgBoot clients name the
 * purpose by `smsmode` instead, which wins when given.
 */
export const SmsSendRequestSchema = z.object({
  mobile: MobileSchema,
  purpose: SmsPurposeSchema.default('login'),
  smsmode: z.enum(['0', '1', '2']).optional(),
});
export type SmsSendRequest = z.infer<typeof SmsSendRequestSchema>;
/**
 * `POST /sys/sms` result: the same whether or not an account has the number. `demoCodeInLog`:
 * DEMO mode without an SMS provider, the code was written to the server log instead of sent.
 */
export const SmsSendResultSchema = z.object({ demoCodeInLog: z.boolean(), resendSeconds: z.number().int() });
export type SmsSendResult = z.infer<typeof SmsSendResultSchema>;

/** `POST /sys/phoneLogin` body (SPEC §7): the mobile number and the SMS code sent to it. */
export const PhoneLoginRequestSchema = z.object({
  mobile: MobileSchema,
  captcha: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'validation.smsCode'),
});
export type PhoneLoginRequest = z.infer<typeof PhoneLoginRequestSchema>;

/** The signed-in user as the console keeps it (SPEC §3 "Session user"). */
export const UserInfoSchema = z.object({
  id: z.string(),
  username: z.string(),
  realname: z.string(),
  avatar: z.string().nullable(),
  orgCode: z.string().nullable(),
  orgCodeTxt: z.string().nullable(),
  sex: z.number().int().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  status: z.number().int(),
  userIdentity: z.number().int(),
  /** Current tenant id. */
  loginTenantId: z.number().int(),
});
export type UserInfo = z.infer<typeof UserInfoSchema>;

export const DepartBriefSchema = z.object({
  id: z.string(),
  departName: z.string(),
  orgCode: z.string(),
});
export type DepartBrief = z.infer<typeof DepartBriefSchema>;

/**
 * A tenant of the signed-in user (login answer, tenant switch, account settings). `name` is the
 * Chinese name, `nameEn` the English one (null when the tenant has none; absent from lists a
 * browser stored before the field existed). Show it through {@link tenantDisplayName}.
 */
export const TenantBriefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  nameEn: z.string().nullish(),
  status: z.number().int(),
  beginDate: z.string().nullable(),
  endDate: z.string().nullable(),
});
export type TenantBrief = z.infer<typeof TenantBriefSchema>;

/**
 * A tenant's name in the interface language `language` (`zh-CN` / `en-US`): the English name in
 * en-US when the tenant has one, else its name.
 */
export function tenantDisplayName(tenant: { name: string; nameEn?: string | null }, language: string): string {
  return language === 'en-US' && tenant.nameEn ? tenant.nameEn : tenant.name;
}

/** One dictionary option (SPEC §3): value, text (also label/title); `textEn` is the English text. */
export const DictOptionSchema = z.object({
  value: z.string(),
  text: z.string(),
  textEn: z.string(),
  label: z.string(),
  title: z.string(),
});
export type DictOption = z.infer<typeof DictOptionSchema>;
export const DictMapSchema = z.record(z.string(), z.array(DictOptionSchema));
export type DictMap = z.infer<typeof DictMapSchema>;

/**
 * `POST /sys/login` result (SPEC §3, §7). `multi_depart`: 0 no department, 1 one, 2 several
 * (the console asks which one). `tenantList` holds the tenants the user belongs to.
 */
export const LoginResultSchema = z.object({
  token: z.string(),
  userInfo: UserInfoSchema,
  sysAllDictItems: DictMapSchema,
  departs: z.array(DepartBriefSchema),
  multi_depart: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  tenantList: z.array(TenantBriefSchema),
});
export type LoginResult = z.infer<typeof LoginResultSchema>;

/** `PUT /sys/user/updatePassword` body (SPEC §3 password change). */
export const ChangePasswordSchema = z
  .object({
    username: z.string().min(1),
    oldpassword: z.string().min(1),
    password: PasswordSchema,
    confirmpassword: z.string().min(1),
  })
  .refine((v) => v.password === v.confirmpassword, {
    path: ['confirmpassword'],
    message: 'validation.confirmMismatch',
  });
export type ChangePassword = z.infer<typeof ChangePasswordSchema>;

/** `PUT /sys/selectDepart` body (SPEC §3 department select). */
export const SelectDepartSchema = z.object({ orgCode: z.string().min(1), username: z.string().min(1) });
export type SelectDepart = z.infer<typeof SelectDepartSchema>;
export const SelectDepartResultSchema = z.object({ userInfo: UserInfoSchema });

/** `GET /sys/user/getCurrentUserDeparts` result (SPEC §7): list and current orgCode. */
export const CurrentDepartsResultSchema = z.object({
  list: z.array(DepartBriefSchema),
  orgCode: z.string().nullable(),
});

/** `PUT /sys/selectTenant` body: switch the session's tenant. */
export const SelectTenantSchema = z.object({ tenantId: z.number().int() });
