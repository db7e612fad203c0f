import { z } from 'zod';
import { ParameterReadingSchema } from '../devices-api/schemas';
import { pageResultOf } from '../envelope';
import { defineRoute } from '../route';
import { IdQuerySchema, IdsQuerySchema, ListQuerySchema } from '../system/list';
import { RefIdSchema } from '../validation';
import { RegisterListSchema, RegisterSchema } from './register-maps';

/**
 * Modbus TCP devices, third-party integrations and the external device list ( * SPEC §2 warehouse → external device list/chart, §7 third-party device endpoints and the v4
 * meter / external services with `at`, `guid`, `uid`). Times on the wire are ms since the epoch.
 */

/** Permission codes (buttons seeded under the external-device menu, migration 0090). */
export const INTEGRATION_PERMS = {
  externalList: 'external:list',
  modbusList: 'modbus:list',
  modbusAdd: 'modbus:add',
  modbusEdit: 'modbus:edit',
  modbusDelete: 'modbus:delete',
  thirdPartyList: 'thirdParty:list',
  thirdPartyAdd: 'thirdParty:add',
  thirdPartyEdit: 'thirdParty:edit',
  thirdPartyDelete: 'thirdParty:delete',
} as const;

/** Bounds of a Modbus poll period, ms. */
export const MODBUS_POLL_MIN_MS = 100;
export const MODBUS_POLL_MAX_MS = 3_600_000;
/** Bounds of a connect/read timeout, ms. */
export const MODBUS_TIMEOUT_MIN_MS = 50;
export const MODBUS_TIMEOUT_MAX_MS = 30_000;

const HOST = /^[A-Za-z0-9.:\-_[\]]+$/;

/** Body of `modbus/add`: which device of the tenant, where to reach it, how to read it. */
export const ModbusDeviceAddSchema = z.object({
  /** A device of the caller's tenant (its terminal number). One Modbus config per device. */
  deviceId: z.string().trim().min(1, 'validation.required').max(64, 'validation.tooLong'),
  /** Host name or IP address of the Modbus TCP server (or gateway). */
  host: z
    .string()
    .trim()
    .min(1, 'validation.required')
    .max(255, 'validation.tooLong')
    .regex(HOST, 'validation.modbusHost'),
  port: z.number().int().min(1, 'validation.invalid').max(65535, 'validation.invalid').default(502),
  /** Unit (slave) id, 0-255 (0 and 255 are commonly "the only unit behind this address"). */
  unitId: z.number().int().min(0, 'validation.invalid').max(255, 'validation.invalid').default(1),
  /** Built-in map the registers came from (`sdm630-3p`, `pid-cooker`), or null for a custom map. */
  mapCode: z.string().max(64).nullable().default(null),
  /** The register map (validated: no overlaps, in range, commands on holding registers only). */
  registers: RegisterListSchema,
  /** Poll period, ms (100 ms - 1 h). */
  pollPeriodMs: z
    .number()
    .int()
    .min(MODBUS_POLL_MIN_MS, 'validation.modbusPollPeriod')
    .max(MODBUS_POLL_MAX_MS, 'validation.modbusPollPeriod')
    .default(5000),
  /** Connect and read timeout, ms. */
  timeoutMs: z
    .number()
    .int()
    .min(MODBUS_TIMEOUT_MIN_MS, 'validation.invalid')
    .max(MODBUS_TIMEOUT_MAX_MS, 'validation.invalid')
    .default(1000),
  enabled: z.boolean().default(true),
});
export type ModbusDeviceAdd = z.input<typeof ModbusDeviceAddSchema>;
export const ModbusDeviceUpdateSchema = ModbusDeviceAddSchema.extend({ id: RefIdSchema });
export type ModbusDeviceUpdate = z.input<typeof ModbusDeviceUpdateSchema>;

/** Link state of an external device: polled fine, unreachable (backing off), offline (no data), disabled. */
export const EXTERNAL_STATES = ['online', 'offline', 'backoff', 'disabled'] as const;
export type ExternalState = (typeof EXTERNAL_STATES)[number];
/** Result of the last poll. */
export const POLL_RESULTS = ['ok', 'timeout', 'error'] as const;

