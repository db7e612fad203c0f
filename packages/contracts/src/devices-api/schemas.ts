import { z } from 'zod';
import { PageQuerySchema } from '../envelope';
import { OptionalRefIdSchema } from '../validation';
import { DEVICE_EVENT_TYPES, DEVICE_KINDS, DevicePeriodsSchema, DEVICE_ID_PATTERN } from '../devices';

/**
 * Records and queries of the device platform calls (SPEC §7 `/wlx/...`; entities SPEC §3).
 * Times are ms since the Unix epoch; positions WGS-84 decimal degrees; periods minutes;
 * power % (P005), signal dBm (P012).
 */

/** Terminal number of a device or gateway (SPEC §3 device id). */
export const DevNoSchema = z.string().trim().regex(DEVICE_ID_PATTERN, 'validation.invalid');

/** Device work status (SPEC §4): working or idle. */
export const WORK_STATUSES = ['working', 'idle'] as const;
/** Binding state (SPEC §4): bound or unbound. */
export const BIND_STATUSES = ['bound', 'unbound'] as const;
/** Online status of the device list filter: online = a report within 2× its report period (10 min when unset). */
export const ONLINE_STATUSES = ['online', 'offline'] as const;
/** Default online window when a device has no report period, ms (10 min). */
export const DEFAULT_ONLINE_WINDOW_MS = 10 * 60_000;

/** A daily work window (SPEC §4) in local `HH:mm`; none means all day. */
export const WorkWindowSchema = z.object({
  start: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'validation.invalid'),
  end: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'validation.invalid'),
});
export type WorkWindow = z.infer<typeof WorkWindowSchema>;

/** A parameter value with its unit (SPEC §3 parameter codes). */
export const ParameterReadingSchema = z.object({
  code: z.string(),
  value: z.union([z.number(), z.boolean(), z.string()]),
  unit: z.string(),
});
export type ParameterReading = z.infer<typeof ParameterReadingSchema>;

/** A row of the device list (SPEC §3 device fields). */
export const DeviceRecordSchema = z.object({
  id: z.string(),
  name: z.string(),
  alias: z.string().nullable(),
  model: z.string(),
  type: z.enum(DEVICE_KINDS),
  groupId: z.string().nullable(),
  groupName: z.string().nullable(),
  gatewayId: z.string().nullable(),
  firmware: z.string().nullable(),
  workStatus: z.enum(WORK_STATUSES),
  workWindows: z.array(WorkWindowSchema),
  /** Battery, %. */
  power: z.number().nullable(),
  /** Signal, dBm. */
  signal: z.number().nullable(),
  charging: z.boolean().nullable(),
  /** Last power event: true on, false off, null unknown. */
  poweredOn: z.boolean().nullable(),
  status: z.enum(ONLINE_STATUSES),
  /** Device time of the latest reading, ms. */
  lastReportTime: z.number().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  bindStatus: z.enum(BIND_STATUSES),
  values: z.array(ParameterReadingSchema),
  createTime: z.number(),
});
export type DeviceRecord = z.infer<typeof DeviceRecordSchema>;

/** Device detail: the list row plus its period settings (minutes) and org code. */
export const DeviceDetailSchema = DeviceRecordSchema.extend({
  periods: DevicePeriodsSchema,
  orgCode: z.string().nullable(),
  updateTime: z.number().nullable(),
  /**
   * Name of the configured location (settings → points) whose fence holds the position, else of
   * the nearest one whose fence edge is within 1,000 m (SPEC export columns
   * "location name, location"); null without a position or a location near it.
   */
  locationName: z.string().nullable().optional(),
  /** Metres from the position to that location's fence edge: 0 inside it. */
  locationDistanceM: z.number().nullable().optional(),
});
export type DeviceDetail = z.infer<typeof DeviceDetailSchema>;

const likeText = z.string().trim().max(64).optional();
/** Columns the device list sorts by. */
export const DEVICE_SORT_COLUMNS = ['createTime', 'id', 'name', 'model', 'lastReportTime', 'power'] as const;
/** `device/listDevCommon` query (SPEC §7 generic list + device filters). */
export const DeviceListQuerySchema = PageQuerySchema.extend({
  /** Sort column; `''` means the default (newest first). */
  column: z
    .enum(DEVICE_SORT_COLUMNS)
    .or(z.literal(''))
    .transform((v) => v || undefined)
    .optional(),
  name: likeText,
  id: likeText,
  model: z.string().max(32).optional(),
  type: z.enum(DEVICE_KINDS).optional(),
  status: z.enum(ONLINE_STATUSES).optional(),
  groupId: z.string().max(64).optional(),
  gatewayId: z.string().max(64).optional(),
});
export type DeviceListQuery = z.infer<typeof DeviceListQuerySchema>;

