import { WaybillRouteSchema, type WAYBILL_LIST_FIELDS, type WaybillRecord, type WaybillStatus } from '@ztj/contracts';
import { AUDIT_LABELS, epochMsSql, textOrNull, type ListField, type ListSpec } from '../../../platform/list/list-spec';
import { waybillInDivisionSql } from './waybill-division.repo';
import { waybillTiming } from './waybill-timing';

/**
 * The waybill list (SPEC §2 task list, §7 `tasks/list` and export) of the one list machinery:
 * public fields are `WAYBILL_LIST_FIELDS`; each record carries its current devices, monitoring
 * accounts and the timing outcome computed now from the ETA the tracker last kept (SPEC §4).
 */

/** Status texts of exports and imports (SPEC §4). */
export const STATUS_OPTIONS: Record<WaybillStatus, { 'zh-CN': string; 'en-US': string }> = {
  unstarted: { 'zh-CN': '未开始', 'en-US': 'Un-started' },
  ongoing: { 'zh-CN': '进行中', 'en-US': 'Ongoing' },
  completed: { 'zh-CN': '已完成', 'en-US': 'Completed' },
};

const FIELDS: Record<(typeof WAYBILL_LIST_FIELDS)[number], ListField> = {
  name: { sql: 'w.name', type: 'string', label: { 'zh-CN': '运单名称', 'en-US': 'Name' } },
  number: { sql: 'w.number', type: 'string', label: { 'zh-CN': '运单编号', 'en-US': 'Number' } },
  innerNumber: { sql: 'w.inner_number', type: 'string', label: { 'zh-CN': '内部编号', 'en-US': 'Inner number' } },
  vehicle: { sql: 'w.vehicle', type: 'string', label: { 'zh-CN': '车辆', 'en-US': 'Vehicle' } },
  driverPhone: { sql: 'w.driver_phone', type: 'string', label: { 'zh-CN': '司机电话', 'en-US': 'Driver phone' } },
  company: { sql: 'w.company', type: 'string', label: { 'zh-CN': '公司', 'en-US': 'Company' } },
  status: {
    sql: 'w.status',
    type: 'string',
    multi: true,
    label: { 'zh-CN': '状态', 'en-US': 'Status' },
    options: STATUS_OPTIONS,
  },
  plannedStart: {
    sql: 'w.planned_start',
    type: 'datetime',
    label: { 'zh-CN': '预计开始时间', 'en-US': 'Estimated start' },
  },
  plannedEnd: { sql: 'w.planned_end', type: 'datetime', label: { 'zh-CN': '预计结束时间', 'en-US': 'Estimated end' } },
  actualStart: { sql: 'w.actual_start', type: 'datetime', label: { 'zh-CN': '实际开始时间', 'en-US': 'Actual start' } },
  actualEnd: { sql: 'w.actual_end', type: 'datetime', label: { 'zh-CN': '实际结束时间', 'en-US': 'Actual end' } },
  routeName: { sql: "(w.route->>'name')", type: 'string', label: { 'zh-CN': '预设路线', 'en-US': 'Preset route' } },
  createBy: { sql: 'w.create_by', type: 'string', label: AUDIT_LABELS.createBy },
  createTime: { sql: 'w.create_time', type: 'datetime', label: AUDIT_LABELS.createTime },
};

/** Columns of a waybill row with devices and monitors as JSON (`FROM waybill w`). */
export const WAYBILL_SELECT = `w.id, w.tenant_id, w.name, w.number, w.inner_number, w.vehicle, w.driver_phone, w.company, w.mileage_km,
  ${epochMsSql('w.planned_start')} AS planned_ms, ${epochMsSql('w.planned_end')} AS planned_end_ms,
  ${epochMsSql('w.actual_start')} AS actual_ms, ${epochMsSql('w.actual_end')} AS actual_end_ms,
  w.status, w.route_id, w.route, w.ai_start_stop, w.monitor_user_ids, w.ai_state, w.last_lat, w.last_lng, w.last_ts, w.remaining_m, w.eta_ms,
  w.create_by, ${epochMsSql('w.create_time')} AS create_ms,
  (SELECT coalesce(json_agg(json_build_object('id', d.dev_no, 'name', coalesce(d.alias, d.name)) ORDER BY wd.added_at, d.dev_no), '[]'::json)
     FROM waybill_device wd JOIN device d ON d.dev_no = wd.dev_no WHERE wd.waybill_id = w.id AND wd.removed_at IS NULL) AS devices,
  (SELECT coalesce(json_agg(json_build_object('id', u.id, 'name', coalesce(nullif(u.realname, ''), u.username)) ORDER BY u.username), '[]'::json)
     FROM sys_user u WHERE u.id IN (SELECT jsonb_array_elements_text(w.monitor_user_ids))) AS monitors`;

const json = (v: unknown): unknown => (typeof v === 'string' ? JSON.parse(v) : v);
const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** The API record of a waybill row; `now` (ms epoch) decides the timing outcome. */
export function waybillRecordOf(r: Record<string, unknown>, now = Date.now()): WaybillRecord {
  const status = r.status as WaybillStatus;
  const rec = {
    plannedStart: Number(r.planned_ms),
    plannedEnd: Number(r.planned_end_ms),
    actualStart: num(r.actual_ms),
    actualEnd: num(r.actual_end_ms),
  };
  const etaMs = status === 'ongoing' ? num(r.eta_ms) : null;
  return {
    id: String(r.id),
    name: String(r.name),
    number: String(r.number),
    innerNumber: String(r.inner_number ?? ''),
    vehicle: String(r.vehicle ?? ''),
    driverPhone: String(r.driver_phone ?? ''),
    company: String(r.company ?? ''),
    mileageKm: num(r.mileage_km),
    ...rec,
    status,
    timing: waybillTiming({ status, ...rec, now, etaMs }),
    etaMs,
    routeId: String(r.route_id),
    routeName: WaybillRouteSchema.parse(json(r.route)).name,
    aiStartStop: r.ai_start_stop === true,
    devices: json(r.devices) as WaybillRecord['devices'],
    monitors: json(r.monitors) as WaybillRecord['monitors'],
    createBy: textOrNull(r.create_by),
    createTime: Number(r.create_ms),
  };
}

/** Waybills of the caller's tenant. */
export const WAYBILL_LIST: ListSpec<WaybillRecord> = {
  name: 'waybills',
  from: 'waybill w',
  select: WAYBILL_SELECT,
  tenantScope: 'w.tenant_id = $tenant',
  idSql: 'w.id',
  defaultSort: { field: 'createTime', order: 'desc' },
  fields: FIELDS,
  /** `devNo`: waybills a device is on now. */
  params: {
    devNo:
      'EXISTS (SELECT 1 FROM waybill_device wd WHERE wd.waybill_id = w.id AND wd.removed_at IS NULL AND wd.dev_no = ?)',
  },
  map: (r) => waybillRecordOf(r),
};

/** Name of the server-set query parameter of {@link WAYBILL_DIVISION_LIST} (the caller's division org code). */
export const DIVISION_PARAM = 'division';

/**
 * The division-vehicle waybill list (`/wlx/divisionTask/list`): the same list, filters and fields
 * with one more predicate, the waybill's devices in the division whose org code the route sets in
 * `division` (overwriting anything the client sent; waybill-division.ts).
 */
export const WAYBILL_DIVISION_LIST: ListSpec<WaybillRecord> = {
  ...WAYBILL_LIST,
  name: 'divisionWaybills',
  params: { ...WAYBILL_LIST.params, [DIVISION_PARAM]: waybillInDivisionSql('?') },
};
