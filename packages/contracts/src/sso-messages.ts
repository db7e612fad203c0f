import type { BilingualText } from './i18n';

/** Messages of third-party login, CAS, login-free links and branding. */
export const SSO_MESSAGES = {
  thirdLoginFailed: { 'zh-CN': '第三方登录失败，请重试', 'en-US': 'Third-party sign-in failed, please try again' },
  thirdLoginExpired: {
    'zh-CN': '第三方登录已失效，请重新登录',
    'en-US': 'The third-party sign-in expired, please sign in again',
  },
  thirdProviderOff: { 'zh-CN': '未配置该第三方登录', 'en-US': 'This third-party sign-in is not configured' },
  thirdAlreadyBound: {
    'zh-CN': '该账号已绑定其他第三方账号',
    'en-US': 'This account is already bound to another third-party identity',
  },
  casFailed: { 'zh-CN': '单点登录失败，请重试', 'en-US': 'Single sign-on failed, please try again' },
  casOff: { 'zh-CN': '未配置单点登录', 'en-US': 'Single sign-on is not configured' },
  loginLinkInvalid: {
    'zh-CN': '免登录链接无效、已使用或已过期',
    'en-US': 'The login-free link is invalid, used or expired',
  },
  loginLinkUserUnknown: { 'zh-CN': '用户不存在或不属于当前租户', 'en-US': 'No such user in this tenant' },
  brandingInvalid: { 'zh-CN': '品牌设置无效', 'en-US': 'Invalid branding settings' },
} satisfies Record<string, BilingualText>;
