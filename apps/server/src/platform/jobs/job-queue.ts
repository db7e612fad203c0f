import PgBoss from 'pg-boss';
import type { Db } from '../db/db';
import { ProgressStore } from './job-progress';
import { createSqlRunner } from './sql-runner';

export type { JobProgress } from './job-progress';
export type * from './job-types';
import type { JobContext, JobOptions, JobQueue, JobQueueOptions, QueuePolicy, WorkOptions } from './job-types';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function toError(e: unknown): Error {
  if (e instanceof Error) return e;
  const o = e as { message?: unknown; stack?: unknown } | null;
  const err = new Error(typeof o?.message === 'string' ? o.message : String(e));
  if (typeof o?.stack === 'string') err.stack = o.stack;
  return err;
}

function sendOptions(o: JobOptions): PgBoss.SendOptions {
  // pg-boss asserts on keys present with undefined values: only the set ones are passed
  const out: PgBoss.SendOptions = {};
  if (o.retryLimit !== undefined) out.retryLimit = o.retryLimit;
  if (o.retryDelaySec !== undefined) out.retryDelay = o.retryDelaySec;
  if (o.retryBackoff !== undefined) out.retryBackoff = o.retryBackoff;
  if (o.singletonKey !== undefined) out.singletonKey = o.singletonKey;
  if (o.startAfter !== undefined) out.startAfter = new Date(o.startAfter);
  if (o.expireInSeconds !== undefined) out.expireInSeconds = o.expireInSeconds;
  return out;
}

/**
 * Builds the job queue over the server's database (nothing is sent until {@link JobQueue.start}).
 * PGlite: pg-boss runs through the server's `Db` (one connection). PostgreSQL: its own pool.
 * @throws Error when the schema name is not `[a-z_][a-z0-9_]*`, or on PostgreSQL without `connectionString`.
 */
