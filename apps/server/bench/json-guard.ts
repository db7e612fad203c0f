/**
 * The bounded-JSON gate's cost: what checking a payload's shape before
 * `JSON.parse` adds per device message on the ingest's hot path, and how long the gate and the
 * schema take on the worst inputs. Pure CPU in this process, no server: each figure is the
 * median of BENCH_ROUNDS (7) rounds, with the spread (min–max) on the line after it.
 * Prints one figure per line:
 *   json_parse_ns_per_message        JSON.parse of a typical reading (5 parameters and a position, 112 bytes)
 *   json_guard_ns_per_message        UTF-8 check + shape scan + JSON.parse of the same bytes (the ingest's path)
 *   json_guard_overhead_ns           the difference
 *   json_gateway_batch_us            guard + parse of a 500-reading gateway batch (about 50 kB)
 *   json_worst_device_refusal_ms     the slowest refusal of the device kinds (200,000 nested arrays, 400 kB strings…)
 *   json_worst_device_within_ms      guard + parse + schema of the widest refused batch within bounds (500 readings × 100 unknown codes, 465 kB)
 *   json_worst_api_refusal_ms        the slowest refusal of an API body kind (128 KiB + 1 string, 200,000 items…)
 * Knobs: BENCH_ROUNDS (7), BENCH_MESSAGES (200,000 per round for the per-message figures).
 */
import { API_JSON_LIMITS, DEVICE_JSON_LIMITS } from '@ztj/contracts';
import { checkGatewayBatch } from '../src/modules/telemetry/fast-validate';
import { parseBoundedJson } from '../src/platform/json/bounded-json';
import { DEVICE_HOSTILE, apiHostile, objectWith } from '../test/hostile-inputs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 200_000);
const T = Date.UTC(2026, 11, 1);

/** Median and spread of `rounds` measurements of `run` (its own unit). */
function measure(run: () => number): { median: number; min: number; max: number } {
  const all = Array.from({ length: ROUNDS }, run).sort((a, b) => a - b);
  return { median: all[Math.floor(all.length / 2)]!, min: all[0]!, max: all[all.length - 1]! };
}

function print(name: string, m: { median: number; min: number; max: number }, digits = 1): void {
  console.log(`${name} ${m.median.toFixed(digits)}`);
  console.log(`${name}_spread ${m.min.toFixed(digits)}-${m.max.toFixed(digits)}`);
}

/** ns per message of `fn` over MESSAGES distinct payloads (so nothing is cached by identity). */
function perMessage(payloads: Buffer[], fn: (b: Buffer) => unknown): number {
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < MESSAGES; i++) fn(payloads[i % payloads.length]!);
  return Number(process.hrtime.bigint() - t0) / MESSAGES;
}

/** ms of the slowest of `inputs` through `fn`. */
function slowest(inputs: Buffer[], fn: (b: Buffer) => unknown): number {
  let worst = 0;
  for (const b of inputs) {
    const t0 = performance.now();
    fn(b);
    worst = Math.max(worst, performance.now() - t0);
  }
  return worst;
}

const readings = Array.from({ length: 1024 }, (_, i) =>
  Buffer.from(
    JSON.stringify({
      ts: T + i * 1000,
      values: { P003: -18.2 + (i % 7) / 10, P004: 65, P054: 3.9, P060: 1, P070: 0 },
      lat: 41.8 + i / 1e5,
      lng: 123.43,
      seq: i,
    }),
  ),
);
const batch = Buffer.from(
  JSON.stringify({
    ts: T,
    readings: Array.from({ length: 500 }, (_, i) => ({
      deviceId: `SUB${i % 50}`,
      ts: T + i,
      values: { P003: 4.5, P004: 60 },
    })),
  }),
);
const values = (n: number): string => `{${Array.from({ length: n }, (_, i) => `"X${i}":${i}`).join(',')}}`;
const widest = Buffer.from(
  `{"ts":${T},"readings":[${Array.from({ length: 500 }, (_, i) => `{"deviceId":"SUB1","ts":${T + i},"values":${values(100)}}`).join(',')}]}`,
);
const deviceKinds = DEVICE_HOSTILE.map((k) => objectWith('values', k.value, JSON.stringify({ ts: T })));
const apiKinds = apiHostile(API_JSON_LIMITS)
  .filter((k) => k.refusal)
  .map((k) => objectWith('name', k.value));

const parse = (b: Buffer): unknown => JSON.parse(b.toString('utf8'));
const guard = (b: Buffer): unknown => parseBoundedJson(b, DEVICE_JSON_LIMITS.telemetry);
// warm both paths up before measuring (the server's are warm after its first seconds of traffic)
perMessage(readings, parse);
perMessage(readings, guard);

const plain = measure(() => perMessage(readings, parse));
const guarded = measure(() => perMessage(readings, guard));
print('json_parse_ns_per_message', plain, 0);
print('json_guard_ns_per_message', guarded, 0);
console.log(`json_guard_overhead_ns ${(guarded.median - plain.median).toFixed(0)}`);
print(
  'json_gateway_batch_us',
  measure(() => {
    const t0 = performance.now();
    parseBoundedJson(batch, DEVICE_JSON_LIMITS.gatewayTelemetry);
    return (performance.now() - t0) * 1000;
  }),
);
print(
  'json_worst_device_refusal_ms',
  measure(() => slowest(deviceKinds, (b) => parseBoundedJson(b, DEVICE_JSON_LIMITS.telemetry))),
  2,
);
print(
  'json_worst_device_within_ms',
  measure(() =>
    slowest([widest], (b) => {
      const r = parseBoundedJson(b, DEVICE_JSON_LIMITS.gatewayTelemetry);
      return r.ok ? checkGatewayBatch(r.value) : r;
    }),
  ),
  2,
);
print(
  'json_worst_api_refusal_ms',
  measure(() => slowest(apiKinds, (b) => parseBoundedJson(b, API_JSON_LIMITS, { refusePrototypeKeys: true }))),
  2,
);
