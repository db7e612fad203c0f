import type { ThirdPartyAddSchema } from '@ztj/contracts';
import type { z } from 'zod';
import type { Queryable } from '../../../platform/db/db';
import { THIRD_PARTY_SELECT } from './third-party.list';

/**
 * Third-party integration queries (CONVENTIONS §1 repo): tables `third_party_integration` and
 * `third_party_device`. Functions taking a `tenantId` add it to the `where` clause, so another
 * tenant's integration is simply not found; the device checks look across tenants on purpose (a
 * device has one source). Only the key's SHA-256 hex and first 8 characters are stored.
 */

/** An integration body as validated by `ThirdPartyAddSchema`. */
export type ThirdPartyBody = z.output<typeof ThirdPartyAddSchema>;

/** An integration row of the tenant as selected by `THIRD_PARTY_SELECT`, for `thirdPartyRecordOf`; undefined when not found. */
export async function selectThirdParty(
  q: Queryable,
  tenantId: number,
  id: string,
): Promise<Record<string, unknown> | undefined> {
  const [row] = await q.query(
    `SELECT ${THIRD_PARTY_SELECT} FROM third_party_integration i WHERE i.tenant_id = $1 AND i.id = $2`,
    [tenantId, id],
  );
  return row;
}

/** True when another integration of the tenant (not `exceptId`; null = none excepted) has `name`. */
export async function thirdPartyNameTaken(
  q: Queryable,
  tenantId: number,
  name: string,
  exceptId: string | null,
): Promise<boolean> {
  const taken = await q.query(
    'SELECT 1 FROM third_party_integration WHERE tenant_id = $1 AND name = $2 AND id IS DISTINCT FROM $3',
    [tenantId, name, exceptId],
  );
  return taken.length > 0;
}

/** The first (by id) of `deviceIds` fed by an integration other than `exceptId`, with that integration's name. */
export async function firstFedDevice(
  q: Queryable,
  deviceIds: readonly string[],
  exceptId: string | null,
): Promise<{ dev_no: string; name: string } | undefined> {
  const [fed] = await q.query<{ dev_no: string; name: string }>(
    `SELECT t.dev_no, i.name FROM third_party_device t JOIN third_party_integration i ON i.id = t.integration_id
      WHERE t.dev_no = ANY($1::text[]) AND i.id IS DISTINCT FROM $2 ORDER BY t.dev_no LIMIT 1`,
    [deviceIds, exceptId],
  );
  return fed;
}

/** The first (by id) of `deviceIds` that has a Modbus config. */
export async function firstPolledDevice(q: Queryable, deviceIds: readonly string[]): Promise<string | undefined> {
  const [polled] = await q.query<{ dev_no: string }>(
    'SELECT dev_no FROM modbus_device WHERE dev_no = ANY($1::text[]) ORDER BY dev_no LIMIT 1',
    [deviceIds],
  );
  return polled?.dev_no;
}

/** Makes `deviceIds` (duplicates count once) the devices the integration may feed. */
export async function replaceFedDevices(q: Queryable, id: string, deviceIds: readonly string[]): Promise<void> {
  await q.query('DELETE FROM third_party_device WHERE integration_id = $1', [id]);
  await q.query('INSERT INTO third_party_device (dev_no, integration_id) SELECT unnest($1::text[]), $2', [
    [...new Set(deviceIds)],
    id,
  ]);
}

/** Inserts an integration of the tenant with its key's hash and prefix, by user name `by`; returns its id. */
export async function insertThirdParty(
  q: Queryable,
  tenantId: number,
  by: string,
  body: ThirdPartyBody,
  key: { hash: string; prefix: string },
): Promise<string> {
  const [row] = await q.query<{ id: string }>(
    `INSERT INTO third_party_integration (tenant_id, name, type, enabled, note, key_hash, key_prefix, create_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [tenantId, body.name, body.type, body.enabled, body.note, key.hash, key.prefix, by],
  );
  return row!.id;
}

/** Replaces name, type, enabled and note of an integration of the tenant (the key stays); `by` = user name. */
export async function updateThirdParty(
  q: Queryable,
  tenantId: number,
  id: string,
  by: string,
  body: ThirdPartyBody,
): Promise<void> {
  await q.query(
    'UPDATE third_party_integration SET name = $3, type = $4, enabled = $5, note = $6, update_by = $7, update_time = now() WHERE tenant_id = $1 AND id = $2',
    [tenantId, id, body.name, body.type, body.enabled, body.note, by],
  );
}

/** Replaces the key's hash and prefix of an integration of the tenant; false when not found. */
export async function replaceKey(
  q: Queryable,
  tenantId: number,
  id: string,
  by: string,
  key: { hash: string; prefix: string },
): Promise<boolean> {
  const rows = await q.query(
    'UPDATE third_party_integration SET key_hash = $3, key_prefix = $4, key_created_time = now(), update_by = $5, update_time = now() WHERE tenant_id = $1 AND id = $2 RETURNING id',
    [tenantId, id, key.hash, key.prefix, by],
  );
  return rows.length > 0;
}

/** Deletes the integrations of the tenant among `ids` (others are ignored). */
export async function deleteThirdPartyRows(q: Queryable, tenantId: number, ids: readonly string[]): Promise<void> {
  await q.query('DELETE FROM third_party_integration WHERE tenant_id = $1 AND id = ANY($2::text[])', [tenantId, ids]);
}
