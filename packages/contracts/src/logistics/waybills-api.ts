import { z } from 'zod';
import { DeviceRecordSchema } from '../devices-api/schemas';
import { pageResultOf } from '../envelope';
import { defineRoute } from '../route';
import { IdQuerySchema, ListQuerySchema } from '../system/list';
import { PATTERNS, RefIdSchema } from '../validation';

/**
 * Waybills (SPEC §2 task/waybill, §3 Waybill fields, §4 waybill states and
 * timing outcomes, §5 required fields and end after start, §7 `tasks` calls, §8 "this device is
 * already on"). Times on the wire are ms since the Unix epoch; distances m, mileage km.
 */

/** Permission codes of the waybill area (SPEC §6; the buttons seeded under the task-list menu). */
export const WAYBILL_PERMS = {
  list: 'task:list',
  add: 'task:add',
  edit: 'task:edit',
  delete: 'task:delete',
  start: 'task:start',
  stop: 'task:stop',
  copy: 'task:copy',
  export: 'task:export',
} as const;

/** Waybill status (SPEC §4): un-started → ongoing (operational) → completed. */
export const WAYBILL_STATUSES = ['unstarted', 'ongoing', 'completed'] as const;
export type WaybillStatus = (typeof WAYBILL_STATUSES)[number];

/**
 * Timing outcomes of SPEC §4 (normal end, normal in transit, underway, already late, estimated
 * delay, delay, punctual); computed on the server from planned times, actual times and the ETA.
 */
export const WAYBILL_TIMING_OUTCOMES = [
  'normalEnd',
  'normalInTransit',
  'underway',
  'alreadyLate',
  'estimatedDelay',
  'delay',
  'punctual',
] as const;
export type WaybillTiming = (typeof WAYBILL_TIMING_OUTCOMES)[number];
/** The timing outcomes and `none` (a waybill without estimated times), as the dashboard counts them. */
export const WAYBILL_TIMING_OR_NONE = [...WAYBILL_TIMING_OUTCOMES, 'none'] as const;

/** Length limits of the text fields. */
export const WAYBILL_NAME_MAX = 50;
export const WAYBILL_TEXT_MAX = 64;
/** Most devices one waybill carries. */
export const WAYBILL_DEVICES_MAX = 50;

const text = (max = WAYBILL_TEXT_MAX) => z.string().trim().max(max, 'validation.tooLong').default('');
const msSchema = z.number({ error: 'validation.required' }).int().min(0);
const DeviceIdsSchema = z
  .array(z.string().trim().min(1).max(64))
  .min(1, 'validation.sceneNoDevice')
  .max(WAYBILL_DEVICES_MAX, 'validation.tooLong');

/** Fields of steps 1-3 (no refinements, so it can be extended). */
const WaybillFieldsSchema = z.object({
  /** Step 1 (basic information). */
  name: z
    .string()
    .trim()
    .min(1, 'validation.required')
    .max(WAYBILL_NAME_MAX, 'validation.tooLong')
    .regex(PATTERNS.noSlash, 'validation.noSlash'),
  /** Waybill number, unique in the tenant; empty = generated (`WB` + yyyyMMdd + sequence). */
  number: text().refine((s) => PATTERNS.noSlash.test(s), 'validation.noSlash'),
  innerNumber: text(),
  /** Vehicle plate or name. */
  vehicle: text(),
  /** Driver's mobile (SPEC §5 mobile rule) or empty. */
  driverPhone: z
    .string()
    .trim()
    .refine((s) => s === '' || PATTERNS.mobile.test(s), 'validation.mobile')
    .default(''),
  company: text(100),
  /** Planned mileage, km (0-100000), or null. */
  mileageKm: z.number().min(0).max(100_000).nullable().default(null),
  /** Estimated start and end, ms epoch; the end must be after the start (SPEC §5). */
  plannedStart: msSchema,
  plannedEnd: msSchema,
  /** Step 2: associated devices (SPEC §5 "must associate a device first"). */
  deviceIds: DeviceIdsSchema,
  /** Step 3: preset route (logistics_route id), AI start/stop, monitoring accounts (user ids). */
  routeId: RefIdSchema,
  aiStartStop: z.boolean().default(false),
  monitorUserIds: z.array(z.string().min(1).max(64)).max(100, 'validation.tooLong').default([]),
});

