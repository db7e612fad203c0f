import { describe, expect, it } from 'vitest';
import { alarmTypeName, formatValue, renderPushMessage, type RenderInput } from './render';

const alarm: RenderInput['alarm'] = {
  deviceId: 'SIM-VH-001',
  deviceName: '冷藏车一号',
  ruleName: '冷冻品温度上限',
  conditionType: 'threshold',
  alarmType: 'P003',
  severity: 'H',
  startTs: Date.UTC(2026, 0, 5, 0, 0, 0),
  raisedTs: Date.UTC(2026, 0, 5, 0, 0, 0),
  endTs: Date.UTC(2026, 0, 5, 1, 30, 0),
  value: -12.4,
};

describe('push message rendering', () => {
  it('renders a raised alarm in Chinese by default: title, device, type, value with unit, device time (Asia/Shanghai), rule', () => {
    const m = renderPushMessage({ alarm, event: 'raised' });
    expect(m.title).toBe('【紧急】冷藏车一号 温度告警');
    expect(m.text.split('\n')).toEqual([
      '事件：告警产生',
      '设备：冷藏车一号 (SIM-VH-001)',
      '告警类型：温度',
      '数值：-12.4 °C',
      '时间：2026-01-05 08:00:00',
      '规则：冷冻品温度上限',
    ]);
    expect(m).toMatchObject({
      severity: 'H',
      deviceId: 'SIM-VH-001',
      deviceName: '冷藏车一号',
      alarmType: 'P003',
      value: '-12.4 °C',
      time: '2026-01-05 08:00:00',
    });
  });

  it('renders English, reminder numbers, escalation and the clearing time', () => {
    const en = renderPushMessage(
      { alarm: { ...alarm, severity: 'M' }, event: 'reminder', reminder: 3 },
      { lang: 'en-US', timeZone: 'UTC' },
    );
    expect(en.title).toBe('[Important] 冷藏车一号 Temperature alarm (Reminder 3)');
    expect(en.text).toContain('Event: Reminder 3');
    expect(en.text).toContain('Time: 2026-01-05 00:00:00');
    expect(renderPushMessage({ alarm, event: 'escalated' }).title).toBe('【紧急】冷藏车一号 温度告警 (告警升级)');
    const cleared = renderPushMessage({ alarm, event: 'cleared' });
    expect(cleared.time).toBe('2026-01-05 09:30:00');
    expect(cleared.text).toContain('事件：告警解除');
  });

  it('names alarm types from the parameter table, the alarm types and the condition types; a value without one is left out', () => {
    expect(alarmTypeName('P004', 'threshold', 'en-US')).toBe('Humidity');
    expect(alarmTypeName('T001', 'duration')).toBe('持续时间');
    expect(alarmTypeName('offline', 'offline', 'en-US')).toBe('Device offline');
    expect(alarmTypeName('power_off', 'powerOff')).toBe('断电');
    expect(formatValue(30, 'T001')).toBe('30 min');
    expect(formatValue(55.555, 'P004')).toBe('55.56 %RH');
    const offline = renderPushMessage({
      alarm: { ...alarm, alarmType: 'offline', conditionType: 'offline', value: null, severity: 'L' },
      event: 'raised',
    });
    expect(offline.title).toBe('【一般】冷藏车一号 设备离线告警');
    expect(offline.value).toBe('');
    expect(offline.text).not.toContain('数值');
  });
});
