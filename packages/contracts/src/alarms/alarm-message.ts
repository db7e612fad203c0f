import { DEFAULT_LANGUAGE, type Language } from '../i18n';
import { ALARM_TYPES, getParameter, PARAM } from '../devices/parameters';
import type { AlarmRecord } from './alarms-api';
import { ALARM_SEVERITIES } from './rule-template';
import type { RuleCondition } from './rule-conditions';
import { ALARM_NOTICE_TEXTS as T, type AlarmNoticeTextKey } from './notice-messages';

/**
 * The one builder of alarm notices (SPEC §2 alarms and push, §3 parameter codes): every push
 * channel (e-mail, SMS, WeChat, WeCom, DingTalk) and the console's live notice say what happened
 * from it, in zh-CN or en-US. Pure: no clock, no I/O; the caller passes the condition that raised
 * the alarm, the place name of a position condition, the time zone and the console link.
 */

/** Time zone of notice times when the tenant has none (SPEC gives none; the product's customers are in China). */
export const NOTICE_DEFAULT_TIME_ZONE = 'Asia/Shanghai';

/** Alarm event a notice is about (the alarm runtime's notice kinds). */
export type AlarmNoticeEvent = 'raised' | 'reminder' | 'escalated' | 'cleared';

/** What a notice is made from. */
export interface AlarmMessageInput {
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
  event: AlarmNoticeEvent;
  /** Reminder number (1-based) for `reminder`. */
  reminder?: number;
  /** The rule condition that raised the alarm (its limits); absent when unknown (rule deleted). */
  condition?: RuleCondition | null;
  /** Name of the location or route of a geofence, dwell or route deviation condition. */
  placeName?: string | null;
  /**
   * Server time (ms epoch) the server learned of an episode that began in back-filled (late) data
   * and was still active then; the raise's notice is marked `late (learned at …)`. Null or absent
   * for an episode learned on time (and for every event but `raised`).
   */
  learnedAt?: number | null;
}

/** Options: language (default zh-CN), IANA time zone (default {@link NOTICE_DEFAULT_TIME_ZONE}), console link. */
export interface AlarmMessageOptions {
  lang?: Language;
  timeZone?: string;
  url?: string;
}

/** A built notice. Every string is in the requested language. */
export interface AlarmMessage {
  /** One line: `【紧急】冷藏车一号 温度告警` / `[Urgent] Truck 1 Temperature alarm` (+ ` (event)` unless raised). */
  title: string;
  /** Lines joined by `\n`: what happened, device name and number, severity, start time with zone, rule. */
  text: string;
  /** What happened, one sentence: `温度 12.0 °C，超出 2.0–8.0 °C，持续 1 分钟`. */
  summary: string;
  /** Parameter (or condition) name: `温度`; a duration alarm names its inner parameter. */
  parameter: string;
  /** Value with the parameter's unit (`12.0 °C`), '' when the alarm has none; a duration's minutes never. */
  value: string;
  /** The limit breached with unit (`2.0–8.0 °C`, `-15.0 °C`), '' when the condition has none. */
  limit: string;
  /** Severity name: `紧急` / `Urgent`. */
  severity: string;
  /** Start of the episode (cleared: its end) as `2026-12-02 14:03 (UTC+08:00)`. */
  time: string;
  /** The same time within 20 characters for SMS variables: `12-02 14:03 UTC+8`. */
  shortTime: string;
  /** `late (learned at 2026-12-02 17:40 (UTC+08:00))` on the raise of an episode learned late, else ''. */
  late: string;
  /** Console link to the alarm, when given. */
  url?: string;
}

type Vars = Record<string, string | number>;

function say(key: AlarmNoticeTextKey, lang: Language, vars: Vars = {}): string {
  return T[key][lang].replace(/\{(\w+)\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m));
}

