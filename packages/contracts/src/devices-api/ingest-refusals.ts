import type { BilingualText, Language } from '../i18n';

/**
 * Why the ingest refused a device's message or reading (ARCHITECTURE §5; shown to the tenant in
 * the device log, kind `refused`, and in the HTTP ingest's refusal): the dead-letter reasons
 * (`invalid`, `unknownDevice`, `future`, …), the bounds of the device JSON reader (`tooDeep`, …)
 * and, finer than `invalid`, the payload schema's issue keys (`telemetry.outOfRange`, …).
 */
export const INGEST_REFUSAL_MESSAGES = {
  invalid: { 'zh-CN': '数据格式不正确', 'en-US': 'The data does not have the expected format' },
  malformed: { 'zh-CN': '数据不是有效的 JSON', 'en-US': 'The data is not valid JSON' },
  forbiddenKey: { 'zh-CN': '数据包含不允许的字段名', 'en-US': 'The data names a forbidden field' },
  tooLarge: { 'zh-CN': '数据过大', 'en-US': 'The data is too large' },
  tooDeep: { 'zh-CN': '数据嵌套过深', 'en-US': 'The data nests too deeply' },
  tooManyItems: { 'zh-CN': '数据中的列表过长', 'en-US': 'A list in the data is too long' },
  tooManyKeys: { 'zh-CN': '数据中的对象字段过多', 'en-US': 'An object in the data has too many fields' },
  stringTooLong: { 'zh-CN': '数据中的文本过长', 'en-US': 'A text in the data is too long' },
  tooManyValues: { 'zh-CN': '数据包含的值过多', 'en-US': 'The data holds too many values' },
  duplicateKey: { 'zh-CN': '数据中同一对象的字段重复', 'en-US': 'An object in the data names a field twice' },
  invalidUtf8: { 'zh-CN': '数据不是有效的 UTF-8 文本', 'en-US': 'The data is not valid UTF-8 text' },
  numberOutOfRange: { 'zh-CN': '数据中的数字超出范围', 'en-US': 'A number in the data is out of range' },
  prototypeKey: { 'zh-CN': '数据包含不允许的字段名', 'en-US': 'The data names a forbidden field' },
  unknownDevice: { 'zh-CN': '设备未登记', 'en-US': 'The device is not registered' },
  unauthorized: { 'zh-CN': '设备无权上报此数据', 'en-US': 'The device may not send this data' },
  notGateway: { 'zh-CN': '该设备不是网关', 'en-US': 'The device is not a gateway' },
  notSubDevice: { 'zh-CN': '该设备不是此网关的子设备', 'en-US': 'The device is not a sub-device of this gateway' },
  badTopic: { 'zh-CN': '未知的上报主题', 'en-US': 'Unknown topic' },
  future: { 'zh-CN': '设备时间晚于当前时间', 'en-US': 'The device time is in the future' },
  tooOld: { 'zh-CN': '设备时间过早', 'en-US': 'The device time is too old' },
  beforeRetention: {
    'zh-CN': '设备时间早于数据保存期限',
    'en-US': 'The device time is older than the data retention period',
  },
  suppressed: {
    'zh-CN': '拒收过多：此后被拒收的数据只计数，未逐条记录',
    'en-US': 'Too many refusals: further refused data was counted but not logged one by one',
  },
  'telemetry.outOfRange': { 'zh-CN': '数值超出参数范围', 'en-US': "The value is outside the parameter's range" },
  'telemetry.unknownParameter': { 'zh-CN': '未知的参数', 'en-US': 'Unknown parameter' },
  'telemetry.positionParameter': {
    'zh-CN': '位置参数不能作为数值上报',
    'en-US': 'A position parameter cannot be sent as a value',
  },
  'telemetry.expectedNumber': { 'zh-CN': '参数值应为数字', 'en-US': 'The parameter value must be a number' },
  'telemetry.expectedBoolean': { 'zh-CN': '参数值应为布尔值', 'en-US': 'The parameter value must be true or false' },
  'telemetry.expectedString': { 'zh-CN': '参数值应为文本', 'en-US': 'The parameter value must be a text' },
  'telemetry.stringTooLong': { 'zh-CN': '参数值文本过长', 'en-US': 'The parameter value text is too long' },
  'telemetry.latLngPair': {
    'zh-CN': '纬度和经度必须同时上报',
    'en-US': 'Latitude and longitude must be sent together',
  },
  'telemetry.emptyReading': {
    'zh-CN': '数据不含任何参数值或位置',
    'en-US': 'The reading holds no value and no position',
  },
  'telemetry.forbiddenKey': { 'zh-CN': '数据包含不允许的字段名', 'en-US': 'The data names a forbidden field' },
} as const satisfies Record<string, BilingualText>;

/** A refusal reason with its own text. */
export type IngestRefusalReason = keyof typeof INGEST_REFUSAL_MESSAGES;

/** True when `reason` has a text in {@link INGEST_REFUSAL_MESSAGES}. */
export function isIngestRefusalReason(reason: string): reason is IngestRefusalReason {
  return Object.hasOwn(INGEST_REFUSAL_MESSAGES, reason);
}

/**
 * The text of a refusal `reason` in `lang`; a reason without a text of its own reads as `invalid`
 * (the data does not have the expected format).
 */
export function ingestRefusalText(reason: string, lang: Language): string {
  return INGEST_REFUSAL_MESSAGES[isIngestRefusalReason(reason) ? reason : 'invalid'][lang];
}

/**
 * Content (JSON text) of a device log line of kind `refused`: the reason key, the field of the
 * payload it concerns (`values.P003`; null when none), the count of a `suppressed` line (refusals
 * counted but not logged in its window), and the
 * first {@link REFUSED_SAMPLE_CHARS} characters of the refused payload (null for a summary line).
 */
export interface RefusedLogContent {
  reason: string;
  field: string | null;
  count?: number;
  sample: string | null;
}

/** Characters of a refused payload kept in its device log line. */
export const REFUSED_SAMPLE_CHARS = 200;
