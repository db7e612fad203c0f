import type { BilingualText } from '../i18n';

/** Envelope messages of data sources, merged into `MESSAGES`. */
export const DATA_SOURCE_MESSAGES = {
  dataSourceExists: { 'zh-CN': '该数据源编码已存在', 'en-US': 'A data source with this code already exists' },
  dataSourceConnected: { 'zh-CN': '连接成功', 'en-US': 'Connection successful' },
  dataSourceConnectFailed: { 'zh-CN': '连接失败：{reason}', 'en-US': 'Connection failed: {reason}' },
  dataSourcePasswordUnreadable: {
    'zh-CN': '已保存的密码无法解密（密钥已更换），请重新输入密码',
    'en-US': 'The stored password cannot be decrypted (the key changed); enter the password again',
  },
} as const satisfies Record<string, BilingualText>;

/** Field-error texts of data sources, merged into `VALIDATION_MESSAGES`. */
export const DATA_SOURCE_VALIDATION_MESSAGES = {
  'validation.dataSourceCode': {
    'zh-CN': '编码须以字母开头，只能包含字母、数字、_、-，最长64位',
    'en-US': 'Code: a letter first, then letters, digits, _ or -, at most 64 characters',
  },
  'validation.dataSourceHost': { 'zh-CN': '请输入主机名或IP地址', 'en-US': 'Enter a host name or IP address' },
  'validation.dataSourcePort': {
    'zh-CN': '端口须为1到65535之间的整数',
    'en-US': 'The port must be a whole number from 1 to 65535',
  },
  'validation.dataSourceType': { 'zh-CN': '请选择数据库类型', 'en-US': 'Choose a database type' },
} as const satisfies Record<string, BilingualText>;
