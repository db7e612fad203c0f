import dayjs from 'dayjs';
import i18next from 'i18next';
import { getParameter, type Language, type ParameterValue } from '@ztj/contracts';

/** Shown for a value that is missing (never reported). */
export const EMPTY_VALUE = '—';

/** Report times and history rows: local time, `YYYY-MM-DD HH:mm:ss` (SPEC §9). */
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** A device time (ms epoch) in local `YYYY-MM-DD HH:mm:ss`, or '—' when there is none. */
export function formatReportTime(ts: number | null | undefined): string {
  return ts === null || ts === undefined ? EMPTY_VALUE : dayjs(ts).format(DATE_TIME_FORMAT);
}

/** Name of a parameter code in `lang` from the contracts' table (the code itself when unknown). */
export function parameterName(code: string, lang: Language): string {
  const def = getParameter(code);
  if (!def) return code;
  return lang === 'en-US' ? def.nameEn : def.nameZh;
}

/** Unit of a parameter code from the table ('' when unitless or unknown). */
export function parameterUnit(code: string): string {
  return getParameter(code)?.unit ?? '';
}

/** Units written directly after the number (`-18.2°C`, `65%RH`); others get a space (`12 km/h`). */
function joinUnit(text: string, unit: string): string {
  if (!unit) return text;
  return /^[°%‰]/.test(unit) ? `${text}${unit}` : `${text} ${unit}`;
}

/** Boolean labels of parameters whose true/false read better than yes/no. */
const BOOLEAN_LABELS: Readonly<Record<string, readonly [string, string]>> = {
  P011: ['values.powerOn', 'values.powerOff'],
  P026: ['values.doorOpen', 'values.doorClosed'],
  P039: ['values.charging', 'values.notCharging'],
  P055: ['values.on', 'values.off'],
};

/**
 * A parameter value for display in `lang` with the unit of the parameter table (SPEC §3):
 * numbers with at most two decimals and the language's digit grouping (`-18.2°C`, `65%RH`,
 * `1,234 lux`), booleans as translated words, strings as they are, missing values as '—'.
 */
export function formatParameterValue(code: string, value: ParameterValue | null | undefined, lang: Language): string {
  if (value === null || value === undefined || value === '') return EMPTY_VALUE;
  if (typeof value === 'boolean') {
    const [yes, no] = BOOLEAN_LABELS[code] ?? ['values.yes', 'values.no'];
    return i18next.t(value ? yes : no, { ns: 'devices', lng: lang });
  }
  if (typeof value === 'string') return value;
  if (!Number.isFinite(value)) return EMPTY_VALUE;
  const text = new Intl.NumberFormat(lang, { maximumFractionDigits: 2 }).format(value);
  return joinUnit(text, parameterUnit(code));
}

/** Battery percentage (P005) as text, '—' when unknown. */
export function formatPower(power: number | null | undefined, lang: Language): string {
  return formatParameterValue('P005', power ?? null, lang);
}

/** Signal strength (P012, dBm) as text, '—' when unknown. */
export function formatSignal(signal: number | null | undefined, lang: Language): string {
  return formatParameterValue('P012', signal ?? null, lang);
}
