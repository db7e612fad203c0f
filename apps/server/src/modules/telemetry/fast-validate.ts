import {
  DEVICE_ID_PATTERN,
  FORBIDDEN_KEY_MESSAGE,
  DEVICE_TIME_MAX_MS,
  DEVICE_TIME_MIN_MS,
  GATEWAY_BATCH_MAX,
  GatewayTelemetryPayloadSchema,
  TelemetryPayloadSchema,
  checkParameterValue,
  findForbiddenKey,
  type ParameterValue,
} from '@ztj/contracts';
import { causeOfIssues, type RefusalCause } from './refusal-cause';

/**
 * Hand-written equivalent of the contract's `TelemetryPayloadSchema` and
 * `GatewayTelemetryPayloadSchema` for the ingest hot path (zod costs several µs per
 * message). It accepts exactly what the schemas accept (same ranges, `checkParameterValue` for
 * every value, lat/lng pairing, non-empty readings; unknown top-level keys ignored as zod strips
 * them, unless a key named in `FORBIDDEN_PAYLOAD_KEYS` appears anywhere). Only when it refuses does the ingest run the zod schema, for the detailed reason and as a
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
const inRange = (v: unknown, lo: number, hi: number): v is number =>
  typeof v === 'number' && Number.isFinite(v) && v >= lo && v <= hi;

/**
 * Keys of readings and batches. A forbidden key can hide only behind another key (a key of
 * `values` that is not a parameter code already fails), so the payload is walked for forbidden
 * keys only when some object has a key outside this list — never for a well-formed payload.
 */
const KNOWN_KEYS: ReadonlySet<string> = new Set(['ts', 'values', 'lat', 'lng', 'seq', 'deviceId', 'readings']);
const hasUnknownKey = (o: Record<string, unknown>): boolean => {
  for (const k in o) if (!KNOWN_KEYS.has(k)) return true;
  return false;
};

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
  if (!isObject(body)) return null;
  const r = readingOf(body);
  return r && hasUnknownKey(body) && findForbiddenKey(body) ? null : r;
}

/** Fast check of a `ztj/gateways/{id}/telemetry` body; null when it does not pass. */
export function fastGatewayBatch(body: unknown): { ts: number; readings: SubReading[] } | null {
  if (!isObject(body) || !isTime(body.ts) || !Array.isArray(body.readings)) return null;
  const list = body.readings as unknown[];
  if (list.length < 1 || list.length > GATEWAY_BATCH_MAX) return null;
  let unknownKey = hasUnknownKey(body);
  const readings: SubReading[] = [];
  for (const item of list) {
    if (!isObject(item) || typeof item.deviceId !== 'string' || !DEVICE_ID_PATTERN.test(item.deviceId)) return null;
    const r = readingOf(item);
    if (!r) return null;
    if (!unknownKey) unknownKey = hasUnknownKey(item);
    readings.push({ deviceId: item.deviceId, ...r });
  }
  return unknownKey && findForbiddenKey(body) ? null : { ts: body.ts, readings };
}

/** Why a payload was refused: `forbiddenKey` when it names a forbidden key anywhere, else `invalid`. */
export type RefusalReason = 'invalid' | 'forbiddenKey';

/** The validation outcome with the zod issue text and the first issue's cause when refused. */
export type Checked<T> =
  { ok: true; value: T } | { ok: false; reason: RefusalReason; detail: string; cause: RefusalCause };

type Issue = { path: PropertyKey[]; message: string; code?: string; params?: Record<string, unknown> };

/** `path: message` of the first three issues, with the detail of an out-of-range value (code, value, range). */
function refusal(issues: readonly Issue[]): {
  ok: false;
  reason: RefusalReason;
  detail: string;
  cause: RefusalCause;
} {
  const detail = issues
    .slice(0, 3)
    .map((i) => {
      const where = i.path.map(String).join('.') || '(root)';
      const extra = typeof i.params?.detail === 'string' ? ` (${i.params.detail})` : '';
      return `${where}: ${i.message}${extra}`;
    })
    .join('; ');
  const reason = issues.some((i) => i.message === FORBIDDEN_KEY_MESSAGE) ? 'forbiddenKey' : 'invalid';
  return { ok: false, reason, detail, cause: causeOfIssues(issues, reason) };
}

/** Telemetry body: fast path first, the contract schema when the fast path refuses. */
export function checkTelemetry(body: unknown): Checked<Reading> {
  const fast = fastTelemetry(body);
  if (fast) return { ok: true, value: fast };
  const z = TelemetryPayloadSchema.safeParse(body);
  if (z.success) return { ok: true, value: z.data as Reading };
  return refusal(z.error.issues as Issue[]);
}

/** Index of the first item of a batch's `readings` that the fast path refuses, or -1. */
function firstRefusedReading(list: readonly unknown[]): number {
  return list.findIndex(
    (item) =>
      !isObject(item) ||
      typeof item.deviceId !== 'string' ||
      !DEVICE_ID_PATTERN.test(item.deviceId) ||
      !readingOf(item),
  );
}

/**
 * Gateway batch body: fast path first, the contract schema when the fast path refuses. The
 * schema's error path is bounded: it sees the batch with one reading only, the
 * first the fast path refused (its issues keep that reading's index) or else the first, so a
 * batch yields the issues of one reading, never 500 readings' worth. A forbidden key is reported
 * where it is found.
 */
export function checkGatewayBatch(body: unknown): Checked<{ ts: number; readings: SubReading[] }> {
  const fast = fastGatewayBatch(body);
  if (fast) return { ok: true, value: fast };
  if (!isObject(body) || !Array.isArray(body.readings) || body.readings.length > GATEWAY_BATCH_MAX)
    return checkGatewayBatchFully(body);
  const list = body.readings as unknown[];
  const forbidden = findForbiddenKey(body);
  if (forbidden) return refusal([{ path: forbidden, message: FORBIDDEN_KEY_MESSAGE }]);
  const at = Math.max(0, firstRefusedReading(list));
  const z = GatewayTelemetryPayloadSchema.safeParse({ ...body, readings: list.slice(at, at + 1) });
  if (z.success) return checkGatewayBatchFully(body); // not expected: the fast path accepts what the schema accepts
  return refusal(
    (z.error.issues as Issue[]).map((i) =>
      i.path[0] === 'readings' && i.path[1] === 0 ? { ...i, path: ['readings', at, ...i.path.slice(2)] } : i,
    ),
  );
}

/** The contract schema on the whole batch (a refusal the fast path saw but one reading alone does not show). */
function checkGatewayBatchFully(body: unknown): Checked<{ ts: number; readings: SubReading[] }> {
  const z = GatewayTelemetryPayloadSchema.safeParse(body);
  if (z.success) return { ok: true, value: z.data as { ts: number; readings: SubReading[] } };
  return refusal(z.error.issues as Issue[]);
}
