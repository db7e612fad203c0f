import type { WarehouseAddSchema } from '@ztj/contracts';
import type { z } from 'zod';
import type { Queryable } from '../../../platform/db/db';
import { WAREHOUSE_SELECT } from './warehouses.list';

/**
 * Warehouse queries (CONVENTIONS §1 repo): tables `warehouse` and `warehouse_device`, and the
 * warehouse's rule-template bindings in `alarm_rule_binding`. Functions taking a `tenantId` add it
 * to the `where` clause, so another tenant's warehouse is simply not found; the ones taking only a
 * warehouse id run after the caller has read (and locked) that warehouse through its tenant.
 */

/** A warehouse body as validated by `WarehouseAddSchema`. */
export type WarehouseBody = z.output<typeof WarehouseAddSchema>;

/** A warehouse row of the tenant as selected by `WAREHOUSE_SELECT`, for `warehouseRecordOf`; undefined when not found. */
export async function selectWarehouse(
  q: Queryable,
  tenantId: number,
  id: string,
): Promise<Record<string, unknown> | undefined> {
  const [row] = await q.query(`SELECT ${WAREHOUSE_SELECT} FROM warehouse w WHERE w.tenant_id = $1 AND w.id = $2`, [
    tenantId,
    id,
  ]);
  return row;
}

/** What a write compares against: the warehouse's devices, rule templates and acquisition period (null = none). */
export interface StoredWarehouse {
  deviceIds: string[];
  templateIds: string[];
  period: number | null;
}

/** Devices (by id), templates and period of a warehouse of the tenant, its row locked for the write (in a transaction); undefined when not found. */
export async function lockStoredWarehouse(
  q: Queryable,
  tenantId: number,
  id: string,
): Promise<StoredWarehouse | undefined> {
  const [w] = await q.query<{ template_ids: unknown; acquisition_period: number | null }>(
    'SELECT template_ids, acquisition_period FROM warehouse WHERE tenant_id = $1 AND id = $2 FOR UPDATE',
    [tenantId, id],
  );
  if (!w) return undefined;
  const devices = await q.query<{ dev_no: string }>(
    'SELECT dev_no FROM warehouse_device WHERE warehouse_id = $1 ORDER BY dev_no',
    [id],
  );
  const templateIds = (typeof w.template_ids === 'string' ? JSON.parse(w.template_ids) : w.template_ids) as string[];
  return {
    deviceIds: devices.map((d) => d.dev_no),
    templateIds,
    period: w.acquisition_period == null ? null : Number(w.acquisition_period),
  };
}

/** The first (by id) of `deviceIds` in another warehouse of the tenant than `exceptId` (null = any), with that warehouse's name. */
export async function firstHousedDevice(
  q: Queryable,
  tenantId: number,
  deviceIds: readonly string[],
  exceptId: string | null,
): Promise<{ dev_no: string; name: string } | undefined> {
  const [taken] = await q.query<{ dev_no: string; name: string }>(
    `SELECT wd.dev_no, w.name FROM warehouse_device wd JOIN warehouse w ON w.id = wd.warehouse_id
      WHERE w.tenant_id = $1 AND wd.dev_no = ANY($2::text[]) AND w.id IS DISTINCT FROM $3 ORDER BY wd.dev_no LIMIT 1`,
    [tenantId, [...deviceIds], exceptId],
  );
  return taken;
}

/** True when another warehouse of the tenant (not `exceptId`; null = none excepted) has `number`. */
export async function warehouseNumberTaken(
  q: Queryable,
  tenantId: number,
  number: string,
  exceptId: string | null,
): Promise<boolean> {
  const taken = await q.query(
    'SELECT 1 FROM warehouse WHERE tenant_id = $1 AND number = $2 AND id IS DISTINCT FROM $3',
    [tenantId, number, exceptId],
  );
  return taken.length > 0;
}

/** How many of the distinct `templateIds` are rule templates of the tenant. */
export async function countTenantTemplates(q: Queryable, tenantId: number, templateIds: string[]): Promise<number> {
  const found = await q.query('SELECT 1 FROM alarm_rule_template WHERE tenant_id = $1 AND id = ANY($2::text[])', [
    tenantId,
    templateIds,
  ]);
  return found.length;
}

