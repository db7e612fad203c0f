import { describe, expect, it } from 'vitest';
import { alarmOf } from './alarmFixtures';
import { buildAlarmMarkAreas, MARK_AREA_COLOURS } from './alarmMarkArea';

const label = (a: { alarmType: string; severity: string }): string => `${a.alarmType}/${a.severity}`;

describe('alarm marked areas of the history chart', () => {
  it('shades each alarm over [start, end], clipped to the range, oldest first', () => {
    const areas = buildAlarmMarkAreas(
      [
        alarmOf({ id: 'late', startTs: 5000, endTs: 20_000, severity: 'M' }),
        alarmOf({ id: 'early', startTs: 500, endTs: 1500, severity: 'L' }),
      ],
      1000,
      10_000,
      30_000,
      label,
    );
    expect(areas).toEqual([
      [{ xAxis: 1000, name: 'P003/L', itemStyle: { color: MARK_AREA_COLOURS.L }, alarmId: 'early' }, { xAxis: 1500 }],
      [{ xAxis: 5000, name: 'P003/M', itemStyle: { color: MARK_AREA_COLOURS.M }, alarmId: 'late' }, { xAxis: 10_000 }],
    ]);
  });
  it('runs an active alarm up to now and skips alarms outside the range or listed twice', () => {
    const active = alarmOf({ id: 'a', startTs: 2000, endTs: null });
    const areas = buildAlarmMarkAreas(
      [active, active, alarmOf({ id: 'old', startTs: 10, endTs: 900 }), alarmOf({ id: 'future', startTs: 11_000 })],
      1000,
      10_000,
      8000,
      label,
    );
    expect(areas).toHaveLength(1);
    expect(areas[0]![0].xAxis).toBe(2000);
    expect(areas[0]![1].xAxis).toBe(8000);
  });
});
