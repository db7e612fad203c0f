import { z } from 'zod';
import { UserInfoSchema } from '../auth';
import { pageResultOf } from '../envelope';
import { defineRoute } from '../route';
import { PATTERNS, PasswordSchema } from '../validation';
import { DictTextSchema, IdQuerySchema, IdsQuerySchema, ImportResultSchema, ListQuerySchema } from './list';

/** Landline: area code plus 7 or 8 digits (SPEC §5). */
export const LANDLINE_PATTERN = /^0\d{2,3}-?\d{7,8}$/;
/** Push types of alarm push mode (SPEC §4): 1 SMS, 2 WeChat, 4 email. */
export const PUSH_TYPES = [1, 2, 4] as const;
export const PushTypeSchema = z.union([z.literal(1), z.literal(2), z.literal(4)]);

const optionalText = (max: number) => z.string().max(max, 'validation.tooLong').nullish();
const dateText = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.invalid');

/** Fields a user form edits (SPEC §3 "User", §5 rules); shared by add and edit. */
const UserFieldsSchema = z.object({
  realname: z.string().regex(PATTERNS.realname, 'validation.realname'),
  workNo: optionalText(32),
  sex: z.union([z.literal(1), z.literal(2)]).nullish(),
  birthday: dateText.nullish().or(z.literal('')),
  phone: z.string().regex(PATTERNS.mobile, 'validation.mobile'),
  telephone: z.string().regex(LANDLINE_PATTERN, 'validation.landline').nullish().or(z.literal('')),
  email: z.email('validation.email').max(100).nullish().or(z.literal('')),
  avatar: optionalText(500),
  /** Position codes, comma-joined. */
  post: optionalText(500),
  /** 1 normal user, 2 upper level (SPEC §6). */
  userIdentity: z.union([z.literal(1), z.literal(2)]).default(1),
  /** Role ids of the current tenant, comma-joined. */
  selectedroles: z.string().max(4000).optional(),
  /** Department ids of the current tenant, comma-joined. */
  selecteddeparts: z.string().max(4000).optional(),
  defaultMonitorAccount: optionalText(64),
  onlyMultiLevelAlarm: z.boolean().default(false),
  alarmPushMode: z.array(PushTypeSchema).max(3).default([]),
});

/** `POST /sys/user/add` body (SPEC §3, §5). */
export const UserCreateSchema = UserFieldsSchema.extend({
  username: z.string().regex(PATTERNS.username, 'validation.username'),
  password: PasswordSchema,
  confirmPassword: z.string().optional(),
}).refine((v) => v.confirmPassword === undefined || v.confirmPassword === v.password, {
  path: ['confirmPassword'],
  message: 'validation.confirmMismatch',
});
export type UserCreate = z.infer<typeof UserCreateSchema>;

/** `PUT /sys/user/edit` body: the account name and password are not changed here. */
export const UserEditSchema = UserFieldsSchema.extend({ id: z.string().min(1).max(64) });
export type UserEdit = z.infer<typeof UserEditSchema>;

/** A user row of the lists (SPEC §3 "User"); dates ISO-8601 UTC, birthday YYYY-MM-DD. */
export const UserRecordSchema = z.object({
  id: z.string(),
  username: z.string(),
  realname: z.string(),
  avatar: z.string().nullable(),
  birthday: z.string().nullable(),
  sex: z.number().int().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  telephone: z.string().nullable(),
  workNo: z.string().nullable(),
  post: z.string().nullable(),
  orgCode: z.string().nullable(),
  /** Names of the user's departments in the current tenant, comma-joined. */
  orgCodeTxt: z.string().nullable(),
  status: z.number().int(),
  userIdentity: z.number().int(),
  defaultMonitorAccount: z.string().nullable(),
  onlyMultiLevelAlarm: z.boolean(),
  alarmPushMode: z.array(z.number().int()),
  createBy: z.string().nullable(),
  createTime: z.string().nullable(),
  updateTime: z.string().nullable(),
  /** Ids of the user's departments in the current tenant, comma-joined (JeecgBoot `departIds`). */
  departIds: z.string().nullable().optional(),
  /** Their names, comma-joined (`departIds_dictText`; the address list reads `departName`). */
  departIds_dictText: z.string().nullable().optional(),
  departName: z.string().nullable().optional(),
  sex_dictText: DictTextSchema,
  status_dictText: DictTextSchema,
  userIdentity_dictText: DictTextSchema,
});
export type UserRecord = z.infer<typeof UserRecordSchema>;

/** Public field names the user list filters and sorts by (server allow-list). */
export const USER_LIST_FIELDS = [
  'username',
  'realname',
  'sex',
  'birthday',
  'phone',
  'telephone',
  'email',
  'status',
  'workNo',
  'post',
  'orgCode',
  'userIdentity',
  'createTime',
  'updateTime',
  'createBy',
] as const;
export type UserListField = (typeof USER_LIST_FIELDS)[number];