/** Largest number of devices the map call answers (SPEC §8 "too many map points"). */
export const DEVICE_MAP_LIMIT = 5_000;

/** `device/listDevMap` query: the device map's filters (SPEC §2 device map: name, group, status). */
export const DeviceMapQuerySchema = z.object({
  name: likeText,
  groupId: z.string().max(64).optional(),
  status: z.enum(ONLINE_STATUSES).optional(),
});
export type DeviceMapQuery = z.infer<typeof DeviceMapQuerySchema>;

/**
 * Devices of the caller's tenant that have a latest position (WGS-84 `lat`/`lng`, never null here),
 * newest report first, at most {@link DEVICE_MAP_LIMIT}; `withoutPosition` counts the matching
 * devices that never reported one; `truncated` is true when more than the limit matched.
 */
export const DeviceMapResultSchema = z.object({
  records: z.array(DeviceRecordSchema),
  withoutPosition: z.number().int(),
  truncated: z.boolean(),
});
export type DeviceMapResult = z.infer<typeof DeviceMapResultSchema>;

export const DeviceIdQuerySchema = z.object({ id: DevNoSchema });
export const DeviceIdsQuerySchema = z.object({
  ids: z
    .string()
    .max(20_000)
    .transform((s) =>
      s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    ),
});

/** Real-time values of one device (`device/viewRealById`). Null fields when it never reported. */
export const DeviceRealSchema = z.object({
  id: z.string(),
  ts: z.number().nullable(),
  receivedAt: z.number().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  status: z.enum(ONLINE_STATUSES),
  values: z.array(ParameterReadingSchema),
});
export type DeviceReal = z.infer<typeof DeviceRealSchema>;

/** History ranges of SPEC §9: today, last 3/5/7 days, or custom `beginTime`..`endTime`. */
export const HISTORY_RANGES = ['today', '3d', '5d', '7d', 'custom'] as const;
/** Largest number of points per parameter in chart mode. */
export const HISTORY_MAX_POINTS = 5_000;

/** `device/viewHisCommon` query: table pages or chart series downsampled to ≤ `points` per parameter. */
export const HistoryQuerySchema = z.object({
  id: DevNoSchema,
  range: z.enum(HISTORY_RANGES).default('today'),
  beginTime: z.coerce.number().int().optional(),
  endTime: z.coerce.number().int().optional(),
  mode: z.enum(['table', 'chart']).default('table'),
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(1000).default(10),
  points: z.coerce.number().int().min(10).max(HISTORY_MAX_POINTS).default(500),
  /** Comma-separated parameter codes to chart; all numeric ones when absent. */
  codes: z.string().max(2000).optional(),
});
export type HistoryQuery = z.infer<typeof HistoryQuerySchema>;

