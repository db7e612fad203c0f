import { z } from 'zod';
import { DEVICE_PERMS } from './devices-api/routes';
import { WAYBILL_PERMS } from './logistics/waybills-api';
import { WAREHOUSE_PERMS } from './logistics/warehouses-api';
import type { BilingualText } from './i18n';
import { defineRoute } from './route';
import { ExportStartedSchema } from './system/download-center';

/**
 * Cold-chain reports (SPEC §1 export is asynchronous, §7 load/download history and
 * reports, §9 export file types 1-4). A report request becomes a download-center job; the file is
 * built from the stored readings, the device's rule templates and its alarms.
 */

/** Product name printed on every report (SPEC §9 default logo title). */
export const REPORT_PRODUCT_NAME: BilingualText = {
  'zh-CN': 'ZTJ IOT 冷链监控平台',
  'en-US': 'ZTJ IOT cold-chain monitoring',
};
/** Most devices in one multiple-terminal report. */
export const REPORT_MAX_DEVICES = 20;
/** Longest report range, ms (93 days). */
export const REPORT_MAX_RANGE_MS = 93 * 86_400_000;
/** Report file formats: PDF (types 1/3) or Excel .xlsx (types 2/4). */
export const REPORT_FORMATS = ['pdf', 'xlsx'] as const;
/** See {@link REPORT_FORMATS}. */
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/**
 * Kinds of device report (SPEC §9 export file types): `terminal` is the single/multiple-terminal
 * report (types 1-4, from the number of devices and the format); `b` is the meter report of
 * ammeters and plugs (the meters module's Excel daily energy over the range's days); the
 * others are the device-family reports whose family the product does not have yet (7 portable,
 * 9 Bluetooth, a medical, c V4, d customised; `available: false` in EXPORT_FILE_TYPES). The report
 * dialog lists them and the server refuses them with a field error on `reportType` (message `exportTypeUnavailable`).
 */
export const DEVICE_REPORT_TYPES = ['terminal', '7', '9', 'a', 'b', 'c', 'd'] as const;
/** See {@link DEVICE_REPORT_TYPES}. */
export type DeviceReportType = (typeof DEVICE_REPORT_TYPES)[number];

/**
 * Query of a device report: comma-separated device ids (1…{@link REPORT_MAX_DEVICES}; one = single
 * terminal, more = multiple terminals), the range `startTime`…`endTime` (ms, inclusive, end after
 * start, at most {@link REPORT_MAX_RANGE_MS}), the format and the kind of report
 * ({@link DEVICE_REPORT_TYPES}, default `terminal`).
 */
export const DeviceReportQuerySchema = z
  .object({
    deviceIds: z
      .string()
      .max(4_000, 'validation.tooLong')
      .transform((s) => [
        ...new Set(
          s
            .split(',')
            .map((x) => x.trim())
            .filter(Boolean),
        ),
      ])
      .pipe(z.array(z.string().max(64)).min(1, 'validation.required').max(REPORT_MAX_DEVICES, 'validation.tooLong')),
    startTime: z.coerce.number().int().min(0),
    endTime: z.coerce.number().int().min(0),
    format: z.enum(REPORT_FORMATS).default('pdf'),
    reportType: z.enum(DEVICE_REPORT_TYPES).default('terminal'),
  })
  .superRefine((q, ctx) => {
    if (q.endTime <= q.startTime)
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'validation.ruleEndNotAfterStart', input: q.endTime });
    else if (q.endTime - q.startTime > REPORT_MAX_RANGE_MS)
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'validation.tooLong', input: q.endTime });
  });
/** Parsed {@link DeviceReportQuerySchema}. */
export type DeviceReportQuery = z.infer<typeof DeviceReportQuerySchema>;

/** Report calls (device reports: `device:export` like the device export; waybill ZIP: `task:export`). */
/** Query of a warehouse daily report: the warehouse id and the calendar day (YYYY-MM-DD, Asia/Shanghai). */
export const WarehouseDailyQuerySchema = z.object({
  id: z.string().min(1, 'validation.required').max(64),
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.invalid')
    .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00+08:00`)), 'validation.invalid'),
});
export type WarehouseDailyQuery = z.infer<typeof WarehouseDailyQuerySchema>;

export const ReportRoutes = {
  device: defineRoute({
    method: 'GET',
    path: '/wlx/report/device',
    access: DEVICE_PERMS.export,
    tag: 'reports',
    summary:
      'Queue a device report (PDF or Excel; one device = single terminal, several = multiple terminals); the file appears in the download center',
    query: DeviceReportQuerySchema,
    result: ExportStartedSchema,
  }),
  waybillZip: defineRoute({
    method: 'GET',
    path: '/wlx/report/waybillZip',
    access: WAYBILL_PERMS.export,
    tag: 'reports',
    summary: 'Queue the waybill ZIP (type 6): one PDF device report per device of the waybill over its time range',
    query: z.object({ id: z.string().min(1, 'validation.required').max(64) }),
    result: ExportStartedSchema,
  }),
  waybill: defineRoute({
    method: 'GET',
    path: '/wlx/report/waybill',
    access: WAYBILL_PERMS.export,
    tag: 'reports',
    summary:
      'Queue the waybill report (type 8, PDF or Excel): the waybill, its track and timing outcome, then every device report over its time range',
    query: z.object({ id: z.string().min(1, 'validation.required').max(64), format: z.enum(REPORT_FORMATS) }),
    result: ExportStartedSchema,
  }),
  warehouseDaily: defineRoute({
    method: 'GET',
    path: '/wlx/report/warehouseDaily',
    access: WAREHOUSE_PERMS.export,
    tag: 'reports',
    summary:
      'Queue the warehouse daily report (type 5): a PDF of every device of the warehouse over one Asia/Shanghai calendar day',
    query: WarehouseDailyQuerySchema,
    result: ExportStartedSchema,
  }),
} as const;
