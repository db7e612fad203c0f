import { ALARM_MESSAGES } from './alarms/messages';
import { DEVICE_MESSAGES } from './devices-api/messages';
import { LOGISTICS_MESSAGES } from './logistics/messages';
import { WAYBILL_MESSAGES } from './logistics/waybill-messages';
import { SHARE_MESSAGES } from './logistics/share-messages';
import { WAREHOUSE_MESSAGES } from './logistics/warehouses-api';
import { SUBSCRIPTION_MESSAGES } from './logistics/subscription-messages';
import { QUARTZ_MESSAGES } from './system/quartz-messages';
import { OPS_MESSAGES } from './system/ops-messages';
import { RULES_MESSAGES } from './system/rules-messages';
import { DATA_SOURCE_MESSAGES } from './system/datasource-messages';
import { POPUP_REPORT_MESSAGES } from './system/popup-report-messages';
import { JEECG_CALL_MESSAGES } from './system/jeecg-call-messages';
import type { BilingualText, Language } from './i18n';
import { SESSION_MESSAGES } from './session-messages';
import { JSON_INPUT_MESSAGES } from './json-messages';
import { SSO_MESSAGES } from './sso-messages';
import { SELF_SERVICE_MESSAGES } from './self-service-messages';
import { ANNOUNCEMENT_MESSAGES } from './announcements/messages';
import { INTEGRATION_MESSAGES } from './integrations/messages';
import { EQUIPMENT_MESSAGES } from './meters/messages';

