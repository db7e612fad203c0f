import { describe, expect, it } from 'vitest';
import type { Language } from '../i18n';
import {
  alarmNoticeLine,
  buildAlarmMessage,
  formatNoticeTime,
  valueParameterOf,
  type AlarmMessageInput,
} from './alarm-message';
import type { RuleCondition } from './rule-conditions';

const H = { margin: 0, clearDelayMinutes: 0 };
/** 2026-12-02 06:03 UTC = 14:03 in Shanghai. */
const START = Date.UTC(2026, 11, 2, 6, 3, 0);

const alarm: AlarmMessageInput['alarm'] = {
  deviceId: 'SIM-VH-001',
  deviceName: '冷藏车一号',
  ruleName: '疫苗 2–8 °C',
  conditionType: 'threshold',
  alarmType: 'P003',
  severity: 'H',
  startTs: START,
  raisedTs: START + 60_000,
  endTs: null,
  value: 12,
};

interface Row {
  kind: string;
  alarmType: string;
  value: number | null;
  condition: RuleCondition | null;
  placeName?: string;
  lang: Language;
  summary: string;
  valueText: string;
  limit: string;
}

const range = { type: 'range', param: 'P003', effect: 2, min: 2, max: 8, hysteresis: H } as const;

const ROWS: Row[] = [
  {
    kind: 'threshold high',
    alarmType: 'P003',
    value: -11.5,
    condition: { type: 'threshold', param: 'P003', comparison: 0, value: -15, hysteresis: H },
    lang: 'zh-CN',
    summary: '温度 -11.5 °C，高于上限 -15.0 °C',
    valueText: '-11.5 °C',
    limit: '-15.0 °C',
  },
  {
    kind: 'threshold high',
    alarmType: 'P003',
    value: -11.5,
    condition: { type: 'threshold', param: 'P003', comparison: 0, value: -15, hysteresis: H },
    lang: 'en-US',
    summary: 'Temperature -11.5 °C, above the limit -15.0 °C',
    valueText: '-11.5 °C',
    limit: '-15.0 °C',
  },
  {
    kind: 'threshold low',
    alarmType: 'P004',
    value: 18.25,
    condition: { type: 'threshold', param: 'P004', comparison: 1, value: 30, hysteresis: H },
    lang: 'zh-CN',
    summary: '湿度 18.25 %RH，低于下限 30.0 %RH',
    valueText: '18.25 %RH',
    limit: '30.0 %RH',
  },
  {
    kind: 'threshold low',
    alarmType: 'P004',
    value: 18.25,
    condition: { type: 'threshold', param: 'P004', comparison: 1, value: 30, hysteresis: H },
    lang: 'en-US',
    summary: 'Humidity 18.25 %RH, below the limit 30.0 %RH',
    valueText: '18.25 %RH',
    limit: '30.0 %RH',
  },
  {
    kind: 'range outside',
    alarmType: 'P003',
    value: 12,
    condition: range,
    lang: 'zh-CN',
    summary: '温度 12.0 °C，超出 2.0–8.0 °C',
    valueText: '12.0 °C',
    limit: '2.0–8.0 °C',
  },
  {
    kind: 'range outside',
    alarmType: 'P003',
    value: 12,
    condition: range,
    lang: 'en-US',
    summary: 'Temperature 12.0 °C, outside 2.0–8.0 °C',
    valueText: '12.0 °C',
    limit: '2.0–8.0 °C',
  },
  {
    kind: 'duration over a range (T001): the value in the inner parameter, never in minutes',
    alarmType: 'T001',
    value: 10.7,
    condition: { type: 'duration', minutes: 1, condition: range },
    lang: 'zh-CN',
    summary: '温度 10.7 °C，超出 2.0–8.0 °C，持续 1 分钟',
    valueText: '10.7 °C',
    limit: '2.0–8.0 °C',
  },
  {
    kind: 'duration over a range (T001)',
    alarmType: 'T001',
    value: 12,
    condition: { type: 'duration', minutes: 1, condition: range },
    lang: 'en-US',
    summary: 'Temperature 12.0 °C, outside 2.0–8.0 °C for 1 minute',
    valueText: '12.0 °C',
    limit: '2.0–8.0 °C',
  },
  {
    kind: 'duration over a threshold, 30 minutes',
    alarmType: 'T001',
    value: -14,
    condition: {
      type: 'duration',
      minutes: 30,
      condition: { type: 'threshold', param: 'P031', comparison: 2, value: -18, hysteresis: H },
    },
    lang: 'en-US',
    summary: 'Temperature 2 -14.0 °C, at or above the limit -18.0 °C for 30 minute(s)',
    valueText: '-14.0 °C',
    limit: '-18.0 °C',
  },
  {
    kind: 'offline',
    alarmType: 'offline',
    value: null,
    condition: { type: 'offline', minutes: 15 },
    lang: 'zh-CN',
    summary: '设备离线：超过 15 分钟没有数据',
    valueText: '',
    limit: '',
  },
  {
    kind: 'offline',
    alarmType: 'offline',
    value: null,
    condition: { type: 'offline', minutes: 1 },
    lang: 'en-US',
    summary: 'Device offline: no reading for 1 minute',
    valueText: '',
    limit: '',
  },
  {
    kind: 'geofence leave',
    alarmType: 'P001',
    value: null,
    condition: { type: 'geofence', locationId: 'loc-1', effect: 2, hysteresis: H },
    placeName: '上海冷库',
    lang: 'zh-CN',
    summary: '离开围栏「上海冷库」',
    valueText: '',
    limit: '',
  },
  {
    kind: 'geofence enter',
    alarmType: 'P001',
    value: null,
    condition: { type: 'geofence', locationId: 'loc-1', effect: 1, hysteresis: H },
    placeName: 'Shanghai cold store',
    lang: 'en-US',
    summary: 'Entered the fence “Shanghai cold store”',
    valueText: '',
    limit: '',
  },
  {
    kind: 'low battery',
    alarmType: 'lowBattery',
    value: 9,
    condition: { type: 'lowBattery', percent: 10, hysteresis: H },
    lang: 'zh-CN',
    summary: '电量 9.0 %，不高于 10.0 %',
    valueText: '9.0 %',
    limit: '10.0 %',
  },
  {
    kind: 'condition unknown (rule deleted), duration: value without a unit',
    alarmType: 'T001',
    value: 10.7,
    condition: null,
    lang: 'zh-CN',
    summary: '持续时间 10.7',
    valueText: '10.7',
    limit: '',
  },
];

