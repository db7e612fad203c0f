/**
 * Human units of the monitoring page, localized by `Intl.NumberFormat` unit
 * formatting: bytes in 1024 steps labelled B/kB/MB/GB/TB as PostgreSQL's `pg_size_pretty` does,
 * durations as days, hours and minutes, delays in ms or s. `lang` is a BCP 47 tag (`zh-CN`, `en-US`).
 */

/** What a missing figure shows. */
export const NONE = '—';

const BYTE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

function unit(
  lang: string,
  name: string,
  value: number,
  digits: number,
  display: 'short' | 'narrow' = 'short',
): string {
  return new Intl.NumberFormat(lang, {
    style: 'unit',
    unit: name,
    unitDisplay: display,
    maximumFractionDigits: digits,
  }).format(value);
}

/** `bytes` (bytes) as B, kB, MB, GB or TB (1 kB = 1024 B), one decimal above bytes; null → {@link NONE}. */
export function formatBytes(bytes: number | null, lang: string): string {
  if (bytes === null || !Number.isFinite(bytes)) return NONE;
  let v = Math.max(0, bytes);
  let i = 0;
  while (v >= 1024 && i < BYTE_UNITS.length - 1) {
    v /= 1024;
    i++;
  }
  return i === 0 ? unit(lang, 'byte', v, 0, 'narrow') : unit(lang, BYTE_UNITS[i]!, v, 1);
}

/**
 * `seconds` (s) as days, hours and minutes (`3d 4h 5m`, `3天 4小时 5分钟`): leading zero parts
 * are left out, under a minute it shows seconds.
 */
export function formatDuration(seconds: number, lang: string): string {
  const s = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  if (s < 60) return unit(lang, 'second', s, 0, 'narrow');
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3_600);
  const m = Math.floor((s % 3_600) / 60);
  const parts: string[] = [];
  if (d) parts.push(unit(lang, 'day', d, 0, 'narrow'));
  if (d || h) parts.push(unit(lang, 'hour', h, 0, 'narrow'));
  parts.push(unit(lang, 'minute', m, 0, 'narrow'));
  return parts.join(' ');
}

/** A delay `seconds` (s) in ms below one second, else in seconds; null → {@link NONE}. */
export function formatDelay(seconds: number | null, lang: string): string {
  if (seconds === null || !Number.isFinite(seconds)) return NONE;
  return seconds < 1 ? unit(lang, 'millisecond', seconds * 1000, 1) : unit(lang, 'second', seconds, 2);
}

/** A count or rate with digit grouping, at most `digits` decimals (default 0); null → {@link NONE}. */
export function formatNumber(n: number | null, lang: string, digits = 0): string {
  if (n === null || !Number.isFinite(n)) return NONE;
  return new Intl.NumberFormat(lang, { maximumFractionDigits: digits }).format(n);
}
