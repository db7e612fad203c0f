import {
  DEVICE_ID_PATTERN,
  DEVICE_TIME_MAX_MS,
  DEVICE_TIME_MIN_MS,
  GATEWAY_BATCH_MAX,
  GatewayTelemetryPayloadSchema,
  TelemetryPayloadSchema,
  checkParameterValue,
  type ParameterValue,
} from '@ztj/contracts';

/**
 * Hand-written equivalent of the contract's `TelemetryPayloadSchema` and
 * `GatewayTelemetryPayloadSchema` for the ingest hot path (issue #3: zod costs several µs per
 * message). It accepts exactly what the schemas accept (same ranges, `checkParameterValue` for
 * every value, lat/lng pairing, non-empty readings; unknown top-level keys ignored as zod strips
 * them). Only when it refuses does the ingest run the zod schema, for the detailed reason and as a
 * guard: a payload the schema accepts is never refused (see fast-validate.test.ts).
 */

/** A validated reading. `values` holds only parameter codes (SPEC §3) with checked values. */
export interface Reading {
  ts: number;
  values: Record<string, ParameterValue>;
  lat?: number;
  lng?: number;
  seq?: number;
}
export interface SubReading extends Reading {
  deviceId: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isTime = (v: unknown): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= DEVICE_TIME_MIN_MS && v <= DEVICE_TIME_MAX_MS - 1;
const inRange = (v: unknown, lo: number, hi: number): v is number => typeof v === 'number' && Number.isFinite(v) && v >= lo && v <= hi;

function readingOf(o: Record<string, unknown>): Reading | null {
  const { ts, values, lat, lng, seq } = o;
  if (!isTime(ts) || !isObject(values)) return null;
  let n = 0;
  for (const code in values) {
    if (checkParameterValue(code, values[code]) !== null) return null;
    n++;
  }
  if (lat !== undefined && !inRange(lat, -90, 90)) return null;
  if (lng !== undefined && !inRange(lng, -180, 180)) return null;
  if ((lat === undefined) !== (lng === undefined)) return null;
  if (lat === undefined && n === 0) return null;
  if (seq !== undefined && !(typeof seq === 'number' && Number.isSafeInteger(seq) && seq >= 0)) return null;
  const r: Reading = { ts, values: values as Record<string, ParameterValue> };
  if (lat !== undefined) {
    r.lat = lat;
    r.lng = lng as number;
  }
  if (seq !== undefined) r.seq = seq;
  return r;
}

/** Fast check of a `ztj/devices/{id}/telemetry` body; null when it does not pass. */
export function fastTelemetry(body: unknown): Reading | null {
  return isObject(body) ? readingOf(body) : null;
}

/** Fast check of a `ztj/gateways/{id}/telemetry` body; null when it does not pass. */
export function fastGatewayBatch(body: unknown): { ts: number; readings: SubReading[] } | null {
  if (!isObject(body) || !isTime(body.ts) || !Array.isArray(body.readings)) return null;
  const list = body.readings as unknown[];
  if (list.length < 1 || list.length > GATEWAY_BATCH_MAX) return null;
  const readings: SubReading[] = [];
  for (const item of list) {
    if (!isObject(item) || typeof item.deviceId !== 'string' || !DEVICE_ID_PATTERN.test(item.deviceId)) return null;
    const r = readingOf(item);
    if (!r) return null;
    readings.push({ deviceId: item.deviceId, ...r });
  }
  return { ts: body.ts, readings };
}

/** The validation outcome with the zod issue text when refused. */
export type Checked<T> = { ok: true; value: T } | { ok: false; detail: string };

function issueText(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): string {
  return issues
    .slice(0, 3)
    .map((i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`)
    .join('; ');
}

/** Telemetry body: fast path first, the contract schema when the fast path refuses. */
export function checkTelemetry(body: unknown): Checked<Reading> {
  const fast = fastTelemetry(body);
  if (fast) return { ok: true, value: fast };
  const z = TelemetryPayloadSchema.safeParse(body);
  if (z.success) return { ok: true, value: z.data as Reading };
  return { ok: false, detail: issueText(z.error.issues) };
}

/** Gateway batch body: fast path first, the contract schema when the fast path refuses. */
export function checkGatewayBatch(body: unknown): Checked<{ ts: number; readings: SubReading[] }> {
  const fast = fastGatewayBatch(body);
  if (fast) return { ok: true, value: fast };
  const z = GatewayTelemetryPayloadSchema.safeParse(body);
  if (z.success) return { ok: true, value: z.data as { ts: number; readings: SubReading[] } };
  return { ok: false, detail: issueText(z.error.issues) };
}
