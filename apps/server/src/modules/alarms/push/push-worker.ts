import type { AlarmSeverity, Language } from '@ztj/contracts';
import type { Queryable } from '../../../platform/db/db';
import type { JobContext } from '../../../platform/jobs/job-queue';
import type { PushAttemptResult, PushChannel, PushChannelCode } from '../../../platform/notify/channel';
import { earlierPending, loadPush, recordAttempt } from './push-store';
import { renderPushMessage, type PushEvent, type RenderInput } from './render';
import { alarmLink } from '../../../platform/notify/push-config';
import { placeNameOf, storedCondition, tenantTimeZone } from './notice-context.repo';

/** Queue of push jobs (one job per `alarm_push` row in state pending). */
export const PUSH_QUEUE = 'alarm-push';

/** Data of a push job: the row, and the alarm as it was announced (absent for a re-queued row: read again). */
export interface PushJobData {
  pushId: string;
  render?: RenderInput;
}

/** Retries of a push (job options): default 5 retries, 5 s doubling with jitter (JobQueue backoff). */
export interface PushRetryPolicy {
  /** Retries after the first attempt. */
  limit: number;
  /** Seconds before the first retry (integer ≥ 0; tests use 0). */
  delaySec: number;
  backoff: boolean;
}

/** Default {@link PushRetryPolicy}: 5 retries from 5 s with exponential backoff. */
export const DEFAULT_PUSH_RETRY: PushRetryPolicy = { limit: 5, delaySec: 5, backoff: true };

/** What the worker needs: the database, the configured channels, the retry policy and the rendering. */
export interface PushWorkerDeps {
  db: Queryable;
  channels: ReadonlyMap<PushChannelCode, PushChannel>;
  retry: PushRetryPolicy;
  lang: Language;
  timeZone?: string;
  /** Console address (`PUSH_CONSOLE_URL`): messages link to their alarm. */
  consoleUrl?: string;
  now: () => number;
  /**
   * Sends the job again to run in `afterMs` (the job queue's `startAfter`) without spending one of
   * its retries: a push waiting for an earlier one of its episode ({@link PUSH_ORDER_RECHECK_MS}).
   * Without it such a push is retried as a failure would be.
   */
  later?: (data: PushJobData, afterMs: number) => Promise<void>;
}

/** How soon a push waiting for an earlier push of its episode (its raise) looks again, ms. */
export const PUSH_ORDER_RECHECK_MS = 1000;
/**
 * Longest a push waits for an earlier push of its episode, from its own recording, ms (30
 * minutes: longer than the retries of a push, about 5 minutes, and the expiry of a job, 5): a raise
 * still pending after this is taken as lost, and its clear goes out rather than never.
 */
export const PUSH_ORDER_WAIT_MAX_MS = 30 * 60_000;

/** Thrown for a retryable failure so that the job queue retries the push (the row stays pending). */
export class PushRetryError extends Error {
  override name = 'PushRetryError';
}

interface AlarmRenderRow {
  tenant_id: number;
  rule_source: string;
  rule_id: string;
  condition_index: number;
  device_id: string;
  device_name: string | null;
  rule_name: string;
  condition_type: string;
  alarm_type: string;
  severity: string;
  start_ts: string;
  raised_ts: string;
  end_ts: string | null;
  value: number | null;
  reminders: number;
  backfill: boolean;
  created_at: string;
  event: PushEvent;
}

/**
 * The render input of a re-queued row, read from its alarm now, with the rule condition as stored
 * now, its place and the tenant's zone (null when the alarm is gone).
 */