/** One stored reading. */
export const HistoryRowSchema = z.object({
  ts: z.number(),
  receivedAt: z.number(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  values: z.array(ParameterReadingSchema),
});
export type HistoryRow = z.infer<typeof HistoryRowSchema>;

/** A chart series: `[ts, value]` pairs in time order; `downsampled` when min/max buckets were used. */
export const HistorySeriesSchema = z.object({
  code: z.string(),
  unit: z.string(),
  downsampled: z.boolean(),
  points: z.array(z.tuple([z.number(), z.number()])),
});
export type HistorySeries = z.infer<typeof HistorySeriesSchema>;

export const HistoryResultSchema = z.object({
  beginTime: z.number(),
  endTime: z.number(),
  mode: z.enum(['table', 'chart']),
  records: z.array(HistoryRowSchema),
  total: z.number().int(),
  size: z.number().int(),
  current: z.number().int(),
  pages: z.number().int(),
  series: z.array(HistorySeriesSchema),
});
export type HistoryResult = z.infer<typeof HistoryResultSchema>;

/** `device/update` body: name, alias, work status/windows and period settings (validated per model, SPEC §5). */
export const DeviceUpdateSchema = z.object({
  id: DevNoSchema,
  name: z.string().trim().min(1, 'validation.required').max(50, 'validation.tooLong').optional(),
  alias: z.string().trim().max(50, 'validation.tooLong').optional(),
  workStatus: z.enum(WORK_STATUSES).optional(),
  workWindows: z.array(WorkWindowSchema).max(8).optional(),
  international: z.boolean().optional(),
  ...DevicePeriodsSchema.shape,
});
export type DeviceUpdate = z.infer<typeof DeviceUpdateSchema>;

export const DeviceAliasSchema = z.object({ id: DevNoSchema, alias: z.string().trim().max(50, 'validation.tooLong') });
export const DeviceInfoSchema = z.object({
  id: DevNoSchema,
  name: z.string().trim().min(1).max(50).optional(),
  firmware: z.string().trim().max(64).optional(),
  groupId: OptionalRefIdSchema,
  bindStatus: z.enum(BIND_STATUSES).optional(),
});

/** Result of a command sent down (`ztj/devices/{id}/commands`). */
export const CommandResultSchema = z.object({ cmdId: z.string(), delivered: z.boolean() });

export const DeviceEventRecordSchema = z.object({
  id: z.string(),
  deviceId: z.string(),
  type: z.enum(DEVICE_EVENT_TYPES),
  ts: z.number(),
  receivedAt: z.number(),
});
/** One line of a device's log (SPEC §2 device log): commands, acknowledgements, configuration changes. */
export const DeviceLogRecordSchema = z.object({
  id: z.string(),
  deviceId: z.string(),
  /** 'command' | 'ack' | 'config' (others shown as they come). */
  kind: z.string(),
  cmdId: z.string().nullable(),
  /** JSON text of the command, ack or change. */
  content: z.string(),
  /** true done / false refused or failed; null sent, no answer yet. */
  ok: z.boolean().nullable(),
  operator: z.string().nullable(),
  /** ms epoch. */
  createTime: z.number(),
});
export const DeviceRangeQuerySchema = PageQuerySchema.extend({
  id: DevNoSchema.optional(),
  beginTime: z.coerce.number().int().optional(),
  endTime: z.coerce.number().int().optional(),
});
export const TrackQuerySchema = z.object({
  id: DevNoSchema,
  beginTime: z.coerce.number().int(),
  endTime: z.coerce.number().int(),
});
/** Positions for the map (WGS-84; convert with `wgs84ToGcj02` on Chinese tiles), time order, ≤ 20,000. */
export const TrackSchema = z.object({
  id: z.string(),
  points: z.array(z.object({ ts: z.number(), lat: z.number(), lng: z.number() })),
});

/** Device group (SPEC §5 group name 4-20 characters). */
export const GroupNameSchema = z.string().trim().min(4, 'validation.tooShort').max(20, 'validation.tooLong');
export const GroupRecordSchema = z.object({
  id: z.string(),
  name: z.string(),
  deviceCount: z.number().int(),
  createTime: z.number(),
});
export const GroupListQuerySchema = PageQuerySchema.extend({ name: likeText });
export const GroupAddSchema = z.object({ name: GroupNameSchema });
export const GroupUpdateSchema = z.object({ id: z.string().min(1), name: GroupNameSchema });
export const GroupDevicesQuerySchema = PageQuerySchema.extend({ groupId: z.string().min(1) });
export const GroupUpdateDevsSchema = z.object({
  groupId: z.string().min(1),
  deviceIds: z.array(DevNoSchema).max(5000),
});

/** Gateway (SPEC §3: id, name, note, address) with its sub-devices. */
export const GatewayRecordSchema = z.object({
  id: z.string(),
  name: z.string(),
  note: z.string().nullable(),
  address: z.string().nullable(),
  model: z.string(),
  status: z.enum(ONLINE_STATUSES),
  lastReportTime: z.number().nullable(),
  subDeviceCount: z.number().int(),
});
export const GatewayDetailSchema = GatewayRecordSchema.extend({ subDevices: z.array(DeviceRecordSchema) });
export const GatewayListQuerySchema = PageQuerySchema.extend({ name: likeText, id: likeText });

/** Answer of HTTP ingest: readings accepted (stored or duplicate) and rejected (dead-lettered). */
export const IngestResultSchema = z.object({
  accepted: z.number().int(),
  rejected: z.number().int(),
  reasons: z.array(z.string()),
});
