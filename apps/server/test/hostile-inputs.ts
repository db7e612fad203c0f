import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { JsonLimits, JsonRefusalCode } from '@ztj/contracts';

/**
 * Hostile JSON, shared by the sweeps over the API's route table
 * (security/hostile-input.test.ts) and over the device topics and HTTP ingest
 * (security/hostile-device.test.ts): each kind is a JSON value's raw bytes, to be put where a
 * value goes in a body, with the refusal its bounds give. A kind without `refusal` stays within
 * the bounds and reaches the schema and handler (their worst case).
 */
export interface HostileKind {
  name: string;
  /** The value's raw JSON bytes (invalid UTF-8 cannot live in a JS string). */
  value: Buffer;
  /** The refusal of the API's bounds (API_JSON_LIMITS), or undefined when within them. */
  refusal?: JsonRefusalCode;
}

const raw = (s: string): Buffer => Buffer.from(s, 'utf8');
const repeat = (item: string, n: number, sep = ','): string => Array.from({ length: n }, () => item).join(sep);
const keys = (n: number): string => `{${Array.from({ length: n }, (_, i) => `"k${i}":0`).join(',')}}`;

/**
 * Kinds of hostile values sized for a device payload (a 512 KiB message at most): the issue's
 * 200,000 nested arrays, huge arrays, strings and objects, a key named twice, prototype keys,
 * invalid UTF-8 and a number beyond a double.
 */
export const DEVICE_HOSTILE: HostileKind[] = [
  {
    name: 'deep nesting (200,000 arrays)',
    value: raw(`${'['.repeat(200_000)}${']'.repeat(200_000)}`),
    refusal: 'tooDeep',
  },
  { name: 'huge array (200,000 items)', value: raw(`[${repeat('0', 200_000)}]`), refusal: 'tooManyItems' },
  { name: 'huge string (400 kB)', value: raw(`"${'x'.repeat(400_000)}"`), refusal: 'stringTooLong' },
  { name: 'many keys (20,000)', value: raw(keys(20_000)), refusal: 'tooManyKeys' },
  { name: 'duplicate keys', value: raw('{"a":1,"a":2}'), refusal: 'duplicateKey' },
  {
    name: 'prototype key',
    value: raw('{"__proto__":{"polluted":true},"constructor":{"prototype":1}}'),
    refusal: 'prototypeKey',
  },
  {
    name: 'invalid UTF-8',
    value: Buffer.concat([raw('"a'), Buffer.from([0xc3, 0x28, 0xff]), raw('"')]),
    refusal: 'invalidUtf8',
  },
  { name: 'number 1e309', value: raw('1e309'), refusal: 'numberOutOfRange' },
];

/**
 * The API's kinds for a route with `limits` (API_JSON_LIMITS and the route's own): the device
 * kinds scaled to those bounds (a string of the bound + 1 byte, 20,000 keys…) and the largest
 * values within them, which reach the body schema and handler (a list of the most items, an
 * object of the most keys, the longest string, the deepest nesting).
 */
export function apiHostile(limits: JsonLimits): HostileKind[] {
  return [
    ...DEVICE_HOSTILE.filter((k) => !k.name.startsWith('huge string')),
    {
      name: 'huge string (bound + 1 byte)',
      value: raw(`"${'x'.repeat(limits.maxStringBytes + 1)}"`),
      refusal: 'stringTooLong',
    },
    { name: 'widest array within bounds', value: raw(`[${repeat('{"a":1}', limits.maxArrayItems)}]`) },
    { name: 'widest object within bounds', value: raw(keys(limits.maxObjectKeys - 1)) },
    { name: 'longest string within bounds', value: raw(`"${'y'.repeat(limits.maxStringBytes - 64)}"`) },
    {
      name: 'deepest nesting within bounds',
      value: raw(`${'['.repeat(limits.maxDepth - 1)}${']'.repeat(limits.maxDepth - 1)}`),
    },
  ];
}

/** A JSON object's bytes with `value` under `key`, then `rest`'s keys (a JSON object text or empty). */
export function objectWith(key: string, value: Buffer, rest = ''): Buffer {
  const tail = rest.replace(/^\{|\}$/g, '').trim();
  return Buffer.concat([raw(`{${JSON.stringify(key)}:`), value, raw(tail ? `,${tail}}` : '}')]);
}

/** What a {@link LivenessProbe} saw. */
export interface ProbeReport {
  /** Probe requests answered. */
  probes: number;
  /** The longest a probe waited for its answer (ms). */
  maxWaitMs: number;
  /** The longest the event loop was held (ms, from perf_hooks' delay histogram at 10 ms resolution). */
  maxLoopDelayMs: number;
}

/**
 * A parallel `/health` probe over real HTTP (one at a time, every 20 ms) plus the event loop's
 * delay histogram, while a sweep runs: the server's answer to others during hostile input.
 */
export class LivenessProbe {
  private running = true;
  private probes = 0;
  private maxWaitMs = 0;
  private readonly loop = monitorEventLoopDelay({ resolution: 10 });
  private readonly done: Promise<void>;

  /** Starts probing `url` once it answered a first time (the connection and the route warmed up). */
  static async start(url: string): Promise<LivenessProbe> {
    for (let i = 0; i < 3; i++) await (await fetch(url)).arrayBuffer();
    return new LivenessProbe(url);
  }

  private constructor(url: string) {
    this.loop.enable();
    this.done = (async () => {
      while (this.running) {
        const t0 = performance.now();
        const res = await fetch(url);
        await res.arrayBuffer();
        this.maxWaitMs = Math.max(this.maxWaitMs, performance.now() - t0);
        this.probes++;
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
  }

  /** What was seen since the last report (counters restart). */
  take(): ProbeReport {
    const report = {
      probes: this.probes,
      maxWaitMs: Math.round(this.maxWaitMs),
      maxLoopDelayMs: Math.round(this.loop.max / 1e6),
    };
    this.probes = 0;
    this.maxWaitMs = 0;
    this.loop.reset();
    return report;
  }

  async stop(): Promise<void> {
    this.running = false;
    await this.done;
    this.loop.disable();
  }
}
