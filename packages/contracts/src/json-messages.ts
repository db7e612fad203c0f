import type { BilingualText } from './i18n';
import type { JsonRefusalCode } from './json-limits';

/**
 * Envelope messages of a refused JSON body (code 400; `{max}` is the bound broken), one per
 * {@link JsonRefusalCode}; spread into `MESSAGES`. `tooLarge` answers HTTP 413 with `requestTooLarge`.
 */
export const JSON_INPUT_MESSAGES = {
  jsonTooDeep: {
    'zh-CN': '请求内容嵌套过深（最多 {max} 层）',
    'en-US': 'The request body nests too deeply (at most {max} levels)',
  },
  jsonTooManyItems: {
    'zh-CN': '请求内容中的列表过长（每个最多 {max} 项）',
    'en-US': 'A list in the request body is too long (at most {max} items each)',
  },
  jsonTooManyKeys: {
    'zh-CN': '请求内容中的对象字段过多（每个最多 {max} 个）',
    'en-US': 'An object in the request body has too many fields (at most {max} each)',
  },
  jsonStringTooLong: {
    'zh-CN': '请求内容中的文本过长（每段最多 {max} 字节）',
    'en-US': 'A text in the request body is too long (at most {max} bytes each)',
  },
  jsonTooManyValues: {
    'zh-CN': '请求内容包含的值过多（最多 {max} 个）',
    'en-US': 'The request body holds too many values (at most {max})',
  },
  jsonDuplicateKey: {
    'zh-CN': '请求内容中同一对象的字段重复',
    'en-US': 'An object in the request body names a field twice',
  },
  jsonInvalidUtf8: { 'zh-CN': '请求内容不是有效的 UTF-8 文本', 'en-US': 'The request body is not valid UTF-8 text' },
  jsonNumberOutOfRange: {
    'zh-CN': '请求内容中的数字超出范围',
    'en-US': 'A number in the request body is out of range',
  },
  jsonPrototypeKey: {
    'zh-CN': '请求内容包含不允许的字段名（__proto__ 或 constructor.prototype）',
    'en-US': 'The request body names a forbidden field (__proto__ or constructor.prototype)',
  },
  jsonMalformed: { 'zh-CN': '请求内容不是有效的 JSON', 'en-US': 'The request body is not valid JSON' },
} as const satisfies Record<string, BilingualText>;

/** The message key of each refusal ({@link JSON_INPUT_MESSAGES}; `tooLarge` → `requestTooLarge`). */
export const JSON_REFUSAL_MESSAGE = {
  tooLarge: 'requestTooLarge',
  tooDeep: 'jsonTooDeep',
  tooManyItems: 'jsonTooManyItems',
  tooManyKeys: 'jsonTooManyKeys',
  stringTooLong: 'jsonStringTooLong',
  tooManyValues: 'jsonTooManyValues',
  duplicateKey: 'jsonDuplicateKey',
  invalidUtf8: 'jsonInvalidUtf8',
  numberOutOfRange: 'jsonNumberOutOfRange',
  prototypeKey: 'jsonPrototypeKey',
  malformed: 'jsonMalformed',
} as const satisfies Record<JsonRefusalCode, string>;
