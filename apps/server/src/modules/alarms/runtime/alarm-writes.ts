import crypto from 'node:crypto';
import type { Queryable } from '../../../platform/db/db';
import type { AlarmEvent } from '../engine';
import { writeSilenceLinks } from './alarm-links';
import type { AlarmRow } from './alarm-row';
import type { LateVerdict } from './late-episodes';
import type { DeviceRules, RuleMeta } from './rule-cache';

/**
 * The alarm writes of one batch, a fixed number of statements whatever the
 * number of events: one INSERT of the raised episodes (`ON CONFLICT (device_id, rule_id,
 * condition_index, start_ts) DO NOTHING`: a conflict means already raised, so no row and no notice),
 * then one UPDATE each for reminders (count), escalations and clears (status, end, peak) — in that
 * order, so an episode raised and cleared within one batch ends cleared. Raises a silence links
 * (an offline alarm and an alarm raised or active during it) are linked right after the INSERT (alarm-links.ts).
 *
 * An episode raised and cleared within the same batch (a flapping sensor, a back-filled excursion)
 * is inserted already cleared — one row written once instead of an INSERT and an UPDATE; its raise
 * is still announced with the row as it stood when raised (active, no end). Only when such an
 * INSERT finds the episode stored already does its clear go through the UPDATE.
 */
/** One engine event of a stored rule, with what its write needs. */
export interface EventToWrite {
  e: AlarmEvent;
  d: DeviceRules;
  meta: RuleMeta;
  /** Worst value of the episode so far (raised events), unit of the parameter. */
  peak: number | null;
  /** Its episode key, once computed (`eventKey`: asked several times per write). */
  key?: string;
  /** Verdict on an episode learned late (late-episodes.ts), carried to its announcement. */
  late?: LateVerdict;
}

/** Key of an episode: device, rule source and id, condition, start. */
const keyOf = (deviceId: string, source: string, ruleId: string, index: number, startTs: number): string =>
  `${deviceId}|${source}|${ruleId}|${index}|${startTs}`;
const rowKey = (r: AlarmRow): string =>
  keyOf(r.device_id, r.rule_source, r.rule_id, Number(r.condition_index), Number(r.start_ts));
const eventKey = (w: EventToWrite): string =>
  (w.key ??= keyOf(w.e.deviceId, w.meta.source, w.meta.plainId, w.e.conditionIndex, w.e.startTs));

const EPISODE_JOIN =
  'a.device_id = u.dev AND a.rule_source = u.src AND a.rule_id = u.rid AND a.condition_index = u.idx AND a.start_ts = u.start';
const EPISODE_UNNEST = 'unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::bigint[]';

/** Columns of the episode key of `ws`, for the unnest above. */
function keyColumns(ws: readonly EventToWrite[]): unknown[] {
  return [
    ws.map((w) => w.e.deviceId),
    ws.map((w) => w.meta.source),
    ws.map((w) => w.meta.plainId),
    ws.map((w) => w.e.conditionIndex),
    ws.map((w) => w.e.startTs),
  ];
}

/**
 * The events by kind, each kind with its last event per episode key (later events of the same kind
 * supersede earlier ones); one pass over the batch's events.
 */
function lastPerKindAndKey(events: readonly EventToWrite[]): Record<AlarmEvent['kind'], EventToWrite[]> {
  const maps = {
    raised: new Map<string, EventToWrite>(),
    cleared: new Map<string, EventToWrite>(),
    reminder: new Map<string, EventToWrite>(),
    escalated: new Map<string, EventToWrite>(),
  };
  for (const w of events) maps[w.e.kind].set(eventKey(w), w);
  return {
    raised: [...maps.raised.values()],
    cleared: [...maps.cleared.values()],
    reminder: [...maps.reminder.values()],
    escalated: [...maps.escalated.values()],
  };
}

