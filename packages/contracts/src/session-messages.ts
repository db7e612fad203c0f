import type { BilingualText } from './i18n';

/**
 * The envelope messages the console itself compares or shows (SPEC §8: token invalid, login
 * expired; the empty-menu text of getPermissionList), in their own module so the console's
 * first load takes these few texts and not every module's messages ({@link MESSAGES} spreads them).
 */
export const SESSION_MESSAGES = {
  tokenInvalid: { 'zh-CN': 'Token失效，请重新登录', 'en-US': 'Token invalid, please log in again' },
  loginExpired: { 'zh-CN': '登录已过期，请重新登录', 'en-US': 'Login expired, please log in again' },
  emptyMenu: {
    'zh-CN': 'getPermissionList: permissions must be a non-null array !',
    'en-US': 'getPermissionList: permissions must be a non-null array !',
  },
} as const satisfies Record<string, BilingualText>;
