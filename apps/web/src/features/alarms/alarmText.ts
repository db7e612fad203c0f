import dayjs from 'dayjs';
import {
  ALARM_SEVERITIES,
  PARAM,
  getParameter,
  type AlarmRecord,
  type AlarmSeverity,
  type Language,
} from '@ztj/contracts';

/** Translates a key of the `alarms` namespace (i18next `t` bound to it). */
export type AlarmT = (key: string, options?: Record<string, unknown>) => string;

/** Device times of the alarm screens: local `YYYY-MM-DD HH:mm:ss` (SPEC §9). */
export const ALARM_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/**
 * Alarm types that are not parameter codes (SPEC §3 alarm types), by their key in `alarms:type.*`:
 * T001 duration and the condition types of the rule templates. The engine writes `power_off`.
 */
export const CONDITION_ALARM_TYPES = [
  'T001',
  'door',
  'tilt',
  'offline',
  'powerOff',
  'lowBattery',
  'freeFall',
  'threshold',
  'range',
  'duration',
] as const;
const CONDITION_KEYS: ReadonlySet<string> = new Set(CONDITION_ALARM_TYPES);

/**
 * Alarm type values offered by the alarm type filter, as stored by the engine: the commonly
 * watched parameter codes, T001 (duration), `offline` and `power_off`.
 */
export const ALARM_TYPE_FILTER_VALUES: readonly string[] = [
  PARAM.temperature,
  PARAM.humidity,
  PARAM.temperature2,
  PARAM.battery,
  PARAM.door,
  PARAM.tilt,
  PARAM.freeFall,
  'T001',
  'offline',
  'power_off',
];

/** `power_off` → `powerOff`: the engine's snake case and the contracts' condition names meet. */
function camel(type: string): string {
  return type.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
}

/**
 * Display name of an alarm type in `lang` (SPEC §3): a parameter code gets its name from the
 * contracts' parameter table (`P003` → 温度 / Temperature), T001 and the condition types
 * (door, tilt, offline, powerOff / power_off, lowBattery, freeFall…) their `alarms:type.*` text;
 * anything else is shown as it came.
 */
export function alarmTypeName(alarmType: string, lang: Language, t: AlarmT): string {
  const param = getParameter(alarmType);
  if (param) return lang === 'en-US' ? param.nameEn : param.nameZh;
  const key = camel(alarmType);
  return CONDITION_KEYS.has(key) ? t(`type.${key}`) : alarmType;
}

/** Colour (antd preset), key and names of a severity (L general blue, M important orange, H urgent red; SPEC §3). */
export function severityMeta(severity: AlarmSeverity): (typeof ALARM_SEVERITIES)[number] {
  return ALARM_SEVERITIES.find((s) => s.code === severity) ?? ALARM_SEVERITIES[0];
}

/** A device time (ms epoch) as local `YYYY-MM-DD HH:mm:ss`; '—' for null. */
export function formatAlarmTime(ts: number | null | undefined): string {
  return ts === null || ts === undefined ? '—' : dayjs(ts).format(ALARM_TIME_FORMAT);
}

/**
 * Duration of an alarm episode from its start to its end (or `now` while active), as
 * `1d 2h 3m` / `2h 5m` / `45s` with the `alarms:duration.*` unit texts.
 */
export function formatAlarmDuration(startTs: number, endTs: number | null, now: number, t: AlarmT): string {
  const ms = Math.max(0, (endTs ?? now) - startTs);
  const s = Math.floor(ms / 1000);
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (d > 0) return `${t('duration.d', { n: d })} ${t('duration.h', { n: h })}`;
  if (h > 0) return `${t('duration.h', { n: h })} ${t('duration.m', { n: m })}`;
  if (m > 0) return t('duration.m', { n: m });
  return t('duration.s', { n: s });
}

/**
 * The value / peak of an alarm with the unit of its parameter from the contracts' parameter table
 * (`-12.4°C`, `85 %RH`); '—' for a non-numeric condition. A sustained excursion (T001) is in the
 * unit of its inner parameter, `valueParam` (P003 → `10.7°C`); without one it gets no unit — a
 * duration's minutes are never its value.
 */
export function formatAlarmValue(
  alarm: Pick<AlarmRecord, 'alarmType'> & Partial<Pick<AlarmRecord, 'valueParam'>>,
  value: number | null,
  lang: Language,
): string {
  if (value === null || !Number.isFinite(value)) return '—';
  const text = new Intl.NumberFormat(lang, { maximumFractionDigits: 2 }).format(value);
  const unit = getParameter(alarm.valueParam || alarm.alarmType)?.unit ?? '';
  if (!unit) return text;
  return /^[°%‰]/.test(unit) ? `${text}${unit}` : `${text} ${unit}`;
}
