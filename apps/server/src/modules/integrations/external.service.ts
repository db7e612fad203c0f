import crypto from 'node:crypto';
import {
  DEFAULT_ONLINE_WINDOW_MS,
  EQUIPMENT_FAMILY_TABLE,
  type EquipmentFamily,
  type EXTERNAL_LIST_FIELDS,
  type ExternalDevice,
  type V4Meter,
  type V4ScopeQuerySchema,
} from '@ztj/contracts';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/auth/auth-context';
import type { Queryable } from '../../platform/db/db';
import { AppError } from '../../platform/http/app-error';
import type { ListField, ListSpec } from '../../platform/list/list-spec';
import { onlineSql, readingsOf } from '../devices/devices.repo';
import { signLink } from '../auth/sso/login-free';
import { lastPollField, linkStateField } from './link-fields';

/**
 * The external device list (SPEC §2 warehouse → external device list): every
 * device of the tenant polled over Modbus or fed by a third-party integration, with its source,
 * link state, last poll result and latest values. A Modbus device's state is the poller's; a
 * third-party device is online while its newest reading is within the default online window
 * (10 min), disabled with its integration.
 */

const NOW_MS = '(extract(epoch FROM now()) * 1000)::bigint';
const SOURCES = `(
  SELECT m.tenant_id, m.dev_no, 'modbus' AS source, m.id AS source_id, m.host || ':' || m.port || '#' || m.unit_id AS source_name,
         CASE WHEN m.enabled THEN m.state ELSE 'disabled' END AS state, m.last_result, m.last_error, m.last_poll_ms
    FROM modbus_device m
  UNION ALL
  SELECT i.tenant_id, t.dev_no, 'thirdParty', i.id, i.name,
         CASE WHEN NOT i.enabled THEN 'disabled'
              WHEN dd.last_ts >= ${NOW_MS} - ${DEFAULT_ONLINE_WINDOW_MS} THEN 'online' ELSE 'offline' END,
         NULL, NULL, (extract(epoch FROM i.last_used_time) * 1000)::bigint
    FROM third_party_device t JOIN third_party_integration i ON i.id = t.integration_id JOIN device dd ON dd.dev_no = t.dev_no
) x JOIN device d ON d.dev_no = x.dev_no AND d.tenant_id = x.tenant_id LEFT JOIN device_latest l ON l.device_id = x.dev_no`;

const FIELDS: Record<(typeof EXTERNAL_LIST_FIELDS)[number], ListField> = {
  deviceId: { sql: 'x.dev_no', type: 'string', label: { 'zh-CN': '设备编号', 'en-US': 'Device' } },
  name: { sql: 'coalesce(d.alias, d.name)', type: 'string', label: { 'zh-CN': '设备名称', 'en-US': 'Name' } },
  model: { sql: 'd.model', type: 'string', label: { 'zh-CN': '型号', 'en-US': 'Model' } },
  source: {
    sql: 'x.source',
    type: 'string',
    label: { 'zh-CN': '接入方式', 'en-US': 'Source' },
    options: {
      modbus: { 'zh-CN': 'Modbus TCP', 'en-US': 'Modbus TCP' },
      thirdParty: { 'zh-CN': '第三方平台', 'en-US': 'Third party' },
    },
  },
  sourceName: { sql: 'x.source_name', type: 'string', label: { 'zh-CN': '来源', 'en-US': 'From' } },
  state: linkStateField('x.state'),
  lastPollTime: lastPollField('x.last_poll_ms'),
  lastReportTime: {
    sql: 'd.last_ts',
    type: 'number',
    epochMs: true,
    label: { 'zh-CN': '最后上报时间', 'en-US': 'Last reading' },
  },
};

const n = (v: unknown): number | null => (v == null ? null : Number(v));