const endAfterStart = (v: { plannedStart: number; plannedEnd: number }, ctx: z.RefinementCtx): void => {
  if (v.plannedEnd <= v.plannedStart)
    ctx.addIssue({
      code: 'custom',
      path: ['plannedEnd'],
      message: 'validation.ruleEndNotAfterStart',
      input: v.plannedEnd,
    });
};

/** Body of `task/add` (steps 1-4 of the edit screen). */
export const WaybillAddSchema = WaybillFieldsSchema.superRefine(endAfterStart);
export type WaybillAdd = z.input<typeof WaybillAddSchema>;
/** Body of `task/update`: an un-started waybill's fields (an ongoing one changes only times and devices). */
export const WaybillUpdateSchema = WaybillFieldsSchema.extend({ id: RefIdSchema }).superRefine(endAfterStart);
export type WaybillUpdate = z.input<typeof WaybillUpdateSchema>;
/** Body of `task/modifyTime`. */
export const WaybillTimeSchema = z
  .object({ id: RefIdSchema, plannedStart: msSchema, plannedEnd: msSchema })
  .superRefine(endAfterStart);
/** Body of `task/start`, `task/stop`, `task/copy`. */
export const WaybillIdBodySchema = z.object({ id: RefIdSchema });
/** Body of `task/addDevs` and `task/delDevInTask`. */
export const WaybillDevicesBodySchema = z.object({ id: RefIdSchema, deviceIds: DeviceIdsSchema });

/** A WGS-84 place of the route snapshot. */
export const WaybillPlaceSchema = z.object({ lat: z.number(), lng: z.number(), name: z.string().optional() });
export type WaybillPlace = z.infer<typeof WaybillPlaceSchema>;
/** The preset route as it was when the waybill was saved (later route edits do not move a trip). */
export const WaybillRouteSchema = z.object({
  id: z.string(),
  name: z.string(),
  origin: WaybillPlaceSchema,
  waypoints: z.array(WaybillPlaceSchema),
  destination: WaybillPlaceSchema,
  /** Fence radius of origin and destination, m. */
  fenceRadiusM: z.number(),
});
export type WaybillRoute = z.infer<typeof WaybillRouteSchema>;

/** A waybill as lists and details show it. */
export const WaybillRecordSchema = z.object({
  id: z.string(),
  name: z.string(),
  number: z.string(),
  innerNumber: z.string(),
  vehicle: z.string(),
  driverPhone: z.string(),
  company: z.string(),
  mileageKm: z.number().nullable(),
  plannedStart: z.number(),
  plannedEnd: z.number(),
  actualStart: z.number().nullable(),
  actualEnd: z.number().nullable(),
  status: z.enum(WAYBILL_STATUSES),
  /** Timing outcome now (SPEC §4), from the last ETA the tracker kept. */
  timing: z.enum(WAYBILL_TIMING_OUTCOMES).nullable(),
  /** Estimated arrival, ms epoch, while ongoing and moving; null otherwise. */
  etaMs: z.number().nullable(),
  routeId: z.string(),
  routeName: z.string(),
  aiStartStop: z.boolean(),
  /** Devices currently on the waybill. */
  devices: z.array(z.object({ id: z.string(), name: z.string() })),
  monitors: z.array(z.object({ id: z.string(), name: z.string() })),
  createBy: z.string().nullable(),
  createTime: z.number(),
});
export type WaybillRecord = z.infer<typeof WaybillRecordSchema>;
/** Public fields of the waybill list (filters, sort, export). */
export const WAYBILL_LIST_FIELDS = [
  'name',
  'number',
  'innerNumber',
  'vehicle',
  'driverPhone',
  'company',
  'status',
  'plannedStart',
  'plannedEnd',
  'actualStart',
  'actualEnd',
  'routeName',
  'createBy',
  'createTime',
] as const;

/** `task/getDetailById`: the record with its route snapshot and device records. */
export const WaybillDetailSchema = WaybillRecordSchema.extend({
  route: WaybillRouteSchema,
  deviceRecords: z.array(DeviceRecordSchema),
  /** Every device that was ever on the waybill with its time on it (ms epoch). */
  deviceHistory: z.array(z.object({ id: z.string(), addedAt: z.number(), removedAt: z.number().nullable() })),
});
export type WaybillDetail = z.infer<typeof WaybillDetailSchema>;

