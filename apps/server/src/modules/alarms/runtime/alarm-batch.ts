import type { AlarmRecord } from '@ztj/contracts';
import type { Db, Queryable } from '../../../platform/db/db';
import { TimeSlice } from '../../../platform/time/time-slice';
import {
  conditionKey,
  emptyDeviceState,
  evaluate,
  markProcessed,
  nextDeadline,
  tick,
  type AlarmEvent,
  type DeviceAlarmState,
  type EngineReading,
} from '../engine';
import { alarmRecordOf } from './alarm-row';
import { classifyLate, type LateVerdict } from './late-episodes';
import { unstoredRecord } from './unstored-record';
import { decodeEngineState, encodeEngineState } from './engine-state-codec';
import { writeEvents, type EventToWrite } from './alarm-writes';
import type { DeviceRules, RuleMeta } from './rule-cache';

/**
 * One batch of the alarm runtime: for a set of devices, ONE transaction loads
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

/**
 * A committed alarm change, to announce. `stored` false: a scene without `raise` (no alarm row).
 * `late`: the verdict on an episode learned late (late-episodes.ts), absent for one learned on time.
 */
export interface AlarmChange {
  event: AlarmEvent;
  tenantId: number;
  alarm: AlarmRecord;
  meta: RuleMeta;
  stored: boolean;
  late?: LateVerdict;
}

/** Outcome of a batch: the changes to announce and which devices still hold an active alarm. */
export interface BatchOutcome {
  changes: AlarmChange[];
  /** Device id → true when its state holds an active alarm after the batch. */
  active: Map<string, boolean>;
  /** Device id → latest device time the engine has seen (`lastSeenTs`) after the batch. */
  lastSeen: Map<string, number>;
  /** Device id → when the clock must next visit it (engine `nextDeadline`, ms epoch), null when never. */
  deadlines: Map<string, number | null>;
}

/**
 * Longest stretch of alarm work on the main thread before the event loop gets a turn, ms
 * (TimeSlice): the engine's loop over a batch's devices and the console notices. Unsliced, a batch
 * held the ingest's commits and acknowledgements back for tens of ms at a time, and the ingest
 * bench lost 12–16 % of its rate with rules against 9–11 % sliced (interleaved runs, 2026-11-29).
 */
export const SLICE_MS = 2;

