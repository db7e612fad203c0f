import type { Language } from '@ztj/contracts';
import { DISPLAY_TIME_ZONE } from '../time/format-time';

/**
 * The UTC offset of `timeZone` (IANA name) at `atMs` (ms epoch) as people read it: `UTC+8`,
 * `UTC-3:30`, `UTC` for zero. Descriptions written by the server state it because the download
 * center shows its own times in the browser's zone (SPEC §9).
 */
export function utcOffsetLabel(atMs: number, timeZone = DISPLAY_TIME_ZONE): string {
  const name =
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'shortOffset' })
      .formatToParts(new Date(atMs))
      .find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const offset = name.replace(/^GMT/, '');
  return offset && !/^[+-]0$/.test(offset) ? `UTC${offset}` : 'UTC';
}

/**
 * The zone note that ends an export description whose times are written in `timeZone` (default
 * {@link DISPLAY_TIME_ZONE}), with its offset at `atMs`: ` (UTC+8)` / `（UTC+8）`.
 */
export function zoneSuffix(lang: Language, atMs: number, timeZone = DISPLAY_TIME_ZONE): string {
  const zone = utcOffsetLabel(atMs, timeZone);
  return lang === 'en-US' ? ` (${zone})` : `（${zone}）`;
}
