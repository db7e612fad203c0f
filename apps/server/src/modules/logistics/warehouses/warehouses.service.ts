import { formatMessage, type Language, type WarehouseAddSchema, type WarehouseRecord } from '@ztj/contracts';
import type { z } from 'zod';
import type { AuthContext } from '../../../platform/auth/auth-context';
import type { Db, Queryable } from '../../../platform/db/db';
import { AppError } from '../../../platform/http/app-error';
import { devicesNotInTenant, usersNotInTenant } from '../../../platform/tenancy/tenant-refs';
import { splitIds } from '../../../platform/list/split-ids';
import { fieldFailure } from '../../../platform/http/field-errors';
import { insertBindings } from '../../alarms/settings/templates.service';
import { applyAcquisitionPeriod, checkAcquisitionPeriod, type PeriodChannel } from './warehouse-periods';
import { WAREHOUSE_SELECT, warehouseRecordOf } from './warehouses.list';

/**
 * Warehouse writes (SPEC §2 creation steps 1 information + devices, 2 monitoring
 * rules; §3 fields). Every query carries the caller's tenant: another tenant's warehouse is "not
 * found", another tenant's device or user a field error.
 *
 * Monitoring rules: the warehouse keeps the rule templates chosen in step 2 (`template_ids`) and
 * binds each to every one of its devices (alarm_rule_binding, target type device; the alarm
 * runtime's rule cache sees the write). Taking a template off the warehouse, a device out of it or
 * deleting it unbinds those templates from those devices; other bindings are untouched.
 * A device belongs to at most one warehouse.
 */

type Body = z.output<typeof WarehouseAddSchema>;

/** One warehouse of the tenant. @throws AppError notFound warehouseNotFound. */
export async function viewWarehouse(q: Queryable, tenantId: number, id: string): Promise<WarehouseRecord> {
  const [row] = await q.query(`SELECT ${WAREHOUSE_SELECT} FROM warehouse w WHERE w.tenant_id = $1 AND w.id = $2`, [
    tenantId,
    id,
  ]);
  if (!row) throw new AppError('notFound', 'warehouseNotFound');
  return warehouseRecordOf(row);
}

interface Stored {
  deviceIds: string[];
  templateIds: string[];
  period: number | null;
}

