import {
  ALARM_SEVERITIES,
  type AlarmRecord,
  type ALARM_LIST_FIELDS,
  type BilingualText,
  type PROCESS_LIST_FIELDS,
  type ProcessRecord,
} from '@ztj/contracts';
import type { ListField, ListSpec } from '../../../platform/list/list-spec';
import { ALARM_COLUMNS, alarmRecordOf, type AlarmRow } from '../runtime/alarm-row';

/**
 * The alarm lists of the one list machinery (SPEC §7 alarmList, commonAlarmList, gateway alarm
 * list, process records list/export): public fields are exactly `ALARM_LIST_FIELDS` /
 * `PROCESS_LIST_FIELDS` of the contracts; severity, status, processed and flag carry dictionary
 * options so exports show their texts in the caller's language. Tenant-scoped on the alarm row.
 */

/** Severity texts (SPEC §3 announcement priorities). */
const SEVERITY_OPTIONS: Record<string, BilingualText> = Object.fromEntries(
  ALARM_SEVERITIES.map((s) => [s.code, { 'zh-CN': s.nameZh, 'en-US': s.nameEn }]),
);
/** Alarm flag texts (SPEC §4: 0 non-alarm, 1 alarm, 3 ignore). */
const FLAG_OPTIONS: Record<string, BilingualText> = {
  0: { 'zh-CN': '非告警', 'en-US': 'Non-alarm' },
  1: { 'zh-CN': '告警', 'en-US': 'Alarm' },
  3: { 'zh-CN': '忽略', 'en-US': 'Ignored' },
};
const STATUS_OPTIONS: Record<string, BilingualText> = {
  active: { 'zh-CN': '告警中', 'en-US': 'Active' },
  cleared: { 'zh-CN': '已恢复', 'en-US': 'Cleared' },
};
/** Back-fill texts: an episode found in back-filled data, learned late (SPEC §2 alarms). */
const BACKFILL_OPTIONS: Record<string, BilingualText> = {
  true: { 'zh-CN': '补传', 'en-US': 'Back-filled' },
  false: { 'zh-CN': '实时', 'en-US': 'Live' },
};
const PROCESSED_OPTIONS: Record<string, BilingualText> = {
  true: { 'zh-CN': '已处理', 'en-US': 'Processed' },
  false: { 'zh-CN': '未处理', 'en-US': 'Unprocessed' },
};

const ALARM_FIELDS: Record<(typeof ALARM_LIST_FIELDS)[number], ListField> = {
  deviceId: { sql: 'a.device_id', type: 'string', label: { 'zh-CN': '设备号', 'en-US': 'Device' }, multi: true },
  deviceName: { sql: 'd.name', type: 'string', label: { 'zh-CN': '设备名称', 'en-US': 'Device name' } },
  gatewayId: { sql: 'a.gateway_id', type: 'string', label: { 'zh-CN': '网关', 'en-US': 'Gateway' }, multi: true },
  ruleName: { sql: 'a.rule_name', type: 'string', label: { 'zh-CN': '规则', 'en-US': 'Rule' } },
  alarmType: {
    sql: 'a.alarm_type',
    type: 'string',
    label: { 'zh-CN': '告警类型', 'en-US': 'Alarm type' },
    multi: true,
  },
  severity: {
    sql: 'a.severity',
    type: 'string',
    label: { 'zh-CN': '告警级别', 'en-US': 'Severity' },
    multi: true,
    options: SEVERITY_OPTIONS,
  },
  startTs: { sql: 'a.start_ts', type: 'number', label: { 'zh-CN': '开始时间', 'en-US': 'Start' }, epochMs: true },
  endTs: { sql: 'a.end_ts', type: 'number', label: { 'zh-CN': '结束时间', 'en-US': 'End' }, epochMs: true },
  value: { sql: 'a.value', type: 'number', label: { 'zh-CN': '告警值', 'en-US': 'Value' } },
  peak: { sql: 'a.peak', type: 'number', label: { 'zh-CN': '峰值', 'en-US': 'Peak' } },
  status: {
    sql: 'a.status',
    type: 'string',
    label: { 'zh-CN': '状态', 'en-US': 'Status' },
    multi: true,
    options: STATUS_OPTIONS,
  },
  processed: {
    sql: 'a.processed',
    type: 'boolean',
    label: { 'zh-CN': '处理状态', 'en-US': 'Processing' },
    options: PROCESSED_OPTIONS,
  },
  flag: {
    sql: 'a.flag',
    type: 'number',
    label: { 'zh-CN': '告警标记', 'en-US': 'Flag' },
    multi: true,
    options: FLAG_OPTIONS,
  },
  backfill: {
    sql: 'a.backfill',
    type: 'boolean',
    label: { 'zh-CN': '数据来源', 'en-US': 'Data' },
    options: BACKFILL_OPTIONS,
  },
  createdAt: {
    sql: 'a.created_at',
    type: 'number',
    label: { 'zh-CN': '记录时间', 'en-US': 'Recorded' },
    epochMs: true,
  },
};