/** Poll status of a Modbus device (kept by the poller, stored in `modbus_device`). */
export const ModbusStatusSchema = z.object({
  state: z.enum(EXTERNAL_STATES),
  lastResult: z.enum(POLL_RESULTS).nullable(),
  /** Error text of the last failed poll (connection refused, timeout …). */
  lastError: z.string().nullable(),
  lastPollTime: z.number().nullable(),
  lastOkTime: z.number().nullable(),
  /** Consecutive failures; the next attempt waits min(period × 2^n, 5 min). */
  failures: z.number().int(),
  nextPollTime: z.number().nullable(),
});

/** A Modbus device config as lists show it. */
export const ModbusDeviceRecordSchema = z
  .object({
    id: z.string(),
    deviceId: z.string(),
    deviceName: z.string(),
    model: z.string(),
    host: z.string(),
    port: z.number().int(),
    unitId: z.number().int(),
    mapCode: z.string().nullable(),
    registers: z.array(RegisterSchema),
    pollPeriodMs: z.number().int(),
    timeoutMs: z.number().int(),
    enabled: z.boolean(),
    createTime: z.number(),
  })
  .merge(ModbusStatusSchema);
export type ModbusDeviceRecord = z.infer<typeof ModbusDeviceRecordSchema>;
export const MODBUS_LIST_FIELDS = [
  'deviceId',
  'host',
  'port',
  'unitId',
  'mapCode',
  'pollPeriodMs',
  'enabled',
  'state',
  'lastPollTime',
  'createTime',
] as const;

/** A built-in register map as offered to the config form. */
export const RegisterMapRecordSchema = z.object({
  code: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  model: z.string(),
  note: z.string(),
  registers: z.array(RegisterSchema),
});

/** Types of third-party integration (SPEC §7: meters, ammeters, water, weight feed). */
export const THIRD_PARTY_TYPES = ['meter', 'ammeter', 'water', 'weightFeed'] as const;
export type ThirdPartyType = (typeof THIRD_PARTY_TYPES)[number];

/** Body of `thirdParty/add`. */
export const ThirdPartyAddSchema = z.object({
  name: z.string().trim().min(1, 'validation.required').max(50, 'validation.tooLong'),
  type: z.enum(THIRD_PARTY_TYPES),
  /** Devices of the tenant this integration may feed; readings for other devices are refused (404). */
  deviceIds: z
    .array(z.string().trim().min(1).max(64))
    .min(1, 'validation.sceneNoDevice')
    .max(1000, 'validation.tooLong'),
  enabled: z.boolean().default(true),
  note: z.string().trim().max(255, 'validation.tooLong').default(''),
});
export type ThirdPartyAdd = z.input<typeof ThirdPartyAddSchema>;
export const ThirdPartyUpdateSchema = ThirdPartyAddSchema.extend({ id: RefIdSchema });

/** An integration as lists show it (never its key). */
export const ThirdPartyRecordSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(THIRD_PARTY_TYPES),
  deviceIds: z.array(z.string()),
  enabled: z.boolean(),
  note: z.string(),
  /** First 8 characters of the key, to tell keys apart. */
  keyPrefix: z.string(),
  keyCreatedTime: z.number(),
  lastUsedTime: z.number().nullable(),
  createTime: z.number(),
});
export type ThirdPartyRecord = z.infer<typeof ThirdPartyRecordSchema>;
export const THIRD_PARTY_LIST_FIELDS = ['name', 'type', 'enabled', 'note', 'lastUsedTime', 'createTime'] as const;
/** Answer of add / rotateKey: the record and the API key, shown this once (stored hashed). */
export const ThirdPartyKeyResultSchema = z.object({ integration: ThirdPartyRecordSchema, apiKey: z.string() });

/**
 * Third-party intake payload (POST `/thirdParty/intake`). Authenticated by the integration's API
 * key: `Authorization: Bearer <apiKey>`. Against replay, `requestId` (8-64 characters of
 * `[A-Za-z0-9_-]`) is accepted once per integration and `sentAt` must be within 5 minutes of the
 * server clock. `values` are keyed by parameter code (`P054`) or by the parameter's name
 * (`energy`), restricted to the integration type's parameters (THIRD_PARTY_PARAMS).
 */
