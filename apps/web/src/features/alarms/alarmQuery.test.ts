import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { toAlarmWireQuery } from './alarmQuery';

describe('alarm list query on the wire', () => {
  it('turns the start time range into device ms and keeps the other fields', () => {
    const q = toAlarmWireQuery({
      startTime_begin: '2026-01-02 03:04:05',
      startTime_end: '2026-01-03 00:00:00',
      severity: 'H',
    });
    expect(q).toEqual({
      startTs_begin: String(dayjs('2026-01-02 03:04:05').valueOf()),
      startTs_end: String(dayjs('2026-01-03 00:00:00').valueOf()),
      severity: 'H',
    });
  });
  it('drops an unreadable time', () => {
    expect(toAlarmWireQuery({ startTime_begin: 'nonsense' })).toEqual({});
  });
});