const alarmSpec = (name: string, where: string[] = []): ListSpec<AlarmRecord> => ({
  name,
  from: 'alarm a LEFT JOIN device d ON d.dev_no = a.device_id',
  select: ALARM_COLUMNS,
  tenantScope: 'a.tenant_id = $tenant',
  where,
  idSql: 'a.id',
  defaultSort: { field: 'startTs', order: 'desc' },
  // scene detail and device alarms tab: alarms of one rule (plain template / scene id)
  params: { ruleId: 'a.rule_id = ?' },
  fields: ALARM_FIELDS,
  map: (r) => alarmRecordOf(r as unknown as AlarmRow),
});

/** Every alarm of the tenant (alarm list, device alarms tab, export). */
export const ALARM_LIST = alarmSpec('alarms');
/**
 * Alarms that want attention (notice bell, dashboard): active or not yet processed, except
 * ignored ones (flag 3).
 */
export const COMMON_ALARM_LIST = alarmSpec('commonAlarms', ["(a.status = 'active' OR NOT a.processed)", 'a.flag <> 3']);
/** Alarms of devices relayed by a gateway (gateway alarm list). */
export const GATEWAY_ALARM_LIST = alarmSpec('gatewayAlarms', ['a.gateway_id IS NOT NULL']);

const PROCESS_FIELDS: Record<(typeof PROCESS_LIST_FIELDS)[number], ListField> = {
  alarmId: { sql: 'r.alarm_id', type: 'string', label: { 'zh-CN': '告警编号', 'en-US': 'Alarm' } },
  deviceId: { sql: 'a.device_id', type: 'string', label: { 'zh-CN': '设备号', 'en-US': 'Device' }, multi: true },
  alarmType: {
    sql: 'a.alarm_type',
    type: 'string',
    label: { 'zh-CN': '告警类型', 'en-US': 'Alarm type' },
    multi: true,
  },
  severity: {
    sql: 'a.severity',
    type: 'string',
    label: { 'zh-CN': '告警级别', 'en-US': 'Severity' },
    multi: true,
    options: SEVERITY_OPTIONS,
  },
  startTs: { sql: 'a.start_ts', type: 'number', label: { 'zh-CN': '开始时间', 'en-US': 'Start' }, epochMs: true },
  content: { sql: 'r.content', type: 'string', label: { 'zh-CN': '处理记录', 'en-US': 'Record' } },
  flag: {
    sql: 'r.flag',
    type: 'number',
    label: { 'zh-CN': '处理结果', 'en-US': 'Result' },
    multi: true,
    options: FLAG_OPTIONS,
  },
  createBy: { sql: 'r.create_by', type: 'string', label: { 'zh-CN': '处理人', 'en-US': 'Processed by' } },
  createTime: {
    sql: 'r.create_time',
    type: 'number',
    label: { 'zh-CN': '处理时间', 'en-US': 'Processed' },
    epochMs: true,
  },
};

/** Process records of the tenant (process record list and export; `alarmId` filters one alarm). */
export const PROCESS_LIST: ListSpec<ProcessRecord> = {
  name: 'alarmProcessRecords',
  from: 'alarm_process_record r JOIN alarm a ON a.id = r.alarm_id',
  select: 'r.*, a.device_id, a.alarm_type, a.severity, a.start_ts',
  tenantScope: 'r.tenant_id = $tenant',
  idSql: 'r.id',
  defaultSort: { field: 'createTime', order: 'desc' },
  fields: PROCESS_FIELDS,
  map: (r) => processRecordOf(r),
};

/** The API record of a process record row joined with its alarm. */
export function processRecordOf(r: Record<string, unknown>): ProcessRecord {
  const flag = Number(r.flag);
  return {
    id: String(r.id),
    alarmId: String(r.alarm_id),
    deviceId: String(r.device_id),
    alarmType: String(r.alarm_type),
    severity: r.severity as ProcessRecord['severity'],
    startTs: Number(r.start_ts),
    content: String(r.content),
    flag: flag === 0 ? 0 : flag === 3 ? 3 : 1,
    createBy: String(r.create_by),
    createTime: Number(r.create_time),
  };
}
