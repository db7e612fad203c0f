import { describe, expect, it } from 'vitest';
import { alarmTypeName, formatAlarmDuration, formatAlarmValue, severityMeta, type AlarmT } from './alarmText';

const t: AlarmT = (key, options) => (options ? `${key}:${JSON.stringify(options)}` : key);

describe('alarm type names (SPEC §3 parameter codes and alarm types)', () => {
  it('names a parameter code from the contracts table in both languages', () => {
    expect(alarmTypeName('P003', 'zh-CN', t)).toBe('温度');
    expect(alarmTypeName('P003', 'en-US', t)).toBe('Temperature');
    expect(alarmTypeName('P004', 'en-US', t)).toBe('Humidity');
  });
  it('names T001 and the condition types through the alarms namespace, snake case included', () => {
    expect(alarmTypeName('T001', 'zh-CN', t)).toBe('type.T001');
    expect(alarmTypeName('offline', 'en-US', t)).toBe('type.offline');
    expect(alarmTypeName('power_off', 'en-US', t)).toBe('type.powerOff');
    expect(alarmTypeName('powerOff', 'en-US', t)).toBe('type.powerOff');
    expect(alarmTypeName('lowBattery', 'en-US', t)).toBe('type.lowBattery');
    expect(alarmTypeName('freeFall', 'zh-CN', t)).toBe('type.freeFall');
  });
  it('shows an unknown type as it came', () => {
    expect(alarmTypeName('X999', 'en-US', t)).toBe('X999');
  });
});

describe('alarm value, severity and duration', () => {
  it('adds the unit of the parameter', () => {
    expect(formatAlarmValue({ alarmType: 'P003' }, -12.456, 'en-US')).toBe('-12.46°C');
    expect(formatAlarmValue({ alarmType: 'P004' }, 85, 'en-US')).toBe('85%RH');
    expect(formatAlarmValue({ alarmType: 'T001' }, 3, 'en-US')).toBe('3');
  });
  it('gives a sustained excursion (T001) the unit of its inner parameter, never minutes', () => {
    expect(formatAlarmValue({ alarmType: 'T001', valueParam: 'P003' }, 10.7, 'zh-CN')).toBe('10.7°C');
    expect(formatAlarmValue({ alarmType: 'T001', valueParam: 'P004' }, 91, 'en-US')).toBe('91%RH');
    expect(formatAlarmValue({ alarmType: 'T001', valueParam: null }, 10.7, 'en-US')).toBe('10.7');
    expect(formatAlarmValue({ alarmType: 'offline' }, null, 'en-US')).toBe('—');
  });
  it('maps severities to their colours', () => {
    expect(severityMeta('L').colour).toBe('blue');
    expect(severityMeta('M').colour).toBe('orange');
    expect(severityMeta('H').colour).toBe('red');
  });
  it('formats the duration up to now while active', () => {
    expect(formatAlarmDuration(0, 45_000, 0, t)).toBe('duration.s:{"n":45}');
    expect(formatAlarmDuration(0, null, 3_900_000, t)).toBe('duration.h:{"n":1} duration.m:{"n":5}');
    expect(formatAlarmDuration(0, 90_000_000, 0, t)).toBe('duration.d:{"n":1} duration.h:{"n":1}');
  });
});