export { SESSION_MESSAGES } from './session-messages';

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
  ...SESSION_MESSAGES,
  ...JSON_INPUT_MESSAGES,
  loginFailed: { 'zh-CN': '登录失败', 'en-US': 'Login failed' },
  captchaError: { 'zh-CN': '验证码错误', 'en-US': 'Verification code error' },
  captchaExpired: { 'zh-CN': '验证码已失效，请刷新', 'en-US': 'Verification code expired, please refresh' },
  // after failed sign-ins the login answer asks for the image captcha.
  captchaRequired: { 'zh-CN': '请输入验证码', 'en-US': 'Please enter the verification code' },
  badCredentials: { 'zh-CN': '用户名或密码错误', 'en-US': 'Wrong user name or password' },
  accountLocked: {
    'zh-CN': '登录失败次数过多，请{minutes}分钟后再试',
    'en-US': 'Too many failed attempts, try again in {minutes} minutes',
  },
  // SMS codes and phone sign-in.
  smsCodeWrong: { 'zh-CN': '手机号或短信验证码错误', 'en-US': 'Wrong mobile number or SMS code' },
  smsResendWait: {
    'zh-CN': '验证码已发送，请{seconds}秒后再获取',
    'en-US': 'A code was just sent, ask again in {seconds} seconds',
  },
  smsDailyLimit: { 'zh-CN': '今日获取验证码次数已达上限', 'en-US': 'Daily limit of SMS codes reached' },
  smsNotConfigured: { 'zh-CN': '短信服务未配置', 'en-US': 'SMS is not configured' },
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
  tooManyRequests: {
    'zh-CN': '请求过于频繁，请{seconds}秒后再试',
    'en-US': 'Too many requests, try again in {seconds} seconds',
  },
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
  websocketRefused: { 'zh-CN': '连接被拒绝', 'en-US': 'Connection refused' },
  ...DEVICE_MESSAGES,
  ...ALARM_MESSAGES,
  ...LOGISTICS_MESSAGES,
  ...WAYBILL_MESSAGES,
  ...SHARE_MESSAGES,
  ...WAREHOUSE_MESSAGES,
  ...INTEGRATION_MESSAGES,
  ...SUBSCRIPTION_MESSAGES,
  ...QUARTZ_MESSAGES,
  ...OPS_MESSAGES,
  ...RULES_MESSAGES,
  ...DATA_SOURCE_MESSAGES,
  ...POPUP_REPORT_MESSAGES,
  ...JEECG_CALL_MESSAGES,
  ...SSO_MESSAGES,
  ...SELF_SERVICE_MESSAGES,
  ...ANNOUNCEMENT_MESSAGES,
  ...EQUIPMENT_MESSAGES,
  // Administration back office: generic list, import/export, system entities.
  listFieldUnknown: { 'zh-CN': '未知的查询字段：{field}', 'en-US': 'Unknown query field: {field}' },
  listRuleUnknown: {
    'zh-CN': '字段 {field} 不支持查询规则 {rule}',
    'en-US': 'Field {field} does not support the rule {rule}',
  },
  listSortUnknown: { 'zh-CN': '不能按字段排序：{field}', 'en-US': 'Cannot sort by field: {field}' },
  listValueInvalid: { 'zh-CN': '字段 {field} 的查询值无效', 'en-US': 'Invalid query value of field {field}' },
  superQueryInvalid: { 'zh-CN': '高级查询条件格式错误', 'en-US': 'The advanced query conditions are malformed' },
  selectRecord: { 'zh-CN': '请选择一条记录', 'en-US': 'Please select a record' },
  userExists: { 'zh-CN': '用户名已存在', 'en-US': 'User name already exists' },
  usernameUnavailable: {
    'zh-CN': '该用户名不可用，请换一个',
    'en-US': 'This user name cannot be used, choose another',
  },
  accountOtherTenants: {
    'zh-CN': '该账号也属于其他租户，只有平台租户可以修改；本租户只能调整其角色和部门',
    'en-US':
      'This account also belongs to other tenants and only the platform tenant can change it; here you can only change its roles and departments',
  },
  cannotChangeSelf: { 'zh-CN': '不能删除或冻结当前登录用户', 'en-US': 'You cannot delete or freeze yourself' },
  departHasChildren: {
    'zh-CN': '该部门下还有子部门，不能删除',
    'en-US': 'The department has sub-departments and cannot be deleted',
  },
  departHasUsers: {
    'zh-CN': '该部门下还有用户，不能删除',
    'en-US': 'The department still has users and cannot be deleted',
  },
  departCodeUnknown: { 'zh-CN': '部门编码不存在：{code}', 'en-US': 'No department has the code {code}' },
  departRolePermissionOutside: {
    'zh-CN': '部门角色只能授予本部门拥有的权限',
    'en-US': 'A department role can only be given permissions its department holds',
  },
  departRoleDataRuleUngranted: {
    'zh-CN': '请先保存部门角色的菜单权限，再设置该权限的数据规则',
    'en-US': "Save the department role's permissions first, then choose the data rules of this permission",
  },
  departRoleUserOutside: {
    'zh-CN': '只能给本部门的用户分配部门角色',
    'en-US': 'Department roles can only be given to members of the department',
  },
  roleCodeExists: { 'zh-CN': '角色编码已存在', 'en-US': 'Role code already exists' },
  positionCodeExists: { 'zh-CN': '职务编码已存在', 'en-US': 'Position code already exists' },
  dictCodeExists: { 'zh-CN': '字典编码已存在', 'en-US': 'Dictionary code already exists' },
  dictItemExists: { 'zh-CN': '字典项的值已存在', 'en-US': 'The item value already exists in this dictionary' },
  categoryCodeExists: { 'zh-CN': '分类编码已存在', 'en-US': 'Category code already exists' },
  tenantExists: { 'zh-CN': '租户编号已存在', 'en-US': 'Tenant id already exists' },
  tenantHasUsers: {
    'zh-CN': '该租户下还有用户，不能删除',
    'en-US': 'The tenant still has users and cannot be deleted',
  },
  tenantHasDevices: {
    'zh-CN': '该租户下还有设备，不能删除',
    'en-US': 'The tenant still has devices and cannot be deleted',
  },
  platformOnly: { 'zh-CN': '只有平台租户可以修改此数据', 'en-US': 'Only the platform tenant can change this data' },
  platformOnlyView: { 'zh-CN': '只有平台租户可以查看此数据', 'en-US': 'Only the platform tenant can view this data' },
  uploadImageOnly: { 'zh-CN': '请上传图片', 'en-US': 'Please upload an image' },
  noFileUploaded: { 'zh-CN': '未上传文件', 'en-US': 'No file uploaded' },
  importFileType: { 'zh-CN': '只支持 .xls 或 .xlsx 文件', 'en-US': 'Only .xls or .xlsx files are accepted' },
  importEmpty: { 'zh-CN': '文件中没有数据', 'en-US': 'The file holds no data' },
  importOk: { 'zh-CN': '文件导入成功！共导入 {success} 行', 'en-US': 'File imported: {success} rows' },
  importPartial: {
    'zh-CN': '文件导入完成：成功 {success} 行，失败 {failed} 行，请下载错误文件查看原因',
    'en-US': 'Import finished: {success} rows imported, {failed} failed; download the error file for the reasons',
  },
  importReason: { 'zh-CN': '错误原因', 'en-US': 'Reason' },
  importRow: { 'zh-CN': '行号', 'en-US': 'Row' },
  // bounds of uploads, imports and spreadsheet parsing.
  importTooManyRows: {
    'zh-CN': '每个文件最多导入 {max} 行，此文件有 {rows} 行',
    'en-US': 'At most {max} rows per file can be imported; this file has {rows}',
  },
  importFileTooLarge: { 'zh-CN': '导入文件不能超过 {mb} MB', 'en-US': 'An import file must not exceed {mb} MB' },
  importUnpackedTooLarge: {
    'zh-CN': '文件解压后超过 {mb} MB，无法读取',
    'en-US': 'The file unpacks to more than {mb} MB and cannot be read',
  },
  importParseTimeout: {
    'zh-CN': '读取文件超过 {seconds} 秒，请拆分后再导入',
    'en-US': 'Reading the file took longer than {seconds} seconds; split it and import again',
  },
  importTimeLimit: {
    'zh-CN': '导入超过 {seconds} 秒，此行未导入；请导入错误文件以继续',
    'en-US': 'Not imported: the import passed {seconds} seconds; import the error file to continue',
  },
  uploadTooLarge: { 'zh-CN': '文件不能超过 {mb} MB', 'en-US': 'A file must not exceed {mb} MB' },
  uploadTooManyParts: { 'zh-CN': '一次上传的文件或字段过多', 'en-US': 'Too many files or fields in one upload' },
  uploadMalformed: { 'zh-CN': '上传内容不完整或格式错误', 'en-US': 'The upload is incomplete or malformed' },
  requestMalformed: { 'zh-CN': '请求格式错误', 'en-US': 'Malformed request' },
  requestTooLarge: { 'zh-CN': '请求内容过大', 'en-US': 'The request body is too large' },
  unsupportedMediaType: { 'zh-CN': '不支持的请求内容类型', 'en-US': 'Unsupported content type' },
  cacheRefreshed: { 'zh-CN': '刷新缓存完成！', 'en-US': 'Cache refreshed!' },
} satisfies Record<string, BilingualText>;

export type MessageKey = keyof typeof MESSAGES;

/** Formats a message in `lang`, replacing `{name}` with `params.name`. */
export function formatMessage(key: MessageKey, lang: Language, params: Record<string, string | number> = {}): string {
  return MESSAGES[key][lang].replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));
}
