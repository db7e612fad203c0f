import { z } from 'zod';
import { defineRoute } from './route';
import { AlarmRecordSchema } from './alarms/alarms-api';
import { PUSH_CHANNELS, PUSH_STATUSES } from './alarms/push-api';
import { WAYBILL_TIMING_OR_NONE } from './logistics/waybills-api';

/**
 * Dashboard analysis and big-data screen (SPEC §2 dashboard: analysis, big-data screen, scroll info
 * bar; §9 trends one week / two weeks / one month). Every figure is counted in the
 * caller's tenant at request time. A section the caller may not see (no `device:list`,
 * `alarm:list`, `task:list` or `push:list`) is `null`, so the server decides what is shown.
 */

/** Time zone of the day buckets of the trends (the tenant's display time zone). */
export const DASHBOARD_TIME_ZONE = 'Asia/Shanghai';
/** Trend ranges of SPEC §9, in days: one week, two weeks, one month. */
export const DASHBOARD_TREND_DAYS = [7, 14, 30] as const;
/** A trend range. */
export type DashboardTrendDays = (typeof DASHBOARD_TREND_DAYS)[number];
/** Number of latest alarms of the scroll info bar. */
export const DASHBOARD_LATEST_ALARMS = 10;
/** Window of the temperature compliance rate of the big screen, hours. */
export const COMPLIANCE_WINDOW_HOURS = 24;

const count = z.number().int();

/** Devices of the tenant by the device list's online rule (twice the report cycle, else 10 min). */
export const DeviceCountsSchema = z.object({ total: count, online: count, offline: count });
/** Active alarms by severity (L general, M important, H urgent) plus the unprocessed total. */
export const AlarmCountsSchema = z.object({ active: count, L: count, M: count, H: count, unprocessed: count });
/** Waybills by status (SPEC §4) and by the timing outcome of `waybill-timing.ts` (no outcome = `none`). */
export const WaybillCountsSchema = z.object({
  total: count,
  byStatus: z.object({ unstarted: count, ongoing: count, completed: count }),
  byTiming: z.record(z.enum(WAYBILL_TIMING_OR_NONE), count),
});
/** Push records by channel and by status (every attempt series counts once). */
export const PushCountsSchema = z.object({
  total: count,
  sent: count,
  byChannel: z.array(z.object({ channel: z.enum(PUSH_CHANNELS), count })),
  byStatus: z.array(z.object({ status: z.enum(PUSH_STATUSES), count })),
});

/** Figures of /dashboard/analysis, counted in the caller's tenant at request time. */
export const DashboardStatsSchema = z.object({
  users: z.number().int(),
  departments: z.number().int(),
  roles: z.number().int(),
  tenants: z.number().int(),
  /** Successful sign-ins today (server day, UTC). */
  loginsToday: z.number().int(),
  /** Successful sign-ins in total. */
  loginsTotal: z.number().int(),
  /** Distinct client addresses of today's sign-ins. */
  ipsToday: z.number().int(),
  /** Sign-ins per day for the last 7 days, oldest first; `day` is YYYY-MM-DD. */
  loginTrend: z.array(z.object({ day: z.string(), count: z.number().int() })),
  /** Alarms of the tenant still active (condition holding): the same count as `alarms.active`, served also without `alarm:list`. */
  activeAlarms: z.number().int(),
  /** Alarms of the tenant not processed yet, ignored ones (flag 3) excepted: the same count as `alarms.unprocessed`. */
  unprocessedAlarms: z.number().int(),
  /** Devices online/offline; null without `device:list`. */
  devices: DeviceCountsSchema.nullable(),
  /** Active alarms by severity; null without `alarm:list`. */
  alarms: AlarmCountsSchema.nullable(),
  /** Waybills by status and timing outcome; null without `task:list`. */
  waybills: WaybillCountsSchema.nullable(),
  /** Pushes by channel and status; null without `push:list`. */
  pushes: PushCountsSchema.nullable(),
  /** Warehouses with a sensor out of limits now; null while the product has no warehouses. */
  warehousesOutOfLimits: z.number().int().nullable(),
  /** Latest alarms for the scroll info bar (newest first, ≤ 10); null without `alarm:list`. */
  latestAlarms: z.array(AlarmRecordSchema).nullable(),
});
export type DashboardStats = z.infer<typeof DashboardStatsSchema>;