export const ThirdPartyIntakeSchema = z.object({
  requestId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'validation.invalid'),
  sentAt: z.number().int(),
  readings: z
    .array(
      z.object({
        deviceId: z.string().trim().min(1).max(64),
        /** Device time of the reading, ms. */
        ts: z.number().int(),
        values: z.record(z.string().max(32), z.union([z.number(), z.boolean()])),
      }),
    )
    .min(1, 'validation.required')
    .max(500, 'validation.tooLong'),
});
export type ThirdPartyIntake = z.infer<typeof ThirdPartyIntakeSchema>;
/** Largest allowed |sentAt − server time|, ms. */
export const THIRD_PARTY_CLOCK_SKEW_MS = 5 * 60_000;
export const ThirdPartyIntakeResultSchema = z.object({ accepted: z.number().int() });

/** Parameter codes a third-party type may report (named fields are these parameters' names). */
export const THIRD_PARTY_PARAMS: Readonly<Record<ThirdPartyType, readonly string[]>> = {
  meter: ['P051', 'P052', 'P053', 'P054', 'P063', 'P011', 'P071', 'P072', 'P073', 'P074'],
  ammeter: ['P051', 'P052', 'P053', 'P054', 'P063', 'P011', 'P071', 'P072', 'P073', 'P074'],
  water: ['P056', 'P068'],
  weightFeed: ['P023', 'P069'],
};

/** A row of the external device list. */
export const ExternalDeviceSchema = z.object({
  deviceId: z.string(),
  name: z.string(),
  model: z.string(),
  source: z.enum(['modbus', 'thirdParty']),
  /** Modbus config id or third-party integration id. */
  sourceId: z.string(),
  /** `host:port#unit` for Modbus, the integration's name for third parties. */
  sourceName: z.string(),
  state: z.enum(EXTERNAL_STATES),
  lastResult: z.enum(POLL_RESULTS).nullable(),
  lastError: z.string().nullable(),
  lastPollTime: z.number().nullable(),
  /** Device time of the latest reading, ms. */
  lastReportTime: z.number().nullable(),
  values: z.array(ParameterReadingSchema),
});
export type ExternalDevice = z.infer<typeof ExternalDeviceSchema>;
export const EXTERNAL_LIST_FIELDS = [
  'deviceId',
  'name',
  'model',
  'source',
  'sourceName',
  'state',
  'lastPollTime',
  'lastReportTime',
] as const;

/**
 * Read scope of the v4 calls (SPEC §7 "v4 meter and v4 external services carry at, guid, uid").
 * They are the stored login info of a login-free link (sso.ts): when present, all three must be
 * given, `uid` must be the signed-in user, `guid` a login link issued to that user in the caller's
 * tenant and `at` that link's signature. A mismatch is refused with 403; they never widen the
 * session's access (the session and its permission are still required).
 */
export const V4ScopeQuerySchema = ListQuerySchema.extend({
  at: z.string().max(128).optional(),
  guid: z.string().max(64).optional(),
  uid: z.string().max(64).optional(),
});

/** A row of the v4 meter list: an ammeter or water meter of the tenant with its latest values. */
export const V4MeterSchema = z.object({
  deviceId: z.string(),
  name: z.string(),
  model: z.string(),
  status: z.enum(['online', 'offline']),
  lastReportTime: z.number().nullable(),
  values: z.array(ParameterReadingSchema),
});
export type V4Meter = z.infer<typeof V4MeterSchema>;

const ok = z.null();
const M = '/wlx/modbus';
const T = '/wlx/thirdParty';
const P = INTEGRATION_PERMS;
const tag = 'integrations';

