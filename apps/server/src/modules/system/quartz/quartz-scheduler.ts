import type { Db } from '../../../platform/db/db';
import type { JobQueue } from '../../../platform/jobs/job-queue';
import { fireTimesBetween } from './fire-times';
import './builtin-job-classes';
import { jobClassOf, langOfParameter, type QuartzServices } from '../../../platform/jobs/job-classes';

/** Queue of job runs (one pg-boss job per claimed fire or execute-once). */
export const QUARTZ_RUN_QUEUE = 'quartz-run';
/** A fire time later than this behind the clock is skipped (Quartz's default misfire threshold, 60 s). */
const MISFIRE_MS = 60_000;
/** Runs older than this are deleted (ms). */
const RUN_RETENTION_MS = 7 * 86_400_000;
const CLEANUP_EVERY_MS = 10 * 60_000;

/** Data of a run job. */
interface RunJobData {
  runId: string;
}

/** Options of {@link createQuartzScheduler}. */
export interface QuartzSchedulerOptions {
  db: Db;
  jobs: JobQueue;
  services?: Partial<QuartzServices>;
  onError?: (e: Error) => void;
  now?: () => number;
  /** Tick offset after each whole second, ms (default 20). */
  tickOffsetMs?: number;
}

/** The scheduler of scheduled jobs. */
export interface QuartzScheduler {
  /** Starts the run workers (the job queue must be started) and the tick. */
  start(): Promise<void>;
  /** Stops the tick and waits for a tick in progress; runs in progress finish with the job queue. */
  stop(): Promise<void>;
  /** Queues one run of job `jobId` now (execute once). @returns the run id */
  executeOnce(jobId: string, tenantId: number): Promise<string>;
  /** One tick now (tests): claims and queues the due fires; @returns how many were claimed by this process. */
  tick(): Promise<number>;
}

interface DueRow {
  id: string;
  cron_expression: string;
  schedule_from: string | number;
}

interface RunRow {
  id: string;
  job_id: string;
  tenant_id: number;
  trigger: 'cron' | 'manual';
  fire_time: string | number;
  status: string;
  job_class_name: string;
  parameter: string | null;
}

function toError(e: unknown): Error {
  return e instanceof Error ? e : new Error(String(e));
}

function messageOf(out: unknown): string | null {
  if (out === undefined || out === null) return null;
  return (typeof out === 'string' ? out : JSON.stringify(out)).slice(0, 500);
}

/**
 * Builds the scheduler: every process ticks once a second (just after the second), reads the
 * running jobs and, for each fire time of a job's Quartz expression in the window since the last
 * tick (not before the job's `schedule_from`, at most 60 s back), claims the fire with an INSERT
 * on the unique (job, trigger, fire time) key of `quartz_job_run`. Only the process whose INSERT
 * wins sends the run to the job queue, so each fire runs once however many processes tick; the
 * INSERT also re-checks that the job is still running with the same expression (a pause in
 * another process wins). A run job is fetched by one worker of one process (pg-boss), runs the
 * job class's handler, and records the outcome on the run and on the job (last run time, status,
 * message). Runs are not retried (Quartz does not re-fire a failed job).
 */
