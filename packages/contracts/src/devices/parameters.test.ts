import { describe, expect, it } from 'vitest';
import {
  ALARM_TYPES,
  PARAM,
  PARAMETERS,
  PARAMETER_CODES,
  checkParameterValue,
  getParameter,
  isParameterCode,
} from './parameters';

describe('parameter codes (SPEC §3)', () => {
  it('numbers P001-P074 in order without gaps', () => {
    expect(PARAMETER_CODES).toHaveLength(74);
    PARAMETER_CODES.forEach((code, i) => expect(code).toBe(`P${String(i + 1).padStart(3, '0')}`));
    expect(new Set(PARAMETERS.map((p) => p.key)).size).toBe(74);
  });

  it('keeps the codes fixed by ARCHITECTURE §4 and the brief', () => {
    expect(getParameter('P003')).toMatchObject({ key: 'temperature', unit: '°C', valueType: 'number' });
    expect(getParameter('P004')).toMatchObject({ key: 'humidity', unit: '%RH', valueType: 'number' });
    expect(getParameter('P005')).toMatchObject({ key: 'battery', unit: '%' });
    expect(PARAM.temperature).toBe('P003');
    expect(PARAM.speed).toBe('P013');
    expect(getParameter('P013')?.unit).toBe('km/h');
    expect(getParameter('P014')?.unit).toBe('hPa');
    expect(getParameter('P015')?.unit).toBe('m');
  });

  it('gives every parameter SPEC §3 names a code, and marks only P034+ as project assigned', () => {
    const named = [
      'fence',
      'presetRoute',
      'temperature',
      'humidity',
      'battery',
      'illumination',
      'vibration',
      'tilt',
      'jolt',
      'pressure',
      'power',
      'signal',
      'speed',
      'airPressure',
      'altitude',
      'vibrationX',
      'vibrationY',
      'vibrationZ',
      'tiltX',
      'tiltY',
      'tiltZ',
      'co2',
      'weight',
      'salinity',
      'ph',
      'door',
      'antiDismantle',
      'rfid',
      'exposure',
      'nh3',
      'temperature2',
      'temperature3',
      'temperature4',
    ];
    expect(PARAMETERS.slice(0, 33).map((p) => p.key)).toEqual(named);
    PARAMETERS.forEach((p, i) => expect('projectAssigned' in p).toBe(i >= 33));
    for (const p of PARAMETERS) expect(p.nameZh && p.nameEn).toBeTruthy();
  });

  it('checks values by the table type and range', () => {
    expect(checkParameterValue('P003', -18.2)).toBeNull();
    expect(checkParameterValue('P003', Number.NaN)).toBe('telemetry.expectedNumber');
    expect(checkParameterValue('P003', Number.POSITIVE_INFINITY)).toBe('telemetry.expectedNumber');
    expect(checkParameterValue('P003', '5')).toBe('telemetry.expectedNumber');
    expect(checkParameterValue('P004', 100.5)).toBe('telemetry.outOfRange');
    expect(checkParameterValue('P026', true)).toBeNull();
    expect(checkParameterValue('P026', 1)).toBe('telemetry.expectedBoolean');
    expect(checkParameterValue('P028', 'E200-3412')).toBeNull();
    expect(checkParameterValue('P028', 'x'.repeat(129))).toBe('telemetry.stringTooLong');
    expect(checkParameterValue('P001', 1)).toBe('telemetry.positionParameter');
    expect(checkParameterValue('P075', 1)).toBe('telemetry.unknownParameter');
    expect(isParameterCode('P074')).toBe(true);
    expect(isParameterCode('P000')).toBe(false);
  });

  it('lists the alarm types T001 duration and P003 temperature', () => {
    expect(ALARM_TYPES.map((a) => a.code)).toEqual(['T001', 'P003']);
  });
});
