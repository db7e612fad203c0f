import { z } from 'zod';
import { pageResultOf } from '../envelope';
import { defineRoute } from '../route';
import { ListQuerySchema } from '../system/list';
import { DEVICE_PERMS } from './routes';
import { DeviceLogRecordSchema } from './schemas';

/**
 * The tenant-wide device log list (SPEC §2 device "log list"; menu `device/DeviceLogList`):
 * every line of `device_log` — commands sent (and refused ones, `ok` false), acknowledgements,
 * configuration changes and Modbus link changes — of the devices the caller may see, on the
 * generic list machinery (SPEC §7 filters, sort, paging, export).
 */

/**
 * Kinds of log lines the server writes; `refused`: a message or reading of the device the ingest
 * refused, with its reason (`reason`, see ingest-refusals.ts) and a sample of the payload.
 */
export const DEVICE_LOG_KINDS = ['command', 'ack', 'config', 'refused'] as const;
export type DeviceLogKind = (typeof DEVICE_LOG_KINDS)[number];

/**
 * Public fields of the list (allow-list of filters, sorts and data-rule columns):
 * `deviceId` device number, `deviceName` alias or name, `groupId` the device's group,
 * `kind`, `ok` (true done / false refused or failed; null sent, no answer yet), `operator`,
 * `content`, `reason` (why the ingest refused a `refused` line; null on other kinds),
 * `createTime` (filters take `createTime_begin` / `createTime_end`).
 */
export const DEVICE_LOG_LIST_FIELDS = [
  'deviceId',
  'deviceName',
  'groupId',
  'kind',
  'cmdId',
  'content',
  'ok',
  'operator',
  'reason',
  'createTime',
] as const;

/** One line of the device log list: a device log line plus its device's name. */
export const DeviceLogListRecordSchema = DeviceLogRecordSchema.extend({
  /** Alias, else name, of the device; null when the device has been deleted. */
  deviceName: z.string().nullable(),
  /** Reason key of a `refused` line (`INGEST_REFUSAL_MESSAGES`); null on other kinds. */
  reason: z.string().nullable(),
});
export type DeviceLogListRecord = z.infer<typeof DeviceLogListRecordSchema>;

const L = '/wlx/deviceLog';

/** Calls of the device log list; reading needs `device:list`, exporting `device:export`. */
export const DeviceLogRoutes = {
  list: defineRoute({
    method: 'GET',
    path: `${L}/list`,
    access: DEVICE_PERMS.list,
    tag: 'devices',
    summary: 'Device log lines of the tenant (generic list over DEVICE_LOG_LIST_FIELDS)',
    query: ListQuerySchema,
    result: pageResultOf(DeviceLogListRecordSchema),
  }),
  exportXls: defineRoute({
    method: 'GET',
    path: `${L}/exportXls`,
    access: DEVICE_PERMS.export,
    tag: 'devices',
    summary: 'Export device log lines as .xls (same filters as the list)',
    query: ListQuerySchema,
    result: z.unknown(),
  }),
} as const;
