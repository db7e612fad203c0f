import { describe, expect, it } from 'vitest';
import { formatLogContent, shortCmdId, type LogTranslate } from './deviceLogFormat';

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
