import {
  MESSAGES,
  type GatewayRouteCreate,
  type GatewayRouteEdit,
  type GatewayRouteRecord,
  type Language,
} from '@ztj/contracts';
import type { Db } from '../../../platform/db/db';
import { AppError } from '../../../platform/http/app-error';
import { requireAllVisible, requireVisible } from '../../../platform/list/list-runner';
import { AUDIT_LABELS, isoOrNull, textOrNull, type ListCaller, type ListSpec } from '../../../platform/list/list-spec';

const FLAG_TEXT = { '1': { 'zh-CN': '是', 'en-US': 'Yes' }, '0': { 'zh-CN': '否', 'en-US': 'No' } };
const STATUS_TEXT = { '1': { 'zh-CN': '启用', 'en-US': 'Enabled' }, '0': { 'zh-CN': '禁用', 'en-US': 'Disabled' } };

/** Stored JSON (jsonb) back to the text JeecgBoot clients edit. */
function jsonText(v: unknown): string {
  if (typeof v === 'string') return v;
  return JSON.stringify(v ?? []);
}

/** Gateway routes of the caller's tenant (SPEC §2 system → gateway routes; generic list machinery). */
export const GATEWAY_ROUTE_LIST: ListSpec<GatewayRouteRecord> = {
  name: 'gatewayRoutes',
  from: 'sys_gateway_route g',
  select: 'g.*',
  tenantScope: 'g.tenant_id = $tenant',
  idSql: 'g.id',
  fields: {
    routerId: { sql: 'g.router_id', type: 'string', label: { 'zh-CN': '路由ID', 'en-US': 'Route ID' } },
    name: { sql: 'g.name', type: 'string', label: { 'zh-CN': '路由名称', 'en-US': 'Route name' } },
    uri: { sql: 'g.uri', type: 'string', label: { 'zh-CN': '服务地址', 'en-US': 'URI' } },
    stripPrefix: {
      sql: 'g.strip_prefix',
      type: 'number',
      label: { 'zh-CN': '去除前缀', 'en-US': 'Strip prefix' },
      options: FLAG_TEXT,
    },
    retryable: {
      sql: 'g.retryable',
      type: 'number',
      label: { 'zh-CN': '重试', 'en-US': 'Retryable' },
      options: FLAG_TEXT,
    },
    persistable: {
      sql: 'g.persistable',
      type: 'number',
      label: { 'zh-CN': '持久化', 'en-US': 'Persistable' },
      options: FLAG_TEXT,
    },
    showApi: {
      sql: 'g.show_api',
      type: 'number',
      label: { 'zh-CN': '显示API', 'en-US': 'Show API' },
      options: FLAG_TEXT,
    },
    status: { sql: 'g.status', type: 'number', label: { 'zh-CN': '状态', 'en-US': 'Status' }, options: STATUS_TEXT },
    createTime: { sql: 'g.create_time', type: 'datetime', label: AUDIT_LABELS.createTime },
  },
  map: (r) => ({
    id: String(r.id),
    routerId: String(r.router_id),
    name: String(r.name),
    uri: String(r.uri),
    predicates: jsonText(r.predicates),
    filters: jsonText(r.filters),
    stripPrefix: Number(r.strip_prefix),
    retryable: Number(r.retryable),
    persistable: Number(r.persistable),
    showApi: Number(r.show_api),
    status: Number(r.status),
    createBy: textOrNull(r.create_by),
    createTime: isoOrNull(r.create_time),
    updateTime: isoOrNull(r.update_time),
  }),
};

/** Normalised JSON text of a validated predicates/filters field (stored as jsonb). */
function json(text: string): string {
  return JSON.stringify(JSON.parse(text.trim() === '' ? '[]' : text));
}

async function refuseTakenRouterId(
  db: Db,
  tenantId: number,
  routerId: string,
  exceptId: string | null,
  lang: Language,
): Promise<void> {
  const [hit] = await db.query(
    'SELECT 1 FROM sys_gateway_route WHERE tenant_id = $1 AND router_id = $2 AND ($3::text IS NULL OR id <> $3)',
    [tenantId, routerId, exceptId],
  );
  if (hit)
    throw new AppError('badRequest', 'gatewayRouteExists', {}, [
      { field: 'routerId', message: MESSAGES.gatewayRouteExists[lang] },
    ]);
}

/**
 * Creates a route of the caller's tenant (body validated by `GatewayRouteCreateSchema`).
 * @throws AppError badRequest gatewayRouteExists when the tenant has the route id already
 */
export async function createRoute(
  db: Db,
  body: GatewayRouteCreate,
  caller: ListCaller,
  lang: Language,
): Promise<string> {
  await refuseTakenRouterId(db, caller.tenantId, body.routerId, null, lang);
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO sys_gateway_route (tenant_id, router_id, name, uri, predicates, filters, strip_prefix, retryable, persistable, show_api, status, create_by)
     VALUES ($1,$2,$3,$4,$5::jsonb,$6::jsonb,$7,$8,$9,$10,$11,$12) RETURNING id`,
    [
      caller.tenantId,
      body.routerId,
      body.name,
      body.uri,
      json(body.predicates),
      json(body.filters),
      body.stripPrefix,
      body.retryable,
      body.persistable,
      body.showApi,
      body.status,
      caller.username,
    ],
  );
  return row!.id;
}

/** Edits a route of the caller's tenant. @throws AppError notFound (other tenants' too), badRequest gatewayRouteExists */
export async function editRoute(db: Db, body: GatewayRouteEdit, caller: ListCaller, lang: Language): Promise<void> {
  await requireVisible(db, GATEWAY_ROUTE_LIST, body.id, caller);
  await refuseTakenRouterId(db, caller.tenantId, body.routerId, body.id, lang);
  await db.query(
    `UPDATE sys_gateway_route SET router_id = $2, name = $3, uri = $4, predicates = $5::jsonb, filters = $6::jsonb, strip_prefix = $7,
            retryable = $8, persistable = $9, show_api = $10, status = $11, update_by = $12, update_time = now() WHERE id = $1`,
    [
      body.id,
      body.routerId,
      body.name,
      body.uri,
      json(body.predicates),
      json(body.filters),
      body.stripPrefix,
      body.retryable,
      body.persistable,
      body.showApi,
      body.status,
      caller.username,
    ],
  );
}

/** Deletes routes of the caller's tenant (all or none). */
export async function deleteRoutes(db: Db, ids: string[], caller: ListCaller): Promise<void> {
  const visible = await requireAllVisible(db, GATEWAY_ROUTE_LIST, ids, caller);
  await db.query('DELETE FROM sys_gateway_route WHERE id = ANY($1::text[])', [visible]);
}

/** The enabled routes of the caller's tenant, in route-id order (what the export writes). */
export async function enabledRoutes(db: Db, caller: ListCaller): Promise<GatewayRouteRecord[]> {
  const rows = await db.query<Record<string, unknown>>(
    'SELECT * FROM sys_gateway_route WHERE tenant_id = $1 AND status = 1 ORDER BY router_id',
    [caller.tenantId],
  );
  return rows.map((r) => GATEWAY_ROUTE_LIST.map(r));
}