/** The external devices of the caller's tenant (list machinery). */
export const EXTERNAL_LIST: ListSpec<ExternalDevice> = {
  name: 'externalDevices',
  from: SOURCES,
  select: `x.dev_no, coalesce(d.alias, d.name) AS name, d.model, x.source, x.source_id, x.source_name, x.state, x.last_result, x.last_error,
    x.last_poll_ms, d.last_ts, l."values" AS latest`,
  tenantScope: 'x.tenant_id = $tenant',
  idSql: 'x.dev_no',
  defaultSort: { field: 'deviceId', order: 'asc' },
  fields: FIELDS,
  map: (r) => ({
    deviceId: String(r.dev_no),
    name: String(r.name),
    model: String(r.model),
    source: r.source as ExternalDevice['source'],
    sourceId: String(r.source_id),
    sourceName: String(r.source_name),
    state: r.state as ExternalDevice['state'],
    lastResult: (r.last_result ?? null) as ExternalDevice['lastResult'],
    lastError: r.last_error == null ? null : String(r.last_error),
    lastPollTime: n(r.last_poll_ms),
    lastReportTime: n(r.last_ts),
    values: readingsOf(typeof r.latest === 'string' ? JSON.parse(r.latest) : (r.latest as Record<string, number>)),
  }),
};

type V4Query = z.input<typeof V4ScopeQuerySchema>;

/**
 * The read scope of the v4 calls (SPEC §7 at, guid, uid). Absent → the session alone. Present →
 * all three, `uid` the signed-in user, `guid` a login-free link issued to that user in the request's
 * tenant, and `at` that link's HMAC signature (login-free.ts `signLink`). They never widen access.
 * @throws AppError forbidden v4ScopeRefused (HTTP 403).
 */
export async function checkV4Scope(q: Queryable, key: () => Buffer, auth: AuthContext, query: V4Query): Promise<void> {
  const { at, guid, uid } = query;
  if (at === undefined && guid === undefined && uid === undefined) return;
  const refuse = (): never => {
    throw new AppError('forbidden', 'v4ScopeRefused');
  };
  if (!at || !guid || !uid || uid !== auth.userId) refuse();
  const [row] = await q.query<{ user_id: string; tenant_id: number; expires_at: Date | string }>(
    'SELECT user_id, tenant_id, expires_at FROM sso_login_link WHERE guid = $1',
    [guid],
  );
  if (!row || row.user_id !== auth.userId || Number(row.tenant_id) !== auth.tenantId) refuse();
  const expected = Buffer.from(
    signLink(key(), guid!, row!.user_id, Number(row!.tenant_id), new Date(row!.expires_at).getTime()),
  );
  const given = Buffer.from(at!);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) refuse();
}

/** A list query without the scope parameters (they are not list fields). */
export function withoutScope(query: V4Query): Record<string, unknown> {
  const { at: _at, guid: _guid, uid: _uid, ...rest } = query;
  return rest;
}

/** Models of the v4 meter list: single- and three-phase ammeters and water meters (families.ts). */
const METER_MODELS = ['ammeter1p', 'ammeter3p', 'waterMeter'].map(
  (f) => EQUIPMENT_FAMILY_TABLE[f as EquipmentFamily].model,
);

/** The v4 meter list: ammeters and water meters of the tenant with their latest values. */
export const V4_METER_LIST: ListSpec<V4Meter> = {
  name: 'v4Meters',
  from: 'device d LEFT JOIN device_latest l ON l.device_id = d.dev_no',
  select: `d.dev_no, coalesce(d.alias, d.name) AS name, d.model, d.last_ts, l."values" AS latest, ${onlineSql(NOW_MS)} AS online`,
  tenantScope: 'd.tenant_id = $tenant',
  where: [`d.model IN (${METER_MODELS.map((m) => `'${m}'`).join(', ')})`],
  idSql: 'd.dev_no',
  defaultSort: { field: 'deviceId', order: 'asc' },
  fields: {
    deviceId: { ...FIELDS.deviceId, sql: 'd.dev_no' },
    name: FIELDS.name,
    model: FIELDS.model,
    lastReportTime: FIELDS.lastReportTime,
  },
  map: (r) => ({
    deviceId: String(r.dev_no),
    name: String(r.name),
    model: String(r.model),
    status: r.online ? 'online' : 'offline',
    lastReportTime: n(r.last_ts),
    values: readingsOf(typeof r.latest === 'string' ? JSON.parse(r.latest) : (r.latest as Record<string, number>)),
  }),
};
