import { describe, expect, it } from 'vitest';
import { FakeSocket, setupFakeConsoleSocket } from '../../test/fakeSocket';
import { subscribeAlarms, toAlarmMessage } from './alarmSocket';
import { subscribeTelemetry } from './telemetrySocket';

const alarm = {
  id: 'a1',
  deviceId: 'D1',
  deviceName: 'D1',
  gatewayId: null,
  ruleSource: 'template',
  ruleId: 'r',
  ruleName: 'R',
  conditionIndex: 0,
  conditionType: 'threshold',
  alarmType: 'P003',
  severity: 'H',
  startTs: 1,
  raisedTs: 1,
  endTs: null,
  value: 1,
  peak: 1,
  status: 'active',
  processed: false,
  flag: 1,
  backfill: false,
  reminders: 0,
  escalated: false,
  processedBy: null,
  processedAt: null,
  createdAt: 2,
};

describe('alarm notices on the shared console socket', () => {
  setupFakeConsoleSocket();

  it('narrows alarm frames and refuses others', () => {
    expect(toAlarmMessage({ cmd: 'alarm', event: 'raised', alarm })?.alarm.id).toBe('a1');
    expect(toAlarmMessage({ cmd: 'alarm', event: 'exploded', alarm })).toBeNull();
    expect(toAlarmMessage({ cmd: 'alarm', event: 'raised', alarm: { ...alarm, severity: 'X' } })).toBeNull();
    expect(toAlarmMessage({ cmd: 'telemetry', devices: [] })).toBeNull();
  });

  it('keeps the notice line of both languages, and only a well-formed one', () => {
    const notice = { 'zh-CN': '温度 12.0 °C，超出 2.0–8.0 °C', 'en-US': 'Temperature 12.0 °C, outside 2.0–8.0 °C' };
    expect(toAlarmMessage({ cmd: 'alarm', event: 'raised', alarm, notice })?.notice).toEqual(notice);
    expect(toAlarmMessage({ cmd: 'alarm', event: 'raised', alarm, notice: { 'zh-CN': 1 } })?.notice).toBeUndefined();
  });

  it('shares one socket with live telemetry and delivers alarm notices to their listeners', () => {
    const got: string[] = [];
    const readings: number[] = [];
    const stopAlarms = subscribeAlarms((m) => got.push(`${m.event}:${m.alarm.id}`));
    const stopTelemetry = subscribeTelemetry((r) => readings.push(r.length));
    expect(FakeSocket.opened).toHaveLength(1);
    const socket = FakeSocket.opened[0]!;
    socket.push({ cmd: 'alarm', event: 'raised', alarm });
    socket.push({ cmd: 'telemetry', devices: [{ deviceId: 'D1', ts: 1, values: {} }] });
    expect(got).toEqual(['raised:a1']);
    expect(readings).toEqual([1]);
    stopTelemetry();
    stopAlarms();
  });
});
