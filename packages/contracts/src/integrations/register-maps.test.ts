import { describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES } from '../validation';
import { ModbusDeviceAddSchema } from './integrations-api';
import { REGISTER_MAPS, RegisterListSchema } from './register-maps';

const issues = (regs: unknown) => {
  const r = RegisterListSchema.safeParse(regs);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
};

describe('register maps', () => {
  it('ships valid built-in maps', () => {
    for (const m of REGISTER_MAPS) expect(issues(m.registers)).toEqual([]);
    expect(REGISTER_MAPS.map((m) => m.model)).toEqual(['AM-3P', 'BP-2W']);
  });
  it('refuses overlapping registers of the same kind, field-level', () => {
    expect(
      issues([
        { kind: 'input', address: 0, type: 'float32', param: 'P051' },
        { kind: 'input', address: 1, type: 'uint16', param: 'P052' },
      ]),
    ).toEqual(['1.address:validation.modbusRegisterOverlap']);
    // holding and input spaces are distinct
    expect(
      issues([
        { kind: 'input', address: 0, type: 'float32', param: 'P051' },
        { kind: 'holding', address: 1, type: 'uint16', param: 'P052' },
      ]),
    ).toEqual([]);
  });
  it('refuses out-of-range addresses, including the second word of a 32-bit value', () => {
    expect(issues([{ kind: 'input', address: 65536, type: 'int16', param: 'P051' }])).toEqual([
      '0.address:validation.modbusAddressRange',
    ]);
    expect(issues([{ kind: 'input', address: 65535, type: 'uint32', param: 'P051' }])).toEqual([
      '0.address:validation.modbusAddressRange',
    ]);
    expect(issues([{ kind: 'input', address: -1, type: 'int16', param: 'P051' }])).toEqual([
      '0.address:validation.modbusAddressRange',
    ]);
  });
  it('refuses commands on input registers, unknown codes, zero scale, a parameter read twice', () => {
    expect(issues([{ kind: 'input', address: 0, type: 'int16', param: 'P070', command: 'setSetPoint' }])).toEqual([
      '0.command:validation.modbusWriteInput',
    ]);
    expect(issues([{ kind: 'input', address: 0, type: 'int16', param: 'P999' }])).toEqual([
      '0.param:validation.ruleUnknownParameter',
    ]);
    expect(issues([{ kind: 'input', address: 0, type: 'int16', param: 'P003', scale: 0 }])).toEqual([
      '0.scale:validation.modbusScaleZero',
    ]);
    expect(
      issues([
        { kind: 'input', address: 0, type: 'int16', param: 'P003' },
        { kind: 'input', address: 1, type: 'int16', param: 'P003' },
      ]),
    ).toEqual(['1.param:validation.modbusParamTwice']);
  });
  it('prefixes field paths with registers in a config and bounds the poll period', () => {
    const r = ModbusDeviceAddSchema.safeParse({
      deviceId: 'D1',
      host: '127.0.0.1',
      pollPeriodMs: 10,
      registers: [
        { kind: 'input', address: 0, type: 'float32', param: 'P051' },
        { kind: 'input', address: 1, type: 'float32', param: 'P052' },
      ],
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['pollPeriodMs', 'registers.1.address']);
  });
  it('has both languages for every key it uses', () => {
    for (const k of [
      'validation.modbusAddressRange',
      'validation.modbusRegisterOverlap',
      'validation.modbusWriteInput',
      'validation.modbusParamTwice',
    ]) {
      const t = (VALIDATION_MESSAGES as Record<string, { 'zh-CN': string; 'en-US': string }>)[k];
      expect(t?.['en-US']).toBeTruthy();
      expect(t?.['zh-CN']).toBeTruthy();
    }
  });
});