describe('the alarm message builder', () => {
  it.each(ROWS)('$kind ($lang): parameter, value with unit, limit', (row) => {
    const m = buildAlarmMessage(
      {
        alarm: { ...alarm, alarmType: row.alarmType, value: row.value, conditionType: row.condition?.type ?? 'x' },
        event: 'raised',
        condition: row.condition,
        placeName: row.placeName ?? null,
      },
      { lang: row.lang },
    );
    expect(m.summary).toBe(row.summary);
    expect(m.value).toBe(row.valueText);
    expect(m.limit).toBe(row.limit);
    expect(m.value).not.toContain('min');
    expect(m.text.split('\n')[0]).toContain(row.summary);
    // the time is written with its zone, in both languages
    expect(m.text).toContain('2026-12-02 14:03 (UTC+08:00)');
  });

  it('writes the whole message: title, device name and number, severity, start time with zone, rule, link', () => {
    const input: AlarmMessageInput = {
      alarm: { ...alarm, alarmType: 'T001', conditionType: 'duration' },
      event: 'raised',
      condition: { type: 'duration', minutes: 1, condition: range },
    };
    const zh = buildAlarmMessage(input, { url: 'https://iot.example.com/#/alarm/list?alarmId=a1' });
    expect(zh.title).toBe('【紧急】冷藏车一号 温度告警');
    expect(zh.text.split('\n')).toEqual([
      '告警产生：温度 12.0 °C，超出 2.0–8.0 °C，持续 1 分钟',
      '设备：冷藏车一号（SIM-VH-001）',
      '级别：紧急',
      '开始时间：2026-12-02 14:03 (UTC+08:00)',
      '规则：疫苗 2–8 °C',
    ]);
    expect(zh.url).toBe('https://iot.example.com/#/alarm/list?alarmId=a1');
    const en = buildAlarmMessage({ ...input, event: 'reminder', reminder: 2 }, { lang: 'en-US', timeZone: 'UTC' });
    expect(en.title).toBe('[Urgent] 冷藏车一号 Temperature alarm (Reminder 2)');
    expect(en.text.split('\n')).toEqual([
      'Reminder 2: Temperature 12.0 °C, outside 2.0–8.0 °C for 1 minute',
      'Device: 冷藏车一号 (SIM-VH-001)',
      'Severity: Urgent',
      'Started: 2026-12-02 06:03 (UTC+00:00)',
      'Rule: 疫苗 2–8 °C',
    ]);
  });

  it('a cleared alarm adds its end time; the time follows the tenant zone and is always written', () => {
    const cleared = buildAlarmMessage(
      { alarm: { ...alarm, endTs: START + 90 * 60_000 }, event: 'cleared', condition: range },
      { timeZone: 'America/New_York' },
    );
    expect(cleared.title).toBe('【紧急】冷藏车一号 温度告警 (告警解除)');
    expect(cleared.text).toContain('开始时间：2026-12-02 01:03 (UTC-05:00)');
    expect(cleared.text).toContain('解除时间：2026-12-02 02:33 (UTC-05:00)');
    expect(cleared.time).toBe('2026-12-02 02:33 (UTC-05:00)');
    // an unknown zone falls back to Asia/Shanghai, still written
    expect(formatNoticeTime(START, 'Mars/Olympus')).toBe('2026-12-02 14:03 (UTC+08:00)');
    expect(formatNoticeTime(START)).toBe('2026-12-02 14:03 (UTC+08:00)');
  });

  it('gives a 20-character time with zone for SMS variables', () => {
    expect(formatNoticeTime(START, undefined, true)).toBe('12-02 14:03 UTC+8');
    expect(formatNoticeTime(START, 'Asia/Kolkata', true)).toBe('12-02 11:33 UTC+5:30');
    expect(formatNoticeTime(START, 'UTC', true)).toBe('12-02 06:03 UTC+0');
    for (const z of ['Asia/Kolkata', 'America/St_Johns', 'Pacific/Chatham', 'Asia/Shanghai'])
      expect([...formatNoticeTime(START, z, true)].length).toBeLessThanOrEqual(20);
  });

  it('names the parameter of a value: the inner one of a duration, none for an offline alarm', () => {
    expect(valueParameterOf('T001', { type: 'duration', minutes: 5, condition: range })).toBe('P003');
    expect(valueParameterOf('T001', null)).toBeNull();
    expect(valueParameterOf('P004', null)).toBe('P004');
    expect(valueParameterOf('offline', { type: 'offline', minutes: 5 })).toBeNull();
  });

  it('gives the console notice line in both languages', () => {
    const line = alarmNoticeLine({
      alarm: { ...alarm, alarmType: 'T001' },
      event: 'raised',
      condition: { type: 'duration', minutes: 1, condition: range },
    });
    expect(line).toEqual({
      'zh-CN': '温度 12.0 °C，超出 2.0–8.0 °C，持续 1 分钟 · 2026-12-02 14:03 (UTC+08:00)',
      'en-US': 'Temperature 12.0 °C, outside 2.0–8.0 °C for 1 minute · 2026-12-02 14:03 (UTC+08:00)',
    });
  });
  it('marks the raise of an episode learned late with when it was learned, in both languages; other events never', () => {
    const learnedAt = START + 3 * 3600_000;
    const input: AlarmMessageInput = { alarm, event: 'raised', condition: range, learnedAt };
    const zh = buildAlarmMessage(input);
    expect(zh.late).toBe('迟到（获知于 2026-12-02 17:03 (UTC+08:00)）');
    expect(zh.title).toBe('【紧急】冷藏车一号 温度告警 · 迟到（获知于 2026-12-02 17:03 (UTC+08:00)）');
    expect(zh.text.split('\n').slice(0, 2)).toEqual([
      '告警产生：温度 12.0 °C，超出 2.0–8.0 °C',
      '迟到（获知于 2026-12-02 17:03 (UTC+08:00)）',
    ]);
    const en = buildAlarmMessage(input, { lang: 'en-US', timeZone: 'UTC' });
    expect(en.title).toBe('[Urgent] 冷藏车一号 Temperature alarm · late (learned at 2026-12-02 09:03 (UTC+00:00))');
    expect(en.text.split('\n')[1]).toBe('late (learned at 2026-12-02 09:03 (UTC+00:00))');
    expect(alarmNoticeLine(input)).toEqual({
      'zh-CN':
        '温度 12.0 °C，超出 2.0–8.0 °C · 2026-12-02 14:03 (UTC+08:00) · 迟到（获知于 2026-12-02 17:03 (UTC+08:00)）',
      'en-US':
        'Temperature 12.0 °C, outside 2.0–8.0 °C · 2026-12-02 14:03 (UTC+08:00) · late (learned at 2026-12-02 17:03 (UTC+08:00))',
    });
    const cleared = buildAlarmMessage({ ...input, alarm: { ...alarm, endTs: learnedAt + 60_000 }, event: 'cleared' });
    expect(cleared.late).toBe('');
    expect(cleared.text).not.toContain('迟到');
    expect(buildAlarmMessage({ ...input, learnedAt: null }).late).toBe('');
  });
});