/** Names of alarm types that are neither parameter codes nor SPEC alarm types (engine condition types). */
const CONDITION_NAMES: Record<string, { 'zh-CN': string; 'en-US': string }> = {
  offline: { 'zh-CN': '设备离线', 'en-US': 'Device offline' },
  power_off: { 'zh-CN': '断电', 'en-US': 'Power off' },
  powerOff: { 'zh-CN': '断电', 'en-US': 'Power off' },
  door: { 'zh-CN': '开关门', 'en-US': 'Door' },
  tilt: { 'zh-CN': '倾斜', 'en-US': 'Tilt' },
  freeFall: { 'zh-CN': '跌落', 'en-US': 'Free fall' },
  lowBattery: { 'zh-CN': '低电量', 'en-US': 'Low battery' },
  threshold: { 'zh-CN': '阈值', 'en-US': 'Threshold' },
  range: { 'zh-CN': '范围', 'en-US': 'Range' },
  duration: { 'zh-CN': '持续时间', 'en-US': 'Duration' },
};

/** Name of a parameter code, SPEC alarm type (T001) or condition type, in `lang`; unknown codes as given. */
export function alarmTypeLabel(code: string, lang: Language = DEFAULT_LANGUAGE): string {
  const p = getParameter(code);
  if (p) return lang === 'en-US' ? p.nameEn : p.nameZh;
  const t = ALARM_TYPES.find((a) => a.code === code);
  if (t) return lang === 'en-US' ? t.nameEn : t.nameZh;
  return CONDITION_NAMES[code]?.[lang] ?? code;
}

/**
 * The parameter code whose unit an alarm's value (and peak) is in: the inner condition's parameter
 * for a duration (T001), the watched parameter of a threshold, range, door or tilt, P005 for low
 * battery, else the alarm type when it is a parameter code; null when the value has no parameter.
 */
export function valueParameterOf(alarmType: string, condition?: RuleCondition | null): string | null {
  if (condition) {
    if (condition.type === 'duration') return condition.condition.param;
    if (condition.type === 'threshold' || condition.type === 'range') return condition.param;
    if (condition.type === 'lowBattery') return PARAM.battery;
    if (condition.type === 'tilt') return PARAM.tilt;
  }
  return getParameter(alarmType) ? alarmType : null;
}

/**
 * Intl formatters by what they format: building one costs far more than formatting with it (tens
 * of µs), and every alarm change formats a notice, so each is built once per language / zone.
 */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function formatter<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let f = formatters.get(key) as T | undefined;
  if (!f) {
    f = make();
    formatters.set(key, f);
  }
  return f;
}

/** A number with one or two decimals in `lang` (`12.0`, `-11.5`, `55.56`), no grouping. */
export function formatNoticeNumber(n: number, lang: Language = DEFAULT_LANGUAGE): string {
  return formatter(
    `n:${lang}`,
    () => new Intl.NumberFormat(lang, { minimumFractionDigits: 1, maximumFractionDigits: 2, useGrouping: false }),
  ).format(n);
}

/** `12.0 °C` from a number and the unit of parameter `param` (no unit for null or a unitless one). */
export function withUnit(n: number, param: string | null, lang: Language = DEFAULT_LANGUAGE): string {
  const unit = param ? (getParameter(param)?.unit ?? '') : '';
  const text = formatNoticeNumber(n, lang);
  return unit ? `${text} ${unit}` : text;
}

/** `UTC+08:00` offset of `timeZone` at `ms` (Intl `longOffset`; `GMT` alone is `UTC+00:00`). */
function zoneOffset(ms: number, timeZone: string): string {
  const part = formatter(
    `o:${timeZone}`,
    () => new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }),
  )
    .formatToParts(new Date(ms))
    .find((p) => p.type === 'timeZoneName')?.value;
  const off = part && part !== 'GMT' ? part.replace('GMT', '') : '+00:00';
  return `UTC${off}`;
}

function validZone(timeZone: string | undefined): string {
  if (!timeZone) return NOTICE_DEFAULT_TIME_ZONE;
  if (formatters.has(`l:${timeZone}`)) return timeZone;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return timeZone;
  } catch {
    return NOTICE_DEFAULT_TIME_ZONE;
  }
}

/**
 * A device time (ms epoch) as `YYYY-MM-DD HH:mm (UTC±hh:mm)` in `timeZone` (an unknown zone falls
 * back to {@link NOTICE_DEFAULT_TIME_ZONE}; a time that is not a number gives `-`); `short` gives `MM-DD HH:mm UTC+8` (≤ 20 characters; `MM-DD HH:mm+13:45` when that does not fit).
 */
