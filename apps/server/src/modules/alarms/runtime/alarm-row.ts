import type { AlarmRecord, AlarmSeverity } from '@ztj/contracts';

/**
 * The `alarm` row (migration 0040) and its API shape {@link AlarmRecord}, shared by the runtime
 * (notices, WebSocket) and the handling calls. Device times are ms epoch (bigint → number).
 */
export interface AlarmRow {
  id: string;
  tenant_id: number;
  device_id: string;
  device_name?: string | null;
  gateway_id: string | null;
  rule_source: string;
  rule_id: string;
  rule_name: string;
  condition_index: number;
  condition_type: string;
  alarm_type: string;
  severity: string;
  start_ts: string | number;
  raised_ts: string | number;
  end_ts: string | number | null;
  value: number | null;
  peak: number | null;
  status: string;
  processed: boolean;
  flag: number;
  backfill: boolean;
  /** Migration 0095: raised by the clock, the device silent at its deadline. */
  raised_by_silence: boolean;
  /** Migration 0095: the alarm a silence links this one with (offline ↔ raised or active during it). */
  linked_alarm_id: string | null;
  reminders: number;
  escalated: boolean;
  processed_by: string | null;
  processed_at: string | number | null;
  created_at: string | number;
  /** Read with {@link ALARM_COLUMNS}: the inner parameter of a duration (T001), from its rule as stored. */
  value_param?: string | null;
}

/** Path of a duration's inner parameter in a stored template's `content` / scene's `rule`. */
const INNER_PARAM = `ARRAY['conditions', a.condition_index::text, 'condition', 'param']`;

/**
 * Column `value_param` of an alarm `a`: for a duration alarm (T001) the parameter its value is in,
 * read from its rule by key; null otherwise.
 */
export const VALUE_PARAM_COLUMN = `CASE WHEN a.alarm_type = 'T001' THEN COALESCE(
    (SELECT t.content #>> ${INNER_PARAM} FROM alarm_rule_template t WHERE a.rule_source = 'template' AND t.id = a.rule_id),
    (SELECT s.rule #>> ${INNER_PARAM} FROM alarm_scene s WHERE a.rule_source = 'scene' AND s.id = a.rule_id)
  ) END AS value_param`;

/**
 * Columns of an alarm row with the device name (`a` = alarm, `d` = device, left-joined) and
 * {@link VALUE_PARAM_COLUMN}.
 */
export const ALARM_COLUMNS = `a.*, d.name AS device_name, ${VALUE_PARAM_COLUMN}`;

const n = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** The API record of a row; `deviceName` falls back to `fallbackName`, then the device id. */
export function alarmRecordOf(r: AlarmRow, fallbackName?: string): AlarmRecord {
  return {
    id: String(r.id),
    deviceId: r.device_id,
    deviceName: r.device_name ?? fallbackName ?? r.device_id,
    gatewayId: r.gateway_id,
    ruleSource: r.rule_source === 'scene' ? 'scene' : 'template',
    ruleId: r.rule_id,
    ruleName: r.rule_name,
    conditionIndex: Number(r.condition_index),
    conditionType: r.condition_type,
    alarmType: r.alarm_type,
    severity: r.severity as AlarmSeverity,
    startTs: Number(r.start_ts),
    raisedTs: Number(r.raised_ts),
    endTs: n(r.end_ts),
    value: n(r.value),
    peak: n(r.peak),
    status: r.status === 'cleared' ? 'cleared' : 'active',
    processed: !!r.processed,
    flag: Number(r.flag) === 0 ? 0 : Number(r.flag) === 3 ? 3 : 1,
    backfill: !!r.backfill,
    raisedBySilence: !!r.raised_by_silence,
    linkedAlarmId: r.linked_alarm_id ?? null,
    reminders: Number(r.reminders),
    escalated: !!r.escalated,
    processedBy: r.processed_by,
    processedAt: n(r.processed_at),
    createdAt: Number(r.created_at),
    ...(r.value_param ? { valueParam: r.value_param } : {}),
  };
}
