import { z } from 'zod';
import { ParameterCodeSchema, checkParameterValue, describeOutOfRange } from './parameters';
import { DevicePeriodsSchema } from './periods';
import { DEVICE_ID_PATTERN } from './topics';

/**
 * Payloads of the device stream (ARCHITECTURE §4-5; topics in `topics.ts`). The same JSON bodies
 * are accepted over MQTT and HTTP ingest. Times are **ms since the Unix epoch, device clock**
 * (device time is authoritative for history and alarms, ARCHITECTURE §4); positions are
 * **WGS-84 decimal degrees** (converted to GCJ-02 only for drawing, see `gcj02.ts`); values are
 * keyed by parameter code in the units of the parameter table (°C, %RH, %, km/h, m, hPa…).
 */

/** Earliest device time accepted: 2000-01-01T00:00:00Z, ms (a device with a reset clock sends 1970). */
export const DEVICE_TIME_MIN_MS = Date.UTC(2000, 0, 1);
/** Latest device time the schema accepts: 2100-01-01T00:00:00Z, ms. Ingest also applies {@link checkDeviceTime}. */
export const DEVICE_TIME_MAX_MS = Date.UTC(2100, 0, 1);
/** Largest number of readings in one gateway batch. */
export const GATEWAY_BATCH_MAX = 500;
/** Largest payload accepted on any device topic or HTTP ingest body, bytes (500 readings fit easily). */
export const MAX_PAYLOAD_BYTES = 512 * 1024;

/** Device time, ms epoch, within [2000-01-01, 2100-01-01). */
export const DeviceTimeSchema = z
  .number()
  .int()
  .min(DEVICE_TIME_MIN_MS)
  .max(DEVICE_TIME_MAX_MS - 1);
/** WGS-84 latitude, degrees. */
export const LatitudeSchema = z.number().min(-90).max(90);
/** WGS-84 longitude, degrees. */
export const LongitudeSchema = z.number().min(-180).max(180);
/** Per-device message counter (lets the server see gaps and resends); non-negative integer. */
export const SequenceSchema = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
/** Device, gateway or sub-device id (terminal number). */
export const DeviceIdSchema = z.string().regex(DEVICE_ID_PATTERN);

/**
 * Keys refused anywhere in a device payload: `JSON.parse` makes `"__proto__"` an own
 * property, and a schema that copies or drops it would silently edit the payload (zod's records
 * drop it). A payload naming one of them is refused as a whole.
 */
export const FORBIDDEN_PAYLOAD_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * Path of the first forbidden key ({@link FORBIDDEN_PAYLOAD_KEYS}) among the own enumerable keys of
 * `value` and of every object or array nested in it, or null when there is none. Iterative (no
 * recursion), so any nesting depth `JSON.parse` produced is walked without exhausting the stack.
 */
export function findForbiddenKey(value: unknown): (string | number)[] | null {
  if (typeof value !== 'object' || value === null) return null;
  const stack: { node: object; path: (string | number)[] }[] = [{ node: value, path: [] }];
  for (let top = stack.pop(); top; top = stack.pop()) {
    const { node, path } = top;
    if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) {
        const item: unknown = node[i];
        if (typeof item === 'object' && item !== null) stack.push({ node: item, path: [...path, i] });
      }
      continue;
    }
    const keys = Object.keys(node);
    for (const key of keys) if (FORBIDDEN_PAYLOAD_KEYS.has(key)) return [...path, key];
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i]!;
      const item: unknown = (node as Record<string, unknown>)[key];
      if (typeof item === 'object' && item !== null) stack.push({ node: item, path: [...path, key] });
    }
  }
  return null;
}

/** Issue message of a forbidden key; the issue path ends with the key. */
export const FORBIDDEN_KEY_MESSAGE = 'telemetry.forbiddenKey';

/**
 * Wraps a payload schema so that a forbidden key anywhere in the raw input refuses it before the
 * schema runs (zod strips unknown keys and drops `__proto__` from records: it never sees them).
 */
function refusingForbiddenKeys<T extends z.ZodType>(schema: T): z.ZodPreprocess<T> {
  return z.preprocess((input, ctx) => {
    const path = findForbiddenKey(input);
    if (path) ctx.issues.push({ code: 'custom', path, message: FORBIDDEN_KEY_MESSAGE, input });
    return input;
  }, schema);
}

/**
 * Reading values keyed by parameter code (`{P003: -18.2, P004: 65}`): known codes only, each value
 * of the type and range of its table row (finite numbers; `position` codes are not values). An
 * out-of-range value's issue carries `params.detail` naming the code, the value and the range.
 */
export const TelemetryValuesSchema = refusingForbiddenKeys(
  z.partialRecord(ParameterCodeSchema, z.union([z.number(), z.boolean(), z.string()])).superRefine((values, ctx) => {
    for (const [code, value] of Object.entries(values)) {
      const problem = checkParameterValue(code, value);
      if (!problem) continue;
      const detail = describeOutOfRange(code, value);
      ctx.addIssue({ code: 'custom', path: [code], message: problem, ...(detail ? { params: { detail } } : {}) });
    }
  }),
);
export type TelemetryValues = z.infer<typeof TelemetryValuesSchema>;

const readingShape = {
  ts: DeviceTimeSchema,
  values: TelemetryValuesSchema,
  lat: LatitudeSchema.optional(),
  lng: LongitudeSchema.optional(),
  seq: SequenceSchema.optional(),
};