/** Removes the bindings of `templateIds` to `deviceIds` (target type device) in the tenant; nothing for an empty list. */
export async function unbindTemplates(
  q: Queryable,
  tenantId: number,
  templateIds: readonly string[],
  deviceIds: readonly string[],
): Promise<void> {
  if (!templateIds.length || !deviceIds.length) return;
  await q.query(
    "DELETE FROM alarm_rule_binding WHERE tenant_id = $1 AND target_type = 'device' AND template_id = ANY($2::text[]) AND target_id = ANY($3::text[])",
    [tenantId, [...templateIds], [...deviceIds]],
  );
}

/** Puts `deviceIds` in the warehouse (one already in stays; duplicates count once). */
export async function insertWarehouseDevices(q: Queryable, id: string, deviceIds: readonly string[]): Promise<void> {
  await q.query(
    'INSERT INTO warehouse_device (dev_no, warehouse_id) SELECT x, $1 FROM unnest($2::text[]) AS x ON CONFLICT DO NOTHING',
    [id, [...new Set(deviceIds)]],
  );
}

/** The columns name … template ids in the order both insert and update list them (jsonb id lists deduplicated). */
const fieldParams = (body: WarehouseBody): unknown[] => [
  body.name,
  body.number,
  body.description,
  body.note,
  body.acquisitionPeriod,
  JSON.stringify([...new Set(body.monitorUserIds)]),
  JSON.stringify([...new Set(body.templateIds)]),
];

/** Inserts a warehouse row of the tenant (without devices) created by user name `by`; returns its id. */
export async function insertWarehouseRow(
  q: Queryable,
  tenantId: number,
  by: string,
  body: WarehouseBody,
): Promise<string> {
  const [row] = await q.query<{ id: string }>(
    `INSERT INTO warehouse (tenant_id, name, number, description, note, acquisition_period, monitor_user_ids, template_ids, create_by)
     VALUES ($1,$2,$3,$4,$5,$6,$7::jsonb,$8::jsonb,$9) RETURNING id`,
    [tenantId, ...fieldParams(body), by],
  );
  return row!.id;
}

/** Replaces the fields of a warehouse of the tenant; `by` = user name. */
export async function updateWarehouseRow(
  q: Queryable,
  tenantId: number,
  id: string,
  by: string,
  body: WarehouseBody,
): Promise<void> {
  await q.query(
    `UPDATE warehouse SET name = $3, number = $4, description = $5, note = $6, acquisition_period = $7, monitor_user_ids = $8::jsonb,
          template_ids = $9::jsonb, update_by = $10, update_time = now() WHERE tenant_id = $1 AND id = $2`,
    [tenantId, id, ...fieldParams(body), by],
  );
}

/** Takes every device but `keep` out of the warehouse. */
export async function removeDevicesExcept(q: Queryable, id: string, keep: readonly string[]): Promise<void> {
  await q.query('DELETE FROM warehouse_device WHERE warehouse_id = $1 AND NOT (dev_no = ANY($2::text[]))', [id, keep]);
}

/** Takes `deviceIds` out of the warehouse. */
export async function removeDevices(q: Queryable, id: string, deviceIds: readonly string[]): Promise<void> {
  await q.query('DELETE FROM warehouse_device WHERE warehouse_id = $1 AND dev_no = ANY($2::text[])', [id, deviceIds]);
}

/** Deletes a warehouse of the tenant (its device rows go with it; the devices stay). */
export async function deleteWarehouseRow(q: Queryable, tenantId: number, id: string): Promise<void> {
  await q.query('DELETE FROM warehouse WHERE tenant_id = $1 AND id = $2', [tenantId, id]);
}

/** Users of the tenant offered as monitoring accounts (id, display name, user name), by user name, at most 500. */
export async function userOptions(
  q: Queryable,
  tenantId: number,
): Promise<{ id: string; name: string; username: string }[]> {
  return q.query(
    `SELECT u.id, coalesce(nullif(u.realname, ''), u.username) AS name, u.username FROM sys_user u
      JOIN sys_user_tenant ut ON ut.user_id = u.id AND ut.tenant_id = $1 WHERE u.del_flag = 0 ORDER BY u.username LIMIT 500`,
    [tenantId],
  );
}
