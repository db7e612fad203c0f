import type { GatewayRouteCreate, GatewayRouteEdit, GatewayRouteRecord } from '@ztj/contracts';
import { takenField, type ColumnValues, type CrudSpec } from '../../../platform/crud/tenant-crud';
import type { Queryable } from '../../../platform/db/db';
import { AUDIT_LABELS, isoOrNull, textOrNull, type ListCaller, type ListSpec } from '../../../platform/list/list-spec';
import { enabledRouteRows } from './gateway-routes.repo';

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

const columns = (b: GatewayRouteCreate): ColumnValues => ({
  router_id: b.routerId,
  name: b.name,
  uri: b.uri,
  predicates: json(b.predicates),
  filters: json(b.filters),
  strip_prefix: b.stripPrefix,
  retryable: b.retryable,
  persistable: b.persistable,
  show_api: b.showApi,
  status: b.status,
});

/**
 * Gateway routes as a generic CRUD entity of the caller's tenant (bodies validated by
 * `GatewayRouteCreateSchema`); a route id is the tenant's once (badRequest gatewayRouteExists on
 * `routerId`).
 */
export const GATEWAY_ROUTE_CRUD: CrudSpec<GatewayRouteRecord, GatewayRouteCreate, GatewayRouteEdit> = {
  list: GATEWAY_ROUTE_LIST,
  table: 'sys_gateway_route',
  add: columns,
  edit: columns,
  jsonb: ['predicates', 'filters'],
  unique: { column: 'router_id', value: (b) => b.routerId, refuse: takenField('gatewayRouteExists', 'routerId') },
};

/** The enabled routes of the caller's tenant, in route-id order (what the export writes). */
export async function enabledRoutes(q: Queryable, caller: ListCaller): Promise<GatewayRouteRecord[]> {
  return (await enabledRouteRows(q, caller.tenantId)).map((r) => GATEWAY_ROUTE_LIST.map(r));
}