/** Progress along the preset route, m. */
export const WaybillProgressSchema = z.object({
  distanceFromRouteM: z.number(),
  alongM: z.number(),
  remainingM: z.number(),
  totalM: z.number(),
});
/** `task/getRealById`: latest device data, position, progress, ETA and timing outcome. */
export const WaybillRealSchema = z.object({
  id: z.string(),
  status: z.enum(WAYBILL_STATUSES),
  timing: z.enum(WAYBILL_TIMING_OUTCOMES).nullable(),
  etaMs: z.number().nullable(),
  /** Newest position of the waybill's devices (device time `ts`, ms epoch; speed km/h). */
  position: z.object({ deviceId: z.string(), lat: z.number(), lng: z.number(), ts: z.number() }).nullable(),
  progress: WaybillProgressSchema.nullable(),
  devices: z.array(DeviceRecordSchema),
  now: z.number(),
});
export type WaybillReal = z.infer<typeof WaybillRealSchema>;

/** Counts of waybills per status. */
const StatCountsSchema = z.object({
  total: z.number().int(),
  unstarted: z.number().int(),
  ongoing: z.number().int(),
  completed: z.number().int(),
});
/**
 * `task/getStatNum`: counts per status (SPEC §7 statistics call of the list); with
 * `groupBy=vehicle` also the counts per vehicle (plate as entered; '' = no vehicle), most waybills first.
 */
export const WaybillStatSchema = StatCountsSchema.extend({
  vehicles: z.array(StatCountsSchema.extend({ vehicle: z.string() })).optional(),
});
export type WaybillStat = z.infer<typeof WaybillStatSchema>;

/** `vehicle` filter of `getTaskList` and `getStatNum`: plate or name, partial match, case-insensitive. */
const VehicleFilterSchema = z.string().trim().max(WAYBILL_TEXT_MAX, 'validation.tooLong').optional();
/** Query of `task/getTaskList`. */
export const WaybillTaskListQuerySchema = z.object({ vehicle: VehicleFilterSchema });
/** Query of `task/getStatNum`. */
export const WaybillStatQuerySchema = z.object({
  vehicle: VehicleFilterSchema,
  groupBy: z.enum(['vehicle']).optional(),
});

/** `task/getTaskList`: ongoing waybills with their last position for the map list. */
export const WaybillMapItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  number: z.string(),
  vehicle: z.string(),
  timing: z.enum(WAYBILL_TIMING_OUTCOMES).nullable(),
  etaMs: z.number().nullable(),
  route: WaybillRouteSchema,
  position: z.object({ lat: z.number(), lng: z.number(), ts: z.number() }).nullable(),
});
export type WaybillMapItem = z.infer<typeof WaybillMapItemSchema>;

const ok = z.null();
const T = '/wlx/task';
const tag = 'waybills';
const P = WAYBILL_PERMS;