export function formatNoticeTime(ms: number, timeZone?: string, short = false): string {
  if (!Number.isFinite(ms)) return '-';
  const zone = validZone(timeZone);
  const local = formatter(
    `l:${zone}`,
    () =>
      new Intl.DateTimeFormat('sv-SE', {
        timeZone: zone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hour12: false,
      }),
  )
    .format(new Date(ms))
    .replace('T', ' ');
  const offset = zoneOffset(ms, zone);
  if (!short) return `${local} (${offset})`;
  const compact = offset.replace(/([+-])0?(\d+):00$/, '$1$2').replace(/([+-])0(\d):/, '$1$2:');
  const text = `${local.slice(5)} ${compact}`;
  // a zone like UTC+13:45 does not fit: the ISO offset right after the time (`12-02 19:48+13:45`)
  return text.length <= 20 ? text : `${local.slice(5)}${offset.slice(3)}`;
}

interface What {
  summary: string;
  parameter: string;
  value: string;
  limit: string;
}

/** What happened, by condition kind (see {@link ALARM_NOTICE_TEXTS}). */
function describe(input: AlarmMessageInput, lang: Language): What {
  const { alarm, condition } = input;
  const param = valueParameterOf(alarm.alarmType, condition);
  const parameter = param ? alarmTypeLabel(param, lang) : alarmTypeLabel(alarm.alarmType, lang);
  const num = alarm.value !== null && Number.isFinite(alarm.value) ? alarm.value : null;
  const value = num === null ? '' : withUnit(num, param, lang);
  const u = (n: number): string => withUnit(n, param, lang);
  const place = input.placeName || say('unknownPlace', lang);
  const out = (summary: string, limit = ''): What => ({ summary, parameter, value, limit });
  const withValue = (key: AlarmNoticeTextKey, limit: string): What =>
    value ? out(say(key, lang, { param: parameter, value, limit }), limit) : out(parameter, limit);
  const c = condition?.type === 'duration' ? condition.condition : condition;
  let what: What;
  if (!c) {
    if (alarm.alarmType === 'offline') what = out(say('offline', lang, { n: '?' }));
    else what = value ? out(say('plainValue', lang, { param: parameter, value })) : out(parameter);
  } else if (c.type === 'threshold') {
    if (c.comparison === 4) {
      const limit = `${formatNoticeNumber(c.value, lang)}–${u(c.valueMax ?? c.value)}`;
      what = withValue('inside', limit);
    } else {
      const key = (['above', 'below', 'atOrAbove', 'atOrBelow'] as const)[c.comparison];
      what = withValue(key, u(c.value));
    }
  } else if (c.type === 'range') {
    what = withValue(c.effect === 2 ? 'outside' : 'inside', `${formatNoticeNumber(c.min, lang)}–${u(c.max)}`);
  } else if (c.type === 'offline') {
    what = out(say(c.minutes === 1 ? 'offlineOne' : 'offline', lang, { n: c.minutes }));
  } else if (c.type === 'geofence') {
    const key = c.effect === 1 ? 'fenceEnter' : c.effect === 2 ? 'fenceLeave' : 'fenceCross';
    what = out(say(key, lang, { place }));
  } else if (c.type === 'routeDeviation') {
    what = out(say('routeDeviation', lang, { place, n: c.corridorM }), `${c.corridorM} m`);
  } else if (c.type === 'dwell') {
    what = out(say('dwell', lang, { place, n: c.minutes }));
  } else if (c.type === 'door') {
    const key = (['doorWhileOpen', 'doorWhileClosed', 'doorOpened', 'doorClosed'] as const)[c.effect - 1];
    what = out(say(key, lang, { param: alarmTypeLabel(c.param ?? PARAM.door, lang) }));
  } else if (c.type === 'tilt') {
    what = value ? withValue('tilt', u(c.degrees)) : out(say('tiltNoValue', lang), u(c.degrees));
  } else if (c.type === 'lowBattery') {
    what = withValue('lowBattery', u(c.percent));
  } else if (c.type === 'freeFall') {
    what = out(say('freeFall', lang));
  } else {
    what = out(say('powerOff', lang));
  }
  if (condition?.type === 'duration') {
    const key = condition.minutes === 1 ? 'sustainedOne' : 'sustained';
    what = { ...what, summary: what.summary + say(key, lang, { n: condition.minutes }) };
  }
  return what;
}

