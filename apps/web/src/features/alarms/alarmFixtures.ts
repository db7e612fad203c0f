import type { AlarmRecord } from '@ztj/contracts';

/** An alarm row for tests: an active, unprocessed temperature alarm of SIM-TAG-001 unless overridden. */
export function alarmOf(over: Partial<AlarmRecord> = {}): AlarmRecord {
  return {
    id: 'a1',
    deviceId: 'SIM-TAG-001',
    deviceName: 'Tag 1',
    gatewayId: null,
    ruleSource: 'template',
    ruleId: 'r1',
    ruleName: 'Frozen',
    conditionIndex: 0,
    conditionType: 'threshold',
    alarmType: 'P003',
    severity: 'H',
    startTs: 1_000_000,
    raisedTs: 1_000_000,
    endTs: null,
    value: -12.5,
    peak: -10,
    status: 'active',
    processed: false,
    flag: 1,
    backfill: false,
    reminders: 0,
    escalated: false,
    processedBy: null,
    processedAt: null,
    createdAt: 1_000_500,
    ...over,
  };
}
