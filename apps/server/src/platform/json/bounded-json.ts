import { isUtf8 } from 'node:buffer';
import type { JsonLimits, JsonRefusalCode } from '@ztj/contracts';
import { scan as scanPrototypeKeys } from 'secure-json-parse';
import { KeySet } from './key-set';

/**
 * The one gate of JSON from devices and clients (ARCHITECTURE §5): the input's
 * bytes are checked against {@link JsonLimits} in one pass, linear in their number, before
 * `JSON.parse` sees them. An input within its bounds parses in time proportional to its size and
 * hands every schema a value of bounded depth and width, so neither the parse, nor the schema, nor
 * its error path can hold the event loop (a 400 kB message of 200,000 nested arrays held it for
 * minutes in the schema's error path).
 */

/** A refusal: the bound broken, and where (`at`: byte offset) with the bound's number. */
export interface JsonRefusal {
  ok: false;
  code: JsonRefusalCode;
  /** The bound that was broken (`max`), for the message; absent for malformed and invalid text. */
  max?: number;
  /** English detail for logs and dead letters, e.g. `nesting deeper than 4 at byte 17`. */
  detail: string;
}
export type BoundedJson<T = unknown> = { ok: true; value: T } | JsonRefusal;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;

/** Bytes that end a bare token (number, true, false, null). */
const DELIMITER = new Uint8Array(256);
for (const c of ' \t\r\n,:[]{}"') DELIMITER[c.charCodeAt(0)] = 1;

let scratch = { kind: new Uint8Array(17), count: new Uint32Array(17) };
const keySets: KeySet[] = [];

const refuse = (code: JsonRefusalCode, detail: string, max?: number): JsonRefusal => ({
  ok: false,
  code,
  detail,
  ...(max !== undefined ? { max } : {}),
});

/**
 * Checks the shape of a JSON text against `limits` without parsing it: one pass over its bytes,
 * tracking nesting, item and key counts per open container, string lengths, duplicate keys and
 * numbers too large for a double. It does not check the grammar (`JSON.parse` does, after it);
 * any bytes, valid or not, are walked in linear time.
 * @returns null when within bounds, else the first bound broken.
 */
export function scanJson(bytes: Uint8Array, limits: JsonLimits): JsonRefusal | null {
  const n = bytes.length;
  if (n > limits.maxBytes) return refuse('tooLarge', `${n} bytes > ${limits.maxBytes}`, limits.maxBytes);
  const { maxDepth, maxArrayItems, maxObjectKeys, maxStringBytes, maxValues } = limits;
  // per depth: 1 object / 2 array, the items or keys counted, the keys seen (scratch shared by
  // every scan: a scan runs to its end synchronously)
  if (scratch.kind.length <= maxDepth)
    scratch = { kind: new Uint8Array(maxDepth + 1), count: new Uint32Array(maxDepth + 1) };
  const { kind, count } = scratch;
  const buf = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  kind[0] = 0;
  let depth = 0;
  let values = 0;
  let prev = 0; // the last structural byte, or QUOTE / 1 after a string / bare token
  for (let i = 0; i < n; i++) {
    const c = bytes[i]!;
    if (c === QUOTE) {
      const start = i + 1;
      const end = closingQuote(bytes, buf, start);
      i = end;
      if (end - start > maxStringBytes)
        return refuse(
          'stringTooLong',
          `a string of more than ${maxStringBytes} bytes at byte ${start - 1}`,
          maxStringBytes,
        );
      if (kind[depth] === 1 && (prev === OPEN_OBJECT || prev === COMMA)) {
        if (++count[depth]! > maxObjectKeys)
          return refuse(
            'tooManyKeys',
            `an object of more than ${maxObjectKeys} keys at byte ${start - 1}`,
            maxObjectKeys,
          );
        if (keySets[depth]!.add(start, end, hasBackslash(bytes, buf, start, end)) === false)
          return refuse('duplicateKey', `a key named twice in one object at byte ${start - 1}`);
      } else if (++values > maxValues || (kind[depth] === 2 && ++count[depth]! > maxArrayItems)) {
        return overCount(values, maxValues, maxArrayItems, start - 1);
      }
      prev = QUOTE;
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (++values > maxValues || (kind[depth] === 2 && ++count[depth]! > maxArrayItems))
        return overCount(values, maxValues, maxArrayItems, i);
      if (++depth > maxDepth) return refuse('tooDeep', `nesting deeper than ${maxDepth} at byte ${i}`, maxDepth);
      kind[depth] = c === OPEN_OBJECT ? 1 : 2;
      count[depth] = 0;
      if (c === OPEN_OBJECT) (keySets[depth] ??= new KeySet()).clear(bytes);
      prev = c;
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      if (depth > 0) depth--;
      prev = c;
    } else if (c === COMMA || c === COLON) {
      prev = c;
    } else if (c > 0x20) {
      // a bare token: a number, true, false, null (or garbage JSON.parse refuses)
      const start = i;
      let exponent = false;
      while (i + 1 < n && DELIMITER[bytes[i + 1]!] === 0) {
        i++;
        if ((bytes[i]! | 0x20) === 0x65) exponent = true; // e or E (also in true/false: checked below)
      }
      if (++values > maxValues || (kind[depth] === 2 && ++count[depth]! > maxArrayItems))
        return overCount(values, maxValues, maxArrayItems, start);
      if ((exponent || i - start >= 300) && !finiteNumber(bytes, start, i + 1))
        return refuse('numberOutOfRange', `a number beyond ±1.8e308 at byte ${start}`);
      prev = 1;
    }
  }
  return null;
}

