import { formatMessage, type Language, type WarehouseRecord } from '@ztj/contracts';
import type { AuthContext } from '../../../platform/auth/auth-context';
import type { Db, Queryable } from '../../../platform/db/db';
import { AppError } from '../../../platform/http/app-error';
import { devicesNotInTenant, usersNotInTenant } from '../../../platform/tenancy/tenant-refs';
import { splitIds } from '../../../platform/list/split-ids';
import { fieldFailure } from '../../../platform/http/field-errors';
import { insertBindings } from '../../alarms/settings/templates.service';
import { applyAcquisitionPeriod, checkAcquisitionPeriod, type PeriodChannel } from './warehouse-periods';
import { warehouseRecordOf } from './warehouses.list';
import {
  countTenantTemplates,
  deleteWarehouseRow,
  firstHousedDevice,
  insertWarehouseDevices,
  insertWarehouseRow,
  lockStoredWarehouse,
  removeDevices,
  removeDevicesExcept,
  selectWarehouse,
  unbindTemplates,
  updateWarehouseRow,
  warehouseNumberTaken,
  type StoredWarehouse,
  type WarehouseBody as Body,
} from './warehouses.repo';

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

/** One warehouse of the tenant. @throws AppError notFound warehouseNotFound. */
export async function viewWarehouse(q: Queryable, tenantId: number, id: string): Promise<WarehouseRecord> {
  const row = await selectWarehouse(q, tenantId, id);
  if (!row) throw new AppError('notFound', 'warehouseNotFound');
  return warehouseRecordOf(row);
}

/** Devices, templates and period of a warehouse of the tenant, locked for the write. @throws AppError notFound. */
async function storedOf(q: Queryable, tenantId: number, id: string): Promise<StoredWarehouse> {
  const stored = await lockStoredWarehouse(q, tenantId, id);
  if (!stored) throw new AppError('notFound', 'warehouseNotFound');
  return stored;
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
  const taken = await firstHousedDevice(q, tenantId, deviceIds, exceptId);
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
  if (await warehouseNumberTaken(q, tenantId, body.number, exceptId))
    throw new AppError('conflict', 'warehouseNumberExists', {}, [
      { field: 'number', message: formatMessage('warehouseNumberExists', lang) },
    ]);
  await checkDevices(q, lang, tenantId, body.deviceIds, exceptId);
  await checkAcquisitionPeriod(q, lang, tenantId, body.deviceIds, body.acquisitionPeriod);
  const [badUser] = await usersNotInTenant(q, tenantId, body.monitorUserIds);
  if (badUser !== undefined) throw fieldFailure(lang, 'monitorUserIds', 'userNotInTenant');
  const unique = [...new Set(body.templateIds)];
  if ((await countTenantTemplates(q, tenantId, unique)) !== unique.length)
    throw fieldFailure(lang, 'templateIds', 'templateNotFound');
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

/**
 * Inserts a checked warehouse with its devices and bindings; returns its id. Used by add and the
 * demo seed (`by` = creator's user name).
 */
export async function insertWarehouse(q: Queryable, tenantId: number, by: string, body: Body): Promise<string> {
  const id = await insertWarehouseRow(q, tenantId, by, body);
  await insertWarehouseDevices(q, id, body.deviceIds);
  await bind(q, tenantId, body.templateIds, body.deviceIds, by);
  return id;
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
    await updateWarehouseRow(q, auth.tenantId, body.id, auth.username, body);
    await unbindTemplates(q, auth.tenantId, old.templateIds, old.deviceIds);
    await removeDevicesExcept(q, body.id, body.deviceIds);
    await insertWarehouseDevices(q, body.id, body.deviceIds);
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
      await unbindTemplates(q, auth.tenantId, old.templateIds, old.deviceIds);
      await deleteWarehouseRow(q, auth.tenantId, id);
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
    await insertWarehouseDevices(q, id, deviceIds);
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
    await unbindTemplates(q, auth.tenantId, old.templateIds, gone);
    await removeDevices(q, id, gone);
  });
  return viewWarehouse(db, auth.tenantId, id);
}
