import type { PushChannelCode, PushStatus } from '@ztj/contracts';
import type { Queryable } from '../../../platform/db/db';
import type { PushEvent } from './render';

/** One push to be recorded (a row of `alarm_push`, migration 0040). */
export interface NewPush {
  tenantId: number;
  alarmId: string;
  deviceId: string;
  event: PushEvent;
  /**
   * Dedupe: a push is recorded once per (alarm, event, channel, recipient) — for `reminder` once per
   * reminder number, i.e. at most `occurrence` rows of that key (1 for the other events).
   */
  occurrence: number;
  channel: PushChannelCode;
  pushType: number;
  userId: string | null;
  /** Name shown in the push list. */
  recipient: string;
  /** Phone, e-mail, openid or webhook, unmasked (masked by the list). */
  address: string | null;
  status: Extract<PushStatus, 'pending' | 'notConfigured' | 'noAddress'>;
  /** Shown while pending and kept for the terminal states (e.g. "not configured"). */
  answer: string | null;
  title: string;
  /** Server ms. */
  createdAt: number;
}

/** A stored push as the worker reads it. */
export interface PushRow {
  id: string;
  tenant_id: number;
  /** The alarm pushed; null for a scene that pushes without raising. */
  alarm_id: string | null;
  channel: PushChannelCode;
  address: string | null;
  status: PushStatus;
  attempts: number;
  /** Alarm event pushed (raised, reminder, escalated, cleared). */
  event: PushEvent;
  /** Server ms when recorded. */
  created_at: number;
}

const COLS = [
  'tenant_id',
  'alarm_id',
  'device_id',
  'event',
  'channel',
  'push_type',
  'user_id',
  'recipient',
  'address',
  'status',
  'answer',
  'title',
  'created_at',
  'occurrence',
] as const;
const CASTS = [
  'integer',
  'text',
  'text',
  'text',
  'text',
  'smallint',
  'text',
  'text',
  'text',
  'text',
  'text',
  'text',
  'bigint',
  'integer',
];

/**
 * Records the pushes of one notice in one multi-row INSERT, skipping each whose dedupe key already
 * has `occurrence` rows (a notice announced twice, a recipient reached through two groups). An alarm
 * that is not stored (a scene that pushes without raising) is recorded with `alarm_id` null and is
 * not deduplicated.
 * @returns the inserted rows' ids and statuses (pending ones get a job).
 */
export async function insertPushes(db: Queryable, pushes: NewPush[]): Promise<{ id: string; status: string }[]> {
  if (pushes.length === 0) return [];
  const params: unknown[] = [];
  const tuples = pushes.map((p, i) => {
    const values = [
      p.tenantId,
      p.alarmId,
      p.deviceId,
      p.event,
      p.channel,
      p.pushType,
      p.userId,
      p.recipient,
      p.address,
      p.status,
      p.answer,
      p.title,
      p.createdAt,
      p.occurrence,
    ];
    const refs = values.map((v, k) => {
      params.push(v);
      return `$${params.length}::${CASTS[k]}`;
    });
    return `(${refs.join(', ')}, ${i})`;
  });
  const rows = await db.query<{ id: string; status: string }>(
    `WITH v (${COLS.join(', ')}, idx) AS (VALUES ${tuples.join(', ')})
     INSERT INTO alarm_push (tenant_id, alarm_id, device_id, event, channel, push_type, user_id, recipient, address, status, answer, title, created_at, next_attempt_at)
     SELECT tenant_id, (SELECT a.id FROM alarm a WHERE a.id = v.alarm_id), device_id, event, channel, push_type, user_id, recipient, address, status, answer, title, created_at,
            CASE WHEN status = 'pending' THEN created_at END
       FROM v
      WHERE (SELECT count(*) FROM alarm_push p
              WHERE p.tenant_id = v.tenant_id AND p.alarm_id = v.alarm_id AND p.event = v.event AND p.channel = v.channel
                AND (CASE WHEN v.user_id IS NOT NULL THEN p.user_id = v.user_id
                          ELSE p.user_id IS NULL AND p.recipient = v.recipient AND p.address IS NOT DISTINCT FROM v.address END)) < v.occurrence
      ORDER BY idx
     RETURNING id, status`,
    params,
  );
  return rows.map((r) => ({ id: String(r.id), status: r.status }));
}