/** Integration calls, relative to the base path; all tenant-scoped except the intake (API key). */
export const IntegrationRoutes = {
  modbusList: defineRoute({
    method: 'GET',
    path: `${M}/list`,
    access: P.modbusList,
    tag,
    summary: 'Modbus device configs with poll status',
    query: ListQuerySchema,
    result: pageResultOf(ModbusDeviceRecordSchema),
  }),
  modbusQueryById: defineRoute({
    method: 'GET',
    path: `${M}/queryById`,
    access: P.modbusList,
    tag,
    summary: 'One Modbus device config',
    query: IdQuerySchema,
    result: ModbusDeviceRecordSchema,
  }),
  modbusMaps: defineRoute({
    method: 'GET',
    path: `${M}/maps`,
    access: P.modbusList,
    tag,
    summary: 'Built-in register maps',
    result: z.array(RegisterMapRecordSchema),
  }),
  modbusAdd: defineRoute({
    method: 'POST',
    path: `${M}/add`,
    access: P.modbusAdd,
    tag,
    summary: 'Add a Modbus device config',
    body: ModbusDeviceAddSchema,
    result: ModbusDeviceRecordSchema,
  }),
  modbusEdit: defineRoute({
    method: 'PUT',
    path: `${M}/edit`,
    access: P.modbusEdit,
    tag,
    summary: 'Replace a Modbus device config',
    body: ModbusDeviceUpdateSchema,
    result: ModbusDeviceRecordSchema,
  }),
  modbusDelete: defineRoute({
    method: 'DELETE',
    path: `${M}/delete`,
    access: P.modbusDelete,
    tag,
    summary: 'Delete Modbus device configs',
    query: IdsQuerySchema,
    result: ok,
  }),
  thirdPartyList: defineRoute({
    method: 'GET',
    path: `${T}/list`,
    access: P.thirdPartyList,
    tag,
    summary: 'Third-party integrations',
    query: ListQuerySchema,
    result: pageResultOf(ThirdPartyRecordSchema),
  }),
  thirdPartyAdd: defineRoute({
    method: 'POST',
    path: `${T}/add`,
    access: P.thirdPartyAdd,
    tag,
    summary: 'Add an integration; answers its API key once',
    body: ThirdPartyAddSchema,
    result: ThirdPartyKeyResultSchema,
  }),
  thirdPartyEdit: defineRoute({
    method: 'PUT',
    path: `${T}/edit`,
    access: P.thirdPartyEdit,
    tag,
    summary: 'Replace an integration (the key stays)',
    body: ThirdPartyUpdateSchema,
    result: ThirdPartyRecordSchema,
  }),
  thirdPartyRotateKey: defineRoute({
    method: 'POST',
    path: `${T}/rotateKey`,
    access: P.thirdPartyEdit,
    tag,
    summary: 'New API key (the old one stops working); answered once',
    body: IdQuerySchema,
    result: ThirdPartyKeyResultSchema,
  }),
  thirdPartyDelete: defineRoute({
    method: 'DELETE',
    path: `${T}/delete`,
    access: P.thirdPartyDelete,
    tag,
    summary: 'Delete integrations',
    query: IdsQuerySchema,
    result: ok,
  }),
  thirdPartyIntake: defineRoute({
    method: 'POST',
    path: `${T}/intake`,
    access: 'public',
    tag,
    summary: 'Readings pushed by a third-party platform (Authorization: Bearer <apiKey>)',
    body: ThirdPartyIntakeSchema,
    result: ThirdPartyIntakeResultSchema,
  }),
  externalList: defineRoute({
    method: 'GET',
    path: '/wlx/external/list',
    access: P.externalList,
    tag,
    summary: 'Devices fed by Modbus or a third party, with link state and latest values',
    query: ListQuerySchema,
    result: pageResultOf(ExternalDeviceSchema),
  }),
  v4ExternalList: defineRoute({
    method: 'GET',
    path: '/v4/external/list',
    access: P.externalList,
    tag,
    summary: 'External device list (v4; at/guid/uid read scope)',
    query: V4ScopeQuerySchema,
    result: pageResultOf(ExternalDeviceSchema),
  }),
  v4MeterList: defineRoute({
    method: 'GET',
    path: '/v4/meter/list',
    access: P.externalList,
    tag,
    summary: 'Ammeters and water meters with latest values (v4; at/guid/uid read scope)',
    query: V4ScopeQuerySchema,
    result: pageResultOf(V4MeterSchema),
  }),
} as const;
