import type { BilingualText } from '../i18n';

/** Envelope messages of check rules and fill rules, merged into `MESSAGES`. */
export const RULES_MESSAGES = {
  checkRuleNotFound: { 'zh-CN': '该编码不存在', 'en-US': 'No rule with this code' },
  checkRuleExists: { 'zh-CN': '该规则编码已存在', 'en-US': 'A rule with this code already exists' },
  // The failing row's own message, as JeecgBoot answers it.
  checkRuleFailed: { 'zh-CN': '{message}', 'en-US': '{message}' },
  checkRuleTimeout: {
    'zh-CN': '校验规则第{row}行的正则表达式执行超时（可能存在灾难性回溯），请修改该规则',
    'en-US': 'The pattern of row {row} of this check rule took too long (catastrophic backtracking?); fix the rule',
  },
  checkRuleBroken: {
    'zh-CN': '校验规则第{row}行的正则表达式无效，请修改该规则',
    'en-US': 'The pattern of row {row} of this check rule is invalid; fix the rule',
  },
  fillRuleExists: { 'zh-CN': '该规则编码已存在', 'en-US': 'A rule with this code already exists' },
} as const satisfies Record<string, BilingualText>;

/** Field-error texts of check and fill rules, merged into `VALIDATION_MESSAGES`. */
export const RULES_VALIDATION_MESSAGES = {
  'validation.ruleCode': {
    'zh-CN': '编码以字母开头，只能包含字母、数字、_、-，最长64位',
    'en-US': 'Code: a letter first, then letters, digits, _ or -, at most 64 characters',
  },
  'validation.checkRuleDigits': {
    'zh-CN': '位数须为 * 或 1-999 的整数',
    'en-US': 'Digits must be * or a whole number 1-999',
  },
  'validation.checkRulePattern': { 'zh-CN': '不是有效的正则表达式', 'en-US': 'Not a valid regular expression' },
  'validation.checkRuleRows': { 'zh-CN': '须有1至20条规则', 'en-US': 'Between 1 and 20 rows are needed' },
  'validation.fillRulePrefix': {
    'zh-CN': '前缀只能包含字母、数字、_、-，最长16位',
    'en-US': 'Prefix: letters, digits, _ or - only, at most 16 characters',
  },
  'validation.fillRuleDigits': { 'zh-CN': '流水号位数须为1-10', 'en-US': 'Sequence digits must be 1-10' },
} as const satisfies Record<string, BilingualText>;