/**
 * `next_attempt_at` marks a pending row whose job is not sent yet (set by {@link insertPushes});
 * cleared for `ids` once their jobs are on the queue.
 */
export async function markQueued(db: Queryable, ids: string[]): Promise<void> {
  if (ids.length) await db.query('UPDATE alarm_push SET next_attempt_at = NULL WHERE id = ANY($1::text[])', [ids]);
}

/** Pending rows still marked unqueued (their job was never sent), oldest first, at most 1000. */
export async function unqueuedPushes(db: Queryable): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `SELECT id FROM alarm_push WHERE status = 'pending' AND next_attempt_at IS NOT NULL ORDER BY created_at LIMIT 1000`,
  );
  return rows.map((r) => String(r.id));
}

/** The row of a push job, or null when it is gone. */
export async function loadPush(db: Queryable, id: string): Promise<PushRow | null> {
  const [row] = await db.query<PushRow>(
    'SELECT id, tenant_id, alarm_id, channel, address, status, attempts, event, created_at FROM alarm_push WHERE id = $1',
    [id],
  );
  return row ? { ...row, attempts: Number(row.attempts), created_at: Number(row.created_at) } : null;
}

/**
 * Order of the events of one episode in every channel (SPEC §2 push): the raise first, then
 * reminders and the escalation, the clear last.
 */
const EVENT_RANK_SQL = `CASE p.event WHEN 'raised' THEN 0 WHEN 'cleared' THEN 2 ELSE 1 END`;

/**
 * True when a push that must go out before `row` is still pending: same alarm, channel and
 * recipient (user, else name and address), an event that comes earlier in {@link EVENT_RANK_SQL}
 * (a raise before its clear), or the same rank recorded earlier (reminder 1 before 2). False for
 * a push of no stored alarm.
 */
export async function earlierPending(db: Queryable, row: PushRow): Promise<boolean> {
  if (!row.alarm_id) return false;
  const found = await db.query<{ id: string }>(
    `SELECT p.id FROM alarm_push p JOIN alarm_push me ON me.id = $1
      WHERE p.alarm_id = me.alarm_id AND p.channel = me.channel AND p.id <> me.id AND p.status = 'pending'
        AND (CASE WHEN me.user_id IS NOT NULL THEN p.user_id = me.user_id
                  ELSE p.user_id IS NULL AND p.recipient = me.recipient AND p.address IS NOT DISTINCT FROM me.address END)
        AND (${EVENT_RANK_SQL} < ${EVENT_RANK_SQL.replace(/p\.event/g, 'me.event')}
             OR (${EVENT_RANK_SQL} = ${EVENT_RANK_SQL.replace(/p\.event/g, 'me.event')} AND (p.created_at, p.id) < (me.created_at, me.id)))
      LIMIT 1`,
    [row.id],
  );
  return found.length > 0;
}

/**
 * Stores an attempt's outcome: attempts + 1, the answer (≤ 500 characters), the new status and,
 * when sent, `sent_at` (server ms).
 */
export async function recordAttempt(
  db: Queryable,
  id: string,
  status: PushStatus,
  answer: string,
  now: number,
): Promise<void> {
  await db.query(
    `UPDATE alarm_push SET attempts = attempts + 1, answer = $2, status = $3::text, sent_at = CASE WHEN $3::text = 'sent' THEN $4::bigint ELSE sent_at END
      WHERE id = $1`,
    [id, answer.slice(0, 500), status, now],
  );
}