/** Devices, templates and period of a warehouse of the tenant, locked for the write. @throws AppError notFound. */
async function storedOf(q: Queryable, tenantId: number, id: string): Promise<Stored> {
  const [w] = await q.query<{ template_ids: unknown; acquisition_period: number | null }>(
    'SELECT template_ids, acquisition_period FROM warehouse WHERE tenant_id = $1 AND id = $2 FOR UPDATE',
    [tenantId, id],
  );
  if (!w) throw new AppError('notFound', 'warehouseNotFound');
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

/**
 * Refuses devices of another tenant and devices already in another warehouse (field `deviceIds`).
 * @throws AppError badRequest deviceNotInTenant / warehouseDeviceTaken naming the device (and warehouse).
 */
async function checkDevices(
  q: Queryable,
  lang: Language,
  tenantId: number,
  deviceIds: readonly string[],
  exceptId: string | null,
): Promise<void> {
  const [bad] = await devicesNotInTenant(q, tenantId, deviceIds);
  if (bad !== undefined) throw fieldFailure(lang, 'deviceIds', 'deviceNotInTenant', { id: bad });
  const [taken] = await q.query<{ dev_no: string; name: string }>(
    `SELECT wd.dev_no, w.name FROM warehouse_device wd JOIN warehouse w ON w.id = wd.warehouse_id
      WHERE w.tenant_id = $1 AND wd.dev_no = ANY($2::text[]) AND w.id IS DISTINCT FROM $3 ORDER BY wd.dev_no LIMIT 1`,
    [tenantId, [...deviceIds], exceptId],
  );
  if (taken)
    throw fieldFailure(lang, 'deviceIds', 'warehouseDeviceTaken', { device: taken.dev_no, warehouse: taken.name });
}

/**
 * Checks a body against the tenant: number unique, devices of the tenant and in no other
 * warehouse, acquisition period within every device's model limits, monitoring accounts and rule
 * templates of the tenant.
 * @throws AppError conflict warehouseNumberExists (`number`); badRequest deviceNotInTenant /
 *   warehouseDeviceTaken (`deviceIds`), warehousePeriodOutOfRange (`acquisitionPeriod`),
 *   userNotInTenant (`monitorUserIds`), templateNotFound (`templateIds`).
 */
async function checkBody(
  q: Queryable,
  lang: Language,
  tenantId: number,
  body: Body,
  exceptId: string | null,
): Promise<void> {
  const taken = await q.query(
    'SELECT 1 FROM warehouse WHERE tenant_id = $1 AND number = $2 AND id IS DISTINCT FROM $3',
    [tenantId, body.number, exceptId],
  );
  if (taken.length)
    throw new AppError('conflict', 'warehouseNumberExists', {}, [
      { field: 'number', message: formatMessage('warehouseNumberExists', lang) },
    ]);
  await checkDevices(q, lang, tenantId, body.deviceIds, exceptId);
  await checkAcquisitionPeriod(q, lang, tenantId, body.deviceIds, body.acquisitionPeriod);
  const [badUser] = await usersNotInTenant(q, tenantId, body.monitorUserIds);
  if (badUser !== undefined) throw fieldFailure(lang, 'monitorUserIds', 'userNotInTenant');
  const unique = [...new Set(body.templateIds)];
  const found = await q.query('SELECT 1 FROM alarm_rule_template WHERE tenant_id = $1 AND id = ANY($2::text[])', [
    tenantId,
    unique,
  ]);
  if (found.length !== unique.length) throw fieldFailure(lang, 'templateIds', 'templateNotFound');
}

/** Removes the bindings of `templateIds` to `deviceIds` (target type device) in the tenant. */
async function unbind(
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

/** Binds every template of `templateIds` to every device of `deviceIds`. */
async function bind(
  q: Queryable,
  tenantId: number,
  templateIds: readonly string[],
  deviceIds: readonly string[],
  by: string,
): Promise<void> {
  for (const t of new Set(templateIds)) await insertBindings(q, tenantId, t, 'device', deviceIds, by);
}

async function insertDevices(q: Queryable, id: string, deviceIds: readonly string[]): Promise<void> {
  await q.query(
    'INSERT INTO warehouse_device (dev_no, warehouse_id) SELECT x, $1 FROM unnest($2::text[]) AS x ON CONFLICT DO NOTHING',
    [id, [...new Set(deviceIds)]],
  );
}

/**
 * Inserts a checked warehouse with its devices and bindings; returns its id. Used by add and the
 * demo seed (`by` = creator's user name).
 */
export async function insertWarehouse(q: Queryable, tenantId: number, by: string, body: Body): Promise<string> {
  const [row] = await q.query<{ id: string }>(
    `INSERT INTO warehouse (tenant_id, name, number, description, note, acquisition_period, monitor_user_ids, template_ids, create_by)
     VALUES ($1,$2,$3,$4,$5,$6,$7::jsonb,$8::jsonb,$9) RETURNING id`,
    [
      tenantId,
      body.name,
      body.number,
      body.description,
      body.note,
      body.acquisitionPeriod,
      JSON.stringify([...new Set(body.monitorUserIds)]),
      JSON.stringify([...new Set(body.templateIds)]),
      by,
    ],
  );
  await insertDevices(q, row!.id, body.deviceIds);
  await bind(q, tenantId, body.templateIds, body.deviceIds, by);
  return row!.id;
}

/** Adds a warehouse (steps 1-2); its period goes down to its devices. Errors: see {@link checkBody}. */
export async function addWarehouse(
  db: Db,
  channel: PeriodChannel | null,
  auth: AuthContext,
  lang: Language,
  body: Body,
): Promise<WarehouseRecord> {
  const id = await db.tx(async (q) => {
    await checkBody(q, lang, auth.tenantId, body, null);
    return insertWarehouse(q, auth.tenantId, auth.username, body);
  });
  await applyAcquisitionPeriod(db, channel, auth, body.deviceIds, body.acquisitionPeriod);
  return viewWarehouse(db, auth.tenantId, id);
}

/**
 * Replaces a warehouse's fields, devices and rule templates (bindings follow, see the module
 * comment). A changed period goes down to every device, an unchanged one to the added devices.
 * @throws AppError notFound; and the errors of {@link checkBody}.
 */
export async function editWarehouse(
  db: Db,
  channel: PeriodChannel | null,
  auth: AuthContext,
  lang: Language,
  body: Body & { id: string },
): Promise<WarehouseRecord> {
  const before = await db.tx(async (q) => {
    const old = await storedOf(q, auth.tenantId, body.id);
    await checkBody(q, lang, auth.tenantId, body, body.id);
    await q.query(
      `UPDATE warehouse SET name = $3, number = $4, description = $5, note = $6, acquisition_period = $7, monitor_user_ids = $8::jsonb,
          template_ids = $9::jsonb, update_by = $10, update_time = now() WHERE tenant_id = $1 AND id = $2`,
      [
        auth.tenantId,
        body.id,
        body.name,
        body.number,
        body.description,
        body.note,
        body.acquisitionPeriod,
        JSON.stringify([...new Set(body.monitorUserIds)]),
        JSON.stringify([...new Set(body.templateIds)]),
        auth.username,
      ],
    );
    await unbind(q, auth.tenantId, old.templateIds, old.deviceIds);
    await q.query('DELETE FROM warehouse_device WHERE warehouse_id = $1 AND NOT (dev_no = ANY($2::text[]))', [
      body.id,
      body.deviceIds,
    ]);
    await insertDevices(q, body.id, body.deviceIds);
    await bind(q, auth.tenantId, body.templateIds, body.deviceIds, auth.username);
    return old;
  });
  const targets =
    before.period === body.acquisitionPeriod
      ? body.deviceIds.filter((d) => !before.deviceIds.includes(d))
      : body.deviceIds;
  await applyAcquisitionPeriod(db, channel, auth, targets, body.acquisitionPeriod);
  return viewWarehouse(db, auth.tenantId, body.id);
}

/** Deletes warehouses (`ids` comma list) and their templates' bindings to their devices; devices stay. @throws AppError notFound. */
export async function deleteWarehouses(db: Db, auth: AuthContext, ids: string): Promise<void> {
  await db.tx(async (q) => {
    for (const id of splitIds(ids)) {
      const old = await storedOf(q, auth.tenantId, id);
      await unbind(q, auth.tenantId, old.templateIds, old.deviceIds);
      await q.query('DELETE FROM warehouse WHERE tenant_id = $1 AND id = $2', [auth.tenantId, id]);
    }
  });
}

/**
 * Adds devices to a warehouse (bound to its templates, its period sent down).
 * @throws AppError notFound; badRequest deviceNotInTenant / warehouseDeviceTaken / warehousePeriodOutOfRange.
 */
export async function addWarehouseDevices(
  db: Db,
  channel: PeriodChannel | null,
  auth: AuthContext,
  lang: Language,
  id: string,
  deviceIds: readonly string[],
): Promise<WarehouseRecord> {
  const period = await db.tx(async (q) => {
    const old = await storedOf(q, auth.tenantId, id);
    await checkDevices(q, lang, auth.tenantId, deviceIds, id);
    await checkAcquisitionPeriod(q, lang, auth.tenantId, deviceIds, old.period, 'deviceIds');
    await insertDevices(q, id, deviceIds);
    await bind(q, auth.tenantId, old.templateIds, deviceIds, auth.username);
    return old.period;
  });
  await applyAcquisitionPeriod(db, channel, auth, deviceIds, period);
  return viewWarehouse(db, auth.tenantId, id);
}

/**
 * Takes devices out of a warehouse (its templates unbound from them). At least one device stays.
 * @throws AppError notFound; badRequest warehouseLastDevice (`deviceIds`).
 */
export async function removeWarehouseDevices(
  db: Db,
  auth: AuthContext,
  lang: Language,
  id: string,
  deviceIds: readonly string[],
): Promise<WarehouseRecord> {
  await db.tx(async (q) => {
    const old = await storedOf(q, auth.tenantId, id);
    const gone = old.deviceIds.filter((d) => deviceIds.includes(d));
    if (gone.length === old.deviceIds.length) throw fieldFailure(lang, 'deviceIds', 'warehouseLastDevice');
    await unbind(q, auth.tenantId, old.templateIds, gone);
    await q.query('DELETE FROM warehouse_device WHERE warehouse_id = $1 AND dev_no = ANY($2::text[])', [id, gone]);
  });
  return viewWarehouse(db, auth.tenantId, id);
}

/** Users of the tenant offered as monitoring accounts (id, display name, user name), by user name. */
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