/** Worst value of a raised episode when raised: the engine's peak, else the raising value. */
const peakAtRaise = (w: EventToWrite): number | null => w.peak ?? (w.e.kind === 'raised' ? w.e.value : null);

/**
 * The row the INSERT below stores for the raise `w` (with its folded clear `c`), as `RETURNING *`
 * would answer it: the inserted values and the column defaults of migration 0040.
 */
function insertedRow(w: EventToWrite, id: string, c: EventToWrite | undefined, now: number): AlarmRow {
  const e = w.e;
  return {
    id,
    tenant_id: w.d.tenantId,
    device_id: e.deviceId,
    gateway_id: w.d.gatewayId,
    rule_source: w.meta.source,
    rule_id: w.meta.plainId,
    rule_name: w.meta.name,
    condition_index: e.conditionIndex,
    condition_type: e.conditionType,
    alarm_type: e.alarmType,
    severity: e.severity,
    start_ts: e.startTs,
    raised_ts: e.ts,
    end_ts: c ? c.e.ts : null,
    value: e.kind === 'raised' ? e.value : null,
    peak: c?.e.kind === 'cleared' ? (c.e.peak ?? peakAtRaise(w)) : peakAtRaise(w),
    status: c ? 'cleared' : 'active',
    processed: false,
    flag: 1,
    backfill: e.kind === 'raised' && e.backfill,
    raised_by_silence: e.kind === 'raised' && e.bySilence,
    linked_alarm_id: null,
    reminders: 0,
    escalated: false,
    processed_by: null,
    processed_at: null,
    created_at: now,
  };
}

/** Columns the INSERT below sets: every column of `alarm` (migrations 0040, 0095), as named in {@link AlarmRow}. */
const ALARM_INSERT_COLUMNS = `id, tenant_id, device_id, gateway_id, rule_source, rule_id, rule_name, condition_index, condition_type, alarm_type,
  severity, start_ts, raised_ts, end_ts, value, peak, status, processed, flag, backfill, raised_by_silence, linked_alarm_id, reminders, escalated,
  processed_by, processed_at, created_at`;

/**
 * Inserts the raised episodes (their clears in `fold`, same index, folded in; see the module
 * comment); answers the stored rows by episode key: the raise as it stood when raised, and the
 * folded clear as stored. The rows are built here — ids drawn here (random UUIDs, as the column
 * default would), the inserted values and the column defaults — and travel as one json array
 * (`json_populate_recordset` over the table's row type) rather than as a column array each whose
 * every text the driver escaped one by one; the statement answers only the ids it stored (a
 * conflict stores nothing) instead of every column of every row for the driver to parse.
 */
async function insertRaised(
  q: Queryable,
  raised: readonly EventToWrite[],
  fold: readonly (EventToWrite | undefined)[],
  now: number,
): Promise<{ raisedRows: Map<string, AlarmRow>; foldedRows: Map<string, AlarmRow> }> {
  const rows = raised.map((w, i) => insertedRow(w, crypto.randomUUID(), fold[i], now));
  const stored = new Set(
    (
      await q.query<{ id: string }>(
        `INSERT INTO alarm (${ALARM_INSERT_COLUMNS}) SELECT ${ALARM_INSERT_COLUMNS} FROM json_populate_recordset(NULL::alarm, $1::json)
       ON CONFLICT (device_id, rule_id, condition_index, start_ts) DO NOTHING RETURNING id`,
        [JSON.stringify(rows)],
      )
    ).map((r) => r.id),
  );
  const raisedRows = new Map<string, AlarmRow>();
  const foldedRows = new Map<string, AlarmRow>();
  raised.forEach((w, i) => {
    const row = rows[i]!;
    if (!stored.has(row.id)) return;
    const k = eventKey(w);
    if (!fold[i]) raisedRows.set(k, row);
    else {
      foldedRows.set(k, row);
      raisedRows.set(k, { ...row, status: 'active', end_ts: null, peak: peakAtRaise(w) });
    }
  });
  return { raisedRows, foldedRows };
}

