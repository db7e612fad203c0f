import crypto from 'node:crypto';
import type { Language, ThirdPartyRecord } from '@ztj/contracts';
import type { AuthContext } from '../../../platform/auth/auth-context';
import type { Db, Queryable } from '../../../platform/db/db';
import { AppError } from '../../../platform/http/app-error';
import { devicesNotInTenant } from '../../../platform/tenancy/tenant-refs';
import { splitIds } from '../../../platform/list/split-ids';
import { fieldFailure, nameTaken } from '../../../platform/http/field-errors';
import { thirdPartyRecordOf } from './third-party.list';
import {
  deleteThirdPartyRows,
  firstFedDevice,
  firstPolledDevice,
  insertThirdParty,
  replaceFedDevices,
  replaceKey,
  selectThirdParty,
  thirdPartyNameTaken,
  updateThirdParty,
  type ThirdPartyBody as Body,
} from './third-party.repo';

/**
 * Third-party integrations (SPEC §7 third-party device endpoints for meters,
 * ammeters, water and weight feed): a named integration of the tenant, its type, the devices it
 * may feed and its API key. The key (`tpk_` + 43 base64url characters, 256 random bits) is
 * answered once, on add and on rotateKey; only its SHA-256 and its first 8 characters are stored.
 */

/** SHA-256 hex of an API key. */
export const keyHash = (key: string): string => crypto.createHash('sha256').update(key, 'utf8').digest('hex');
/** A new API key. */
export const newApiKey = (): string => `tpk_${crypto.randomBytes(32).toString('base64url')}`;

/** One integration of the tenant. @throws AppError notFound thirdPartyNotFound. */
export async function viewThirdParty(q: Queryable, tenantId: number, id: string): Promise<ThirdPartyRecord> {
  const row = await selectThirdParty(q, tenantId, id);
  if (!row) throw new AppError('notFound', 'thirdPartyNotFound');
  return thirdPartyRecordOf(row);
}

/** The stored form of an API key: its SHA-256 hex and first 8 characters. */
const storedKey = (apiKey: string): { hash: string; prefix: string } => ({
  hash: keyHash(apiKey),
  prefix: apiKey.slice(0, 8),
});

/** Name free, devices of the tenant, in no other integration and not polled over Modbus. */
async function checkBody(
  q: Queryable,
  lang: Language,
  tenantId: number,
  body: Body,
  exceptId: string | null,
): Promise<void> {
  if (await thirdPartyNameTaken(q, tenantId, body.name, exceptId)) throw nameTaken(lang, 'thirdPartyNameExists');
  const ids = [...new Set(body.deviceIds)];
  const [bad] = await devicesNotInTenant(q, tenantId, ids);
  if (bad !== undefined) throw fieldFailure(lang, 'deviceIds', 'deviceNotInTenant', { id: bad });
  const fed = await firstFedDevice(q, ids, exceptId);
  if (fed) throw fieldFailure(lang, 'deviceIds', 'modbusDeviceFed', { device: fed.dev_no, name: fed.name });
  const polled = await firstPolledDevice(q, ids);
  if (polled !== undefined) throw fieldFailure(lang, 'deviceIds', 'modbusDeviceTaken', { device: polled });
}

/** `thirdParty/add`: the integration and its API key (shown this once). */
export async function addThirdParty(
  db: Db,
  auth: AuthContext,
  lang: Language,
  body: Body,
): Promise<{ integration: ThirdPartyRecord; apiKey: string }> {
  const apiKey = newApiKey();
  const id = await db.tx(async (q) => {
    await checkBody(q, lang, auth.tenantId, body, null);
    const newId = await insertThirdParty(q, auth.tenantId, auth.username, body, storedKey(apiKey));
    await replaceFedDevices(q, newId, body.deviceIds);
    return newId;
  });
  return { integration: await viewThirdParty(db, auth.tenantId, id), apiKey };
}

/** `thirdParty/edit`: name, type, devices, enabled, note (the key stays). */
export async function editThirdParty(
  db: Db,
  auth: AuthContext,
  lang: Language,
  body: Body & { id: string },
): Promise<ThirdPartyRecord> {
  await db.tx(async (q) => {
    await viewThirdParty(q, auth.tenantId, body.id);
    await checkBody(q, lang, auth.tenantId, body, body.id);
    await updateThirdParty(q, auth.tenantId, body.id, auth.username, body);
    await replaceFedDevices(q, body.id, body.deviceIds);
  });
  return viewThirdParty(db, auth.tenantId, body.id);
}

/** `thirdParty/rotateKey`: a new key replaces the old one at once; answered once. */
export async function rotateThirdPartyKey(
  db: Db,
  auth: AuthContext,
  id: string,
): Promise<{ integration: ThirdPartyRecord; apiKey: string }> {
  const apiKey = newApiKey();
  if (!(await replaceKey(db, auth.tenantId, id, auth.username, storedKey(apiKey))))
    throw new AppError('notFound', 'thirdPartyNotFound');
  return { integration: await viewThirdParty(db, auth.tenantId, id), apiKey };
}

/** `thirdParty/delete`: integrations of the tenant (others ignored). */
export async function deleteThirdParty(q: Queryable, auth: AuthContext, ids: string): Promise<void> {
  await deleteThirdPartyRows(q, auth.tenantId, splitIds(ids));
}
