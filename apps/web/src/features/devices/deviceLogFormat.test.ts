import i18next from 'i18next';
import type { Language } from '@ztj/contracts';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en-US/devices.json';
import zh from '../../locales/zh-CN/devices.json';
import {
  formatLogContent,
  logKindLabel,
  logOperatorText,
  refusalReasonText,
  shortCmdId,
  type LogTranslate,
} from './deviceLogFormat';

/** A stand-in for i18next: known keys give `[key|params]`, unknown ones their default value. */
const KNOWN = new Set([
  'logFormat.commands.setSwitch',
  'logFormat.commands.setSetPoint',
  'logFormat.commands.setPeriods',
  'logFormat.commands.shutdown',
  'logFormat.on',
  'logFormat.off',
  'logFormat.well',
  'logFormat.yes',
  'logFormat.no',
  'logFormat.ackOk',
  'logFormat.ackFailed',
  'logFormat.modbusOnline',
  'logFormat.modbusOffline',
  'periods.workReportCycle',
  'logFormat.fields.alias',
]);
const t: LogTranslate = (key, options = {}) => {
  if (!KNOWN.has(key)) return String(options.defaultValue ?? key);
  const { defaultValue: _d, ...params } = options;
  return Object.keys(params).length ? `[${key}|${Object.values(params).join('|')}]` : `[${key}]`;
};

describe('device log content', () => {
  it('names commands and their parameters', () => {
    expect(formatLogContent('command', '{"cmdId":"c1","ts":1,"type":"setSwitch","on":true}', t)).toBe(
      '[logFormat.commands.setSwitch]: [logFormat.on]',
    );
    expect(formatLogContent('command', '{"cmdId":"c1","ts":1,"type":"setSetPoint","well":2,"setPointC":85}', t)).toBe(
      '[logFormat.commands.setSetPoint]: [logFormat.well|2], 85 °C',
    );
    expect(
      formatLogContent('command', '{"cmdId":"c1","ts":1,"type":"setPeriods","periods":{"workReportCycle":5}}', t),
    ).toBe('[logFormat.commands.setPeriods]: [periods.workReportCycle]: 5');
    expect(formatLogContent('command', '{"cmdId":"c1","ts":1,"type":"shutdown"}', t)).toBe(
      '[logFormat.commands.shutdown]',
    );
    expect(formatLogContent('command', '{"cmdId":"c1","type":"reboot","delay":3}', t)).toBe('reboot: delay: 3');
  });

  it('tells acks by their result with a short command id', () => {
    expect(formatLogContent('ack', '{"cmdId":"0123456789abcdef","ts":1,"ok":true}', t)).toBe(
      '[logFormat.ackOk|01234567…]',
    );
    expect(formatLogContent('ack', '{"cmdId":"c2","ts":1,"ok":false,"error":"busy"}', t)).toBe(
      '[logFormat.ackFailed|c2|busy]',
    );
    expect(shortCmdId('abc')).toBe('abc');
  });

  it('lists configuration changes and Modbus link changes', () => {
    expect(formatLogContent('config', '{"alias":"Pump","remoteShutdown":false}', t)).toBe(
      '[logFormat.fields.alias]: Pump, remoteShutdown: [logFormat.no]',
    );
    expect(
      formatLogContent('config', '{"modbus":"offline","host":"10.0.0.1:502","unitId":1,"error":"timeout"}', t),
    ).toBe('[logFormat.modbusOffline|10.0.0.1:502|1]: timeout');
    expect(formatLogContent('config', '{"modbus":"online","host":"h:502","unitId":3}', t)).toBe(
      '[logFormat.modbusOnline|h:502|3]',
    );
  });

  it('shows anything else as stored', () => {
    expect(formatLogContent('config', 'plain text', t)).toBe('plain text');
    expect(formatLogContent('config', '[1,2]', t)).toBe('[1,2]');
    expect(formatLogContent('config', '{}', t)).toBe('{}');
  });
});

/** The real `devices` texts of `lang` through i18next, as the console renders them. */
async function devicesT(lang: Language): Promise<LogTranslate> {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: lang,
    ns: ['devices'],
    defaultNS: 'devices',
    resources: { [lang]: { devices: lang === 'en-US' ? en : zh } },
    interpolation: { escapeValue: false },
  });
  return (key, options) => i18n.t(key, options ?? {});
}

describe('refused messages and scene commands in the device log, in both languages', () => {
  const refused = JSON.stringify({
    reason: 'telemetry.outOfRange',
    field: 'values.P003',
    sample: '{"ts":1,"values":{"P003":999}}',
  });
  const summary = JSON.stringify({ reason: 'suppressed', field: null, count: 42, sample: null });

  it('renders the kind, the reason with its field and the payload sample in English', async () => {
    const t = await devicesT('en-US');
    expect(logKindLabel('refused', t)).toBe('Refused');
    expect(logKindLabel('command', t)).toBe('Command');
    expect(logKindLabel('other', t)).toBe('other');
    expect(formatLogContent('refused', refused, t, 'en-US')).toBe(
      'The value is outside the parameter\'s range (values.P003) · Data: {"ts":1,"values":{"P003":999}}',
    );
    expect(formatLogContent('refused', summary, t, 'en-US')).toBe(
      'Too many refusals: further refused data was counted but not logged one by one · 42 more not logged',
    );
    expect(refusalReasonText('duplicateKey', 'en-US')).toBe('An object in the data names a field twice');
    expect(refusalReasonText('someNewReason', 'en-US')).toBe('The data does not have the expected format');
    expect(refusalReasonText(null, 'en-US')).toBe('—');
    expect(logOperatorText('scene', t)).toBe('Scene');
    expect(logOperatorText('admin', t)).toBe('admin');
    expect(logOperatorText(null, t)).toBe('—');
  });

  it('renders the same lines in Chinese', async () => {
    const t = await devicesT('zh-CN');
    expect(logKindLabel('refused', t)).toBe('拒收');
    expect(formatLogContent('refused', refused, t, 'zh-CN')).toBe(
      '数值超出参数范围 (values.P003) · 数据：{"ts":1,"values":{"P003":999}}',
    );
    expect(formatLogContent('refused', summary, t, 'zh-CN')).toBe(
      '拒收过多：此后被拒收的数据只计数，未逐条记录 · 另有 42 条未记录',
    );
    expect(refusalReasonText('telemetry.unknownParameter', 'zh-CN')).toBe('未知的参数');
    expect(logOperatorText('scene', t)).toBe('场景');
  });
});