/** Bytes of a string walked in JS before the search goes native (a device's strings are short). */
const SHORT_STRING = 64;

/**
 * The offset of the quote closing the string that starts at `start` (`bytes.length` if none): a
 * quote after an odd run of backslashes is escaped. Short strings are walked byte by byte; past
 * {@link SHORT_STRING} bytes the quote is searched by memchr (`buf` is `bytes` as a Buffer), so a
 * 1 MiB string costs a fraction of a millisecond.
 */
function closingQuote(bytes: Uint8Array, buf: Buffer, start: number): number {
  const n = bytes.length;
  const stop = Math.min(n, start + SHORT_STRING);
  let i = start;
  for (; i < stop; i++) {
    const d = bytes[i]!;
    if (d === BACKSLASH) i++;
    else if (d === QUOTE) return i;
  }
  for (let from = i; from < n;) {
    const q = buf.indexOf(QUOTE, from);
    if (q < 0) break;
    let slashes = 0;
    while (q - slashes - 1 >= start && bytes[q - slashes - 1] === BACKSLASH) slashes++;
    if (slashes % 2 === 0) return q;
    from = q + 1;
  }
  return n;
}

/** Whether bytes `start` to `end` hold a backslash (a key with escapes, decoded to compare). */
function hasBackslash(bytes: Uint8Array, buf: Buffer, start: number, end: number): boolean {
  if (end - start > SHORT_STRING) return buf.subarray(start, end).indexOf(BACKSLASH) >= 0;
  for (let i = start; i < end; i++) if (bytes[i] === BACKSLASH) return true;
  return false;
}

/** The refusal of a value past a count: too many values in all, or too many items in its array. */
function overCount(values: number, maxValues: number, maxArrayItems: number, at: number): JsonRefusal {
  return values > maxValues
    ? refuse('tooManyValues', `more than ${maxValues} values at byte ${at}`, maxValues)
    : refuse('tooManyItems', `an array of more than ${maxArrayItems} items at byte ${at}`, maxArrayItems);
}

/** False for a number literal that parses to ±Infinity (only long ones or ones with an exponent can). */
function finiteNumber(bytes: Uint8Array, start: number, end: number): boolean {
  const first = bytes[start]!;
  if (first !== 0x2d && (first < 0x30 || first > 0x39)) return true; // true, false, null, or garbage for JSON.parse
  return Number.isFinite(Number(Buffer.from(bytes.buffer, bytes.byteOffset + start, end - start).toString('latin1')));
}

/** Options of {@link parseBoundedJson}. */
export interface BoundedJsonOptions {
  /**
   * Refuse (`prototypeKey`) a value holding a `__proto__` key, or a `constructor` key whose value
   * has `prototype`, anywhere (secure-json-parse's scan, as Fastify's own JSON parser does): API
   * bodies, which handlers may merge into other objects. Device payloads refuse such keys in their
   * schema instead (`FORBIDDEN_PAYLOAD_KEYS`).
   */
  refusePrototypeKeys?: boolean;
}

/**
 * Parses a JSON input from a device or client within `limits`: UTF-8 checked (for bytes),
 * shape checked by {@link scanJson}, then `JSON.parse`. `reviver` is not supported on purpose:
 * schemas run after, on the bounded value.
 * @param input the raw bytes (MQTT payload, HTTP body) or a text already decoded (a field's JSON).
 * @returns the value, or the refusal (`malformed` for what `JSON.parse` rejects).
 */
export function parseBoundedJson<T = unknown>(
  input: Uint8Array | string,
  limits: JsonLimits,
  options: BoundedJsonOptions = {},
): BoundedJson<T> {
  let bytes: Uint8Array;
  let text: string | undefined;
  if (typeof input === 'string') {
    if (input.length > limits.maxBytes)
      return refuse('tooLarge', `more than ${limits.maxBytes} bytes`, limits.maxBytes);
    text = input;
    bytes = Buffer.from(input, 'utf8');
  } else {
    if (input.length > limits.maxBytes)
      return refuse('tooLarge', `${input.length} bytes > ${limits.maxBytes}`, limits.maxBytes);
    if (!isUtf8(input)) return refuse('invalidUtf8', 'not UTF-8 text');
    bytes = input;
  }
  const problem = scanJson(bytes, limits);
  if (problem) return problem;
  let value: T;
  try {
    value = JSON.parse(text ?? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('utf8')) as T;
  } catch {
    return refuse('malformed', 'not JSON');
  }
  if (
    options.refusePrototypeKeys &&
    value !== null &&
    typeof value === 'object' &&
    scanPrototypeKeys(value, { safe: true }) === null
  ) {
    return refuse('prototypeKey', 'a __proto__ or constructor.prototype key');
  }
  return { ok: true, value };
}
