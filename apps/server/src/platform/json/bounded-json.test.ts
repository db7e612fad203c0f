import { API_JSON_LIMITS, DEVICE_JSON_LIMITS, type JsonLimits } from '@ztj/contracts';
import { describe, expect, it } from 'vitest';
import { parseBoundedJson, scanJson } from './bounded-json';

const LIMITS: JsonLimits = {
  maxBytes: 10_000,
  maxDepth: 3,
  maxArrayItems: 4,
  maxObjectKeys: 3,
  maxStringBytes: 8,
  maxValues: 20,
};
const bytes = (s: string): Buffer => Buffer.from(s, 'utf8');
const codeOf = (s: string | Buffer, limits = LIMITS): string => {
  const r = parseBoundedJson(s, limits);
  return r.ok ? 'ok' : r.code;
};

describe('parseBoundedJson', () => {
  it('parses what is within every bound, as JSON.parse does', () => {
    for (const s of [
      '{"a":[1,2,{"b":"x"}],"c":null}',
      '[true,false,-1.5e3]',
      '"12345678"',
      '0',
      '{"k":{"k":{}}}',
      '{"a":1,"b":{"a":2}}',
      // escaped quotes and runs of backslashes: the string ends at the first quote after an even run
      String.raw`["a\"b","c\\",{"\"":1,"\\":2}]`,
      String.raw`{"k\\\"":"\\\\"}`,
    ]) {
      expect(parseBoundedJson(bytes(s), LIMITS)).toEqual({ ok: true, value: JSON.parse(s) });
      expect(parseBoundedJson(s, LIMITS)).toEqual({ ok: true, value: JSON.parse(s) });
    }
  });

  it('refuses each bound broken with its code and bound', () => {
    expect(parseBoundedJson('[[[[1]]]]', LIMITS)).toMatchObject({ ok: false, code: 'tooDeep', max: 3 });
    expect(parseBoundedJson('[1,2,3,4,5]', LIMITS)).toMatchObject({ ok: false, code: 'tooManyItems', max: 4 });
    expect(parseBoundedJson('{"a":1,"b":2,"c":3,"d":4}', LIMITS)).toMatchObject({
      ok: false,
      code: 'tooManyKeys',
      max: 3,
    });
    expect(parseBoundedJson('"123456789"', LIMITS)).toMatchObject({ ok: false, code: 'stringTooLong', max: 8 });
    expect(parseBoundedJson('{"123456789":1}', LIMITS)).toMatchObject({ ok: false, code: 'stringTooLong' });
    expect(parseBoundedJson(`[${'[1,1,1],'.repeat(5)}1]`, { ...LIMITS, maxArrayItems: 10 })).toMatchObject({
      ok: false,
      code: 'tooManyValues',
      max: 20,
    });
    expect(parseBoundedJson(`"${'x'.repeat(20_000)}"`, LIMITS)).toMatchObject({
      ok: false,
      code: 'tooLarge',
      max: 10_000,
    });
    expect(codeOf('{"a":1,"a":2}')).toBe('duplicateKey');
    expect(codeOf('{"a":1,"\\u0061":2}')).toBe('duplicateKey'); // the same key, escaped
    expect(codeOf(String.raw`{"a\"":1,"a\u0022":2}`)).toBe('duplicateKey'); // an escaped quote in a key
    // an escaped quote does not end the string: its length counts to the real closing quote
    expect(codeOf(String.raw`["\"\"\"\"\""]`, { ...LIMITS, maxStringBytes: 8 })).toBe('stringTooLong');
    expect(codeOf(String.raw`["\\\\","1234567"]`, { ...LIMITS, maxStringBytes: 8 })).toBe('ok');
    expect(codeOf('[1e309]')).toBe('numberOutOfRange');
    expect(codeOf('[-1e309]')).toBe('numberOutOfRange');
    expect(codeOf(`[${'9'.repeat(400)}]`, { ...LIMITS, maxStringBytes: 1000 })).toBe('numberOutOfRange');
    expect(codeOf(Buffer.from([0x22, 0xc3, 0x28, 0x22]))).toBe('invalidUtf8');
    expect(codeOf('{"a":')).toBe('malformed');
    expect(codeOf('[1,]')).toBe('malformed');
  });

  it('counts keys per object and duplicates per object, also past 16 keys', () => {
    const wide = { ...LIMITS, maxObjectKeys: 100, maxValues: 1000 };
    const keys = Array.from({ length: 40 }, (_, i) => `"k${i}":${i}`);
    expect(codeOf(`{${keys.join(',')}}`, wide)).toBe('ok');
    expect(codeOf(`{${keys.join(',')},"k3":1}`, wide)).toBe('duplicateKey');
    expect(codeOf('{"a":{"a":1},"b":{"a":2}}', wide)).toBe('ok'); // the same key in sibling objects
    expect(codeOf('[{"a":1},{"a":1}]', wide)).toBe('ok');
    expect(codeOf('{"a":"b","b":"a"}', wide)).toBe('ok'); // string values are not keys
  });

  it('refuses prototype keys only when asked (API bodies)', () => {
    for (const s of ['{"__proto__":{"x":1}}', '{"a":[{"constructor":{"prototype":{}}}]}']) {
      expect(parseBoundedJson(s, API_JSON_LIMITS, { refusePrototypeKeys: true })).toMatchObject({
        ok: false,
        code: 'prototypeKey',
      });
      expect(parseBoundedJson(s, API_JSON_LIMITS).ok).toBe(true);
    }
    expect(parseBoundedJson('{"constructor":"x"}', API_JSON_LIMITS, { refusePrototypeKeys: true }).ok).toBe(true);
  });

  it('walks hostile inputs in time linear in their size, refusing at the first bound', () => {
    // the message that froze the server: 200,000 nested arrays
    const nested = bytes(`{"ts":1,"values":${'['.repeat(200_000)}${']'.repeat(200_000)}}`);
    expect(scanJson(nested, DEVICE_JSON_LIMITS.telemetry)).toMatchObject({ code: 'tooDeep', max: 4 });
    // garbage of every kind is walked without throwing
    const noise = Buffer.from(Array.from({ length: 50_000 }, (_, i) => (i * 7919) % 256));
    expect(() => scanJson(noise, API_JSON_LIMITS)).not.toThrow();
    expect(parseBoundedJson(noise, API_JSON_LIMITS).ok).toBe(false);
    // an unterminated string or escape at the end
    expect(codeOf('"abc')).toBe('malformed');
    expect(codeOf('"ab\\')).toBe('malformed');
  });

  it('bounds a gateway batch one level deeper and to the batch size', () => {
    const reading = '{"deviceId":"D1","ts":1,"values":{"P003":1}}';
    const batch = (n: number): string => `{"ts":1,"readings":[${Array(n).fill(reading).join(',')}]}`;
    expect(codeOf(batch(500), DEVICE_JSON_LIMITS.gatewayTelemetry)).toBe('ok');
    expect(codeOf(batch(501), DEVICE_JSON_LIMITS.gatewayTelemetry)).toBe('tooManyItems');
    expect(codeOf(batch(2), DEVICE_JSON_LIMITS.telemetry)).toBe('ok');
    expect(codeOf(`{"ts":1,"values":{"P003":[[[1]]]}}`, DEVICE_JSON_LIMITS.telemetry)).toBe('tooDeep');
  });
});
