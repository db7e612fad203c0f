import type { AlarmRecord } from '@ztj/contracts';
import type { AlarmEvent } from '../engine';
import { alarmRecordOf } from './alarm-row';
import type { DeviceRules, RuleMeta } from './rule-cache';

/** The record of an episode of a rule that stores no alarm (scene with `raise` false): a synthetic id. */
export function unstoredRecord(e: AlarmEvent, d: DeviceRules, meta: RuleMeta, now: number): AlarmRecord {
  return alarmRecordOf({
    id: `${meta.source}:${meta.plainId}:${e.deviceId}:${e.conditionIndex}:${e.startTs}`,
    tenant_id: d.tenantId,
    device_id: e.deviceId,
    device_name: d.deviceName,
    gateway_id: d.gatewayId,
    rule_source: meta.source,
    rule_id: meta.plainId,
    rule_name: meta.name,
    condition_index: e.conditionIndex,
    condition_type: e.conditionType,
    alarm_type: e.alarmType,
    severity: e.severity,
    start_ts: e.startTs,
    raised_ts: e.kind === 'raised' ? e.ts : e.startTs,
    end_ts: e.kind === 'cleared' ? e.ts : null,
    value: e.kind === 'raised' ? e.value : null,
    peak: e.kind === 'cleared' ? e.peak : null,
    status: e.kind === 'cleared' ? 'cleared' : 'active',
    processed: false,
    flag: 1,
    backfill: e.kind === 'raised' && e.backfill,
    raised_by_silence: e.kind === 'raised' && e.bySilence,
    linked_alarm_id: null,
    reminders: e.kind === 'reminder' ? e.count : 0,
    escalated: e.kind === 'escalated',
    processed_by: null,
    processed_at: null,
    created_at: now,
  });
}
