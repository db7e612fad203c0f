/** Time zone of times written for people (exports, push messages) unless told otherwise. */
export const DISPLAY_TIME_ZONE = 'Asia/Shanghai';

/**
 * A ms-epoch time as `YYYY-MM-DD HH:mm:ss` in `timeZone` (IANA name, default
 * {@link DISPLAY_TIME_ZONE}): the form of every time in exports and push messages.
 */
export function formatEpochMs(ms: number, timeZone = DISPLAY_TIME_ZONE): string {
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  })
    .format(new Date(ms))
    .replace('T', ' ');
}
