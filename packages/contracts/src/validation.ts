import { LOGISTICS_VALIDATION_MESSAGES } from './logistics/messages';
import { SUBSCRIPTION_VALIDATION_MESSAGES } from './logistics/subscription-messages';
import { QUARTZ_VALIDATION_MESSAGES } from './system/quartz-messages';
import { OPS_VALIDATION_MESSAGES } from './system/ops-messages';
import { RULES_VALIDATION_MESSAGES } from './system/rules-messages';
import { DATA_SOURCE_VALIDATION_MESSAGES } from './system/datasource-messages';
import { POPUP_REPORT_VALIDATION_MESSAGES } from './system/popup-report-messages';
import { INTEGRATION_VALIDATION_MESSAGES } from './integrations/messages';
import { EQUIPMENT_VALIDATION_MESSAGES } from './meters/messages';

export { PATTERNS } from './patterns';

export const INVALID_TEXT =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

// The zod schemas of ids and passwords live in their own module, so a bundle that needs only the
// patterns and message texts (the console's login page) does not load zod.
export { MobileSchema, OptionalRefIdSchema, PasswordSchema, RefIdSchema } from './validation-schemas';

/**
 * Texts of the generic validation message keys (`validation.*`) and those of the alarm forms, in
 * both languages: the console bundles these with its first load (login form included).
 */
export const CORE_VALIDATION_MESSAGES = {
  'validation.required': { 'zh-CN': '必填项', 'en-US': 'Required' },
  'validation.invalid': { 'zh-CN': '格式不正确', 'en-US': 'Invalid value' },
  'validation.password': {
    'zh-CN': '密码由8位数字、大小写字母和特殊符号组成!',
    'en-US': 'The password must be 8 characters mixing digits, upper and lower case letters and special symbols!',
  },
  'validation.confirmMismatch': { 'zh-CN': '两次输入的密码不一致!', 'en-US': 'The two passwords do not match!' },
  'validation.smsCode': { 'zh-CN': '请输入6位短信验证码', 'en-US': 'Enter the 6-digit SMS code' },
  'validation.mobile': { 'zh-CN': '请输入正确的手机号码!', 'en-US': 'Please enter the correct mobile number!' },
  'validation.username': {
    'zh-CN': '用户名由6到18位字母、数字、下划线组成',
    'en-US': 'The user name is 6 to 18 letters, digits or underscores',
  },
  'validation.realname': {
    'zh-CN': '名称为2到20位中英文、数字、_-#',
    'en-US': 'The name is 2 to 20 Chinese or English characters, digits, _-#',
  },
  'validation.noSlash': { 'zh-CN': '不能包含斜杠或反斜杠', 'en-US': 'Must not contain slashes or backslashes' },
  'validation.noChinese': { 'zh-CN': '不能包含中文字符', 'en-US': 'Must not contain Chinese characters' },
  'validation.email': { 'zh-CN': '请输入正确的邮箱地址', 'en-US': 'Please enter a valid email address' },
  'validation.tooLong': { 'zh-CN': '长度超出限制', 'en-US': 'Too long' },
  'validation.tooShort': { 'zh-CN': '长度不足', 'en-US': 'Too short' },
  'validation.landline': { 'zh-CN': '请输入正确的座机号码', 'en-US': 'Please enter a correct landline number' },
  'validation.invalidText': {
    'zh-CN': '包含不允许的字符（控制字符或无效的 Unicode 字符）',
    'en-US': 'Contains characters that are not allowed (control characters or invalid Unicode)',
  },
  // Rule templates (alarms/rule-conditions.ts).
  'validation.ruleUnknownParameter': { 'zh-CN': '未知的参数编码', 'en-US': 'Unknown parameter code' },
  'validation.ruleNotNumeric': {
    'zh-CN': '该参数不是数值，不能设置阈值',
    'en-US': 'This parameter is not numeric and takes no threshold',
  },
  'validation.ruleValueOutOfRange': {
    'zh-CN': '数值超出该参数的物理范围',
    'en-US': "The value is outside the parameter's physical range",
  },
  'validation.ruleEndNotAfterStart': {
    'zh-CN': '结束值必须大于开始值',
    'en-US': 'The end value must exceed the start value',
  },
  'validation.ruleDurationNotPositive': { 'zh-CN': '时长必须大于0', 'en-US': 'The duration must be greater than 0' },
  'validation.ruleMinutesNegative': { 'zh-CN': '时间不能为负数', 'en-US': 'The time must not be negative' },
  'validation.ruleMinutesInteger': { 'zh-CN': '请输入整数分钟', 'en-US': 'Enter whole minutes' },
  'validation.ruleMinutesTooLong': { 'zh-CN': '时长不能超过1440分钟', 'en-US': 'At most 1440 minutes' },
  'validation.ruleMarginNegative': { 'zh-CN': '回差不能为负数', 'en-US': 'The clear margin must not be negative' },
  'validation.ruleNoConditions': { 'zh-CN': '请至少添加一个条件', 'en-US': 'Add at least one condition' },
  'validation.recipientNoContact': {
    'zh-CN': '接收人至少需要手机号、邮箱或微信之一',
    'en-US': 'A recipient needs a phone number, an e-mail address or a WeChat account',
  },
  'validation.sceneNoAction': { 'zh-CN': '请至少选择一个动作', 'en-US': 'Choose at least one action' },
  'validation.sceneNoDevice': { 'zh-CN': '请先关联设备', 'en-US': 'Associate a device first' },
} as const;

/**
 * Texts of every validation message key used in schemas (`validation.*`), in both languages.
 * The server translates field errors with these; the web loads the core ones at start and the
 * rest in a chunk of their own right after (platform/i18n/domainValidation.ts).
 */
export const VALIDATION_MESSAGES = {
  ...CORE_VALIDATION_MESSAGES,
  ...LOGISTICS_VALIDATION_MESSAGES,
  ...SUBSCRIPTION_VALIDATION_MESSAGES,
  ...QUARTZ_VALIDATION_MESSAGES,
  ...OPS_VALIDATION_MESSAGES,
  ...RULES_VALIDATION_MESSAGES,
  ...DATA_SOURCE_VALIDATION_MESSAGES,
  ...POPUP_REPORT_VALIDATION_MESSAGES,
  ...INTEGRATION_VALIDATION_MESSAGES,
  ...EQUIPMENT_VALIDATION_MESSAGES,
} as const;
export type ValidationMessageKey = keyof typeof VALIDATION_MESSAGES;