/** Query of the trend: `days` 7, 14 or 30 (SPEC §9). */
export const DashboardTrendQuerySchema = z.object({
  days: z.coerce
    .number()
    .pipe(z.union([z.literal(7), z.literal(14), z.literal(30)]))
    .default(7),
});
/**
 * Per-day figures of the last `days` days (today included, oldest first), each day a calendar day of
 * {@link DASHBOARD_TIME_ZONE}: alarms started, readings stored (device time) and pushes created.
 * A figure the caller may not see is null on every day.
 */
export const DashboardTrendSchema = z.object({
  days: z.number().int(),
  timeZone: z.string(),
  points: z.array(
    z.object({ day: z.string(), alarms: count.nullable(), readings: count.nullable(), pushes: count.nullable() }),
  ),
});
export type DashboardTrend = z.infer<typeof DashboardTrendSchema>;

/** A device with a position on the big screen's map (WGS-84). */
export const BigScreenDeviceSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.string(),
  online: z.boolean(),
  lat: z.number(),
  lng: z.number(),
  /** Newest device time, ms epoch. */
  ts: z.number().nullable(),
});
/** A warehouse with a position on the big screen's map. */
export const BigScreenWarehouseSchema = z.object({
  id: z.string(),
  name: z.string(),
  lat: z.number(),
  lng: z.number(),
  outOfLimits: z.boolean(),
});

/**
 * Temperature compliance rate (big screen). Definition: of the tenant's readings of the last
 * {@link COMPLIANCE_WINDOW_HOURS} hours (device time) that carry a temperature (P003), the share
 * that does not fall inside a temperature alarm episode of the same device (alarm type P003, or a
 * sustained excursion T001 over P003; `start_ts ≤ ts ≤ end_ts`, or still active; false alarms, flag 0, excepted). The limits are
 * therefore exactly those of the rule templates and scenes that raised the alarms. `rate` is
 * `inLimits / total` as a share 0..1 (not a percentage), null without readings; the console turns
 * it into one percentage text shown by both the figure and the gauge.
 */
export const ComplianceSchema = z.object({
  windowHours: count,
  total: count,
  inLimits: count,
  rate: z.number().nullable(),
});

/** Data of the big-data screen: the figures, the map and the compliance rate. */
export const BigScreenSchema = z.object({
  stats: DashboardStatsSchema,
  /** Devices with a position (≤ 5,000, newest report first); null without `device:list`. */
  devices: z.array(BigScreenDeviceSchema).nullable(),
  /** Warehouses with a position; null while the product has no warehouses. */
  warehouses: z.array(BigScreenWarehouseSchema).nullable(),
  /** Null without `device:list`. */
  compliance: ComplianceSchema.nullable(),
  /** Server time of the figures, ms epoch. */
  now: z.number(),
});
export type BigScreenData = z.infer<typeof BigScreenSchema>;

export const DashboardRoutes = {
  analysis: defineRoute({
    method: 'GET',
    path: '/dashboard/analysis',
    access: 'session',
    tag: 'dashboard',
    summary: 'Real counts for the analysis dashboard',
    result: DashboardStatsSchema,
  }),
  trend: defineRoute({
    method: 'GET',
    path: '/dashboard/trend',
    access: 'session',
    tag: 'dashboard',
    summary: 'Alarms, readings and pushes per day for 7, 14 or 30 days (Asia/Shanghai days)',
    query: DashboardTrendQuerySchema,
    result: DashboardTrendSchema,
  }),
  bigScreen: defineRoute({
    method: 'GET',
    path: '/dashboard/bigscreen',
    access: 'session',
    tag: 'dashboard',
    summary: 'Figures, map positions and the temperature compliance rate of the big-data screen',
    result: BigScreenSchema,
  }),
} as const;
