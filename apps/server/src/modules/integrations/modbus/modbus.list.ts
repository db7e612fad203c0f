import type { ModbusDeviceRecord, MODBUS_LIST_FIELDS } from '@ztj/contracts';
import type { ListField, ListSpec } from '../../../platform/list/list-spec';
import { AUDIT_LABELS, epochMsSql } from '../../../platform/list/list-spec';
import { lastPollField, linkStateField } from '../link-fields';

/**
 * The Modbus config list (SPEC §7 modbus/list) of the one list machinery, and the record of a
 * config row: a config with its device, link and poll status (times ms epoch).
 */

const FIELDS: Record<(typeof MODBUS_LIST_FIELDS)[number], ListField> = {
  deviceId: { sql: 'm.dev_no', type: 'string', label: { 'zh-CN': '设备编号', 'en-US': 'Device' } },
  host: { sql: 'm.host', type: 'string', label: { 'zh-CN': '主机', 'en-US': 'Host' } },
  port: { sql: 'm.port', type: 'number', label: { 'zh-CN': '端口', 'en-US': 'Port' } },
  unitId: { sql: 'm.unit_id', type: 'number', label: { 'zh-CN': '从站地址', 'en-US': 'Unit id' } },
  mapCode: { sql: 'm.map_code', type: 'string', label: { 'zh-CN': '寄存器表', 'en-US': 'Register map' } },
  pollPeriodMs: {
    sql: 'm.poll_period_ms',
    type: 'number',
    label: { 'zh-CN': '采集周期(毫秒)', 'en-US': 'Poll period (ms)' },
  },
  enabled: { sql: 'm.enabled', type: 'boolean', label: { 'zh-CN': '启用', 'en-US': 'Enabled' } },
  state: linkStateField('m.state'),
  lastPollTime: lastPollField('m.last_poll_ms'),
  createTime: { sql: 'm.create_time', type: 'datetime', label: AUDIT_LABELS.createTime },
};

/** Columns of a config row with its device (`FROM modbus_device m JOIN device d`). */
export const MODBUS_SELECT = `m.id, m.dev_no, coalesce(d.alias, d.name) AS device_name, d.model, m.host, m.port, m.unit_id, m.map_code, m.registers,
  m.poll_period_ms, m.timeout_ms, m.enabled, m.state, m.last_result, m.last_error, m.last_poll_ms, m.last_ok_ms, m.failures, m.next_poll_ms,
  ${epochMsSql('m.create_time')} AS create_ms`;
export const MODBUS_FROM = 'modbus_device m JOIN device d ON d.dev_no = m.dev_no';

const n = (v: unknown): number | null => (v == null ? null : Number(v));
const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

/** The API record of a config row. */
export function modbusRecordOf(r: Record<string, unknown>): ModbusDeviceRecord {
  return {
    id: String(r.id),
    deviceId: String(r.dev_no),
    deviceName: String(r.device_name ?? ''),
    model: String(r.model ?? ''),
    host: String(r.host),
    port: Number(r.port),
    unitId: Number(r.unit_id),
    mapCode: r.map_code == null ? null : String(r.map_code),
    registers: json(r.registers),
    pollPeriodMs: Number(r.poll_period_ms),
    timeoutMs: Number(r.timeout_ms),
    enabled: Boolean(r.enabled),
    createTime: Number(r.create_ms),
    state: (r.enabled ? r.state : 'disabled') as ModbusDeviceRecord['state'],
    lastResult: (r.last_result ?? null) as ModbusDeviceRecord['lastResult'],
    lastError: r.last_error == null ? null : String(r.last_error),
    lastPollTime: n(r.last_poll_ms),
    lastOkTime: n(r.last_ok_ms),
    failures: Number(r.failures ?? 0),
    nextPollTime: n(r.next_poll_ms),
  };
}

/** Modbus configs of the caller's tenant (list machinery). */
export const MODBUS_LIST: ListSpec<ModbusDeviceRecord> = {
  name: 'modbusDevices',
  from: MODBUS_FROM,
  select: MODBUS_SELECT,
  tenantScope: 'm.tenant_id = $tenant',
  idSql: 'm.id',
  defaultSort: { field: 'createTime', order: 'desc' },
  fields: FIELDS,
  map: modbusRecordOf,
};