/**
 * Writes the events; returns, per event (same order), the row as it stands after that kind of
 * write, or undefined when the write changed nothing (raise of an episode already stored, update
 * of an episode that has no row).
 */
export async function writeEvents(
  q: Queryable,
  events: readonly EventToWrite[],
  now: number,
): Promise<(AlarmRow | undefined)[]> {
  const by = lastPerKindAndKey(events);
  const results = new Map<string, Map<string, AlarmRow>>();
  const keep = (kind: string, rows: AlarmRow[]): void => {
    results.set(kind, new Map(rows.map((r) => [rowKey(r), r])));
  };

  const raised = by.raised;
  let cleared = by.cleared;
  if (raised.length) {
    // clears of episodes raised in this batch are folded into the INSERT (see the module comment)
    const clearOf = new Map(cleared.map((w) => [eventKey(w), w]));
    const { raisedRows, foldedRows } = await insertRaised(
      q,
      raised,
      raised.map((w) => clearOf.get(eventKey(w))),
      now,
    );
    // the links a silence makes: the rows just inserted are announced with theirs
    const links = await writeSilenceLinks(q, raised);
    if (links.size)
      for (const rows of [raisedRows, foldedRows])
        for (const row of rows.values()) row.linked_alarm_id = links.get(row.id) ?? row.linked_alarm_id;
    results.set('raised', raisedRows);
    results.set('cleared', foldedRows);
    // a folded clear whose episode was stored already goes through the UPDATE below
    if (foldedRows.size) cleared = cleared.filter((w) => !foldedRows.has(eventKey(w)));
  }
  const reminders = by.reminder;
  if (reminders.length) {
    keep(
      'reminder',
      await q.query<AlarmRow>(
        `UPDATE alarm a SET reminders = GREATEST(a.reminders, u.n) FROM ${EPISODE_UNNEST}, $6::int[]) AS u(dev, src, rid, idx, start, n)
        WHERE ${EPISODE_JOIN} RETURNING a.*`,
        [...keyColumns(reminders), reminders.map((w) => (w.e.kind === 'reminder' ? w.e.count : 0))],
      ),
    );
  }
  const escalated = by.escalated;
  if (escalated.length) {
    keep(
      'escalated',
      await q.query<AlarmRow>(
        `UPDATE alarm a SET escalated = true FROM ${EPISODE_UNNEST}) AS u(dev, src, rid, idx, start) WHERE ${EPISODE_JOIN} RETURNING a.*`,
        keyColumns(escalated),
      ),
    );
  }
  if (cleared.length) {
    const rows = await q.query<AlarmRow>(
      `UPDATE alarm a SET status = 'cleared', end_ts = u.ended, peak = COALESCE(u.peak, a.peak)
         FROM ${EPISODE_UNNEST}, $6::bigint[], $7::float8[]) AS u(dev, src, rid, idx, start, ended, peak)
        WHERE ${EPISODE_JOIN} AND a.status = 'active' RETURNING a.*`,
      [
        ...keyColumns(cleared),
        cleared.map((w) => w.e.ts),
        cleared.map((w) => (w.e.kind === 'cleared' ? w.e.peak : null)),
      ],
    );
    const byKey = results.get('cleared') ?? new Map<string, AlarmRow>();
    for (const r of rows) byKey.set(rowKey(r), r);
    results.set('cleared', byKey);
  }
  // a raise (clear, escalation) is announced once even if the engine reported the episode twice
  const answered = new Set<AlarmRow>();
  return events.map((w) => {
    const row = results.get(w.e.kind)?.get(eventKey(w));
    if (!row) return undefined;
    if (w.e.kind === 'reminder') return { ...row, reminders: w.e.count };
    if (answered.has(row)) return undefined;
    answered.add(row);
    return row;
  });
}
