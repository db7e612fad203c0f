import { z } from 'zod';
import type { BilingualText } from '../i18n';
import { deviceSettingsFor } from '../devices/model-lookup';
import type { PeriodField } from '../devices/models';
import { validateDevicePeriods } from '../devices/periods';
import { ParameterReadingSchema } from '../devices-api/schemas';
import { pageResultOf } from '../envelope';
import { defineRoute } from '../route';
import { IdQuerySchema, IdsQuerySchema, ListQuerySchema } from '../system/list';
import { PATTERNS, RefIdSchema } from '../validation';

/**
 * Warehouses (SPEC §2 warehouse creation in three steps — fill information and
 * configure devices, set monitoring rules, completed; §3 Warehouse fields: name, number,
 * description, devices, monitoring accounts, note, acquisition period). Times on the wire are ms
 * since the Unix epoch; the acquisition period is whole **minutes**.
 */

/** Permission codes of the warehouse area (SPEC §6; buttons seeded under the warehouse-list menu). */
export const WAREHOUSE_PERMS = {
  list: 'warehouse:list',
  add: 'warehouse:add',
  edit: 'warehouse:edit',
  delete: 'warehouse:delete',
  export: 'warehouse:export',
} as const;

/** Length limits of the text fields. */
export const WAREHOUSE_NAME_MAX = 50;
export const WAREHOUSE_NUMBER_MAX = 64;
export const WAREHOUSE_TEXT_MAX = 255;
/** Most devices (sensors, gateways) of one warehouse. */
export const WAREHOUSE_DEVICES_MAX = 100;

/**
 * The period field a warehouse's acquisition period sets on a device of `model`: its work
 * (normal) collection cycle when the model lets it be edited, else its work report cycle (SPEC §5:
 * the positioning bean and precision 2.1 only report, the medical collection is not editable);
 * null when no period applies (gateways relay their sub-devices and have no SPEC §5 limits).
 */
export function acquisitionFieldOf(model: string): PeriodField | null {
  const periods = deviceSettingsFor(model)?.periods ?? {};
  for (const f of ['workCollectionCycle', 'workReportCycle'] as const) {
    const limit = periods[f];
    if (limit?.editable) return f;
  }
  return null;
}

/**
 * Checks `minutes` against the SPEC §5 limits of `model` (the field of {@link acquisitionFieldOf};
 * reuses `validateDevicePeriods`). Returns null when allowed or no period applies, else the
 * inclusive limits in minutes the value broke.
 */
export function acquisitionPeriodError(model: string, minutes: number): { min: number; max: number } | null {
  const field = acquisitionFieldOf(model);
  if (!field) return null;
  const [error] = validateDevicePeriods(model, { [field]: minutes });
  if (!error) return null;
  const limit = deviceSettingsFor(model)?.periods[field];
  return limit?.editable ? { min: limit.min, max: limit.max } : { min: 0, max: 0 };
}

const text = (max = WAREHOUSE_TEXT_MAX) => z.string().trim().max(max, 'validation.tooLong').default('');

