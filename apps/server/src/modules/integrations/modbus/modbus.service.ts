import type { Language, ModbusDeviceRecord } from '@ztj/contracts';
import type { AuthContext } from '../../../platform/auth/auth-context';
import type { Queryable } from '../../../platform/db/db';
import { AppError } from '../../../platform/http/app-error';
import { devicesNotInTenant } from '../../../platform/tenancy/tenant-refs';
import { splitIds } from '../../../platform/list/split-ids';
import { fieldFailure } from '../../../platform/http/field-errors';
import { modbusRecordOf } from './modbus.list';
import {
  deleteModbusRows,
  deviceHasConfig,
  feedingIntegration,
  insertModbusDevice,
  selectModbusDevice,
  updateModbusDevice,
  type ModbusBody,
} from './modbus.repo';

/**
 * Modbus device configs: CRUD of `modbus_device`, tenant-scoped. A config names a
 * device of the tenant (one config per device, not also fed by a third-party integration), where
 * to reach it, its register map (validated by the contract) and its poll period. The poller reads
 * the table again after every write (`reload`).
 */

/** One config of the tenant. @throws AppError notFound modbusNotFound. */
export async function viewModbusDevice(q: Queryable, tenantId: number, id: string): Promise<ModbusDeviceRecord> {
  const row = await selectModbusDevice(q, tenantId, id);
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
  if (await deviceHasConfig(q, deviceId, exceptId))
    throw fieldFailure(lang, 'deviceId', 'modbusDeviceTaken', { device: deviceId });
  const fed = await feedingIntegration(q, deviceId);
  if (fed !== undefined) throw fieldFailure(lang, 'deviceId', 'modbusDeviceFed', { device: deviceId, name: fed });
}

/** `modbus/add`. @throws AppError badRequest (field deviceId). */
export async function addModbusDevice(
  q: Queryable,
  auth: AuthContext,
  lang: Language,
  body: ModbusBody,
): Promise<ModbusDeviceRecord> {
  await checkDevice(q, lang, auth.tenantId, body.deviceId, null);
  const id = await insertModbusDevice(q, auth.tenantId, auth.username, body);
  return viewModbusDevice(q, auth.tenantId, id);
}

/** `modbus/edit`: replaces the config; the poll status starts afresh when the link changes. */
export async function editModbusDevice(
  q: Queryable,
  auth: AuthContext,
  lang: Language,
  body: ModbusBody & { id: string },
): Promise<ModbusDeviceRecord> {
  await viewModbusDevice(q, auth.tenantId, body.id);
  await checkDevice(q, lang, auth.tenantId, body.deviceId, body.id);
  await updateModbusDevice(q, auth.tenantId, body.id, auth.username, body);
  return viewModbusDevice(q, auth.tenantId, body.id);
}

/** `modbus/delete`: ids of the tenant (others are ignored); answers the deleted ids. */
export async function deleteModbusDevices(q: Queryable, auth: AuthContext, ids: string): Promise<string[]> {
  return deleteModbusRows(q, auth.tenantId, splitIds(ids));
}