/** `PUT /sys/user/frozenBatch`: status 1 unfreezes, 2 freezes (SPEC §4). */
export const UserFreezeSchema = z.object({
  ids: z.string().min(1).max(20000),
  status: z.union([z.literal(1), z.literal(2)]),
});
/** `PUT /sys/user/changePassword`: an administrator sets another user's password. */
export const UserResetPasswordSchema = z
  .object({ username: z.string().min(1).max(64), password: PasswordSchema, confirmpassword: z.string().min(1) })
  .refine((v) => v.password === v.confirmpassword, {
    path: ['confirmpassword'],
    message: 'validation.confirmMismatch',
  });
export type UserResetPassword = z.infer<typeof UserResetPasswordSchema>;

/** The signed-in user's alarm-push settings (SPEC §2 account settings, §3 user). */
export const UserSettingsSchema = z.object({
  defaultMonitorAccount: z.string().max(64).nullable(),
  onlyMultiLevelAlarm: z.boolean(),
  alarmPushMode: z.array(PushTypeSchema).max(3),
});
export type UserSettings = z.infer<typeof UserSettingsSchema>;

/**
 * `PUT /sys/user/login/setting/userEdit` body: the signed-in user's own profile (SPEC §2 account
 * settings "base setting", §3 user, §5 rules: real name, valid email, mobile). Only these fields
 * exist: account name, status, roles, departments and tenant are never changed here (any such
 * key in the body is dropped), and the user changed is always the caller.
 */
export const UserProfileSchema = UserFieldsSchema.pick({
  realname: true,
  email: true,
  phone: true,
  sex: true,
  birthday: true,
  avatar: true,
});
export type UserProfile = z.infer<typeof UserProfileSchema>;
/** `GET /sys/user/login/setting/getUserData`: the caller's profile and (read-only) account name. */
export const UserProfileRecordSchema = z.object({
  username: z.string(),
  realname: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  sex: z.number().int().nullable(),
  birthday: z.string().nullable(),
  avatar: z.string().nullable(),
});
export type UserProfileRecord = z.infer<typeof UserProfileRecordSchema>;

/**
 * Kinds of notices a user can turn off in account settings (SPEC §2 "notification"): system
 * announcements, messages from other users, to-do tasks and alarm notices shown in the console.
 */
