import type { Language, ShareAddSchema, ShareDetail, ShareRecord, ShareUpdateSchema } from '@ztj/contracts';
import type { z } from 'zod';
import type { AuthContext } from '../../../platform/auth/auth-context';
import type { Db, Queryable } from '../../../platform/db/db';
import { AppError } from '../../../platform/http/app-error';
import { devicesByIds } from '../../devices/devices.repo';
import { devicesNotInTenant } from '../../../platform/tenancy/tenant-refs';
import { fieldFailure } from '../../../platform/http/field-errors';
import { shareRecordOf } from './shares.list';
import * as repo from './shares.repo';

/**
 * Owner side of device shares (SPEC §7 shares add, update, unbind, bindDevs,
 * unbindDevs). Every statement is scoped to the caller's tenant (the owner); another tenant's
 * share id is "share not found" (404). Bad input answers field errors and stores nothing: an
 * unknown account or the caller's own account (`account`), a device outside the tenant
 * (`deviceIds`), an expiry that is not in the future (`expireTime`, on add).
 */

type AddBody = z.output<typeof ShareAddSchema>;
type UpdateBody = z.output<typeof ShareUpdateSchema>;

/**
 * The console account a share goes to: an undeleted user whose user name (case-insensitive) or
 * phone is `account`; a user-name match wins over a phone match.
 * @throws AppError badRequest with a field error on `account`: shareAccountUnknown, shareToSelf.
 */
export async function resolveReceiver(
  q: Queryable,
  lang: Language,
  account: string,
  callerId: string,
): Promise<string> {
  const id = await repo.receiverIdOf(q, account);
  if (!id) throw fieldFailure(lang, 'account', 'shareAccountUnknown');
  if (id === callerId) throw fieldFailure(lang, 'account', 'shareToSelf');
  return id;
}

/** @throws AppError badRequest (field `deviceIds`, deviceNotInTenant) when a device is not the tenant's. */
async function checkDevices(q: Queryable, lang: Language, tenantId: number, ids: readonly string[]): Promise<void> {
  const missing = await devicesNotInTenant(q, tenantId, ids);
  if (missing.length) throw fieldFailure(lang, 'deviceIds', 'deviceNotInTenant', { id: missing[0]! });
}

/**
 * One share of the tenant.
 * @throws AppError notFound shareNotFound (also for another tenant's share).
 */
export async function getShare(q: Queryable, tenantId: number, id: string): Promise<ShareRecord> {
  const row = await repo.shareRow(q, tenantId, id);
  if (!row) throw new AppError('notFound', 'shareNotFound');
  return shareRecordOf(row);
}

/** A share of the tenant that has not ended. @throws AppError notFound shareNotFound; business shareEnded. */
async function openShare(q: Queryable, tenantId: number, id: string): Promise<ShareRecord> {
  const share = await getShare(q, tenantId, id);
  if (share.status === 'ended') throw new AppError('business', 'shareEnded');
  return share;
}

/** One share with its devices (owner side detail). @throws AppError notFound shareNotFound. */
export async function viewShare(db: Db, tenantId: number, id: string): Promise<ShareDetail> {
  const share = await getShare(db, tenantId, id);
  return { ...share, devices: await devicesByIds(db, tenantId, await repo.shareDeviceIds(db, id)) };
}

/**
 * Shares devices of the caller's tenant with another account.
 * @throws AppError badRequest field errors on `account`, `deviceIds`, `expireTime`.
 */
export async function addShare(db: Db, auth: AuthContext, lang: Language, body: AddBody): Promise<ShareRecord> {
  const receiver = await resolveReceiver(db, lang, body.account, auth.userId);
  if (body.expireTime !== null && body.expireTime <= Date.now())
    throw fieldFailure(lang, 'expireTime', 'shareExpirePast');
  const deviceIds = [...new Set(body.deviceIds)];
  await checkDevices(db, lang, auth.tenantId, deviceIds);
  const share = {
    tenantId: auth.tenantId,
    userId: auth.userId,
    receiverId: receiver,
    note: body.note,
    expireTime: body.expireTime,
    by: auth.username,
  };
  const id = await db.tx((q) => repo.insertShare(q, share, deviceIds));
  return getShare(db, auth.tenantId, id);
}

/**
 * Changes note and expiry of a share that has not ended. An expiry in the past ends the
 * receiver's access at once (status `expired`).
 * @throws AppError notFound shareNotFound; business shareEnded.
 */
export async function updateShare(db: Db, auth: AuthContext, body: UpdateBody): Promise<ShareRecord> {
  await openShare(db, auth.tenantId, body.id);
  await repo.updateShareRow(db, auth.tenantId, body.id, body, auth.username);
  return getShare(db, auth.tenantId, body.id);
}

/**
 * Ends a share: the receiver loses access at once (every receiver query checks `unbind_time`).
 * @throws AppError notFound shareNotFound; business shareEnded when already ended.
 */
export async function unbindShare(db: Db, auth: AuthContext, id: string): Promise<ShareRecord> {
  await openShare(db, auth.tenantId, id);
  await repo.endShare(db, auth.tenantId, id, auth.username);
  return getShare(db, auth.tenantId, id);
}

/**
 * Adds devices of the tenant to a share (already shared ones are kept).
 * @throws AppError notFound shareNotFound; business shareEnded; badRequest `deviceIds`.
 */
export async function bindShareDevices(
  db: Db,
  auth: AuthContext,
  lang: Language,
  id: string,
  deviceIds: string[],
): Promise<ShareRecord> {
  await openShare(db, auth.tenantId, id);
  const unique = [...new Set(deviceIds)];
  await checkDevices(db, lang, auth.tenantId, unique);
  await repo.addShareDevices(db, id, unique);
  return getShare(db, auth.tenantId, id);
}

/**
 * Removes devices from a share; the receiver loses access to them at once.
 * @throws AppError notFound shareNotFound; business shareEnded.
 */
export async function unbindShareDevices(
  db: Db,
  auth: AuthContext,
  id: string,
  deviceIds: string[],
): Promise<ShareRecord> {
  await openShare(db, auth.tenantId, id);
  await repo.removeShareDevices(db, id, deviceIds);
  return getShare(db, auth.tenantId, id);
}
