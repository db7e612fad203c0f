import { DEFAULT_LANGUAGE, PUSH_CHANNELS, PUSH_TYPE_OF, type Language, type PushChannelCode } from '@ztj/contracts';
import type { Db } from '../../../platform/db/db';
import type { JobOptions, JobQueue } from '../../../platform/jobs/job-queue';
import type { AlarmNotice } from '../runtime/alarm-notice';
import type { PushChannel } from '../../../platform/notify/channel';
import { insertPushes, markQueued, unqueuedPushes, type NewPush } from './push-store';
import {
  DEFAULT_PUSH_RETRY,
  PUSH_QUEUE,
  PushRetryError,
  runPushJob,
  type PushJobData,
  type PushRetryPolicy,
} from './push-worker';
import { noticeRecipients } from './recipients';
import { renderPushMessage, type RenderInput } from './render';
import { placeNameOf, storedCondition, tenantTimeZone } from './notice-context.repo';

/** Options of {@link createPushDispatcher}. */
export interface PushDispatcherOptions {
  /** The configured channels (`createChannels(readPushConfig(env))`); a channel absent here is "not configured". */
  channels: readonly PushChannel[];
  /** The server's job queue, started before {@link PushDispatcher.start}. */
  jobs: JobQueue;
  /** Background errors (a notice that could not be recorded, a job that could not be queued). */
  onError?: (e: Error) => void;
  /** Language of pushed messages and robot names (default zh-CN). */
  lang?: Language;
  /** Time zone of times in messages when the tenant has none (`sys_tenant.time_zone`; default Asia/Shanghai). */
  timeZone?: string;
  /** Console address (`PUSH_CONSOLE_URL`): messages link to their alarm; none without it. */
  consoleUrl?: string;
  /** Retries (default 5 from 5 s with backoff); tests use `{ limit, delaySec: 0, backoff: false }`. */
  retry?: PushRetryPolicy;
  /** Pushes sent at once by this process (default 4, at least 1): a silent provider holds one slot, not all. */
  concurrency?: number;
  /** How often an idle push worker looks for retries, seconds (job queue default 2; ≥ 0.5). */
  pollingIntervalSeconds?: number;
  /** Server clock, ms. */
  now?: () => number;
}

/** Turns committed alarm changes into pushes. */
export interface PushDispatcher {
  /** Queues a notice and returns at once (the alarm runtime's listener); recording and queuing happen after. */
  onNotice(notice: AlarmNotice): void;
  /** Starts the push workers on the job queue (which must be started) and queues rows left unqueued by an earlier run. */
  start(): Promise<void>;
  /**
   * Stops taking notices, waits up to `timeoutMs` (default 5000) in all for those already taken to be
   * recorded and queued and for the pushes being sent, then closes the channels; a push job fetched
   * after this is retried later. App order on close: alarm runtime → dispatcher → job queue.
   */
  stop(opts?: { timeoutMs?: number }): Promise<void>;
  /** Channels and whether this server has them configured (push channels call). */
  configuredChannels(): { channel: PushChannelCode; configured: boolean }[];
  /** Resolves once every notice taken so far is recorded and its jobs sent (tests, shutdown). */
  idle(): Promise<void>;
}

const ROBOT_NAMES: Record<'wecom' | 'dingtalk', Record<Language, string>> = {
  wecom: { 'zh-CN': '企业微信群机器人', 'en-US': 'WeCom group robot' },
  dingtalk: { 'zh-CN': '钉钉群机器人', 'en-US': 'DingTalk group robot' },
};

const USER_CHANNELS = ['sms', 'wechat', 'email'] as const;
/** Pauses before recording a notice again after a failure, ms (last entry unused: gives up). */
const DISPATCH_PAUSES_MS = [500, 2000, 0];

function toError(e: unknown): Error {
  return e instanceof Error ? e : new Error(String(e));
}

