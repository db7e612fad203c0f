import type { JobProgress } from './job-progress';

/**
 * The job queue's public types (ARCHITECTURE: one job queue): what callers send, receive and
 * configure. The implementation is `createJobQueue` in ./job-queue.
 */

/**
 * Options of one job (pg-boss `SendOptions`). Unset → the queue's defaults: 3 retries, 10 s apart,
 * with backoff; expires 15 minutes after it starts.
 */
export interface JobOptions {
  /** Retries after the first attempt (integer ≥ 0). */
  retryLimit?: number;
  /** Seconds before a retry (integer ≥ 0); with `retryBackoff`, the base of the exponential delay. */
  retryDelaySec?: number;
  /** Retry `n` (1-based) waits between `retryDelaySec·2^(n-1)` and twice that (jittered), capped at 2^15. */
  retryBackoff?: boolean;
  /**
   * Deduplication key. It only dedupes on a queue created with a policy other than `standard`
   * (see {@link QueuePolicy}): e.g. `short` keeps one waiting job per key.
   */
  singletonKey?: string;
  /** Not before this time, ms since the epoch. */
  startAfter?: number;
  /** A running job longer than this (seconds, < 24 h) is failed, then retried if retries remain. */
  expireInSeconds?: number;
}

/** What a handler is given for one job. */
export interface JobContext<T> {
  id: string;
  /** Queue name. */
  name: string;
  data: T;
  /** 0 on the first attempt, n on the n-th retry. */
  retryCount: number;
  /**
   * Stores progress 0..100 and an optional message, readable by {@link JobQueue.getJob} (also from
   * another process). @throws RangeError when `percent` is outside 0..100.
   */
  progress(percent: number, message?: string): Promise<void>;
}

/** pg-boss queue policies: `standard`, `short` (one waiting job per singletonKey), `singleton` (one active per key), `stately` (one waiting and one active per key). */
export type QueuePolicy = 'standard' | 'short' | 'singleton' | 'stately';

/** A job as {@link JobQueue.getJob} returns it. */
export interface JobInfo {
  id: string;
  /** `created`, `retry`, `active`, `completed`, `cancelled` or `failed`. */
  state: string;
  retryCount: number;
  /**
   * Completed: what the handler returned (an object as is, anything else as `{ value }`, null for
   * nothing). Failed: the last error, serialized (`{ name, message, stack }`). Else null.
   */
  output: unknown;
  progress: JobProgress | null;
}

/** Worker options of {@link JobQueue.work}. */
export interface WorkOptions {
  /** Jobs of this queue run at once in this process (default 1). */
  concurrency?: number;
  /** How often an idle worker looks for jobs, seconds (≥ 0.5, default 2). A job sent by this process wakes its workers at once. */
  pollingIntervalSeconds?: number;
}

/**
 * The one job queue of the server (ARCHITECTURE §8 `platform/jobs`; SPEC §1 "export
 * is asynchronous"): pg-boss on PostgreSQL or on the embedded PGlite. Jobs are rows, so they survive
 * a restart; a job is fetched by one worker (`FOR UPDATE SKIP LOCKED`) across workers and processes;
 * a failed or expired job is retried per its {@link JobOptions}. Delivery is at-least-once: a handler
 * whose process dies is run again after its job expires.
 *
 * A queue is started once and stopped once; send and work need it started.
 */
export interface JobQueue {
  /**
   * Installs or migrates the pg-boss schema (first start only), creates the progress table, starts
   * maintenance (and cron when `schedule`). @throws the database error; a queue whose start failed
   * is stopped (build a new one to try again).
   */
  start(): Promise<void>;
  /**
   * Stops fetching, waits for running handlers up to `timeoutMs` (default 10000, at least 1000), fails
   * (to be retried) the jobs still running after that, then closes the queue's connections.
   */
  stop(opts?: { timeoutMs?: number }): Promise<void>;
  /** Creates queue `name` if missing (idempotent); the policy only applies on creation. */
  createQueue(name: string, opts?: { policy?: QueuePolicy }): Promise<void>;
  /**
   * Adds a job (creating its queue if missing). @returns its id, or null when deduplicated by
   * `singletonKey`. @throws AssertionError on invalid options (pg-boss's message).
   */
  send<T extends object>(name: string, data: T, opts?: JobOptions): Promise<string | null>;
  /** Runs `handler` for jobs of `name`; what it returns is the job's output, what it throws fails the job. */
  work<T extends object>(
    name: string,
    opts: WorkOptions,
    handler: (job: JobContext<T>) => Promise<unknown>,
  ): Promise<void>;
  /**
   * Sends a job to queue `name` on a 5-field cron (pg-boss schedule, `tz` default UTC). Stored in the
   * database; fired only by processes whose queue was created with `schedule: true`.
   */
  schedule(name: string, cron: string, data?: object, opts?: { tz?: string }): Promise<void>;
  unschedule(name: string): Promise<void>;
  /** A job of queue `name` (also once archived), or null when unknown. */
  getJob(name: string, id: string): Promise<JobInfo | null>;
  /** True when started and the queue's database answers (for /health/ready). */
  ready(): Promise<boolean>;
  /** Jobs of every queue by state (monitoring): waiting = created or retry; completed until archived. */
  counts(): Promise<JobCounts>;
}

/** Jobs by state, counts of pg-boss's job table ({@link JobQueue.counts}). */
export interface JobCounts {
  waiting: number;
  active: number;
  failed: number;
  completed: number;
}

/** Options of {@link createJobQueue}. */
export interface JobQueueOptions {
  /** PostgreSQL URL for the queue's own pool; required when `db.kind === 'postgres'`. */
  connectionString?: string;
  /** Schema of the pg-boss tables and of `job_progress` (default `pgboss`). */
  schema?: string;
  /** Background errors: maintenance, polling, a job outcome that could not be stored. */
  onError?: (e: Error) => void;
  /** Fire cron schedules in this process (default false). */
  schedule?: boolean;
  /** Size of the queue's pool on PostgreSQL (default 10). */
  poolSize?: number;
}