export function createQuartzScheduler(opts: QuartzSchedulerOptions): QuartzScheduler {
  const { db, jobs } = opts;
  const now = opts.now ?? Date.now;
  const onError = (e: unknown): void => opts.onError?.(toError(e));
  const offset = opts.tickOffsetMs ?? 20;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = true;
  let lastTick = 0;
  let lastCleanup = 0;

  const send = (runId: string): Promise<string | null> =>
    jobs.send<RunJobData>(QUARTZ_RUN_QUEUE, { runId }, { retryLimit: 0, expireInSeconds: 3600 });

  async function tick(): Promise<number> {
    const at = now();
    const after = Math.max(lastTick || at - 1000, at - MISFIRE_MS);
    lastTick = at;
    const due = await db.query<DueRow>('SELECT id, cron_expression, schedule_from FROM quartz_job WHERE status = 0');
    let claimed = 0;
    for (const job of due) {
      let fires: number[];
      try {
        fires = fireTimesBetween(job.cron_expression, Math.max(after, Number(job.schedule_from)), at);
      } catch (e) {
        onError(e);
        continue;
      }
      for (const fire of fires) {
        const [run] = await db.query<{ id: string }>(
          `INSERT INTO quartz_job_run (job_id, tenant_id, trigger, fire_time)
           SELECT id, tenant_id, 'cron', $2 FROM quartz_job WHERE id = $1 AND status = 0 AND cron_expression = $3
           ON CONFLICT (job_id, trigger, fire_time) DO NOTHING RETURNING id`,
          [job.id, fire, job.cron_expression],
        );
        if (!run) continue;
        claimed++;
        await send(run.id);
      }
    }
    if (at - lastCleanup > CLEANUP_EVERY_MS) {
      lastCleanup = at;
      await db.query('DELETE FROM quartz_job_run WHERE fire_time < $1', [at - RUN_RETENTION_MS]);
    }
    return claimed;
  }

  function schedule(): void {
    if (stopped) return;
    const wait = 1000 - (now() % 1000) + offset;
    timer = setTimeout(() => {
      running = tick()
        .catch(onError)
        .finally(() => {
          running = undefined;
          schedule();
        });
    }, wait);
    timer.unref?.();
  }

  async function runJob(data: RunJobData): Promise<unknown> {
    const [run] = await db.query<RunRow>(
      `SELECT r.id, r.job_id, r.tenant_id, r.trigger, r.fire_time, r.status, j.job_class_name, j.parameter
         FROM quartz_job_run r JOIN quartz_job j ON j.id = r.job_id WHERE r.id = $1`,
      [data.runId],
    );
    if (!run || run.status !== 'queued') return { status: run?.status ?? 'gone' };
    const started = now();
    await db.query(`UPDATE quartz_job_run SET status = 'running', start_time = $2 WHERE id = $1`, [run.id, started]);
    await db.query(
      `UPDATE quartz_job SET last_run_time = $2, last_run_status = 'running', last_run_message = NULL WHERE id = $1`,
      [run.job_id, started],
    );
    let status: 'success' | 'failure' = 'success';
    let message: string | null;
    try {
      const jobClass = jobClassOf(run.job_class_name);
      if (!jobClass) throw new Error(`unknown job class ${run.job_class_name}`);
      message = messageOf(
        await jobClass.handler({
          db,
          tenantId: Number(run.tenant_id),
          parameter: run.parameter,
          fireTime: Number(run.fire_time),
          trigger: run.trigger,
          lang: langOfParameter(run.parameter),
          services: opts.services ?? {},
        }),
      );
    } catch (e) {
      status = 'failure';
      message = toError(e).message.slice(0, 500);
      onError(e);
    }
    const finished = now();
    await db.query('UPDATE quartz_job_run SET status = $2, message = $3, finish_time = $4 WHERE id = $1', [
      run.id,
      status,
      message,
      finished,
    ]);
    await db.query(
      'UPDATE quartz_job SET last_run_status = $2, last_run_message = $3 WHERE id = $1 AND last_run_time = $4',
      [run.job_id, status, message, started],
    );
    return { status };
  }

  return {
    async start() {
      await jobs.work<RunJobData>(QUARTZ_RUN_QUEUE, { concurrency: 2, pollingIntervalSeconds: 1 }, (job) =>
        runJob(job.data),
      );
      stopped = false;
      lastTick = now();
      schedule();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
      await opts.services?.mailer?.close?.().catch(onError);
    },
    async executeOnce(jobId, tenantId) {
      const [run] = await db.query<{ id: string }>(
        `INSERT INTO quartz_job_run (job_id, tenant_id, trigger, fire_time) VALUES ($1, $2, 'manual', $3)
         ON CONFLICT (job_id, trigger, fire_time) DO UPDATE SET fire_time = quartz_job_run.fire_time RETURNING id`,
        [jobId, tenantId, now()],
      );
      await send(run!.id);
      return run!.id;
    },
    tick,
  };
}