/** Waybill calls (SPEC §7 tasks), relative to the base path. */
export const WaybillRoutes = {
  list: defineRoute({
    method: 'GET',
    path: `${T}/list`,
    access: P.list,
    tag,
    summary: 'Waybills (generic list over WAYBILL_LIST_FIELDS)',
    query: ListQuerySchema,
    result: pageResultOf(WaybillRecordSchema),
  }),
  getTaskList: defineRoute({
    method: 'GET',
    path: `${T}/getTaskList`,
    access: P.list,
    tag,
    summary: 'Ongoing waybills with their last position (map list)',
    query: WaybillTaskListQuerySchema,
    result: z.array(WaybillMapItemSchema),
  }),
  getStatNum: defineRoute({
    method: 'GET',
    path: `${T}/getStatNum`,
    access: P.list,
    tag,
    summary: 'Counts of waybills per status (optionally per vehicle)',
    query: WaybillStatQuerySchema,
    result: WaybillStatSchema,
  }),
  getDetailById: defineRoute({
    method: 'GET',
    path: `${T}/getDetailById`,
    access: P.list,
    tag,
    summary: 'One waybill with route and devices',
    query: IdQuerySchema,
    result: WaybillDetailSchema,
  }),
  getRealById: defineRoute({
    method: 'GET',
    path: `${T}/getRealById`,
    access: P.list,
    tag,
    summary: 'Live position, progress, ETA and timing outcome',
    query: IdQuerySchema,
    result: WaybillRealSchema,
  }),
  add: defineRoute({
    method: 'POST',
    path: `${T}/add`,
    access: P.add,
    tag,
    summary: 'Add an un-started waybill (steps 1-4)',
    body: WaybillAddSchema,
    result: WaybillRecordSchema,
  }),
  update: defineRoute({
    method: 'PUT',
    path: `${T}/update`,
    access: P.edit,
    tag,
    summary: 'Edit an un-started waybill',
    body: WaybillUpdateSchema,
    result: WaybillRecordSchema,
  }),
  copy: defineRoute({
    method: 'POST',
    path: `${T}/copy`,
    access: P.copy,
    tag,
    summary: 'Copy a waybill as a new un-started one',
    body: WaybillIdBodySchema,
    result: WaybillRecordSchema,
  }),
  start: defineRoute({
    method: 'POST',
    path: `${T}/start`,
    access: P.start,
    tag,
    summary: 'Start an un-started waybill',
    body: WaybillIdBodySchema,
    result: WaybillRecordSchema,
  }),
  stop: defineRoute({
    method: 'POST',
    path: `${T}/stop`,
    access: P.stop,
    tag,
    summary: 'Complete an ongoing waybill',
    body: WaybillIdBodySchema,
    result: WaybillRecordSchema,
  }),
  del: defineRoute({
    method: 'DELETE',
    path: `${T}/del`,
    access: P.delete,
    tag,
    summary: 'Delete a waybill',
    query: IdQuerySchema,
    result: ok,
  }),
  modifyTime: defineRoute({
    method: 'PUT',
    path: `${T}/modifyTime`,
    access: P.edit,
    tag,
    summary: 'Change the estimated start and end',
    body: WaybillTimeSchema,
    result: WaybillRecordSchema,
  }),
  addDevs: defineRoute({
    method: 'POST',
    path: `${T}/addDevs`,
    access: P.edit,
    tag,
    summary: 'Add devices (also while ongoing)',
    body: WaybillDevicesBodySchema,
    result: WaybillRecordSchema,
  }),
  delDevInTask: defineRoute({
    method: 'POST',
    path: `${T}/delDevInTask`,
    access: P.edit,
    tag,
    summary: 'Remove devices (also while ongoing)',
    body: WaybillDevicesBodySchema,
    result: WaybillRecordSchema,
  }),
  exportXls: defineRoute({
    method: 'GET',
    path: `${T}/exportXls`,
    access: P.export,
    tag,
    summary: 'Export waybills as .xls (same filters as the list)',
    query: ListQuerySchema,
    result: z.unknown(),
  }),
} as const;

/** The task calls SPEC §7 names with "division-vehicle equivalents". */
export const DIVISION_WAYBILL_CALLS = [
  'list',
  'getTaskList',
  'getStatNum',
  'getDetailById',
  'getRealById',
  'start',
  'stop',
  'del',
  'modifyTime',
  'add',
  'update',
  'delDevInTask',
  'addDevs',
] as const;
export type DivisionWaybillCall = (typeof DIVISION_WAYBILL_CALLS)[number];
/** Path prefix of the division-vehicle calls (beside `/wlx/task`). */
export const DIVISION_TASK_PATH = '/wlx/divisionTask';

/**
 * Division-vehicle task calls (SPEC §7 "and division-vehicle equivalents"): the same calls, bodies,
 * results and permissions as {@link WaybillRoutes} under `/wlx/divisionTask/<name>`, restricted to
 * the waybills whose vehicle belongs to the caller's division: the current department (org code)
 * with its sub-departments. A waybill belongs to it when every device on it is placed in that
 * subtree (`device.org_code`); the server refuses other waybills and devices.
 */
export const DivisionWaybillRoutes = Object.fromEntries(
  DIVISION_WAYBILL_CALLS.map((k) => [
    k,
    {
      ...WaybillRoutes[k],
      path: WaybillRoutes[k].path.replace(T, DIVISION_TASK_PATH),
      summary: `${WaybillRoutes[k].summary} (division vehicles)`,
    },
  ]),
) as { [K in DivisionWaybillCall]: (typeof WaybillRoutes)[K] };
