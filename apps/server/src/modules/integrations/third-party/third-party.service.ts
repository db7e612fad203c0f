import crypto from 'node:crypto';
import type { Language, THIRD_PARTY_LIST_FIELDS, ThirdPartyAddSchema, ThirdPartyRecord } from '@ztj/contracts';
import type { z } from 'zod';
import type { AuthContext } from '../../../platform/auth/auth-context';
import type { Db, Queryable } from '../../../platform/db/db';
import { AppError } from '../../../platform/http/app-error';
import { AUDIT_LABELS, epochMsSql, type ListField, type ListSpec } from '../../../platform/list/list-spec';
import { devicesNotInTenant } from '../../../platform/tenancy/tenant-refs';
import { splitIds } from '../../../platform/list/split-ids';
import { fieldFailure, nameTaken } from '../../../platform/http/field-errors';

/**
 * Third-party integrations (SPEC §7 third-party device endpoints for meters,
 * ammeters, water and weight feed): a named integration of the tenant, its type, the devices it
 * may feed and its API key. The key (`tpk_` + 43 base64url characters, 256 random bits) is
 * answered once, on add and on rotateKey; only its SHA-256 and its first 8 characters are stored.
 */

type Body = z.output<typeof ThirdPartyAddSchema>;

const FIELDS: Record<(typeof THIRD_PARTY_LIST_FIELDS)[number], ListField> = {
  name: { sql: 'i.name', type: 'string', label: { 'zh-CN': '名称', 'en-US': 'Name' } },
  type: {
    sql: 'i.type',
    type: 'string',
    label: { 'zh-CN': '类型', 'en-US': 'Type' },
    options: {
      meter: { 'zh-CN': '电表', 'en-US': 'Meter' },
      ammeter: { 'zh-CN': '电流表', 'en-US': 'Ammeter' },
      water: { 'zh-CN': '水表', 'en-US': 'Water meter' },
      weightFeed: { 'zh-CN': '投料秤', 'en-US': 'Weight feed' },
    },
  },
  enabled: { sql: 'i.enabled', type: 'boolean', label: { 'zh-CN': '启用', 'en-US': 'Enabled' } },
  note: { sql: 'i.note', type: 'string', label: { 'zh-CN': '备注', 'en-US': 'Note' } },
  lastUsedTime: { sql: 'i.last_used_time', type: 'datetime', label: { 'zh-CN': '最后推送时间', 'en-US': 'Last push' } },
  createTime: { sql: 'i.create_time', type: 'datetime', label: AUDIT_LABELS.createTime },
};

const SELECT = `i.id, i.name, i.type, i.enabled, i.note, i.key_prefix, ${epochMsSql('i.key_created_time')} AS key_ms,
  ${epochMsSql('i.last_used_time')} AS used_ms, ${epochMsSql('i.create_time')} AS create_ms,
  (SELECT coalesce(json_agg(t.dev_no ORDER BY t.dev_no), '[]'::json) FROM third_party_device t WHERE t.integration_id = i.id) AS device_ids`;

/** The API record of an integration row (never the key). */
export function thirdPartyRecordOf(r: Record<string, unknown>): ThirdPartyRecord {
  return {
    id: String(r.id),
    name: String(r.name),
    type: r.type as ThirdPartyRecord['type'],
    enabled: Boolean(r.enabled),
    note: String(r.note ?? ''),
    deviceIds: (typeof r.device_ids === 'string' ? JSON.parse(r.device_ids) : r.device_ids) as string[],
    keyPrefix: String(r.key_prefix),
    keyCreatedTime: Number(r.key_ms),
    lastUsedTime: r.used_ms == null ? null : Number(r.used_ms),
    createTime: Number(r.create_ms),
  };
}

/** Integrations of the caller's tenant (list machinery). */
export const THIRD_PARTY_LIST: ListSpec<ThirdPartyRecord> = {
  name: 'thirdPartyIntegrations',
  from: 'third_party_integration i',
  select: SELECT,
  tenantScope: 'i.tenant_id = $tenant',
  idSql: 'i.id',
  defaultSort: { field: 'createTime', order: 'desc' },
  fields: FIELDS,
  map: thirdPartyRecordOf,
};

/** SHA-256 hex of an API key. */
export const keyHash = (key: string): string => crypto.createHash('sha256').update(key, 'utf8').digest('hex');
/** A new API key. */
export const newApiKey = (): string => `tpk_${crypto.randomBytes(32).toString('base64url')}`;

