import { GATEWAY_BATCH_MAX, MAX_PAYLOAD_BYTES } from './devices/telemetry';
import type { TopicChannel } from './devices/topics';

/**
 * Bounds on the shape of a JSON input, checked on its bytes before `JSON.parse`
 * and before any schema, in time linear in its size, so that no single message or request body
 * can hold the server's event loop: nesting, array and object sizes, string lengths and the
 * number of values are all bounded. Every JSON input from a device or a client is checked
 * against one of these: the device topics and HTTP ingest against {@link DEVICE_JSON_LIMITS},
 * API bodies against {@link API_JSON_LIMITS} or their route's `jsonLimits`.
 */
export interface JsonLimits {
  /** Largest input, bytes (UTF-8). */
  maxBytes: number;
  /** Deepest nesting of objects and arrays (`{}` and `[]` are depth 1). */
  maxDepth: number;
  /** Most items in one array. */
  maxArrayItems: number;
  /** Most keys in one object. */
  maxObjectKeys: number;
  /** Longest string or key, bytes as written (escapes count as written). */
  maxStringBytes: number;
  /** Most values in all (every object, array, string, number, boolean and null counts one). */
  maxValues: number;
}

/**
 * Why an input was refused by its bounds. `malformed`: not JSON; `invalidUtf8`: bytes that are
 * not UTF-8; `duplicateKey`: an object names one key twice (parsers disagree on which one wins);
 * `numberOutOfRange`: a number beyond ±1.8e308 (would become Infinity); `prototypeKey`: an API body
 * names `__proto__`, or `constructor` holding `prototype` (prototype poisoning).
 */
export type JsonRefusalCode =
  | 'tooLarge'
  | 'tooDeep'
  | 'tooManyItems'
  | 'tooManyKeys'
  | 'stringTooLong'
  | 'tooManyValues'
  | 'duplicateKey'
  | 'invalidUtf8'
  | 'numberOutOfRange'
  | 'prototypeKey'
  | 'malformed';

/**
 * Default bounds of an API request body (SPEC §7 calls). Nothing in the route table comes close:
 * the deepest bodies (rule templates, routes with geofence polygons) nest about 6 levels, the
 * longest lists hold 1,000 items (a template's binding takes 10,000 device ids: its route widens
 * the bound with `jsonLimits`), the longest text but an announcement's is a list of ids of 80,000
 * characters (ASCII): strings stop at 128 KiB, so a hostile body costs the parse little. The
 * announcement routes widen it to {@link LONG_TEXT_JSON_LIMITS} (200,000 characters, up to 600 kB in
 * UTF-8). Measured worst cases within them: security/hostile-input.test.ts, `npm run bench:json`.
 */
export const API_JSON_LIMITS: JsonLimits = {
  maxBytes: 2 * 1024 * 1024,
  maxDepth: 16,
  maxArrayItems: 1_000,
  maxObjectKeys: 1_000,
  maxStringBytes: 128 * 1024,
  maxValues: 50_000,
};

/** A route's own bound for one long text (an announcement's content): 1 MiB strings. */
export const LONG_TEXT_JSON_LIMITS: Partial<JsonLimits> = { maxStringBytes: 1024 * 1024 };

/** Bounds of one reading, event or acknowledgement (`{ts, values:{…}, lat, lng, seq}`: depth 2). */
const ONE_MESSAGE: JsonLimits = {
  maxBytes: MAX_PAYLOAD_BYTES,
  maxDepth: 4,
  maxArrayItems: 64,
  maxObjectKeys: 256,
  maxStringBytes: 4096,
  maxValues: 4_096,
};

/**
 * Bounds of the device stream's payloads per topic channel (MQTT topics and HTTP ingest alike,
 * ARCHITECTURE §5). A gateway batch nests one level deeper (`{ts, readings:[{deviceId, ts,
 * values:{…}}]}`) and holds up to {@link GATEWAY_BATCH_MAX} readings.
 */
export const DEVICE_JSON_LIMITS: Readonly<Record<TopicChannel, JsonLimits>> = {
  telemetry: ONE_MESSAGE,
  events: ONE_MESSAGE,
  acks: ONE_MESSAGE,
  commands: ONE_MESSAGE,
  gatewayTelemetry: { ...ONE_MESSAGE, maxDepth: 5, maxArrayItems: GATEWAY_BATCH_MAX, maxValues: 200_000 },
};

/** Bounds of a JSON text held in a field of a request (a list's advanced query, a job's parameter). */
export const FIELD_JSON_LIMITS: JsonLimits = {
  maxBytes: 64 * 1024,
  maxDepth: 8,
  maxArrayItems: 1_000,
  maxObjectKeys: 256,
  maxStringBytes: 8 * 1024,
  maxValues: 10_000,
};