export const NOTIFICATION_KINDS = ['systemMessage', 'userMessage', 'todoTask', 'alarmMessage'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
/** `GET/PUT /sys/user/settings/notification`: the signed-in user's notification preferences (all on by default). */
export const UserNotificationSettingsSchema = z.object({
  systemMessage: z.boolean(),
  userMessage: z.boolean(),
  todoTask: z.boolean(),
  alarmMessage: z.boolean(),
}) satisfies z.ZodType<Record<NotificationKind, boolean>>;
export type UserNotificationSettings = z.infer<typeof UserNotificationSettingsSchema>;

const UserPage = pageResultOf(UserRecordSchema);
const DepartOfUserSchema = z.object({ key: z.string(), title: z.string(), orgCode: z.string() });
const ok = z.null();
const tag = 'system-user';

/** Route table of user administration (SPEC §7 "user"). */
export const UserRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/sys/user/list',
    access: 'user:list',
    tag,
    summary: 'Users of the current tenant (generic list)',
    query: ListQuerySchema,
    result: UserPage,
  }),
  add: defineRoute({
    method: 'POST',
    path: '/sys/user/add',
    access: 'user:add',
    tag,
    summary: 'Create a user in the current tenant',
    body: UserCreateSchema,
    result: z.object({ id: z.string() }),
  }),
  edit: defineRoute({
    method: 'PUT',
    path: '/sys/user/edit',
    access: 'user:edit',
    tag,
    summary: 'Edit a user',
    body: UserEditSchema,
    result: ok,
  }),
  delete: defineRoute({
    method: 'DELETE',
    path: '/sys/user/delete',
    access: 'user:delete',
    tag,
    summary: 'Move a user to the recycle bin',
    query: IdQuerySchema,
    result: ok,
  }),
  deleteBatch: defineRoute({
    method: 'DELETE',
    path: '/sys/user/deleteBatch',
    access: 'user:batch_delete',
    tag,
    summary: 'Move users to the recycle bin',
    query: IdsQuerySchema,
    result: ok,
  }),
  frozenBatch: defineRoute({
    method: 'PUT',
    path: '/sys/user/frozenBatch',
    access: 'user:freeze',
    tag,
    summary: 'Freeze (2) or unfreeze (1) users; freezing revokes their sessions',
    body: UserFreezeSchema,
    result: ok,
  }),
  checkOnlyUser: defineRoute({
    method: 'GET',
    path: '/sys/user/checkOnlyUser',
    access: 'user:list',
    tag,
    summary: 'Whether an account name is free',
    query: z.object({ username: z.string().min(1).max(64), id: z.string().max(64).optional() }),
    result: ok,
  }),
  queryUserRole: defineRoute({
    method: 'GET',
    path: '/sys/user/queryUserRole',
    access: 'user:list',
    tag,
    summary: 'Role ids of a user in the current tenant',
    query: z.object({ userid: z.string().min(1).max(64) }),
    result: z.array(z.string()),
  }),
  changePassword: defineRoute({
    method: 'PUT',
    path: '/sys/user/changePassword',
    access: 'user:password',
    tag,
    summary: "Reset a user's password (revokes their sessions)",
    body: UserResetPasswordSchema,
    result: ok,
  }),
  queryByIds: defineRoute({
    method: 'GET',
    path: '/sys/user/queryByIds',
    access: 'user:list',
    tag,
    summary: 'Users by comma-joined ids (picker values)',
    query: z.object({ userIds: z.string().max(20000) }),
    result: z.array(UserRecordSchema),
  }),
  exportXls: defineRoute({
    method: 'GET',
    path: '/sys/user/exportXls',
    access: 'user:export',
    tag,
    summary: 'Export the filtered list (or selections) as .xls',
    query: ListQuerySchema,
    result: z.unknown(),
  }),
  importExcel: defineRoute({
    method: 'POST',
    path: '/sys/user/importExcel',
    access: 'user:import',
    tag,
    summary: 'Import users from .xls/.xlsx (multipart files[])',
    result: ImportResultSchema,
  }),
  recycleBin: defineRoute({
    method: 'GET',
    path: '/sys/user/recycleBin',
    access: 'user:recycle',
    tag,
    summary: "Users in the recycle bin, as an array (JeecgBoot's recycle-bin modal reads result as the rows)",
    query: ListQuerySchema,
    result: z.array(UserRecordSchema),
  }),
  putRecycleBin: defineRoute({
    method: 'PUT',
    path: '/sys/user/putRecycleBin',
    access: 'user:recycle',
    tag,
    summary: 'Restore users from the recycle bin',
    body: z.object({ userIds: z.string().min(1).max(20000) }),
    result: ok,
  }),
  deleteRecycleBin: defineRoute({
    method: 'DELETE',
    path: '/sys/user/deleteRecycleBin',
    access: 'user:recycle',
    tag,
    summary: 'Delete users in the recycle bin for ever',
    query: z.object({ userIds: z.string().min(1).max(20000) }),
    result: ok,
  }),
  userDepartList: defineRoute({
    method: 'GET',
    path: '/sys/user/userDepartList',
    access: 'user:list',
    tag,
    summary: 'Departments of a user in the current tenant',
    query: z.object({ userId: z.string().min(1).max(64) }),
    result: z.array(DepartOfUserSchema),
  }),
  departUserList: defineRoute({
    method: 'GET',
    path: '/sys/user/departUserList',
    access: 'depart:list',
    tag,
    summary: 'Users of a department (generic list + depId)',
    query: ListQuerySchema,
    result: UserPage,
  }),
  userRoleList: defineRoute({
    method: 'GET',
    path: '/sys/user/userRoleList',
    access: 'role:list',
    tag,
    summary: 'Users holding a role (generic list + roleId)',
    query: ListQuerySchema,
    result: UserPage,
  }),
  addressList: defineRoute({
    method: 'GET',
    path: '/sys/user/queryByOrgCodeForAddressList',
    access: 'addresslist:list',
    tag,
    summary: 'Address list: users with department and position (read-only)',
    query: ListQuerySchema,
    result: UserPage,
  }),
  settings: defineRoute({
    method: 'GET',
    path: '/sys/user/settings',
    access: 'session',
    tag,
    summary: 'Alarm-push settings of the signed-in user',
    result: UserSettingsSchema,
  }),
  saveSettings: defineRoute({
    method: 'PUT',
    path: '/sys/user/settings',
    access: 'session',
    tag,
    summary: 'Save the alarm-push settings of the signed-in user',
    body: UserSettingsSchema,
    result: ok,
  }),
  notification: defineRoute({
    method: 'GET',
    path: '/sys/user/settings/notification',
    access: 'session',
    tag,
    summary: 'Notification preferences of the signed-in user',
    result: UserNotificationSettingsSchema,
  }),
  saveNotification: defineRoute({
    method: 'PUT',
    path: '/sys/user/settings/notification',
    access: 'session',
    tag,
    summary: 'Save the notification preferences of the signed-in user',
    body: UserNotificationSettingsSchema,
    result: ok,
  }),
  profile: defineRoute({
    method: 'GET',
    path: '/sys/user/login/setting/getUserData',
    access: 'session',
    tag,
    summary: "The signed-in user's own profile (account settings, base setting)",
    result: UserProfileRecordSchema,
  }),
  saveProfile: defineRoute({
    method: 'PUT',
    path: '/sys/user/login/setting/userEdit',
    access: 'session',
    tag,
    summary: "Save the signed-in user's own profile; answers the new session user info",
    body: UserProfileSchema,
    result: UserInfoSchema,
  }),
} as const;