/**
 * Builds the notice of one alarm event in `opts.lang`: title, text lines (event: what happened;
 * the late marker `late (learned at …)` for a raise with `learnedAt`, also in the title;
 * device name (number); severity; start time with zone — cleared adds the end time; rule), and the
 * parts channels with fixed fields use (parameter, value with unit, limit, time, 20-character time).
 * Units come from the parameter table only; a duration's minutes are never given as the value.
 * Never throws (an unknown zone falls back to {@link NOTICE_DEFAULT_TIME_ZONE}).
 */
export function buildAlarmMessage(input: AlarmMessageInput, opts: AlarmMessageOptions = {}): AlarmMessage {
  const lang = opts.lang ?? DEFAULT_LANGUAGE;
  const en = lang === 'en-US';
  const { alarm, event } = input;
  const what = describe(input, lang);
  const sev = ALARM_SEVERITIES.find((s) => s.code === alarm.severity);
  const severity = sev ? (en ? sev.nameEn : sev.nameZh) : alarm.severity;
  const device = alarm.deviceName || alarm.deviceId;
  const deviceLine =
    alarm.deviceName && alarm.deviceName !== alarm.deviceId
      ? en
        ? `${alarm.deviceName} (${alarm.deviceId})`
        : `${alarm.deviceName}（${alarm.deviceId}）`
      : alarm.deviceId;
  const ev = say(event, lang, { n: input.reminder ?? 1 });
  const sep = en ? ': ' : '：';
  const base = en
    ? `[${severity}] ${device} ${what.parameter} ${say('alarmWord', lang)}`
    : `【${severity}】${device} ${what.parameter}${say('alarmWord', lang)}`;
  const cleared = event === 'cleared' && alarm.endTs !== null;
  const start = formatNoticeTime(alarm.startTs, opts.timeZone);
  const lines = [
    `${ev}${sep}${what.summary}`,
    `${say('device', lang)}${sep}${deviceLine}`,
    `${say('severity', lang)}${sep}${severity}`,
    `${say('startTime', lang)}${sep}${start}`,
    ...(cleared ? [`${say('endTime', lang)}${sep}${formatNoticeTime(alarm.endTs as number, opts.timeZone)}`] : []),
    `${say('rule', lang)}${sep}${alarm.ruleName}`,
  ];
  const shownTs = cleared ? (alarm.endTs as number) : alarm.startTs;
  const learned = event === 'raised' && input.learnedAt != null && Number.isFinite(input.learnedAt);
  const late = learned ? say('late', lang, { time: formatNoticeTime(input.learnedAt as number, opts.timeZone) }) : '';
  if (late) lines.splice(1, 0, late);
  return {
    title: event === 'raised' ? (late ? `${base} · ${late}` : base) : `${base} (${ev})`,
    text: lines.join('\n'),
    late,
    ...what,
    severity,
    time: cleared ? formatNoticeTime(shownTs, opts.timeZone) : start,
    shortTime: formatNoticeTime(shownTs, opts.timeZone, true),
    ...(opts.url ? { url: opts.url } : {}),
  };
}

/**
 * The console's live notice of an alarm in both languages, one line each: the summary and the
 * time with its zone (`温度 12.0 °C，超出 2.0–8.0 °C · 2026-12-02 14:03 (UTC+08:00)`), then the
 * late marker for an episode learned late (` · 迟到（获知于 …）`), from
 * {@link buildAlarmMessage}.
 */
export function alarmNoticeLine(input: AlarmMessageInput, timeZone?: string): { 'zh-CN': string; 'en-US': string } {
  const line = (lang: Language): string => {
    const m = buildAlarmMessage(input, { lang, timeZone });
    return `${m.summary} · ${m.time}${m.late ? ` · ${m.late}` : ''}`;
  };
  return { 'zh-CN': line('zh-CN'), 'en-US': line('en-US') };
}
