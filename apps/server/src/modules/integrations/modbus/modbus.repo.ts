import type { ModbusDeviceAddSchema } from '@ztj/contracts';
import type { z } from 'zod';
import type { Queryable } from '../../../platform/db/db';
import { MODBUS_FROM, MODBUS_SELECT } from './modbus.list';

/**
 * Modbus config queries (CONVENTIONS §1 repo), table `modbus_device`. Functions taking a
 * `tenantId` add it to the `where` clause, so another tenant's config is simply not found; the
 * device checks look across tenants on purpose (a device has one source).
 */

/** A config body as validated by `ModbusDeviceAddSchema`. */
export type ModbusBody = z.output<typeof ModbusDeviceAddSchema>;

/** A config row of the tenant as selected by `MODBUS_SELECT`, for `modbusRecordOf`; undefined when not found. */
export async function selectModbusDevice(
  q: Queryable,
  tenantId: number,
  id: string,
): Promise<Record<string, unknown> | undefined> {
  const [row] = await q.query(`SELECT ${MODBUS_SELECT} FROM ${MODBUS_FROM} WHERE m.tenant_id = $1 AND m.id = $2`, [
    tenantId,
    id,
  ]);
  return row;
}

/** True when a config other than `exceptId` (null = none excepted) polls the device. */
export async function deviceHasConfig(q: Queryable, deviceId: string, exceptId: string | null): Promise<boolean> {
  const taken = await q.query('SELECT 1 FROM modbus_device WHERE dev_no = $1 AND id IS DISTINCT FROM $2', [
    deviceId,
    exceptId,
  ]);
  return taken.length > 0;
}

/** The name of the third-party integration that feeds the device, if one does. */
export async function feedingIntegration(q: Queryable, deviceId: string): Promise<string | undefined> {
  const [fed] = await q.query<{ name: string }>(
    'SELECT i.name FROM third_party_device t JOIN third_party_integration i ON i.id = t.integration_id WHERE t.dev_no = $1',
    [deviceId],
  );
  return fed?.name;
}

/** Link, map and poll columns (host … enabled) in the order both insert and update list them; registers as jsonb. */
const params = (b: ModbusBody): unknown[] => [
  b.host,
  b.port,
  b.unitId,
  b.mapCode,
  JSON.stringify(b.registers),
  b.pollPeriodMs,
  b.timeoutMs,
  b.enabled,
];

/** Inserts a config of the tenant (state offline, or disabled when not enabled) by user name `by`; returns its id. */
export async function insertModbusDevice(
  q: Queryable,
  tenantId: number,
  by: string,
  body: ModbusBody,
): Promise<string> {
  const [row] = await q.query<{ id: string }>(
    `INSERT INTO modbus_device (tenant_id, dev_no, host, port, unit_id, map_code, registers, poll_period_ms, timeout_ms, enabled, state, create_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, $10, CASE WHEN $10 THEN 'offline' ELSE 'disabled' END, $11) RETURNING id`,
    [tenantId, body.deviceId, ...params(body), by],
  );
  return row!.id;
}

/** Replaces a config of the tenant; `by` = user name. */
export async function updateModbusDevice(
  q: Queryable,
  tenantId: number,
  id: string,
  by: string,
  body: ModbusBody,
): Promise<void> {
  await q.query(
    `UPDATE modbus_device SET dev_no = $3, host = $4, port = $5, unit_id = $6, map_code = $7, registers = $8::jsonb, poll_period_ms = $9,
       timeout_ms = $10, enabled = $11, update_by = $12, update_time = now()
     WHERE tenant_id = $1 AND id = $2`,
    [tenantId, id, body.deviceId, ...params(body), by],
  );
}

/** Deletes the configs of the tenant among `ids`; returns the deleted ids. */
export async function deleteModbusRows(q: Queryable, tenantId: number, ids: readonly string[]): Promise<string[]> {
  const rows = await q.query<{ id: string }>(
    'DELETE FROM modbus_device WHERE tenant_id = $1 AND id = ANY($2::text[]) RETURNING id',
    [tenantId, ids],
  );
  return rows.map((r) => r.id);
}
