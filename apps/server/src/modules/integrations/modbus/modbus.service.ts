import type { Language, ModbusDeviceAddSchema, ModbusDeviceRecord, MODBUS_LIST_FIELDS } from '@ztj/contracts';
import type { z } from 'zod';
import type { AuthContext } from '../../../platform/auth/auth-context';
import type { Queryable } from '../../../platform/db/db';
import { AppError } from '../../../platform/http/app-error';
import type { ListField, ListSpec } from '../../../platform/list/list-spec';
import { AUDIT_LABELS, epochMsSql } from '../../../platform/list/list-spec';
import { devicesNotInTenant } from '../../../platform/tenancy/tenant-refs';
import { splitIds } from '../../../platform/list/split-ids';
import { fieldFailure } from '../../../platform/http/field-errors';

/**
 * Modbus device configs: CRUD of `modbus_device`, tenant-scoped. A config names a
 * device of the tenant (one config per device, not also fed by a third-party integration), where
 * to reach it, its register map (validated by the contract) and its poll period. The poller reads
 * the table again after every write (`reload`).
 */

type Body = z.output<typeof ModbusDeviceAddSchema>;

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
  state: {
    sql: 'm.state',
    type: 'string',
    label: { 'zh-CN': '状态', 'en-US': 'State' },
    options: {
      online: { 'zh-CN': '在线', 'en-US': 'Online' },
      offline: { 'zh-CN': '离线', 'en-US': 'Offline' },
      backoff: { 'zh-CN': '重试中', 'en-US': 'Backing off' },
      disabled: { 'zh-CN': '已停用', 'en-US': 'Disabled' },
    },
  },
  lastPollTime: {
    sql: 'm.last_poll_ms',
    type: 'number',
    epochMs: true,
    label: { 'zh-CN': '最后采集时间', 'en-US': 'Last poll' },
  },
  createTime: { sql: 'm.create_time', type: 'datetime', label: AUDIT_LABELS.createTime },
};

/** Columns of a config row with its device (`FROM modbus_device m JOIN device d`). */
export const MODBUS_SELECT = `m.id, m.dev_no, coalesce(d.alias, d.name) AS device_name, d.model, m.host, m.port, m.unit_id, m.map_code, m.registers,
  m.poll_period_ms, m.timeout_ms, m.enabled, m.state, m.last_result, m.last_error, m.last_poll_ms, m.last_ok_ms, m.failures, m.next_poll_ms,
  ${epochMsSql('m.create_time')} AS create_ms`;
const FROM = 'modbus_device m JOIN device d ON d.dev_no = m.dev_no';

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
  from: FROM,
  select: MODBUS_SELECT,
  tenantScope: 'm.tenant_id = $tenant',
  idSql: 'm.id',
  defaultSort: { field: 'createTime', order: 'desc' },
  fields: FIELDS,
  map: modbusRecordOf,
};

/** One config of the tenant. @throws AppError notFound modbusNotFound. */
export async function viewModbusDevice(q: Queryable, tenantId: number, id: string): Promise<ModbusDeviceRecord> {
  const [row] = await q.query(`SELECT ${MODBUS_SELECT} FROM ${FROM} WHERE m.tenant_id = $1 AND m.id = $2`, [
    tenantId,
    id,
  ]);
  if (!row) throw new AppError('notFound', 'modbusNotFound');
  return modbusRecordOf(row);
}

/** Device of the tenant, not configured twice, not fed by a third-party integration (field `deviceId`). */
async function checkDevice(
  q: Queryable,
  lang: Language,
  tenantId: number,
  deviceId: string,
  exceptId: string | null,
): Promise<void> {
  const [bad] = await devicesNotInTenant(q, tenantId, [deviceId]);
  if (bad !== undefined) throw fieldFailure(lang, 'deviceId', 'deviceNotInTenant', { id: bad });
  const taken = await q.query('SELECT 1 FROM modbus_device WHERE dev_no = $1 AND id IS DISTINCT FROM $2', [
    deviceId,
    exceptId,
  ]);
  if (taken.length) throw fieldFailure(lang, 'deviceId', 'modbusDeviceTaken', { device: deviceId });
  const [fed] = await q.query<{ name: string }>(
    'SELECT i.name FROM third_party_device t JOIN third_party_integration i ON i.id = t.integration_id WHERE t.dev_no = $1',
    [deviceId],
  );
  if (fed) throw fieldFailure(lang, 'deviceId', 'modbusDeviceFed', { device: deviceId, name: fed.name });
}

const params = (b: Body): unknown[] => [
  b.host,
  b.port,
  b.unitId,
  b.mapCode,
  JSON.stringify(b.registers),
  b.pollPeriodMs,
  b.timeoutMs,
  b.enabled,
];

/** `modbus/add`. @throws AppError badRequest (field deviceId). */
export async function addModbusDevice(
  q: Queryable,
  auth: AuthContext,
  lang: Language,
  body: Body,
): Promise<ModbusDeviceRecord> {
  await checkDevice(q, lang, auth.tenantId, body.deviceId, null);
  const [row] = await q.query<{ id: string }>(
    `INSERT INTO modbus_device (tenant_id, dev_no, host, port, unit_id, map_code, registers, poll_period_ms, timeout_ms, enabled, state, create_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, $10, CASE WHEN $10 THEN 'offline' ELSE 'disabled' END, $11) RETURNING id`,
    [auth.tenantId, body.deviceId, ...params(body), auth.username],
  );
  return viewModbusDevice(q, auth.tenantId, row!.id);
}

/** `modbus/edit`: replaces the config; the poll status starts afresh when the link changes. */
export async function editModbusDevice(
  q: Queryable,
  auth: AuthContext,
  lang: Language,
  body: Body & { id: string },
): Promise<ModbusDeviceRecord> {
  await viewModbusDevice(q, auth.tenantId, body.id);
  await checkDevice(q, lang, auth.tenantId, body.deviceId, body.id);
  await q.query(
    `UPDATE modbus_device SET dev_no = $3, host = $4, port = $5, unit_id = $6, map_code = $7, registers = $8::jsonb, poll_period_ms = $9,
       timeout_ms = $10, enabled = $11, update_by = $12, update_time = now()
     WHERE tenant_id = $1 AND id = $2`,
    [auth.tenantId, body.id, body.deviceId, ...params(body), auth.username],
  );
  return viewModbusDevice(q, auth.tenantId, body.id);
}

/** `modbus/delete`: ids of the tenant (others are ignored); answers the deleted ids. */
export async function deleteModbusDevices(q: Queryable, auth: AuthContext, ids: string): Promise<string[]> {
  const rows = await q.query<{ id: string }>(
    'DELETE FROM modbus_device WHERE tenant_id = $1 AND id = ANY($2::text[]) RETURNING id',
    [auth.tenantId, splitIds(ids)],
  );
  return rows.map((r) => r.id);
}