/** Body of `warehouse/add` (steps 1 and 2 of the creation screen). */
export const WarehouseAddSchema = z.object({
  /** Step 1: information. Name (required, SPEC §5 no slashes). */
  name: z
    .string()
    .trim()
    .min(1, 'validation.required')
    .max(WAREHOUSE_NAME_MAX, 'validation.tooLong')
    .regex(PATTERNS.noSlash, 'validation.noSlash'),
  /** Warehouse number, required and unique in the tenant. */
  number: z
    .string()
    .trim()
    .min(1, 'validation.required')
    .max(WAREHOUSE_NUMBER_MAX, 'validation.tooLong')
    .regex(PATTERNS.noSlash, 'validation.noSlash'),
  description: text(),
  note: text(),
  /** Acquisition period, minutes (1-1440), checked against each device's model limits; null = leave the devices as they are. */
  acquisitionPeriod: z
    .number()
    .int('validation.periodInteger')
    .min(1, 'validation.invalid')
    .max(1440, 'validation.invalid')
    .nullable()
    .default(null),
  /** Step 1: devices (terminal numbers of the tenant; a device belongs to at most one warehouse). */
  deviceIds: z
    .array(z.string().trim().min(1).max(64))
    .min(1, 'validation.sceneNoDevice')
    .max(WAREHOUSE_DEVICES_MAX, 'validation.tooLong'),
  /** Monitoring accounts: user ids of the tenant. */
  monitorUserIds: z.array(z.string().min(1).max(64)).max(100, 'validation.tooLong').default([]),
  /** Step 2: rule templates bound to every device of the warehouse (alarm_rule_binding, target device). */
  templateIds: z.array(z.string().min(1).max(64)).max(20, 'validation.tooLong').default([]),
});
export type WarehouseAdd = z.input<typeof WarehouseAddSchema>;
/** Body of `warehouse/edit`. */
export const WarehouseUpdateSchema = WarehouseAddSchema.extend({ id: RefIdSchema });
export type WarehouseUpdate = z.input<typeof WarehouseUpdateSchema>;
/** Body of `warehouse/addDevs` and `warehouse/delDevs`. */
export const WarehouseDevicesBodySchema = z.object({
  id: RefIdSchema,
  deviceIds: z
    .array(z.string().trim().min(1).max(64))
    .min(1, 'validation.sceneNoDevice')
    .max(WAREHOUSE_DEVICES_MAX, 'validation.tooLong'),
});

const Ref = z.object({ id: z.string(), name: z.string() });

/** A warehouse as lists and details show it. */
export const WarehouseRecordSchema = z.object({
  id: z.string(),
  name: z.string(),
  number: z.string(),
  description: z.string(),
  note: z.string(),
  acquisitionPeriod: z.number().nullable(),
  deviceCount: z.number().int(),
  devices: z.array(Ref.extend({ model: z.string() })),
  monitors: z.array(Ref),
  /** Rule templates bound to all of its devices. */
  templates: z.array(Ref),
  createBy: z.string().nullable(),
  createTime: z.number(),
});
export type WarehouseRecord = z.infer<typeof WarehouseRecordSchema>;
/** Public fields of the warehouse list (filters, sort, export). */
export const WAREHOUSE_LIST_FIELDS = [
  'name',
  'number',
  'description',
  'note',
  'acquisitionPeriod',
  'deviceCount',
  'createBy',
  'createTime',
] as const;

