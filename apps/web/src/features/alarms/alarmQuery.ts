import dayjs from 'dayjs';

/**
 * The alarm lists' query-form output on the wire (SPEC §7 generic list): the form's date-time
 * range `startTime_begin` / `startTime_end` (local `YYYY-MM-DD HH:mm:ss`) becomes
 * `startTs_begin` / `startTs_end` in device ms, as the alarm rows carry times in ms.
 */
export function toAlarmWireQuery(query: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    const m = /^startTime_(begin|end)$/.exec(key);
    if (!m) {
      out[key] = value;
      continue;
    }
    const d = dayjs(value);
    if (d.isValid()) out[`startTs_${m[1]}`] = String(d.valueOf());
  }
  return out;
}