export function createJobQueue(db: Db, opts: JobQueueOptions): JobQueue {
  const schema = opts.schema ?? 'pgboss';
  if (!/^[a-z_][a-z0-9_]{0,49}$/.test(schema)) throw new Error(`bad job queue schema name ${schema}`);
  const onError = (e: unknown): void => opts.onError?.(toError(e));
  const sql = createSqlRunner(db, {
    schema,
    connectionString: opts.connectionString,
    poolSize: opts.poolSize,
    onError,
  });
  const boss = new PgBoss({
    db: sql,
    schema,
    migrate: true,
    supervise: true,
    maintenanceIntervalSeconds: 120,
    schedule: opts.schedule ?? false,
    retryLimit: 3,
    retryDelay: 10,
    retryBackoff: true,
  });
  boss.on('error', onError);
  const progress = new ProgressStore(sql, schema);
  let state: 'new' | 'started' | 'stopping' | 'stopped' = 'new';
  let stopping: Promise<void> | undefined;
  const queues = new Map<string, Promise<void>>();
  const workers = new Map<string, string[]>();

  const assertStarted = (): void => {
    if (state !== 'started') throw new Error(`job queue is ${state === 'new' ? 'not started' : 'stopped'}`);
  };
  const ensureQueue = (name: string, policy?: QueuePolicy): Promise<void> => {
    let created = queues.get(name);
    if (!created) {
      created = boss.createQueue(name, { name, ...(policy ? { policy } : {}) });
      created.catch(() => queues.delete(name));
      queues.set(name, created);
    }
    return created;
  };
  const wake = (name: string): void => {
    if (state === 'started') for (const id of workers.get(name) ?? []) boss.notifyWorker(id);
  };

  return {
    async start() {
      if (state !== 'new') throw new Error('a job queue starts once');
      try {
        await boss.start();
        await progress.init();
      } catch (err) {
        // pg-boss cannot start again after a failed start: this queue is done, make a new one
        state = 'stopped';
        await boss.stop({ graceful: false, close: false }).catch(() => undefined);
        await sql.close();
        throw err;
      }
      state = 'started';
    },

    stop({ timeoutMs = 10_000 } = {}) {
      stopping ??= (async () => {
        const started = Date.now();
        const wasStarted = state === 'started';
        state = 'stopping';
        if (wasStarted)
          await boss.stop({ graceful: true, wait: true, close: false, timeout: Math.max(1000, timeoutMs) });
        // a fetch already on its way when the workers stopped: its job is failed (to be retried) before the pool closes
        await sql.drain(Math.max(1000, timeoutMs - (Date.now() - started)));
        await sql.close();
        state = 'stopped';
      })();
      return stopping;
    },

    async createQueue(name, o = {}) {
      assertStarted();
      await ensureQueue(name, o.policy);
    },

    async send(name, data, o = {}) {
      assertStarted();
      await ensureQueue(name);
      const id = await boss.send(name, data, sendOptions(o));
      if (id) wake(name);
      return id;
    },

    async work<T extends object>(name: string, o: WorkOptions, handler: (job: JobContext<T>) => Promise<unknown>) {
      assertStarted();
      const concurrency = o.concurrency ?? 1;
      if (!Number.isInteger(concurrency) || concurrency < 1)
        throw new RangeError(`concurrency must be an integer ≥ 1, got ${concurrency}`);
      await ensureQueue(name);
      const ids = workers.get(name) ?? [];
      workers.set(name, ids);
      // pg-boss 10 has no concurrency: `concurrency` workers fetching one job each
      for (let i = 0; i < concurrency; i++) {
        const worker: { id?: string } = {};
        const options: PgBoss.WorkOptions & { includeMetadata: true } = { batchSize: 1, includeMetadata: true };
        if (o.pollingIntervalSeconds !== undefined) options.pollingIntervalSeconds = o.pollingIntervalSeconds;
        worker.id = await boss.work<T>(name, options, async ([job]) => {
          // fetched while stopping: failed at once, so that it is retried rather than left active
          if (state !== 'started') throw new Error('job queue stopping: job not started');
          try {
            return await handler({
              id: job.id,
              name: job.name,
              data: job.data,
              retryCount: job.retryCount,
              progress: (percent, message) => progress.set(job.name, job.id, percent, message),
            });
          } finally {
            // more may be waiting: this worker fetches again without waiting for its polling interval
            if (worker.id && state === 'started') boss.notifyWorker(worker.id);
          }
        });
        ids.push(worker.id);
      }
    },

    async schedule(name, cron, data, o = {}) {
      assertStarted();
      await ensureQueue(name);
      await boss.schedule(name, cron, data ?? {}, o.tz ? { tz: o.tz } : {});
    },

    async unschedule(name) {
      assertStarted();
      await boss.unschedule(name);
    },

    async getJob(name, id) {
      assertStarted();
      if (!UUID.test(id)) return null;
      // progress first, then the job: a job reports progress only while active, so the state read
      // after it is never older than the progress (read the other way round, a job fetched in
      // between showed state 'created' with progress already stored)
      const reported = await progress.get(id);
      const job = await boss.getJobById<unknown>(name, id, { includeArchive: true });
      if (!job) return null;
      return {
        id: job.id,
        state: job.state,
        retryCount: Number(job.retryCount),
        output: job.output ?? null,
        progress: reported,
      };
    },

    async ready() {
      if (state !== 'started') return false;
      try {
        await sql.query('SELECT 1');
        return true;
      } catch {
        return false;
      }
    },

    async counts() {
      assertStarted();
      const rows = await sql.query<{ state: string; n: number }>(
        `SELECT state::text AS state, count(*)::int AS n FROM ${schema}.job GROUP BY state`,
      );
      const n = (s: string): number => rows.find((r) => r.state === s)?.n ?? 0;
      return {
        waiting: n('created') + n('retry'),
        active: n('active'),
        failed: n('failed'),
        completed: n('completed'),
      };
    },
  };
}
