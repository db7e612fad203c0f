import type { AlarmRecord } from '@ztj/contracts';
import type { Db } from '../../../platform/db/db';
import { conditionKey, emptyDeviceState, evaluate, markProcessed, tick, type AlarmEvent, type DeviceAlarmState, type EngineReading } from '../engine';
import { alarmRecordOf } from './alarm-row';
import { writeEvents, type EventToWrite } from './alarm-writes';
import type { DeviceRules, RuleMeta } from './rule-cache';

/**
 * One batch of the alarm runtime (issue 9 item 3): for a set of devices, ONE transaction loads
 * their engine states (`alarm_engine_state`, row-locked), runs the pure engine over each
 * device's queued readings (device-time order, see engine `evaluate`), the timer's `tick` and
 * operators' "processed" marks, writes the alarm changes (alarm-writes.ts: a fixed number of
 * statements per batch) and saves the states. Nothing is
 * announced here: the caller announces the returned changes after the commit.
 */

/** A reading waiting for evaluation: the engine reading plus the server receive time (null for device events). */
export interface QueuedReading extends EngineReading {
  receivedAt: number | null;
}

/** An operator processed the alarm of condition `conditionIndex` of engine rule `ruleId` that started at `startTs`. */
export interface ProcessedMark {
  ruleId: string;
  conditionIndex: number;
  startTs: number;
  done: () => void;
}

/** What one device contributes to a batch. */
export interface WorkItem {
  deviceId: string;
  readings: QueuedReading[];
  /** Timer tick at this time (ms epoch), if due. */
  tickNow?: number;
  marks: ProcessedMark[];
}

/** A committed alarm change, to announce. `stored` false: a scene without `raise` (no alarm row). */
export interface AlarmChange {
  event: AlarmEvent;
  tenantId: number;
  alarm: AlarmRecord;
  meta: RuleMeta;
  stored: boolean;
}

/** Outcome of a batch: the changes to announce and which devices still hold an active alarm. */
export interface BatchOutcome {
  changes: AlarmChange[];
  /** Device id → true when its state holds an active alarm after the batch. */
  active: Map<string, boolean>;
  /** Device id → latest device time the engine has seen (`lastSeenTs`) after the batch. */
  lastSeen: Map<string, number>;
}

/** The record of an episode of a rule that stores no alarm (scene with `raise` false): a synthetic id. */
function unstoredRecord(e: AlarmEvent, d: DeviceRules, meta: RuleMeta, now: number): AlarmRecord {
  return alarmRecordOf({
    id: `${meta.source}:${meta.plainId}:${e.deviceId}:${e.conditionIndex}:${e.startTs}`,
    tenant_id: d.tenantId, device_id: e.deviceId, device_name: d.deviceName, gateway_id: d.gatewayId,
    rule_source: meta.source, rule_id: meta.plainId, rule_name: meta.name, condition_index: e.conditionIndex,
    condition_type: e.conditionType, alarm_type: e.alarmType, severity: e.severity, start_ts: e.startTs,
    raised_ts: e.kind === 'raised' ? e.ts : e.startTs, end_ts: e.kind === 'cleared' ? e.ts : null,
    value: e.kind === 'raised' ? e.value : null, peak: e.kind === 'cleared' ? e.peak : null,
    status: e.kind === 'cleared' ? 'cleared' : 'active', processed: false, flag: 1, backfill: e.kind === 'raised' && e.backfill,
    reminders: e.kind === 'reminder' ? e.count : 0, escalated: e.kind === 'escalated', processed_by: null, processed_at: null, created_at: now,
  });
}

/** Runs the engine for one device's item; returns the new state and its events. */
function runEngine(state: DeviceAlarmState, d: DeviceRules, item: WorkItem): { state: DeviceAlarmState; events: AlarmEvent[] } {
  let s = state;
  for (const m of item.marks) {
    const cs = s.conditions[conditionKey(m.ruleId, m.conditionIndex)];
    if (cs?.active && cs.active.startTs === m.startTs) s = markProcessed(s, m.ruleId, m.conditionIndex);
  }
  const events: AlarmEvent[] = [];
  if (item.readings.length) {
    const r = evaluate(s, d.rules, item.readings);
    s = r.state;
    events.push(...r.events);
  }
  if (item.tickNow !== undefined) {
    const r = tick(s, d.rules, item.tickNow);
    s = r.state;
    events.push(...r.events);
  }
  return { state: s, events };
}

