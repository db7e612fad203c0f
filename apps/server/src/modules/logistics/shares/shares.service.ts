import type { Language, ShareAddSchema, ShareDetail, ShareRecord, ShareUpdateSchema } from '@ztj/contracts';
import type { z } from 'zod';
import type { AuthContext } from '../../../platform/auth/auth-context';
import type { Db, Queryable } from '../../../platform/db/db';
import { AppError } from '../../../platform/http/app-error';
import { devicesByIds } from '../../devices/devices.repo';
import { devicesNotInTenant } from '../../../platform/tenancy/tenant-refs';
import { fieldFailure } from '../../../platform/http/field-errors';
import { SHARE_FROM, SHARE_SELECT, shareRecordOf } from './shares.list';

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
  const [row] = await q.query<{ id: string }>(
    `SELECT id FROM sys_user WHERE del_flag = 0 AND (lower(username) = lower($1) OR phone = $1)
      ORDER BY (lower(username) = lower($1)) DESC, create_time LIMIT 1`,
    [account],
  );
  if (!row) throw fieldFailure(lang, 'account', 'shareAccountUnknown');
  if (row.id === callerId) throw fieldFailure(lang, 'account', 'shareToSelf');
  return row.id;
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
  const [row] = await q.query(`SELECT ${SHARE_SELECT} FROM ${SHARE_FROM} WHERE s.owner_tenant_id = $1 AND s.id = $2`, [
    tenantId,
    id,
  ]);
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
  const ids = await db.query<{ dev_no: string }>(
    'SELECT dev_no FROM share_device WHERE share_id = $1 ORDER BY add_time, dev_no',
    [id],
  );
  return {
    ...share,
    devices: await devicesByIds(
      db,
      tenantId,
      ids.map((r) => r.dev_no),
    ),
  };
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
  const id = await db.tx(async (q) => {
    const [row] = await q.query<{ id: string }>(
      `INSERT INTO device_share (owner_tenant_id, owner_user_id, receiver_user_id, note, expire_time, create_by)
       VALUES ($1,$2,$3,$4, CASE WHEN $5::float8 IS NULL THEN NULL ELSE to_timestamp($5::float8 / 1000) END, $6) RETURNING id`,
      [auth.tenantId, auth.userId, receiver, body.note, body.expireTime, auth.username],
    );
    await q.query('INSERT INTO share_device (share_id, dev_no) SELECT $1, unnest($2::text[])', [row!.id, deviceIds]);
    return row!.id;
  });
  return getShare(db, auth.tenantId, id);
}

/**
 * Changes note and expiry of a share that has not ended. An expiry in the past ends the
 * receiver's access at once (status `expired`).
 * @throws AppError notFound shareNotFound; business shareEnded.
 */
export async function updateShare(db: Db, auth: AuthContext, body: UpdateBody): Promise<ShareRecord> {
  await openShare(db, auth.tenantId, body.id);
  await db.query(
    `UPDATE device_share SET note = $3, expire_time = CASE WHEN $4::float8 IS NULL THEN NULL ELSE to_timestamp($4::float8 / 1000) END,
       update_by = $5, update_time = now() WHERE owner_tenant_id = $1 AND id = $2`,
    [auth.tenantId, body.id, body.note, body.expireTime, auth.username],
  );
  return getShare(db, auth.tenantId, body.id);
}

/**
 * Ends a share: the receiver loses access at once (every receiver query checks `unbind_time`).
 * @throws AppError notFound shareNotFound; business shareEnded when already ended.
 */
export async function unbindShare(db: Db, auth: AuthContext, id: string): Promise<ShareRecord> {
  await openShare(db, auth.tenantId, id);
  await db.query(
    'UPDATE device_share SET unbind_time = now(), unbind_by = $3 WHERE owner_tenant_id = $1 AND id = $2 AND unbind_time IS NULL',
    [auth.tenantId, id, auth.username],
  );
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
  await db.query('INSERT INTO share_device (share_id, dev_no) SELECT $1, unnest($2::text[]) ON CONFLICT DO NOTHING', [
    id,
    unique,
  ]);
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
  await db.query('DELETE FROM share_device WHERE share_id = $1 AND dev_no = ANY($2::text[])', [id, deviceIds]);
  return getShare(db, auth.tenantId, id);
}
