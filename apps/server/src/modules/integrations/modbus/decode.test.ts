import { RegisterSchema, REGISTER_MAPS, type RegisterInput } from '@ztj/contracts';
import { describe, expect, it } from 'vitest';
import { decodeBlock, decodeRaw, decodeRegister, encodeRegister, planBlocks } from './decode';

const reg = (r: Partial<RegisterInput>) =>
  RegisterSchema.parse({ kind: 'holding', address: 0, type: 'int16', param: 'P003', ...r });

describe('Modbus decoding', () => {
  // words as read from the wire (each a big-endian 16-bit value)
  it.each([
    ['int16', 'big', 'big', [0xff85], -123],
    ['int16', 'big', 'little', [0x85ff], -123],
    ['uint16', 'big', 'big', [0xff85], 65413],
    ['int32', 'big', 'big', [0xfffe, 0x1dc0], -123456],
    ['int32', 'little', 'big', [0x1dc0, 0xfffe], -123456],
    ['int32', 'little', 'little', [0xc01d, 0xfeff], -123456],
    ['int32', 'big', 'little', [0xfeff, 0xc01d], -123456],
    ['uint32', 'big', 'big', [0x0001, 0x0000], 65536],
    ['uint32', 'little', 'big', [0x0000, 0x0001], 65536],
    ['float32', 'big', 'big', [0x4366, 0x999a], 230.6],
    ['float32', 'little', 'big', [0x999a, 0x4366], 230.6],
    ['float32', 'big', 'little', [0x6643, 0x9a99], 230.6],
    ['float32', 'little', 'little', [0x9a99, 0x6643], 230.6],
  ] as const)('%s word %s byte %s', (type, wordOrder, byteOrder, words, expected) => {
    const r = reg({ type, wordOrder, byteOrder, param: 'P051' });
    expect(decodeRaw(words, r)).toBeCloseTo(expected, 3);
    expect(decodeRegister(words, r)).toBeCloseTo(expected, 3);
    // encoding is the inverse
    expect(decodeRaw(encodeRegister(expected, r)!, r)).toBeCloseTo(expected, 3);
  });

  it('applies scale and offset, and reads booleans as non-zero', () => {
    expect(decodeRegister([652], reg({ scale: 0.1 }))).toBe(65.2);
    expect(decodeRegister([0xfff6], reg({ scale: 0.1 }))).toBe(-1);
    expect(decodeRegister([1000], reg({ scale: 0.01, offset: -5, param: 'P051' }))).toBe(5);
    expect(decodeRegister([2], reg({ type: 'uint16', param: 'P065' }))).toBe(true);
    expect(decodeRegister([0], reg({ type: 'uint16', param: 'P065' }))).toBe(false);
    expect(decodeRegister([0x7fc0, 0], reg({ type: 'float32', param: 'P051' }))).toBeNull();
  });

  it('encodes writes with scale, rounding, and refuses values outside the type', () => {
    expect(encodeRegister(85.5, reg({ scale: 0.1 }))).toEqual([855]);
    expect(encodeRegister(-1, reg({ scale: 0.1 }))).toEqual([0xfff6]);
    expect(encodeRegister(true, reg({ type: 'uint16', param: 'P066' }))).toEqual([1]);
    expect(encodeRegister(4000, reg({ scale: 0.1 }))).toBeNull();
    expect(encodeRegister(-1, reg({ type: 'uint16' }))).toBeNull();
  });

  it('coalesces adjacent registers of a kind into blocks', () => {
    const sdm = REGISTER_MAPS.find((m) => m.code === 'sdm630-3p')!;
    const blocks = planBlocks(sdm.registers);
    expect(blocks.map((b) => [b.kind, b.start, b.count, b.registers.length])).toEqual([
      ['input', 0, 12, 6],
      ['input', 0x34, 2, 1],
      ['input', 0x3e, 2, 1],
      ['input', 0x48, 2, 1],
    ]);
    expect(planBlocks(sdm.registers, 16).map((b) => [b.start, b.count])).toEqual([
      [0, 12],
      [0x34, 22],
    ]);
    const pid = REGISTER_MAPS.find((m) => m.code === 'pid-cooker')!;
    expect(planBlocks(pid.registers).map((b) => [b.kind, b.start, b.count])).toEqual([['holding', 0, 4]]);
    const mixed = [
      reg({ address: 10 }),
      reg({ kind: 'input', address: 11, param: 'P004' }),
      reg({ address: 200, param: 'P005' }),
    ];
    expect(planBlocks(mixed).map((b) => [b.kind, b.start, b.count])).toEqual([
      ['holding', 10, 1],
      ['holding', 200, 1],
      ['input', 11, 1],
    ]);
    // a block never exceeds 125 words
    const many = Array.from({ length: 64 }, (_, i) =>
      reg({ type: 'float32', address: i * 2, param: `P0${String(i + 10).padStart(2, '0')}` }),
    );
    expect(planBlocks(many).map((b) => b.count)).toEqual([124, 4]);
  });

  it('decodes a whole block into parameter values', () => {
    const pid = REGISTER_MAPS.find((m) => m.code === 'pid-cooker')!;
    const [block] = planBlocks(pid.registers);
    expect(decodeBlock(block!, [652, 850, 1, 0])).toEqual({ P003: 65.2, P070: 85, P065: true, P066: false });
  });
});