/**
 * Runs one batch (see the module comment). `rulesOf` gives each device's rules (a device without
 * rules any more keeps its stored state untouched). Throws when the transaction fails (nothing
 * is written then; the caller decides about retrying).
 */
export async function runBatch(db: Db, items: readonly WorkItem[], rulesOf: (deviceId: string) => DeviceRules | undefined): Promise<BatchOutcome> {
  const ids = items.map((i) => i.deviceId).sort();
  return db.tx(async (q) => {
    const now = Date.now();
    const rows = await q.query<{ device_id: string; state: DeviceAlarmState | string }>(
      'SELECT device_id, state FROM alarm_engine_state WHERE device_id = ANY($1::text[]) ORDER BY device_id FOR UPDATE',
      [ids],
    );
    const states = new Map(rows.map((r) => [r.device_id, (typeof r.state === 'string' ? JSON.parse(r.state) : r.state) as DeviceAlarmState]));
    /** Changes in event order: ready ones, or the index of a stored write in `toWrite`. */
    const order: (AlarmChange | number)[] = [];
    const toWrite: EventToWrite[] = [];
    const active = new Map<string, boolean>();
    const lastSeen = new Map<string, number>();
    const save: { id: string; tenant: number; state: string; rcv: number | null }[] = [];
    for (const item of items) {
      const d = rulesOf(item.deviceId);
      if (!d) continue;
      const { state, events } = runEngine(states.get(item.deviceId) ?? emptyDeviceState(item.deviceId), d, item);
      for (const e of events) {
        const meta = d.meta.get(e.ruleId);
        if (!meta) continue;
        if (!meta.raise) {
          order.push({ event: e, tenantId: d.tenantId, alarm: unstoredRecord(e, d, meta, now), meta, stored: false });
          continue;
        }
        const peak = state.conditions[conditionKey(e.ruleId, e.conditionIndex)]?.active?.peak ?? null;
        order.push(toWrite.push({ e, d, meta, peak }) - 1);
      }
      let rcv: number | null = null;
      for (const r of item.readings) if (r.receivedAt !== null && (rcv === null || r.receivedAt > rcv)) rcv = r.receivedAt;
      save.push({ id: item.deviceId, tenant: d.tenantId, state: JSON.stringify(state), rcv });
      active.set(item.deviceId, Object.values(state.conditions).some((c) => c.active !== null));
      if (state.lastSeenTs !== null) lastSeen.set(item.deviceId, state.lastSeenTs);
    }
    const rowsAfter = await writeEvents(q, toWrite, now);
    const changes: AlarmChange[] = [];
    for (const o of order) {
      if (typeof o !== 'number') changes.push(o);
      else {
        const row = rowsAfter[o];
        const w = toWrite[o]!;
        if (row) changes.push({ event: w.e, tenantId: w.d.tenantId, alarm: alarmRecordOf(row, w.d.deviceName), meta: w.meta, stored: true });
      }
    }
    if (save.length) {
      await q.query(
        `INSERT INTO alarm_engine_state (device_id, tenant_id, state, evaluated_received_at, updated_at)
         SELECT u.id, u.tenant, u.state, u.rcv, $5 FROM unnest($1::text[], $2::int[], $3::jsonb[], $4::bigint[]) AS u(id, tenant, state, rcv)
         ON CONFLICT (device_id) DO UPDATE SET tenant_id = excluded.tenant_id, state = excluded.state, updated_at = excluded.updated_at,
           evaluated_received_at = GREATEST(alarm_engine_state.evaluated_received_at, excluded.evaluated_received_at)`,
        [save.map((s) => s.id), save.map((s) => s.tenant), save.map((s) => s.state), save.map((s) => s.rcv), now],
      );
    }
    return { changes, active, lastSeen };
  });
}