/**
 * Builds the push dispatcher: `onNotice` → recipients (alarm audience by their push settings ∪ the
 * rule's recipient groups, robots once per notice) → one `alarm_push` row per recipient and channel
 * (`notConfigured` / `noAddress` / `pending`, one multi-row INSERT, deduplicated) → one job per
 * pending row on queue `alarm-push` → the worker sends and records each attempt.
 */
export function createPushDispatcher(db: Db, opts: PushDispatcherOptions): PushDispatcher {
  const channels = new Map<PushChannelCode, PushChannel>(opts.channels.map((c) => [c.code, c]));
  const retry = opts.retry ?? DEFAULT_PUSH_RETRY;
  const lang = opts.lang ?? DEFAULT_LANGUAGE;
  const now = opts.now ?? Date.now;
  const onError = (e: unknown): void => opts.onError?.(toError(e));
  const jobOptions = (id: string): JobOptions => ({
    retryLimit: retry.limit,
    retryDelaySec: retry.delaySec,
    retryBackoff: retry.backoff,
    singletonKey: `alarm-push:${id}`,
    expireInSeconds: 300,
  });
  let chain: Promise<void> = Promise.resolve();
  let accepting = true;
  let stopped = false;
  const running = new Set<Promise<unknown>>();

  /** What the messages of one notice are made from: the alarm, its condition and place, the tenant's zone. */
  async function renderInputOf(notice: AlarmNotice): Promise<RenderInput> {
    const a = notice.alarm;
    const condition = await storedCondition(db, a.ruleSource, a.ruleId, a.conditionIndex, now());
    const [zone, placeName] = await Promise.all([
      tenantTimeZone(db, notice.tenantId, now()),
      placeNameOf(db, notice.tenantId, condition),
    ]);
    return {
      alarm: notice.alarm,
      event: notice.kind,
      reminder: notice.alarm.reminders,
      condition,
      placeName,
      // an episode learned late and still active: its raise says when it was learned (the row's store time)
      ...(notice.late && notice.kind === 'raised' ? { learnedAt: a.createdAt } : {}),
      // a tenant without a zone of its own takes the dispatcher's (then Asia/Shanghai)
      ...((zone ?? opts.timeZone) ? { timeZone: zone ?? opts.timeZone } : {}),
    };
  }

  /** Rows of one notice. */
  async function pushesOf(notice: AlarmNotice, render: RenderInput): Promise<NewPush[]> {
    const title = renderPushMessage(render, { lang, timeZone: opts.timeZone }).title;
    const createdAt = now();
    const base = {
      tenantId: notice.tenantId,
      alarmId: notice.alarm.id,
      deviceId: notice.alarm.deviceId,
      event: notice.kind,
      occurrence: notice.kind === 'reminder' ? Math.max(1, notice.alarm.reminders) : 1,
      title,
      createdAt,
    };
    const out: NewPush[] = [];
    for (const r of await noticeRecipients(db, notice)) {
      for (const code of USER_CHANNELS) {
        const bit = PUSH_TYPE_OF[code];
        if ((r.pushMode & bit) === 0) continue;
        const channel = channels.get(code);
        const address = channel
          ? channel.addressOf(r)
          : (r[code === 'sms' ? 'phone' : code === 'email' ? 'email' : 'wechatOpenId'] ?? null);
        const status = !channel ? 'notConfigured' : address ? 'pending' : 'noAddress';
        out.push({
          ...base,
          channel: code,
          pushType: bit,
          userId: r.userId ?? null,
          recipient: r.name,
          address,
          status,
          answer: null,
        });
      }
    }
    if (notice.notify.robots) {
      for (const code of ['wecom', 'dingtalk'] as const) {
        const channel = channels.get(code);
        if (!channel) continue;
        const address = channel.addressOf({});
        out.push({
          ...base,
          channel: code,
          pushType: 0,
          userId: null,
          recipient: ROBOT_NAMES[code][lang],
          address,
          status: address ? 'pending' : 'noAddress',
          answer: null,
        });
      }
    }
    return out;
  }

  async function dispatch(notice: AlarmNotice): Promise<void> {
    const render = await renderInputOf(notice);
    const pushes = await pushesOf(notice, render);
    const rows = await insertPushes(db, pushes);
    await queueJobs(
      rows.filter((r) => r.status === 'pending').map((r) => r.id),
      render,
    );
  }

  /**
   * {@link dispatch}, tried again after 0.5 s and 2 s when recording fails (a database hiccup must not
   * lose the pushes of an alarm); the dedupe makes a repeat after a partial success harmless.
   */
  async function dispatchRetrying(notice: AlarmNotice): Promise<void> {
    for (const [i, pause] of DISPATCH_PAUSES_MS.entries()) {
      try {
        return await dispatch(notice);
      } catch (err) {
        if (i === DISPATCH_PAUSES_MS.length - 1 || !accepting)
          throw new Error(`push of alarm ${notice.alarm.id} (${notice.kind}) not recorded: ${toError(err).message}`);
        await new Promise((r) => setTimeout(r, pause));
      }
    }
  }

  /** Sends the jobs of pending rows and clears their "to queue" mark; a row whose job could not be sent keeps it. */
  async function queueJobs(ids: string[], render?: RenderInput): Promise<void> {
    const queued: string[] = [];
    for (const id of ids) {
      try {
        await opts.jobs.send<PushJobData>(PUSH_QUEUE, render ? { pushId: id, render } : { pushId: id }, jobOptions(id));
        queued.push(id);
      } catch (err) {
        // the row stays pending with its mark: queued again by the next start()
        onError(new Error(`push ${id}: could not queue: ${toError(err).message}`));
      }
    }
    await markQueued(db, queued);
  }

  async function handle(job: Parameters<typeof runPushJob>[0]): Promise<unknown> {
    // fetched after stop(): not attempted (the channels are closing), retried later
    if (stopped) throw new PushRetryError('push dispatcher stopping');
    const run = runPushJob(job, {
      db,
      channels,
      retry,
      lang,
      timeZone: opts.timeZone,
      consoleUrl: opts.consoleUrl,
      now,
      // a push waiting for the raise of its alarm runs again shortly, its retries untouched
      later: async (data, afterMs) => {
        await opts.jobs.send<PushJobData>(PUSH_QUEUE, data, {
          ...jobOptions(data.pushId),
          startAfter: Date.now() + afterMs,
        });
      },
    });
    running.add(run);
    try {
      return await run;
    } finally {
      running.delete(run);
    }
  }

  return {
    onNotice(notice) {
      if (!accepting) return;
      chain = chain.then(() => dispatchRetrying(notice)).catch((err) => onError(err));
    },

    async start() {
      const concurrency = Math.max(1, opts.concurrency ?? 4);
      await opts.jobs.work<PushJobData>(
        PUSH_QUEUE,
        {
          concurrency,
          ...(opts.pollingIntervalSeconds ? { pollingIntervalSeconds: opts.pollingIntervalSeconds } : {}),
        },
        handle,
      );
      // rows recorded whose job was never sent (queue down, process ended in between): queued now
      chain = chain.then(async () => queueJobs(await unqueuedPushes(db))).catch((err) => onError(err));
      await chain;
    },

    async stop({ timeoutMs = 5000 } = {}) {
      accepting = false;
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<void>((r) => (timer = setTimeout(r, timeoutMs)));
      await Promise.race([chain, deadline]);
      stopped = true;
      await Promise.race([Promise.allSettled([...running]), deadline]);
      clearTimeout(timer);
      for (const c of channels.values()) await c.close?.().catch((err: unknown) => onError(err));
    },

    configuredChannels() {
      return PUSH_CHANNELS.map((channel) => ({ channel, configured: channels.has(channel) }));
    },

    idle() {
      return chain;
    },
  };
}
