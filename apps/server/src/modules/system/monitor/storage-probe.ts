import type { MonitorSnapshot } from '@ztj/contracts';
import type { Db } from '../../../platform/db/db';
import type { JobCounts, JobQueue } from '../../../platform/jobs/job-queue';

/** What the probe reads of the database and the job queue (one sample). */
export interface StorageSample {
  database: MonitorSnapshot['database'];
  jobs: JobCounts;
}

/** Below this many rows the telemetry is counted exactly; from it on the planner's estimate is given. */
export const EXACT_COUNT_LIMIT = 1_000_000;
/** Tables listed as the largest. */
export const LARGEST_TABLES = 10;

/**
 * Tables of the current schema, partitions rolled up into their root (telemetry is partitioned
 * on PostgreSQL, a plain table on PGlite): bytes with indexes and TOAST, and the estimated rows
 * (the larger of the planner's `reltuples` and the statistics' live tuples; 0 before either knows).
 */
const TABLES_SQL = `
  SELECT coalesce(pg_partition_root(c.oid), c.oid)::regclass::text AS name,
         sum(pg_total_relation_size(c.oid))::float8 AS bytes,
         sum(greatest(c.reltuples, coalesce(s.n_live_tup, 0), 0))::float8 AS rows
    FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    LEFT JOIN pg_stat_user_tables s ON s.relid = c.oid
   WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p')
   GROUP BY 1
   ORDER BY 2 DESC, 1`;

/**
 * Reads the database's and the job queue's figures for the monitoring page and the metrics
 *. A sample is reused for `ttlMs` and concurrent callers share one round of
 * queries, so a Prometheus scrape and several open pages cost one round per interval.
 */
export class StorageProbe {
  private last: { at: number; sample: StorageSample } | undefined;
  private inFlight: Promise<StorageSample> | undefined;
  private version: string | undefined;

  /** @param ttlMs how long a sample is reused, ms (default 2000). */
  constructor(
    private readonly db: Db,
    private readonly jobs: Pick<JobQueue, 'counts'>,
    private readonly ttlMs = 2_000,
  ) {}

  /** The latest sample, at most `ttlMs` old. @throws the database error (nothing cached then). */
  sample(now = Date.now()): Promise<StorageSample> {
    if (this.last && now - this.last.at < this.ttlMs) return Promise.resolve(this.last.sample);
    this.inFlight ??= this.read().then(
      (sample) => {
        this.last = { at: Date.now(), sample };
        this.inFlight = undefined;
        return sample;
      },
      (err: unknown) => {
        this.inFlight = undefined;
        throw err;
      },
    );
    return this.inFlight;
  }

  private async read(): Promise<StorageSample> {
    const db = this.db;
    const postgres = db.kind === 'postgres';
    this.version ??= (await db.one<{ v: string }>(`SELECT current_setting('server_version') AS v`))?.v ?? '';
    const size = await db.one<{ bytes: number }>('SELECT pg_database_size(current_database())::float8 AS bytes');
    // PGlite is one in-process connection; PostgreSQL: every backend connected to this database
    const connections = postgres
      ? ((
          await db.one<{ n: number }>(
            'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database()',
          )
        )?.n ?? 0)
      : 1;
    const tables = await db.query<{ name: string; bytes: number; rows: number }>(TABLES_SQL);
    const telemetry = await this.telemetryRows(tables.find((t) => t.name === 'telemetry')?.rows ?? 0);
    return {
      database: {
        engine: postgres ? 'postgresql' : 'pglite',
        serverVersion: this.version,
        sizeBytes: size?.bytes ?? null,
        connections,
        largestTables: tables.slice(0, LARGEST_TABLES),
        telemetryRows: telemetry.rows,
        telemetryRowsEstimated: telemetry.estimated,
      },
      jobs: await this.jobs.counts(),
    };
  }

  /** Exact count below {@link EXACT_COUNT_LIMIT} (the scan stops there), else `estimate` (at least the limit). */
  private async telemetryRows(estimate: number): Promise<{ rows: number; estimated: boolean }> {
    const counted = await this.db.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM (SELECT 1 FROM telemetry LIMIT ${EXACT_COUNT_LIMIT}) t`,
    );
    const n = counted?.n ?? 0;
    return n < EXACT_COUNT_LIMIT
      ? { rows: n, estimated: false }
      : { rows: Math.max(Math.round(estimate), EXACT_COUNT_LIMIT), estimated: true };
  }
}