interface ReadingLike {
  values: Record<string, unknown>;
  lat?: number;
  lng?: number;
}
/** lat and lng come together, and a reading carries at least one value or a position. */
function checkReading(r: ReadingLike, ctx: z.RefinementCtx): void {
  if ((r.lat === undefined) !== (r.lng === undefined)) {
    ctx.addIssue({ code: 'custom', path: [r.lat === undefined ? 'lat' : 'lng'], message: 'telemetry.latLngPair' });
  }
  if (r.lat === undefined && Object.keys(r.values).length === 0) {
    ctx.addIssue({ code: 'custom', path: ['values'], message: 'telemetry.emptyReading' });
  }
}

/**
 * `ztj/devices/{deviceId}/telemetry`: one reading of the publishing device.
 * `{ts, values, lat?, lng?, seq?}`, e.g. `{"ts":1737000000000,"values":{"P003":-18.2,"P004":65},"lat":41.80,"lng":123.43}`.
 */
export const TelemetryPayloadSchema = refusingForbiddenKeys(z.object(readingShape).superRefine(checkReading));
export type TelemetryPayload = z.infer<typeof TelemetryPayloadSchema>;

/** One sub-device reading inside a gateway batch: a reading plus the sub-device's id. */
export const GatewayReadingSchema = z.object({ deviceId: DeviceIdSchema, ...readingShape }).superRefine(checkReading);
export type GatewayReading = z.infer<typeof GatewayReadingSchema>;

/**
 * `ztj/gateways/{gatewayId}/telemetry`: `{ts, readings}` with 1-500 sub-device readings; `ts` is
 * the gateway's send time, each reading keeps its own device time.
 */
export const GatewayTelemetryPayloadSchema = refusingForbiddenKeys(
  z.object({
    ts: DeviceTimeSchema,
    readings: z.array(GatewayReadingSchema).min(1).max(GATEWAY_BATCH_MAX),
  }),
);
export type GatewayTelemetryPayload = z.infer<typeof GatewayTelemetryPayloadSchema>;

/** Device events of SPEC §4: power off/on, flight mode on/off, low-power mode on/off, charging or not. */
export const DEVICE_EVENT_TYPES = [
  'power_on',
  'power_off',
  'flight_on',
  'flight_off',
  'low_power_on',
  'low_power_off',
  'charging_on',
  'charging_off',
] as const;
export type DeviceEventType = (typeof DEVICE_EVENT_TYPES)[number];

/** `ztj/devices/{deviceId}/events`: `{ts, type, seq?}` (SPEC §4 device events). */
export const DeviceEventPayloadSchema = refusingForbiddenKeys(
  z.object({
    ts: DeviceTimeSchema,
    type: z.enum(DEVICE_EVENT_TYPES),
    seq: SequenceSchema.optional(),
  }),
);
export type DeviceEventPayload = z.infer<typeof DeviceEventPayloadSchema>;

const commandBase = { cmdId: z.string().min(1).max(64), ts: DeviceTimeSchema };
/**
 * `ztj/devices/{deviceId}/commands` (ARCHITECTURE §5): `setPeriods`  with settings already checked
 * against the model (`validateDevicePeriods`; minutes), or `shutdown` (SPEC §7 devices shutdown).
 * `ts` is server time.
 */
export const DeviceCommandSchema = z.discriminatedUnion('type', [
  z.object({ ...commandBase, type: z.literal('setPeriods'), periods: DevicePeriodsSchema }),
  z.object({ ...commandBase, type: z.literal('shutdown') }),
  // Equipment (meters/families.ts): plug relay, pot/cooker set-point (°C, checked against
  // the family's setPointRange before sending), and a request to report the meter reading now.
  z.object({ ...commandBase, type: z.literal('setSwitch'), on: z.boolean() }),
  z.object({
    ...commandBase,
    type: z.literal('setSetPoint'),
    well: z.number().int().min(1).max(8).optional(),
    setPointC: z.number().min(-50).max(400),
  }),
  z.object({ ...commandBase, type: z.literal('readMeter') }),
]);
export type DeviceCommand = z.infer<typeof DeviceCommandSchema>;

/** `ztj/devices/{deviceId}/acks`: `{cmdId, ts, ok, error?}`, the device's answer to a command. */
export const CommandAckPayloadSchema = refusingForbiddenKeys(
  z.object({
    cmdId: z.string().min(1).max(64),
    ts: DeviceTimeSchema,
    ok: z.boolean(),
    error: z.string().max(200).optional(),
  }),
);
export type CommandAckPayload = z.infer<typeof CommandAckPayloadSchema>;

/** Device clocks may run this far ahead of the server before a reading is refused, ms (5 min). */
export const DEVICE_TIME_MAX_FUTURE_MS = 5 * 60_000;
/** Readings older than this at arrival are refused (back-fill window of a logger's memory), ms (90 days). */
export const DEVICE_TIME_MAX_AGE_MS = 90 * 24 * 3600_000;

/**
 * Checks a device time against the server's receive time: 'future' when ahead by more than
 * {@link DEVICE_TIME_MAX_FUTURE_MS}, 'tooOld' when older than {@link DEVICE_TIME_MAX_AGE_MS}.
 */
export function checkDeviceTime(ts: number, receivedAt: number): 'ok' | 'future' | 'tooOld' {
  if (ts > receivedAt + DEVICE_TIME_MAX_FUTURE_MS) return 'future';
  if (ts < receivedAt - DEVICE_TIME_MAX_AGE_MS) return 'tooOld';
  return 'ok';
}
