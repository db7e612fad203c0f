import type { BilingualText } from '../i18n';

/** Envelope messages of popup reports, merged into `MESSAGES`. */
export const POPUP_REPORT_MESSAGES = {
  popupReportExists: { 'zh-CN': '该报表编码已存在', 'en-US': 'A report with this code already exists' },
  popupReportSourceUnknown: { 'zh-CN': '数据源不存在：{code}', 'en-US': 'Unknown data source: {code}' },
  popupReportOwnDbPlatformOnly: {
    'zh-CN': '只有平台租户可以在本系统数据库上定义报表，请选择一个数据源',
    'en-US': 'Only the platform tenant may define reports over the product’s own database; choose a data source',
  },
  popupReportReadOnly: {
    'zh-CN': '报表只能执行查询，不能修改数据：{reason}',
    'en-US': 'A report may only read, not change data: {reason}',
  },
  popupReportTimeout: { 'zh-CN': '报表查询超时（{seconds} 秒）', 'en-US': 'The report query timed out ({seconds} s)' },
  popupReportFailed: { 'zh-CN': '报表查询失败：{reason}', 'en-US': 'The report query failed: {reason}' },
} as const satisfies Record<string, BilingualText>;

/** Field-error texts of popup reports, merged into `VALIDATION_MESSAGES`. */
export const POPUP_REPORT_VALIDATION_MESSAGES = {
  'validation.reportCode': {
    'zh-CN': '编码须以字母开头，只能包含字母、数字、_、-，最长64位',
    'en-US': 'Code: a letter first, then letters, digits, _ or -, at most 64 characters',
  },
  'validation.reportName': {
    'zh-CN': '名称须以字母或_开头，只能包含字母、数字、_',
    'en-US': 'Name: a letter or _ first, then letters, digits or _',
  },
  'validation.reportSqlEmpty': { 'zh-CN': '请输入查询SQL', 'en-US': 'Enter the query' },
  'validation.reportSqlNotSelect': {
    'zh-CN': '只能是 SELECT 或 WITH 开头的查询语句',
    'en-US': 'Only a query starting with SELECT or WITH is allowed',
  },
  'validation.reportSqlMultiple': { 'zh-CN': '只能包含一条语句', 'en-US': 'Only one statement is allowed' },
  'validation.reportSqlQuotedParam': {
    'zh-CN': "参数 ${…} 不能写在引号内（参数按值绑定，如 LIKE CONCAT('%', ${name}, '%')）",
    'en-US': "A ${…} parameter cannot be inside quotes (it is bound as a value, e.g. LIKE CONCAT('%', ${name}, '%'))",
  },
  'validation.reportSqlUnterminated': {
    'zh-CN': '引号、注释或参数 ${…} 未闭合或参数名无效',
    'en-US': 'Unclosed quote, comment or ${…} parameter, or a bad parameter name',
  },
  'validation.reportSqlForbidden': {
    'zh-CN': '查询包含不允许的语法（文件、锁、事务、设置、反斜杠转义或 # 注释）',
    'en-US':
      'The query uses something not allowed (files, locks, transactions, settings, backslash escapes or # comments)',
  },
  'validation.reportParamUndeclared': {
    'zh-CN': '查询使用了未定义的参数：{names}',
    'en-US': 'The query uses undeclared parameters: {names}',
  },
  'validation.reportDuplicate': { 'zh-CN': '名称重复', 'en-US': 'Duplicate name' },
  'validation.reportNoColumns': { 'zh-CN': '请至少定义一列', 'en-US': 'Define at least one column' },
} as const satisfies Record<string, BilingualText>;