async function renderInputOf(db: Queryable, pushId: string): Promise<RenderInput | null> {
  const [r] = await db.query<AlarmRenderRow>(
    `SELECT a.tenant_id, a.rule_source, a.rule_id, a.condition_index, a.device_id, d.name AS device_name, a.rule_name, a.condition_type, a.alarm_type, a.severity, a.start_ts, a.raised_ts,
            a.end_ts, a.value, a.reminders, a.backfill, a.created_at, p.event
       FROM alarm_push p JOIN alarm a ON a.id = p.alarm_id LEFT JOIN device d ON d.dev_no = a.device_id
      WHERE p.id = $1`,
    [pushId],
  );
  if (!r) return null;
  const tenantId = Number(r.tenant_id);
  const condition = await storedCondition(
    db,
    r.rule_source === 'scene' ? 'scene' : 'template',
    r.rule_id,
    Number(r.condition_index),
  );
  const [zone, placeName] = await Promise.all([tenantTimeZone(db, tenantId), placeNameOf(db, tenantId, condition)]);
  return {
    condition,
    placeName,
    ...(zone ? { timeZone: zone } : {}),
    alarm: {
      deviceId: r.device_id,
      deviceName: r.device_name ?? r.device_id,
      ruleName: r.rule_name,
      conditionType: r.condition_type,
      alarmType: r.alarm_type,
      severity: r.severity as AlarmSeverity,
      startTs: Number(r.start_ts),
      raisedTs: Number(r.raised_ts),
      endTs: r.end_ts === null ? null : Number(r.end_ts),
      value: r.value === null ? null : Number(r.value),
    },
    event: r.event,
    reminder: Number(r.reminders),
    // only raises of episodes learned late and still active are pushed with the back-fill flag
    ...(r.event === 'raised' && r.backfill ? { learnedAt: Number(r.created_at) } : {}),
  };
}

async function attempt(
  channel: PushChannel,
  address: string,
  input: RenderInput,
  alarmId: string | null,
  deps: PushWorkerDeps,
): Promise<PushAttemptResult> {
  const url = deps.consoleUrl && alarmId ? alarmLink(deps.consoleUrl, alarmId) : undefined;
  try {
    return await channel.send(address, renderPushMessage(input, { lang: deps.lang, timeZone: deps.timeZone, url }));
  } catch (err) {
    // channels do not throw for provider errors; anything else is treated as transient
    return { ok: false, retryable: true, answer: `error: ${err instanceof Error ? err.message : String(err)}` };
  }
}

/**
 * Runs one push job: reads the row (a row no longer pending is left alone — a job
 * delivered twice sends nothing twice once recorded); a push whose episode has an earlier push to
 * the same recipient on the same channel still pending (its raise, for a clear) waits for it
 * ({@link earlierPending}: sent again through `deps.later`, output `{ status: 'waiting' }`, up to
 * {@link PUSH_ORDER_WAIT_MAX_MS}) so that the raise always goes out first; then renders the message, sends it through the
 * channel and records the attempt: `sent` (with `sent_at`), `failed` for a refusal retrying cannot help
 * or after the last retry, else the answer is kept, the row stays `pending` and {@link PushRetryError}
 * is thrown so the queue retries it with backoff.
 * @returns the row's new status (the job's output).
 */
export async function runPushJob(
  job: Pick<JobContext<PushJobData>, 'data' | 'retryCount'>,
  deps: PushWorkerDeps,
): Promise<{ status: string }> {
  const row = await loadPush(deps.db, job.data.pushId);
  if (!row || row.status !== 'pending') return { status: row?.status ?? 'gone' };
  const channel = deps.channels.get(row.channel);
  if (!channel) {
    await recordAttempt(deps.db, row.id, 'notConfigured', 'channel not configured on this server', deps.now());
    return { status: 'notConfigured' };
  }
  if (!row.address) {
    await recordAttempt(deps.db, row.id, 'noAddress', 'no address', deps.now());
    return { status: 'noAddress' };
  }
  if (deps.now() - row.created_at < PUSH_ORDER_WAIT_MAX_MS && (await earlierPending(deps.db, row))) {
    if (!deps.later) throw new PushRetryError(`push ${row.id} waits for an earlier push of its alarm`);
    await deps.later(job.data, PUSH_ORDER_RECHECK_MS);
    return { status: 'waiting' };
  }
  const input = job.data.render ?? (await renderInputOf(deps.db, row.id));
  if (!input) {
    await recordAttempt(deps.db, row.id, 'failed', 'alarm no longer exists', deps.now());
    return { status: 'failed' };
  }
  const res = await attempt(channel, row.address, input, row.alarm_id, deps);
  const answer = (res.answer || (res.ok ? 'ok' : 'error')).slice(0, 500);
  if (res.ok) {
    await recordAttempt(deps.db, row.id, 'sent', answer, deps.now());
    return { status: 'sent' };
  }
  if (!res.retryable || job.retryCount >= deps.retry.limit) {
    await recordAttempt(deps.db, row.id, 'failed', answer, deps.now());
    return { status: 'failed' };
  }
  await recordAttempt(deps.db, row.id, 'pending', answer, deps.now());
  throw new PushRetryError(`push ${row.id} attempt ${job.retryCount + 1} failed, will retry: ${answer}`);
}
