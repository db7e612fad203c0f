import { DEVICE_MESSAGES } from './devices-api/messages';
import type { BilingualText, Language } from './i18n';

/**
 * Messages the server writes into the envelope (SPEC §6, §8), keyed by a stable error key.
 * The server answers in the caller's language (Accept-Language); the web shows `message` as is.
 * `{name}` placeholders are filled from the error's params.
 */
export const MESSAGES = {
  ok: { 'zh-CN': '操作成功', 'en-US': 'Operation successful' },
  validationFailed: { 'zh-CN': '请求参数校验失败', 'en-US': 'Request validation failed' },
  required: { 'zh-CN': '必填', 'en-US': 'Required' },
  unauthorized: { 'zh-CN': '未授权，请重新登录', 'en-US': 'Unauthorized, please log in again' },
  tokenInvalid: { 'zh-CN': 'Token失效，请重新登录', 'en-US': 'Token invalid, please log in again' },
  loginExpired: { 'zh-CN': '登录已过期，请重新登录', 'en-US': 'Login expired, please log in again' },
  loginFailed: { 'zh-CN': '登录失败', 'en-US': 'Login failed' },
  captchaError: { 'zh-CN': '验证码错误', 'en-US': 'Verification code error' },
  captchaExpired: { 'zh-CN': '验证码已失效，请刷新', 'en-US': 'Verification code expired, please refresh' },
  badCredentials: { 'zh-CN': '用户名或密码错误', 'en-US': 'Wrong user name or password' },
  accountLocked: {
    'zh-CN': '登录失败次数过多，请{minutes}分钟后再试',
    'en-US': 'Too many failed attempts, try again in {minutes} minutes',
  },
  accountFrozen: { 'zh-CN': '该用户已冻结', 'en-US': 'This account is frozen' },
  tenantExpired: {
    'zh-CN': '租户使用期限已结束，请联系平台管理员续费',
    'en-US': 'Tenant use period ended, contact the platform administrator to renew',
  },
  tenantRefused: { 'zh-CN': '您不属于该租户', 'en-US': 'You do not belong to this tenant' },
  noPermission: { 'zh-CN': '普通员工没有此权限', 'en-US': 'Ordinary employees lack this right' },
  noDepartment: {
    'zh-CN': '您所在部门下没有有效的部门',
    'en-US': 'No valid department under your department',
  },
  departNotFound: { 'zh-CN': '部门不存在或您不属于该部门', 'en-US': 'Department not found or not yours' },
  notFound: { 'zh-CN': '资源不存在', 'en-US': 'Resource not found' },
  serverError: { 'zh-CN': '服务器内部错误', 'en-US': 'Internal server error' },
  oldPasswordWrong: { 'zh-CN': '旧密码输入错误', 'en-US': 'The old password is wrong' },
  passwordMismatch: { 'zh-CN': '两次输入的密码不一致', 'en-US': 'The two passwords do not match' },
  passwordWeak: {
    'zh-CN': '密码由8位数字、大小写字母和特殊符号组成',
    'en-US': 'The password must be 8 characters mixing digits, upper and lower case letters and symbols',
  },
  passwordChanged: { 'zh-CN': '密码修改成功', 'en-US': 'Password changed' },
  logoutOk: { 'zh-CN': '退出登录成功', 'en-US': 'Logged out' },
  loginOk: { 'zh-CN': '登录成功', 'en-US': 'Login successful' },
  emptyMenu: {
    'zh-CN': 'getPermissionList: permissions must be a non-null array !',
    'en-US': 'getPermissionList: permissions must be a non-null array !',
  },
  websocketRefused: { 'zh-CN': '连接被拒绝', 'en-US': 'Connection refused' },
  ...DEVICE_MESSAGES,
} satisfies Record<string, BilingualText>;

export type MessageKey = keyof typeof MESSAGES;

/** Formats a message in `lang`, replacing `{name}` with `params.name`. */
export function formatMessage(key: MessageKey, lang: Language, params: Record<string, string | number> = {}): string {
  return MESSAGES[key][lang].replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));
}
