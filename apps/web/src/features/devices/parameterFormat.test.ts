import { beforeAll, describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { initI18n } from '../../platform/i18n/i18n';
import { EMPTY_VALUE, formatParameterValue, formatReportTime, parameterName } from './parameterFormat';

beforeAll(async () => {
  const i18n = initI18n('zh-CN');
  await i18n.loadLanguages('en-US');
  await i18n.loadNamespaces('devices');
});

describe('formatParameterValue', () => {
  it('writes numbers with the unit of the parameter table', () => {
    expect(formatParameterValue('P003', -18.2, 'zh-CN')).toBe('-18.2°C');
    expect(formatParameterValue('P004', 65, 'en-US')).toBe('65%RH');
    expect(formatParameterValue('P005', 80, 'zh-CN')).toBe('80%');
    expect(formatParameterValue('P013', 62.5, 'en-US')).toBe('62.5 km/h');
    expect(formatParameterValue('P012', -71, 'en-US')).toBe('-71 dBm');
  });

  it('keeps at most two decimals and groups digits by language', () => {
    expect(formatParameterValue('P003', 4.12345, 'en-US')).toBe('4.12°C');
    expect(formatParameterValue('P006', 12345.6, 'en-US')).toBe('12,345.6 lux');
    expect(formatParameterValue('P025', 7, 'zh-CN')).toBe('7');
  });

  it('translates booleans, with parameter-specific words where they read better', () => {
    expect(formatParameterValue('P026', true, 'zh-CN')).toBe('开门');
    expect(formatParameterValue('P026', false, 'en-US')).toBe('Closed');
    expect(formatParameterValue('P027', true, 'en-US')).toBe('Yes');
    expect(formatParameterValue('P039', true, 'zh-CN')).toBe('充电中');
  });

  it('shows strings as they are and missing values as a dash', () => {
    expect(formatParameterValue('P028', 'E200-3412', 'en-US')).toBe('E200-3412');
    expect(formatParameterValue('P003', null, 'zh-CN')).toBe(EMPTY_VALUE);
    expect(formatParameterValue('P003', undefined, 'en-US')).toBe(EMPTY_VALUE);
    expect(formatParameterValue('P003', Number.NaN, 'en-US')).toBe(EMPTY_VALUE);
  });

  it('names parameters in both languages and leaves unknown codes alone', () => {
    expect(parameterName('P003', 'zh-CN')).toBe('温度');
    expect(parameterName('P004', 'en-US')).toBe('Humidity');
    expect(parameterName('P999', 'en-US')).toBe('P999');
    expect(formatParameterValue('P999', 3, 'en-US')).toBe('3');
  });
});

describe('formatReportTime', () => {
  it('formats local time as YYYY-MM-DD HH:mm:ss', () => {
    const ts = new Date(2026, 0, 5, 7, 8, 9).getTime();
    expect(formatReportTime(ts)).toBe('2026-01-05 07:08:09');
    expect(formatReportTime(ts)).toBe(dayjs(ts).format('YYYY-MM-DD HH:mm:ss'));
    expect(formatReportTime(null)).toBe(EMPTY_VALUE);
  });
});
