import { MODBUS_BLOCK_MAX, getParameter, registerWords, type Register, type RegisterKind } from '@ztj/contracts';

/**
 * Pure Modbus register decoding and encoding (register maps of
 * packages/contracts/src/integrations/register-maps.ts). A register is a 16-bit word as the
 * library hands it over (0-65535, big-endian on the wire). `byteOrder: 'little'` swaps the two
 * bytes inside each word; `wordOrder: 'little'` puts the low word of a 32-bit value first.
 */

const swap16 = (w: number): number => ((w & 0xff) << 8) | ((w >> 8) & 0xff);

/** The 2 or 4 bytes of a value in big-endian order, from its words as read. */
function bytesOf(words: readonly number[], r: Pick<Register, 'type' | 'wordOrder' | 'byteOrder'>): Buffer {
  const n = registerWords(r.type);
  const ws = words.slice(0, n).map((w) => (r.byteOrder === 'little' ? swap16(w & 0xffff) : w & 0xffff));
  if (n === 2 && r.wordOrder === 'little') ws.reverse();
  const buf = Buffer.alloc(n * 2);
  ws.forEach((w, i) => buf.writeUInt16BE(w, i * 2));
  return buf;
}

/** The raw value of `type` held by `words` (before scale and offset). */
export function decodeRaw(words: readonly number[], r: Pick<Register, 'type' | 'wordOrder' | 'byteOrder'>): number {
  const b = bytesOf(words, r);
  switch (r.type) {
    case 'int16':
      return b.readInt16BE(0);
    case 'uint16':
      return b.readUInt16BE(0);
    case 'int32':
      return b.readInt32BE(0);
    case 'uint32':
      return b.readUInt32BE(0);
    case 'float32':
      return b.readFloatBE(0);
  }
}

/**
 * The reading of a register in its parameter's unit: `raw × scale + offset`, rounded to 6
 * significant decimals against float noise; a boolean parameter (P011, P055, P064-P066…) reads
 * non-zero as true. Null for a non-finite float (NaN, ±Inf: a meter's "no value").
 */
export function decodeRegister(words: readonly number[], r: Register): number | boolean | null {
  const raw = decodeRaw(words, r);
  if (!Number.isFinite(raw)) return null;
  if (getParameter(r.param)?.valueType === 'boolean') return raw !== 0;
  const v = raw * r.scale + r.offset;
  return Number(v.toPrecision(r.type === 'float32' ? 7 : 12));
}

/** The words to write for `value` (°C, V… or a boolean) into register `r`, or null when it does not fit its type. */
export function encodeRegister(value: number | boolean, r: Register): number[] | null {
  const raw =
    typeof value === 'boolean'
      ? value
        ? 1
        : 0
      : r.type === 'float32'
        ? (value - r.offset) / r.scale
        : Math.round((value - r.offset) / r.scale);
  const b = Buffer.alloc(4);
  switch (r.type) {
    case 'int16':
      if (raw < -32768 || raw > 32767) return null;
      b.writeInt16BE(raw, 0);
      break;
    case 'uint16':
      if (raw < 0 || raw > 65535) return null;
      b.writeUInt16BE(raw, 0);
      break;
    case 'int32':
      if (raw < -2147483648 || raw > 2147483647) return null;
      b.writeInt32BE(raw, 0);
      break;
    case 'uint32':
      if (raw < 0 || raw > 4294967295) return null;
      b.writeUInt32BE(raw, 0);
      break;
    case 'float32':
      if (!Number.isFinite(raw)) return null;
      b.writeFloatBE(raw, 0);
      break;
  }
  const n = registerWords(r.type);
  const ws = Array.from({ length: n }, (_, i) => b.readUInt16BE(i * 2));
  if (n === 2 && r.wordOrder === 'little') ws.reverse();
  return r.byteOrder === 'little' ? ws.map(swap16) : ws;
}

/** One read request: `count` registers of `kind` from `start`, serving `registers`. */
export interface RegisterBlock {
  kind: RegisterKind;
  start: number;
  count: number;
  registers: Register[];
}

/**
 * Coalesces a map into read blocks: registers of one kind whose addresses are adjacent (or
 * within `gap` unused words) share one request, up to {@link MODBUS_BLOCK_MAX} words.
 */
export function planBlocks(registers: readonly Register[], gap = 0): RegisterBlock[] {
  const blocks: RegisterBlock[] = [];
  for (const kind of ['holding', 'input'] as const) {
    const regs = registers.filter((r) => r.kind === kind).sort((a, b) => a.address - b.address);
    let cur: RegisterBlock | undefined;
    for (const r of regs) {
      const end = r.address + registerWords(r.type);
      if (cur && r.address <= cur.start + cur.count + gap && end - cur.start <= MODBUS_BLOCK_MAX) {
        cur.count = Math.max(cur.count, end - cur.start);
        cur.registers.push(r);
      } else {
        cur = { kind, start: r.address, count: end - r.address, registers: [r] };
        blocks.push(cur);
      }
    }
  }
  return blocks;
}

/** The values of a block read (`words` from `block.start`), keyed by parameter code; undecodable ones left out. */
export function decodeBlock(block: RegisterBlock, words: readonly number[]): Record<string, number | boolean> {
  const values: Record<string, number | boolean> = {};
  for (const r of block.registers) {
    const at = r.address - block.start;
    const v = decodeRegister(words.slice(at, at + registerWords(r.type)), r);
    if (v !== null) values[r.param] = v;
  }
  return values;
}
