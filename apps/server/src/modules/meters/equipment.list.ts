import {
  DEFAULT_ONLINE_WINDOW_MS,
  EQUIPMENT_FAMILIES,
  EQUIPMENT_FAMILY_TABLE,
  getParameter,
  PARAM,
  type EQUIPMENT_LIST_FIELDS,
  type EquipmentFamily,
  type EquipmentRecord,
} from '@ztj/contracts';
import { AUDIT_LABELS, type ListField, type ListSpec } from '../../platform/list/list-spec';
import { powerRatio, primaryValues } from './ratio';

/**
 * The equipment list (SPEC §2 ammeter/plug/tag list, boil pot, oden cooker, Lawson list)
 * on the one list machinery: devices of the equipment models (families.ts) with their store
 * (warehouse), online status and the latest value of each channel of their family — a meter's
 * on the primary side (× its CT / PT, ratio.ts), as its chart, energy and report show them.
 */

/** `CASE d.model WHEN 'AM-1P' THEN 'ammeter1p' … END`: the family of a device row `d`. */
export const FAMILY_SQL = `(CASE d.model ${EQUIPMENT_FAMILIES.map((f) => `WHEN '${EQUIPMENT_FAMILY_TABLE[f].model}' THEN '${f}'`).join(' ')} END)`;
/** The equipment model codes as an SQL list. */
export const EQUIPMENT_MODELS_SQL = EQUIPMENT_FAMILIES.map((f) => `'${EQUIPMENT_FAMILY_TABLE[f].model}'`).join(', ');

/** Now, ms epoch, in SQL. */
const NOW_SQL = '(extract(epoch FROM clock_timestamp()) * 1000)::bigint';
/**
 * Online rule of the device list (devices.repo.ts onlineSql): the newest reading within twice the
 * device's report cycle, 10 minutes when it has none (equipment report on their own period).
 */
export const ONLINE_SQL = `(d.last_ts IS NOT NULL AND d.last_ts >= ${NOW_SQL} - COALESCE(2 * (d.periods->>'workReportCycle')::bigint * 60000, ${DEFAULT_ONLINE_WINDOW_MS}))`;

const familyOptions = Object.fromEntries(
  EQUIPMENT_FAMILIES.map((f) => [
    f,
    { 'zh-CN': EQUIPMENT_FAMILY_TABLE[f].nameZh, 'en-US': EQUIPMENT_FAMILY_TABLE[f].nameEn },
  ]),
);

const FIELDS: Record<(typeof EQUIPMENT_LIST_FIELDS)[number], ListField> = {
  id: { sql: 'd.dev_no', type: 'string', multi: true, label: { 'zh-CN': '设备编号', 'en-US': 'Device ID' } },
  name: { sql: 'd.name', type: 'string', label: { 'zh-CN': '设备名称', 'en-US': 'Name' } },
  alias: { sql: 'd.alias', type: 'string', label: { 'zh-CN': '设备别名', 'en-US': 'Alias' } },
  model: { sql: 'd.model', type: 'string', multi: true, label: { 'zh-CN': '型号', 'en-US': 'Model' } },
  family: {
    sql: FAMILY_SQL,
    type: 'string',
    multi: true,
    options: familyOptions,
    label: { 'zh-CN': '设备类别', 'en-US': 'Family' },
  },
  warehouseId: {
    sql: 'wd.warehouse_id',
    type: 'string',
    multi: true,
    exported: false,
    label: { 'zh-CN': '门店ID', 'en-US': 'Store ID' },
  },
  warehouseName: { sql: 'w.name', type: 'string', label: { 'zh-CN': '门店', 'en-US': 'Store' } },
  status: {
    sql: `(CASE WHEN ${ONLINE_SQL} THEN 'online' ELSE 'offline' END)`,
    type: 'string',
    options: { online: { 'zh-CN': '在线', 'en-US': 'Online' }, offline: { 'zh-CN': '离线', 'en-US': 'Offline' } },
    label: { 'zh-CN': '状态', 'en-US': 'Status' },
  },
  lastReportTime: {
    sql: 'd.last_ts',
    type: 'number',
    epochMs: true,
    label: { 'zh-CN': '最后上报时间', 'en-US': 'Last report' },
  },
  createTime: { sql: 'd.create_time', type: 'datetime', label: AUDIT_LABELS.createTime },
};

/** FROM of an equipment row `d` with its latest reading `l` and store `w`. */
export const EQUIPMENT_FROM = `device d LEFT JOIN device_latest l ON l.device_id = d.dev_no
  LEFT JOIN warehouse_device wd ON wd.dev_no = d.dev_no LEFT JOIN warehouse w ON w.id = wd.warehouse_id AND w.tenant_id = d.tenant_id
  LEFT JOIN meter_config mc ON mc.device_id = d.dev_no`;
/** Columns of an equipment row (see {@link equipmentRecordOf}). */
export const EQUIPMENT_SELECT = `d.dev_no, d.name, d.alias, d.model, d.gateway_id, d.last_ts, w.id AS warehouse_id, w.name AS warehouse_name,
  l."values" AS latest, mc.ct_ratio, mc.pt_ratio, ${ONLINE_SQL} AS online, (extract(epoch FROM d.create_time) * 1000)::float8 AS create_ms`;

const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

/** The API record of an equipment row: every channel of the family, null before its first reading. */
export function equipmentRecordOf(r: Record<string, unknown>): EquipmentRecord {
  const model = String(r.model);
  const family = (EQUIPMENT_FAMILIES.find((f) => EQUIPMENT_FAMILY_TABLE[f].model === model) ??
    'ammeter1p') as EquipmentFamily;
  const latest = json<Record<string, number | boolean | string> | null>(r.latest) ?? {};
  const raw: EquipmentRecord['values'] = {};
  const units: EquipmentRecord['units'] = {};
  const channels = EQUIPMENT_FAMILY_TABLE[family].channels;
  for (const c of channels) {
    raw[c.code] = latest[c.code] ?? null;
    units[c.code] = getParameter(c.code)?.unit ?? '';
  }
  const meter = channels.some((c) => c.code === PARAM.energy);
  const ratios = { ct: Number(r.ct_ratio ?? 1), pt: Number(r.pt_ratio ?? 1) };
  const values = meter ? primaryValues(raw, ratios) : raw;
  return {
    id: String(r.dev_no),
    name: String(r.name),
    alias: r.alias == null ? null : String(r.alias),
    model,
    family,
    warehouseId: r.warehouse_id == null ? null : String(r.warehouse_id),
    warehouseName: r.warehouse_name == null ? null : String(r.warehouse_name),
    status: r.online ? 'online' : 'offline',
    lastReportTime: r.last_ts == null ? null : Number(r.last_ts),
    values,
    units,
    ...(meter ? { ratio: powerRatio(ratios) } : {}),
    gatewayId: r.gateway_id == null ? null : String(r.gateway_id),
    createTime: Number(r.create_ms),
  };
}

/** Equipment of the caller's tenant; `family` / `warehouseId` / `model` filter by one value or a comma list. */
export const EQUIPMENT_LIST: ListSpec<EquipmentRecord> = {
  name: 'equipment',
  from: EQUIPMENT_FROM,
  select: EQUIPMENT_SELECT,
  tenantScope: 'd.tenant_id = $tenant',
  where: [`d.model IN (${EQUIPMENT_MODELS_SQL})`],
  idSql: 'd.dev_no',
  defaultSort: { field: 'id', order: 'asc' },
  fields: FIELDS,
  map: equipmentRecordOf,
};
