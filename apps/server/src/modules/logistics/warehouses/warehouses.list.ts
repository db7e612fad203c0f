import type { WAREHOUSE_LIST_FIELDS, WarehouseRecord } from '@ztj/contracts';
import { AUDIT_LABELS, type ListField, type ListSpec } from '../../../platform/list/list-spec';

/**
 * The warehouse list (SPEC §3 Warehouse fields) of the one list machinery:
 * public fields are `WAREHOUSE_LIST_FIELDS`; each record carries its devices, monitoring accounts
 * and the rule templates of its monitoring step. Acquisition period in minutes.
 */

const DEVICE_COUNT_SQL = '(SELECT count(*)::int FROM warehouse_device wd WHERE wd.warehouse_id = w.id)';

const FIELDS: Record<(typeof WAREHOUSE_LIST_FIELDS)[number], ListField> = {
  name: { sql: 'w.name', type: 'string', label: { 'zh-CN': '仓库名称', 'en-US': 'Name' } },
  number: { sql: 'w.number', type: 'string', label: { 'zh-CN': '仓库编号', 'en-US': 'Number' } },
  description: { sql: 'w.description', type: 'string', label: { 'zh-CN': '描述', 'en-US': 'Description' } },
  note: { sql: 'w.note', type: 'string', label: { 'zh-CN': '备注', 'en-US': 'Note' } },
  acquisitionPeriod: {
    sql: 'w.acquisition_period',
    type: 'number',
    label: { 'zh-CN': '采集周期(分钟)', 'en-US': 'Acquisition period (min)' },
  },
  deviceCount: { sql: DEVICE_COUNT_SQL, type: 'number', label: { 'zh-CN': '设备数', 'en-US': 'Devices' } },
  createBy: { sql: 'w.create_by', type: 'string', label: AUDIT_LABELS.createBy },
  createTime: { sql: 'w.create_time', type: 'datetime', label: AUDIT_LABELS.createTime },
};

/** Columns of a warehouse row with devices, monitors and templates as JSON (`FROM warehouse w`). */
export const WAREHOUSE_SELECT = `w.id, w.name, w.number, w.description, w.note, w.acquisition_period, w.create_by,
  (extract(epoch FROM w.create_time) * 1000)::float8 AS create_ms, ${DEVICE_COUNT_SQL} AS device_count,
  (SELECT coalesce(json_agg(json_build_object('id', d.dev_no, 'name', coalesce(d.alias, d.name), 'model', d.model) ORDER BY d.dev_no), '[]'::json)
     FROM warehouse_device wd JOIN device d ON d.dev_no = wd.dev_no AND d.tenant_id = w.tenant_id WHERE wd.warehouse_id = w.id) AS devices,
  (SELECT coalesce(json_agg(json_build_object('id', u.id, 'name', coalesce(nullif(u.realname, ''), u.username)) ORDER BY u.username), '[]'::json)
     FROM sys_user u WHERE u.id IN (SELECT jsonb_array_elements_text(w.monitor_user_ids))) AS monitors,
  (SELECT coalesce(json_agg(json_build_object('id', t.id, 'name', t.name) ORDER BY t.name), '[]'::json)
     FROM alarm_rule_template t WHERE t.tenant_id = w.tenant_id AND t.id IN (SELECT jsonb_array_elements_text(w.template_ids))) AS templates`;

const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

/** The API record of a warehouse row. */
export function warehouseRecordOf(r: Record<string, unknown>): WarehouseRecord {
  return {
    id: String(r.id),
    name: String(r.name),
    number: String(r.number),
    description: String(r.description ?? ''),
    note: String(r.note ?? ''),
    acquisitionPeriod: r.acquisition_period == null ? null : Number(r.acquisition_period),
    deviceCount: Number(r.device_count ?? 0),
    devices: json<WarehouseRecord['devices']>(r.devices ?? []),
    monitors: json<WarehouseRecord['monitors']>(r.monitors ?? []),
    templates: json<WarehouseRecord['templates']>(r.templates ?? []),
    createBy: r.create_by == null ? null : String(r.create_by),
    createTime: Number(r.create_ms),
  };
}

/** Warehouses of the caller's tenant. */
export const WAREHOUSE_LIST: ListSpec<WarehouseRecord> = {
  name: 'warehouses',
  from: 'warehouse w',
  select: WAREHOUSE_SELECT,
  tenantScope: 'w.tenant_id = $tenant',
  idSql: 'w.id',
  defaultSort: { field: 'createTime', order: 'desc' },
  fields: FIELDS,
  map: warehouseRecordOf,
};