/** A limit of a sensor from a threshold / range condition of its bound templates (`min`/`max` in the parameter's unit). */
export const WarehouseLimitSchema = z.object({
  param: z.string(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  templateName: z.string(),
});
export type WarehouseLimit = z.infer<typeof WarehouseLimitSchema>;

/** One sensor of the warehouse view: latest values against its limits and its active alarms. */
export const WarehouseSensorSchema = z.object({
  id: z.string(),
  name: z.string(),
  model: z.string(),
  status: z.enum(['online', 'offline']),
  /** Device time of the latest reading, ms; null before the first. */
  lastReportTime: z.number().nullable(),
  values: z.array(ParameterReadingSchema),
  limits: z.array(WarehouseLimitSchema),
  /** Parameter codes whose latest value is outside a limit. */
  outOfLimits: z.array(z.string()),
  activeAlarms: z.array(
    z.object({
      id: z.string(),
      ruleName: z.string(),
      alarmType: z.string(),
      severity: z.string(),
      raisedTs: z.number(),
      value: z.number().nullable(),
    }),
  ),
});
export type WarehouseSensor = z.infer<typeof WarehouseSensorSchema>;

/** `warehouse/view`: the warehouse with every sensor (device) of it. */
export const WarehouseViewSchema = z.object({
  warehouse: WarehouseRecordSchema,
  sensors: z.array(WarehouseSensorSchema),
  now: z.number(),
});
export type WarehouseView = z.infer<typeof WarehouseViewSchema>;

/** A tenant user offered as monitoring account. */
export const WarehouseUserOptionSchema = z.object({ id: z.string(), name: z.string(), username: z.string() });

const ok = z.null();
const W = '/wlx/warehouse';
const tag = 'warehouses';
const P = WAREHOUSE_PERMS;

/** Warehouse calls, relative to the base path. Every call is scoped to the caller's tenant. */
export const WarehouseRoutes = {
  list: defineRoute({
    method: 'GET',
    path: `${W}/list`,
    access: P.list,
    tag,
    summary: 'Warehouses (generic list over WAREHOUSE_LIST_FIELDS)',
    query: ListQuerySchema,
    result: pageResultOf(WarehouseRecordSchema),
  }),
  queryById: defineRoute({
    method: 'GET',
    path: `${W}/queryById`,
    access: P.list,
    tag,
    summary: 'One warehouse',
    query: IdQuerySchema,
    result: WarehouseRecordSchema,
  }),
  view: defineRoute({
    method: 'GET',
    path: `${W}/view`,
    access: P.list,
    tag,
    summary: 'Every sensor with latest values, limits and active alarms',
    query: IdQuerySchema,
    result: WarehouseViewSchema,
  }),
  add: defineRoute({
    method: 'POST',
    path: `${W}/add`,
    access: P.add,
    tag,
    summary: 'Add a warehouse (steps 1-2)',
    body: WarehouseAddSchema,
    result: WarehouseRecordSchema,
  }),
  edit: defineRoute({
    method: 'PUT',
    path: `${W}/edit`,
    access: P.edit,
    tag,
    summary: 'Replace a warehouse',
    body: WarehouseUpdateSchema,
    result: WarehouseRecordSchema,
  }),
  delete: defineRoute({
    method: 'DELETE',
    path: `${W}/delete`,
    access: P.delete,
    tag,
    summary: 'Delete warehouses (their devices stay)',
    query: IdsQuerySchema,
    result: ok,
  }),
  addDevs: defineRoute({
    method: 'POST',
    path: `${W}/addDevs`,
    access: P.edit,
    tag,
    summary: 'Add devices to a warehouse',
    body: WarehouseDevicesBodySchema,
    result: WarehouseRecordSchema,
  }),
  delDevs: defineRoute({
    method: 'POST',
    path: `${W}/delDevs`,
    access: P.edit,
    tag,
    summary: 'Remove devices from a warehouse',
    body: WarehouseDevicesBodySchema,
    result: WarehouseRecordSchema,
  }),
  userOptions: defineRoute({
    method: 'GET',
    path: `${W}/userOptions`,
    access: P.list,
    tag,
    summary: 'Users of the tenant (monitoring accounts)',
    result: z.array(WarehouseUserOptionSchema),
  }),
  exportXls: defineRoute({
    method: 'GET',
    path: `${W}/exportXls`,
    access: P.export,
    tag,
    summary: 'Export warehouses as .xls (same filters as the list)',
    query: ListQuerySchema,
    result: z.unknown(),
  }),
} as const;

/** Server messages of the warehouse area, merged into `MESSAGES`. */
export const WAREHOUSE_MESSAGES = {
  warehouseNotFound: { 'zh-CN': '仓库不存在', 'en-US': 'Warehouse not found' },
  warehouseNumberExists: { 'zh-CN': '仓库编号已存在', 'en-US': 'A warehouse with this number already exists' },
  warehouseDeviceTaken: {
    'zh-CN': '设备 {device} 已属于仓库 {warehouse}',
    'en-US': 'Device {device} already belongs to warehouse {warehouse}',
  },
  warehousePeriodOutOfRange: {
    'zh-CN': '采集周期超出设备 {device}（{model}）的范围：{min}到{max}分钟',
    'en-US': 'The acquisition period is outside the limits of device {device} ({model}): {min} to {max} minutes',
  },
  warehouseLastDevice: { 'zh-CN': '仓库至少需要关联一个设备', 'en-US': 'A warehouse keeps at least one device' },
} as const satisfies Record<string, BilingualText>;
