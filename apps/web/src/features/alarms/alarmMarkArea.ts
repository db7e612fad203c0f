import type { AlarmRecord } from '@ztj/contracts';

/** Fill colours of the shaded alarm areas by severity (antd blue / orange / red, translucent). */
export const MARK_AREA_COLOURS: Readonly<Record<AlarmRecord['severity'], string>> = {
  L: 'rgba(22, 119, 255, 0.12)',
  M: 'rgba(250, 140, 22, 0.16)',
  H: 'rgba(245, 34, 45, 0.16)',
};

/** One shaded span of the history chart: an echarts markArea pair over the time axis. */
export type AlarmMarkPair = [
  { xAxis: number; name: string; itemStyle: { color: string }; alarmId: string },
  { xAxis: number },
];

/**
 * The echarts `markArea.data` of the alarms shown over a chart of `[beginTime, endTime]` (ms,
 * device time): one pair per alarm over `[startTs, endTs ?? now]`, clipped to the range, skipping
 * alarms outside it; oldest first. `label(alarm)` names the area (type and severity, shown in the
 * tooltip); colour by severity.
 */
export function buildAlarmMarkAreas(
  alarms: readonly AlarmRecord[],
  beginTime: number,
  endTime: number,
  now: number,
  label: (alarm: AlarmRecord) => string,
): AlarmMarkPair[] {
  const seen = new Set<string>();
  return alarms
    .filter((a) => {
      if (seen.has(a.id)) return false;
      seen.add(a.id);
      const end = a.endTs ?? now;
      return a.startTs <= endTime && end >= beginTime && end >= a.startTs;
    })
    .sort((a, b) => a.startTs - b.startTs)
    .map((a): AlarmMarkPair => [
      {
        xAxis: Math.max(a.startTs, beginTime),
        name: label(a),
        itemStyle: { color: MARK_AREA_COLOURS[a.severity] },
        alarmId: a.id,
      },
      { xAxis: Math.min(a.endTs ?? now, endTime) },
    ]);
}
