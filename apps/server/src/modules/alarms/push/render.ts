import {
  ALARM_SEVERITIES,
  ALARM_TYPES,
  DEFAULT_LANGUAGE,
  getParameter,
  type AlarmRecord,
  type BilingualText,
  type Language,
} from '@ztj/contracts';
import type { PushMessage } from '../../../platform/notify/channel';
import type { AlarmNotice } from '../runtime/alarm-notice';
import { formatEpochMs } from '../../../platform/time/format-time';

/** Alarm event kinds that push (AlarmNotice `kind`). */
export type PushEvent = AlarmNotice['kind'];

/** What a message is made from: the alarm as pushed and the event (with the reminder number). */
export interface RenderInput {
  alarm: Pick<
    AlarmRecord,
    | 'deviceId'
    | 'deviceName'
    | 'ruleName'
    | 'conditionType'
    | 'alarmType'
    | 'severity'
    | 'startTs'
    | 'raisedTs'
    | 'endTs'
    | 'value'
  >;
  event: PushEvent;
  /** Reminder number (1-based) for `reminder`; ignored otherwise. */
  reminder?: number;
}

/** Options of {@link renderPushMessage}. */
export interface RenderOptions {
  lang?: Language;
  /** IANA time zone of the formatted device time (default Asia/Shanghai). */
  timeZone?: string;
  /** Console link to the alarm. */
  url?: string;
}

/** Names of alarm types that are not parameter codes (engine `alarmType` for the condition types of SPEC §9). */
const OTHER_TYPES: Record<string, BilingualText> = {
  offline: { 'zh-CN': '设备离线', 'en-US': 'Device offline' },
  power_off: { 'zh-CN': '断电', 'en-US': 'Power off' },
  powerOff: { 'zh-CN': '断电', 'en-US': 'Power off' },
  threshold: { 'zh-CN': '阈值', 'en-US': 'Threshold' },
  range: { 'zh-CN': '范围', 'en-US': 'Range' },
  duration: { 'zh-CN': '持续时间', 'en-US': 'Duration' },
  door: { 'zh-CN': '开关门', 'en-US': 'Door' },
  tilt: { 'zh-CN': '倾斜', 'en-US': 'Tilt' },
  freeFall: { 'zh-CN': '跌落', 'en-US': 'Free fall' },
  lowBattery: { 'zh-CN': '低电量', 'en-US': 'Low battery' },
};

const EVENT_TEXT: Record<PushEvent, BilingualText> = {
  raised: { 'zh-CN': '告警产生', 'en-US': 'Alarm raised' },
  reminder: { 'zh-CN': '第{n}次提醒', 'en-US': 'Reminder {n}' },
  escalated: { 'zh-CN': '告警升级', 'en-US': 'Escalated' },
  cleared: { 'zh-CN': '告警解除', 'en-US': 'Alarm cleared' },
};

const LABELS = {
  device: { 'zh-CN': '设备', 'en-US': 'Device' },
  type: { 'zh-CN': '告警类型', 'en-US': 'Alarm type' },
  value: { 'zh-CN': '数值', 'en-US': 'Value' },
  time: { 'zh-CN': '时间', 'en-US': 'Time' },
  rule: { 'zh-CN': '规则', 'en-US': 'Rule' },
  event: { 'zh-CN': '事件', 'en-US': 'Event' },
  severity: { 'zh-CN': '级别', 'en-US': 'Severity' },
  alarm: { 'zh-CN': '告警', 'en-US': 'alarm' },
} as const satisfies Record<string, BilingualText>;

/** The name of an alarm type (SPEC §3 parameter table, alarm types, or the condition type), in `lang`. */
export function alarmTypeName(alarmType: string, conditionType: string, lang: Language = DEFAULT_LANGUAGE): string {
  const param = getParameter(alarmType);
  if (param) return lang === 'en-US' ? param.nameEn : param.nameZh;
  const t = ALARM_TYPES.find((a) => a.code === alarmType);
  if (t) return lang === 'en-US' ? t.nameEn : t.nameZh;
  const other = OTHER_TYPES[alarmType] ?? OTHER_TYPES[conditionType];
  return other ? other[lang] : alarmType;
}

/** `-12.4 °C` from the value and the alarm type's unit; '' without a value. */
export function formatValue(value: number | null, alarmType: string): string {
  if (value === null || !Number.isFinite(value)) return '';
  const unit = getParameter(alarmType)?.unit ?? ALARM_TYPES.find((a) => a.code === alarmType)?.unit ?? '';
  const text = String(Math.round(value * 100) / 100);
  return unit ? `${text} ${unit}` : text;
}

/** Device time (ms) as `YYYY-MM-DD HH:mm:ss` in `timeZone` (default Asia/Shanghai). */
export function formatDeviceTime(ms: number, timeZone?: string): string {
  return formatEpochMs(ms, timeZone);
}

/** `【紧急】` / `[Urgent]` for a severity. */
function severityTag(severity: 'L' | 'M' | 'H', lang: Language): string {
  const s = ALARM_SEVERITIES.find((x) => x.code === severity);
  const name = s ? (lang === 'en-US' ? s.nameEn : s.nameZh) : severity;
  return lang === 'en-US' ? `[${name}]` : `【${name}】`;
}

/** The event's text, e.g. `第2次提醒` / `Reminder 2`. */
export function eventText(event: PushEvent, reminder: number | undefined, lang: Language = DEFAULT_LANGUAGE): string {
  return EVENT_TEXT[event][lang].replace('{n}', String(reminder ?? 1));
}

/**
 * The push message of one alarm event: title `【紧急】<device> <type name>` (English
 * `[Urgent] <device> <type name> alarm`; a cleared alarm adds the event), text lines event, device,
 * alarm type, value with unit (when numeric), device time (cleared: the end time), rule.
 */
export function renderPushMessage(input: RenderInput, opts: RenderOptions = {}): PushMessage {
  const lang = opts.lang ?? DEFAULT_LANGUAGE;
  const { alarm, event } = input;
  const device = alarm.deviceName || alarm.deviceId;
  const typeName = alarmTypeName(alarm.alarmType, alarm.conditionType, lang);
  const value = formatValue(alarm.value, alarm.alarmType);
  const ts = event === 'cleared' && alarm.endTs !== null ? alarm.endTs : alarm.raisedTs;
  const time = formatDeviceTime(ts, opts.timeZone);
  const ev = eventText(event, input.reminder, lang);
  const sep = lang === 'en-US' ? ': ' : '：';
  const base =
    lang === 'en-US'
      ? `${severityTag(alarm.severity, lang)} ${device} ${typeName} ${LABELS.alarm[lang]}`
      : `${severityTag(alarm.severity, lang)}${device} ${typeName}${LABELS.alarm[lang]}`;
  const title = event === 'raised' ? base : `${base} (${ev})`;
  const lines = [
    `${LABELS.event[lang]}${sep}${ev}`,
    `${LABELS.device[lang]}${sep}${device}${alarm.deviceName && alarm.deviceName !== alarm.deviceId ? ` (${alarm.deviceId})` : ''}`,
    `${LABELS.type[lang]}${sep}${typeName}`,
    ...(value ? [`${LABELS.value[lang]}${sep}${value}`] : []),
    `${LABELS.time[lang]}${sep}${time}`,
    `${LABELS.rule[lang]}${sep}${alarm.ruleName}`,
  ];
  return {
    title,
    text: lines.join('\n'),
    severity: alarm.severity,
    deviceId: alarm.deviceId,
    deviceName: device,
    alarmType: alarm.alarmType,
    value,
    time,
    ...(opts.url ? { url: opts.url } : {}),
  };
}