/** Runs the engine for one device's item; returns the new state and its events. */
function runEngine(
  state: DeviceAlarmState,
  d: DeviceRules,
  item: WorkItem,
): { state: DeviceAlarmState; events: AlarmEvent[] } {
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
 * The engine states this process saved, each with the version it saved (migration 0084), so a
 * batch reads the stored JSON only for a device another process evaluated since (or one never
 * cached). Bounded: past `max` devices the least recently saved is forgotten (it is read again).
 */
export class EngineStateCache {
  private readonly map = new Map<string, { state: DeviceAlarmState; version: number }>();

  constructor(private readonly max = 20_000) {}

  /** The cached state of `deviceId` if it is the stored `version`, else undefined. */
  get(deviceId: string, version: number): DeviceAlarmState | undefined {
    const hit = this.map.get(deviceId);
    return hit && hit.version === version ? hit.state : undefined;
  }

  /** Remembers the state saved at `version` (the engine never modifies a state it was given). */
  set(deviceId: string, state: DeviceAlarmState, version: number): void {
    this.map.delete(deviceId);
    if (this.map.size >= this.max) this.map.delete(this.map.keys().next().value!);
    this.map.set(deviceId, { state, version });
  }

  /** Forgets a device (its stored state is gone). */
  delete(deviceId: string): void {
    this.map.delete(deviceId);
  }

  /** Devices cached. */
  get size(): number {
    return this.map.size;
  }
}

/**
 * Loads the engine states of `ids` under a row lock (ORDER BY device_id: batches of several
 * processes lock in one order): the versions first, then the JSON of those not in `cache` at
 * their stored version. Devices without a stored state are absent from the answer.
 */
async function lockStates(
  q: Queryable,
  ids: readonly string[],
  cache: EngineStateCache | undefined,
): Promise<Map<string, DeviceAlarmState>> {
  const locked = await q.query<{ device_id: string; version: string | number }>(
    'SELECT device_id, version FROM alarm_engine_state WHERE device_id = ANY($1::text[]) ORDER BY device_id FOR UPDATE',
    [ids],
  );
  const states = new Map<string, DeviceAlarmState>();
  const missing: string[] = [];
  for (const r of locked) {
    const hit = cache?.get(r.device_id, Number(r.version));
    if (hit) states.set(r.device_id, hit);
    else missing.push(r.device_id);
  }
  if (cache && locked.length < ids.length) {
    const stored = new Set(locked.map((r) => r.device_id));
    for (const id of ids) if (!stored.has(id)) cache.delete(id);
  }
  if (missing.length) {
    const rows = await q.query<{ device_id: string; state: DeviceAlarmState | string }>(
      'SELECT device_id, state FROM alarm_engine_state WHERE device_id = ANY($1::text[])',
      [missing],
    );
    for (const r of rows) states.set(r.device_id, decodeEngineState(r.state));
  }
  return states;
}

/** One engine state to save: its JSON text and the latest receive time of the readings it has evaluated. */
interface StateToSave {
  id: string;
  tenant: number;
  state: string;
  rcv: number | null;
}

/**
 * Saves the states (one statement; answers each saved device's new version). The JSON texts travel
 * as ONE json array parameter, split by `json_array_elements`: as a `jsonb[]`/`text[]` array every
 * quote of every document was escaped by the driver and unescaped again by PostgreSQL's array
 * parser, which cost more than the write itself. The column is `json` (migration 0092): stored as
 * sent, only validated, where `jsonb` converted every number of every document to numeric.
 */
async function saveStates(
  q: Queryable,
  save: readonly StateToSave[],
  now: number,
): Promise<{ device_id: string; version: string | number }[]> {
  return q.query<{ device_id: string; version: string | number }>(
    `INSERT INTO alarm_engine_state (device_id, tenant_id, state, evaluated_received_at, updated_at, version)
     SELECT u.id, u.tenant, j.state, u.rcv, $5, 1
       FROM unnest($1::text[], $2::int[], $4::bigint[]) WITH ORDINALITY AS u(id, tenant, rcv, i)
       JOIN json_array_elements($3::json) WITH ORDINALITY AS j(state, i) USING (i)
     ON CONFLICT (device_id) DO UPDATE SET tenant_id = excluded.tenant_id, state = excluded.state, updated_at = excluded.updated_at,
       evaluated_received_at = GREATEST(alarm_engine_state.evaluated_received_at, excluded.evaluated_received_at),
       version = alarm_engine_state.version + 1
     RETURNING device_id, version`,
    [
      save.map((s) => s.id),
      save.map((s) => s.tenant),
      `[${save.map((s) => s.state).join(',')}]`,
      save.map((s) => s.rcv),
      now,
    ],
  );
}

/**
 * Runs one batch (see the module comment). `rulesOf` gives each device's rules (a device without
 * rules any more keeps its stored state untouched); `cache` (optional) spares reading states this
 * process saved last ({@link EngineStateCache}); it is updated once the batch has committed.
 * `sliceMs`: the engine's work gives the event loop a turn after every `sliceMs` (see {@link SLICE_MS}).
 * Throws when the transaction fails (nothing is written then; the caller decides about retrying).
 */
export async function runBatch(
  db: Db,
  items: readonly WorkItem[],
  rulesOf: (deviceId: string) => DeviceRules | undefined,
  cache?: EngineStateCache,
  sliceMs = SLICE_MS,
): Promise<BatchOutcome> {
  const ids = items.map((i) => i.deviceId).sort();
  const saved: { id: string; state: DeviceAlarmState }[] = [];
  const versions = new Map<string, number>();
  const outcome = await db.tx(async (q) => {
    const now = Date.now();
    const states = await lockStates(q, ids, cache);
    /** Changes in event order: ready ones, or the index of a stored write in `toWrite`. */
    const order: (AlarmChange | number)[] = [];
    const toWrite: EventToWrite[] = [];
    const active = new Map<string, boolean>();
    const lastSeen = new Map<string, number>();
    const deadlines = new Map<string, number | null>();
    const save: StateToSave[] = [];
    // the engine's work on a batch is sliced, so the ingest's commits and acknowledgements are not held up behind it
    const slice = new TimeSlice(sliceMs);
    for (const item of items) {
      if (slice.due()) await slice.next();
      const d = rulesOf(item.deviceId);
      if (!d) continue;
      const engine = runEngine(states.get(item.deviceId) ?? emptyDeviceState(item.deviceId), d, item);
      const state = engine.state;
      let rcv: number | null = null;
      for (const r of item.readings)
        if (r.receivedAt !== null && (rcv === null || r.receivedAt > rcv)) rcv = r.receivedAt;
      const { events, verdicts } = classifyLate(engine.events, rcv);
      events.forEach((e, i) => {
        const meta = d.meta.get(e.ruleId);
        const late = verdicts[i];
        if (!meta) return;
        if (!meta.raise) {
          const alarm = unstoredRecord(e, d, meta, now);
          order.push({ event: e, tenantId: d.tenantId, alarm, meta, stored: false, ...(late ? { late } : {}) });
          return;
        }
        const peak = state.conditions[conditionKey(e.ruleId, e.conditionIndex)]?.active?.peak ?? null;
        order.push(toWrite.push({ e, d, meta, peak, ...(late ? { late } : {}) }) - 1);
      });
      save.push({ id: item.deviceId, tenant: d.tenantId, state: encodeEngineState(state), rcv });
      saved.push({ id: item.deviceId, state });
      active.set(
        item.deviceId,
        Object.values(state.conditions).some((c) => c.active !== null),
      );
      if (state.lastSeenTs !== null) lastSeen.set(item.deviceId, state.lastSeenTs);
      deadlines.set(item.deviceId, nextDeadline(state, d.rules));
    }
    const rowsAfter = await writeEvents(q, toWrite, now);
    const changes: AlarmChange[] = [];
    for (const o of order) {
      if (typeof o !== 'number') changes.push(o);
      else {
        const row = rowsAfter[o];
        const w = toWrite[o]!;
        if (row)
          changes.push({
            event: w.e,
            tenantId: w.d.tenantId,
            alarm: alarmRecordOf(row, w.d.deviceName),
            meta: w.meta,
            stored: true,
            ...(w.late ? { late: w.late } : {}),
          });
      }
    }
    if (save.length) for (const r of await saveStates(q, save, now)) versions.set(r.device_id, Number(r.version));
    return { changes, active, lastSeen, deadlines };
  });
  // committed: what was saved is what is stored now
  if (cache)
    for (const s of saved) {
      const v = versions.get(s.id);
      if (v !== undefined) cache.set(s.id, s.state, v);
    }
  return outcome;
}