/** One integration of the tenant. @throws AppError notFound thirdPartyNotFound. */
export async function viewThirdParty(q: Queryable, tenantId: number, id: string): Promise<ThirdPartyRecord> {
  const [row] = await q.query(`SELECT ${SELECT} FROM third_party_integration i WHERE i.tenant_id = $1 AND i.id = $2`, [
    tenantId,
    id,
  ]);
  if (!row) throw new AppError('notFound', 'thirdPartyNotFound');
  return thirdPartyRecordOf(row);
}

/** Name free, devices of the tenant, in no other integration and not polled over Modbus. */
async function checkBody(
  q: Queryable,
  lang: Language,
  tenantId: number,
  body: Body,
  exceptId: string | null,
): Promise<void> {
  const taken = await q.query(
    'SELECT 1 FROM third_party_integration WHERE tenant_id = $1 AND name = $2 AND id IS DISTINCT FROM $3',
    [tenantId, body.name, exceptId],
  );
  if (taken.length) throw nameTaken(lang, 'thirdPartyNameExists');
  const ids = [...new Set(body.deviceIds)];
  const [bad] = await devicesNotInTenant(q, tenantId, ids);
  if (bad !== undefined) throw fieldFailure(lang, 'deviceIds', 'deviceNotInTenant', { id: bad });
  const [fed] = await q.query<{ dev_no: string; name: string }>(
    `SELECT t.dev_no, i.name FROM third_party_device t JOIN third_party_integration i ON i.id = t.integration_id
      WHERE t.dev_no = ANY($1::text[]) AND i.id IS DISTINCT FROM $2 ORDER BY t.dev_no LIMIT 1`,
    [ids, exceptId],
  );
  if (fed) throw fieldFailure(lang, 'deviceIds', 'modbusDeviceFed', { device: fed.dev_no, name: fed.name });
  const [polled] = await q.query<{ dev_no: string }>(
    'SELECT dev_no FROM modbus_device WHERE dev_no = ANY($1::text[]) ORDER BY dev_no LIMIT 1',
    [ids],
  );
  if (polled) throw fieldFailure(lang, 'deviceIds', 'modbusDeviceTaken', { device: polled.dev_no });
}

async function setDevices(q: Queryable, id: string, deviceIds: readonly string[]): Promise<void> {
  await q.query('DELETE FROM third_party_device WHERE integration_id = $1', [id]);
  await q.query('INSERT INTO third_party_device (dev_no, integration_id) SELECT unnest($1::text[]), $2', [
    [...new Set(deviceIds)],
    id,
  ]);
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
    const [row] = await q.query<{ id: string }>(
      `INSERT INTO third_party_integration (tenant_id, name, type, enabled, note, key_hash, key_prefix, create_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [
        auth.tenantId,
        body.name,
        body.type,
        body.enabled,
        body.note,
        keyHash(apiKey),
        apiKey.slice(0, 8),
        auth.username,
      ],
    );
    await setDevices(q, row!.id, body.deviceIds);
    return row!.id;
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
    await q.query(
      'UPDATE third_party_integration SET name = $3, type = $4, enabled = $5, note = $6, update_by = $7, update_time = now() WHERE tenant_id = $1 AND id = $2',
      [auth.tenantId, body.id, body.name, body.type, body.enabled, body.note, auth.username],
    );
    await setDevices(q, body.id, body.deviceIds);
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
  const rows = await db.query(
    'UPDATE third_party_integration SET key_hash = $3, key_prefix = $4, key_created_time = now(), update_by = $5, update_time = now() WHERE tenant_id = $1 AND id = $2 RETURNING id',
    [auth.tenantId, id, keyHash(apiKey), apiKey.slice(0, 8), auth.username],
  );
  if (!rows.length) throw new AppError('notFound', 'thirdPartyNotFound');
  return { integration: await viewThirdParty(db, auth.tenantId, id), apiKey };
}

/** `thirdParty/delete`: integrations of the tenant (others ignored). */
export async function deleteThirdParty(q: Queryable, auth: AuthContext, ids: string): Promise<void> {
  await q.query('DELETE FROM third_party_integration WHERE tenant_id = $1 AND id = ANY($2::text[])', [
    auth.tenantId,
    splitIds(ids),
  ]);
}
