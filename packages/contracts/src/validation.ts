import { z } from 'zod';

/**
 * Validation rules of SPEC §5, written once and used by forms (web) and request schemas (server).
 * Messages are i18n keys under `validation.*` on the web; the server translates them too.
 */
export const PATTERNS = {
  /** 11 digits starting 1, second digit 3,4,5,7,8 (forms). */
  mobile: /^1[34578]\d{9}$/,
  /** Table cells accept second digit 3-9. */
  mobileCell: /^1[3-9]\d{9}$/,
  /** Letters, digits, underscore; 4-18 long (the message says 6 to 18, SPEC §5). */
  username: /^[A-Za-z0-9_]{4,18}$/,
  /** 2-20 Chinese/English/digits/_-#. */
  realname: /^[\u4e00-\u9fa5A-Za-z0-9_\-#]{2,20}$/,
  /** Eight or more characters mixing digits, upper and lower case letters and special symbols. */
  password: /^(?=.*\d)(?=.*[a-z])(?=.*[A-Z])(?=.*[^A-Za-z0-9]).{8,}$/,
  /** Role code: no Chinese characters. */
  noChinese: /^[^\u4e00-\u9fa5]*$/,
  /** No slash or backslash. */
  noSlash: /^[^/\\]*$/,
} as const;

/**
 * Text the server refuses at its input boundary (issue #8): C0 control characters other than tab,
 * LF and CR (NUL above all: PostgreSQL cannot store it) and UTF-16 surrogates that are not part
 * of a pair (they cannot be encoded as UTF-8 and would be silently replaced). Message key
 * `validation.invalidText`.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const INVALID_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * A required reference to a row by its id: 1-64 characters; `''` is refused as required.
 */
export const RefIdSchema = z.string().min(1, 'validation.required').max(64, 'validation.tooLong');

/**
 * An optional reference to another row (parent department, parent menu, device group…): up to
 * 64 characters. `''` and `null` both mean "none" and come out as `null` (a cleared select sends
 * `''`), so an empty id never reaches the database as a foreign key; absent stays `undefined`.
 */
export const OptionalRefIdSchema = z
  .string()
  .max(64, 'validation.tooLong')
  .nullable()
  .transform((v): string | null => (v === '' ? null : v))
  .optional();

/** Password strength rule (SPEC §5) as a zod string, message key `validation.password`. */
export const PasswordSchema = z.string().regex(PATTERNS.password, 'validation.password').max(64);

/**
 * Texts of the validation message keys used in schemas (`validation.*`), in both languages.
 * The server translates field errors with these; the web loads them into i18next.
 */
export const VALIDATION_MESSAGES = {
  'validation.required': { 'zh-CN': '必填项', 'en-US': 'Required' },
  'validation.invalid': { 'zh-CN': '格式不正确', 'en-US': 'Invalid value' },
  'validation.password': {
    'zh-CN': '密码由8位数字、大小写字母和特殊符号组成!',
    'en-US': 'The password must be 8 characters mixing digits, upper and lower case letters and special symbols!',
  },
  'validation.confirmMismatch': { 'zh-CN': '两次输入的密码不一致!', 'en-US': 'The two passwords do not match!' },
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
  // Rule templates (issue 9, alarms/rule-conditions.ts).
  'validation.ruleUnknownParameter': { 'zh-CN': '未知的参数编码', 'en-US': 'Unknown parameter code' },
  'validation.ruleNotNumeric': { 'zh-CN': '该参数不是数值，不能设置阈值', 'en-US': 'This parameter is not numeric and takes no threshold' },
  'validation.ruleValueOutOfRange': { 'zh-CN': '数值超出该参数的物理范围', 'en-US': "The value is outside the parameter's physical range" },
  'validation.ruleEndNotAfterStart': { 'zh-CN': '结束值必须大于开始值', 'en-US': 'The end value must exceed the start value' },
  'validation.ruleDurationNotPositive': { 'zh-CN': '时长必须大于0', 'en-US': 'The duration must be greater than 0' },
  'validation.ruleMinutesNegative': { 'zh-CN': '时间不能为负数', 'en-US': 'The time must not be negative' },
  'validation.ruleMinutesInteger': { 'zh-CN': '请输入整数分钟', 'en-US': 'Enter whole minutes' },
  'validation.ruleMinutesTooLong': { 'zh-CN': '时长不能超过1440分钟', 'en-US': 'At most 1440 minutes' },
  'validation.ruleMarginNegative': { 'zh-CN': '回差不能为负数', 'en-US': 'The clear margin must not be negative' },
  'validation.ruleNoConditions': { 'zh-CN': '请至少添加一个条件', 'en-US': 'Add at least one condition' },
  'validation.recipientNoContact': { 'zh-CN': '接收人至少需要手机号、邮箱或微信之一', 'en-US': 'A recipient needs a phone number, an e-mail address or a WeChat account' },
  'validation.sceneNoAction': { 'zh-CN': '请至少选择一个动作', 'en-US': 'Choose at least one action' },
  'validation.sceneNoDevice': { 'zh-CN': '请先关联设备', 'en-US': 'Associate a device first' },
} as const;
export type ValidationMessageKey = keyof typeof VALIDATION_MESSAGES;
