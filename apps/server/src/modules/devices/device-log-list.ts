import {
  DEVICE_LOG_LIST_FIELDS,
  DeviceLogRoutes as R,
  INGEST_REFUSAL_MESSAGES,
  type DeviceLogListRecord,
} from '@ztj/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/db';
import { registerRoute } from '../../platform/http/register-route';
import { listExporter } from '../../platform/exports/export-registry';
import { registerExportRoute } from '../../platform/exports/export-route';
import { listPage } from '../../platform/list/list-runner';
import { callerOf, type ListField, type ListSpec } from '../../platform/list/list-spec';

/**
 * The tenant-wide device log list (SPEC §2 device "log list", menu `device/DeviceLogList`) on the
 * one list machinery: page and total in one statement, allow-listed filters and sorts, tenant
 * scope, and the data rules of `device:list` (a rule on `deviceId`, `deviceName` or `groupId`
 * restricts the lines to the devices it lets the caller see). Lines of a deleted device stay,
 * with no name. Lines of kind `refused` are readings the ingest refused, `reason` (translated
 * through its options) says why. Times are ms epoch.
 */

const KIND_OPTIONS = {
  command: { 'zh-CN': '指令', 'en-US': 'Command' },
  ack: { 'zh-CN': '应答', 'en-US': 'Acknowledgement' },
  config: { 'zh-CN': '配置', 'en-US': 'Configuration' },
  refused: { 'zh-CN': '拒收', 'en-US': 'Refused' },
};
const OK_OPTIONS = {
  true: { 'zh-CN': '成功', 'en-US': 'OK' },
  false: { 'zh-CN': '失败', 'en-US': 'Failed' },
};

const FIELDS: Record<(typeof DEVICE_LOG_LIST_FIELDS)[number], ListField> = {
  deviceId: { sql: 'l.device_id', type: 'string', label: { 'zh-CN': '设备号', 'en-US': 'Device id' } },
  deviceName: {
    sql: 'coalesce(d.alias, d.name)',
    type: 'string',
    label: { 'zh-CN': '设备别名/名称', 'en-US': 'Alias/name' },
  },
  groupId: {
    sql: 'd.group_id',
    type: 'string',
    label: { 'zh-CN': '分组', 'en-US': 'Group' },
    exported: false,
    sortable: false,
  },
  kind: {
    sql: 'l.kind',
    type: 'string',
    label: { 'zh-CN': '类型', 'en-US': 'Kind' },
    multi: true,
    options: KIND_OPTIONS,
  },
  cmdId: { sql: 'l.cmd_id', type: 'string', label: { 'zh-CN': '指令编号', 'en-US': 'Command id' }, sortable: false },
  content: { sql: 'l.content', type: 'string', label: { 'zh-CN': '内容', 'en-US': 'Content' }, sortable: false },
  ok: { sql: 'l.ok', type: 'boolean', label: { 'zh-CN': '结果', 'en-US': 'Result' }, options: OK_OPTIONS },
  operator: { sql: 'l.operator', type: 'string', label: { 'zh-CN': '操作人', 'en-US': 'Operator' } },
  reason: {
    sql: 'l.reason',
    type: 'string',
    label: { 'zh-CN': '拒收原因', 'en-US': 'Refusal reason' },
    multi: true,
    options: INGEST_REFUSAL_MESSAGES,
  },
  createTime: { sql: 'l.create_time', type: 'datetime', label: { 'zh-CN': '时间', 'en-US': 'Time' } },
};

/** The API record of a `device_log` row joined to its device. */
export function deviceLogRecordOf(r: Record<string, unknown>): DeviceLogListRecord {
  return {
    id: String(r.id),
    deviceId: String(r.device_id),
    deviceName: r.device_name == null ? null : String(r.device_name),
    kind: String(r.kind),
    cmdId: r.cmd_id == null ? null : String(r.cmd_id),
    content: String(r.content),
    ok: r.ok == null ? null : r.ok === true || r.ok === 't',
    operator: r.operator == null ? null : String(r.operator),
    reason: r.reason == null ? null : String(r.reason),
    createTime: Number(r.create_ms),
  };
}

/** Device log lines of the caller's tenant, newest first. */
export const DEVICE_LOG_LIST: ListSpec<DeviceLogListRecord> = {
  name: 'deviceLogs',
  from: 'device_log l LEFT JOIN device d ON d.dev_no = l.device_id AND d.tenant_id = l.tenant_id',
  select: `l.id, l.device_id, coalesce(d.alias, d.name) AS device_name, l.kind, l.cmd_id, l.content, l.ok, l.operator, l.reason,
    (extract(epoch FROM l.create_time) * 1000)::float8 AS create_ms`,
  tenantScope: 'l.tenant_id = $tenant',
  idSql: 'l.id',
  defaultSort: { field: 'createTime', order: 'desc' },
  fields: FIELDS,
  map: deviceLogRecordOf,
};

/** Registers the device log list and its export (DeviceLogRoutes of contracts). */
export function deviceLogListRoutes(app: FastifyInstance, db: Db): void {
  registerRoute(app, db, R.list, ({ auth, query }) =>
    listPage(db, DEVICE_LOG_LIST, query, callerOf(auth, R.list.access)),
  );
  registerExportRoute(
    app,
    db,
    R.exportXls,
    listExporter({
      key: R.exportXls.path,
      list: DEVICE_LOG_LIST,
      permission: R.list.access,
      title: { 'zh-CN': '设备日志', 'en-US': 'Device logs' },
      fileBase: { 'zh-CN': '设备日志', 'en-US': 'device-logs' },
    }),
  );
}
