import { z } from 'zod';
import {
  ChangePasswordSchema,
  CurrentDepartsResultSchema,
  LoginRequestSchema,
  LoginResultSchema,
  PhoneLoginRequestSchema,
  SelectDepartResultSchema,
  SelectDepartSchema,
  SelectTenantSchema,
  SmsSendRequestSchema,
  SmsSendResultSchema,
  TenantBriefSchema,
} from './auth';
import { MapTilesConfigSchema } from './devices/map-tiles';
import { UserPermissionResultSchema } from './menu';
import { defineRoute } from './route';

/** Route table of the sign-in family (SPEC §7 "Login family"). */
export const AuthRoutes = {
  loginConfig: defineRoute({
    method: 'GET',
    path: '/sys/loginConfig',
    access: 'public',
    tag: 'auth',
    summary:
      'Public console settings: whether the image captcha is in use (issue #8) and the map tile sources (MAP_TILES, issue #10)',
    result: z.object({ captchaEnabled: z.boolean(), mapTiles: MapTilesConfigSchema }),
  }),
  randomImage: defineRoute({
    method: 'GET',
    path: '/sys/randomImage/:key',
    access: 'public',
    tag: 'auth',
    summary: 'Image captcha as a data URL; single use, expires in 60 s; 429 past the per-client limit',
    params: z.object({ key: z.string().min(8).max(64) }),
    result: z.string(),
  }),
  login: defineRoute({
    method: 'POST',
    path: '/sys/login',
    access: 'public',
    tag: 'auth',
    summary: 'Sign in with account and password (and the captcha once asked for); 429 past the per-client limits',
    body: LoginRequestSchema,
    result: LoginResultSchema,
  }),
  sms: defineRoute({
    method: 'POST',
    path: '/sys/sms',
    access: 'public',
    tag: 'auth',
    summary:
      'Send a 6-digit SMS code (5 min, single use) to a mobile number for login, register, recovery or change of phone; one per 60 s and a daily cap per number and per client; the same answer whether or not the number has an account; 429 past the request limits',
    body: SmsSendRequestSchema,
    result: SmsSendResultSchema,
  }),
  phoneLogin: defineRoute({
    method: 'POST',
    path: '/sys/phoneLogin',
    access: 'public',
    tag: 'auth',
    summary:
      'Sign in with a mobile number and the SMS code sent to it (same result as login); 429 past the per-client and per-number limits',
    body: PhoneLoginRequestSchema,
    result: LoginResultSchema,
  }),
  logout: defineRoute({
    method: 'POST',
    path: '/sys/logout',
    access: 'session',
    tag: 'auth',
    summary: 'Revoke the current token',
    result: z.null(),
  }),
  userPermission: defineRoute({
    method: 'GET',
    path: '/sys/permission/getUserPermissionByToken',
    access: 'session',
    tag: 'auth',
    summary: 'Menu tree, granted auth list and all-auth list of the signed-in user',
    result: UserPermissionResultSchema,
  }),
  currentDeparts: defineRoute({
    method: 'GET',
    path: '/sys/user/getCurrentUserDeparts',
    access: 'session',
    tag: 'auth',
    summary: 'Departments of the signed-in user and the current one',
    result: CurrentDepartsResultSchema,
  }),
  selectDepart: defineRoute({
    method: 'PUT',
    path: '/sys/selectDepart',
    access: 'session',
    tag: 'auth',
    summary: 'Choose the current department',
    body: SelectDepartSchema,
    result: SelectDepartResultSchema,
  }),
  myTenants: defineRoute({
    method: 'GET',
    path: '/sys/tenant/getCurrentUserTenant',
    access: 'session',
    tag: 'auth',
    summary: 'Tenants of the signed-in user and the current one',
    result: z.object({ list: z.array(TenantBriefSchema), tenantId: z.number().int() }),
  }),
  selectTenant: defineRoute({
    method: 'PUT',
    path: '/sys/selectTenant',
    access: 'session',
    tag: 'auth',
    summary: 'Switch the session to another tenant of the user',
    body: SelectTenantSchema,
    result: z.object({ tenantId: z.number().int() }),
  }),
  updatePassword: defineRoute({
    method: 'PUT',
    path: '/sys/user/updatePassword',
    access: 'session',
    tag: 'auth',
    summary: 'Change the signed-in user password (old, new, confirmation)',
    body: ChangePasswordSchema,
    result: z.null(),
  }),
} as const;
