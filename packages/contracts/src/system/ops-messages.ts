import type { BilingualText } from '../i18n';

/** Envelope messages of gateway routes and file storage, merged into `MESSAGES`. */
export const OPS_MESSAGES = {
  gatewayRouteNotFound: { 'zh-CN': '网关路由不存在', 'en-US': 'Gateway route not found' },
  gatewayRouteExists: { 'zh-CN': '该路由ID已存在', 'en-US': 'A route with this route ID already exists' },
  storedFileNotFound: { 'zh-CN': '文件不存在', 'en-US': 'File not found' },
} as const satisfies Record<string, BilingualText>;

/** Field-error texts of gateway routes, merged into `VALIDATION_MESSAGES`. */
export const OPS_VALIDATION_MESSAGES = {
  'validation.gatewayRouterId': {
    'zh-CN': '路由ID只能包含字母、数字、_、-、.，最长64位',
    'en-US': 'Route ID: letters, digits, _ - . only, at most 64 characters',
  },
  'validation.gatewayUri': {
    'zh-CN': '地址须以 lb://、http://、https://、ws:// 或 wss:// 开头',
    'en-US': 'The URI must start with lb://, http://, https://, ws:// or wss://',
  },
  'validation.gatewayJson': { 'zh-CN': '不是有效的 JSON', 'en-US': 'Not valid JSON' },
  'validation.gatewayFactories': {
    'zh-CN': '须为 [{"name": "…", "args": […]}] 形式的列表',
    'en-US': 'Must be a list of the form [{"name": "…", "args": […]}]',
  },
  'validation.gatewayPredicateRequired': {
    'zh-CN': '至少需要一个断言（如 Path）',
    'en-US': 'At least one predicate (e.g. Path) is required',
  },
} as const satisfies Record<string, BilingualText>;
