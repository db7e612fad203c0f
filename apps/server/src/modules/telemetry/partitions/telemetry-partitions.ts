import type { Db, Queryable } from '../../../platform/db/db';
import type { JobQueue } from '../../../platform/jobs/job-queue';

/**
 * Telemetry partitions on PostgreSQL (migration 0063): `telemetry` is range
 * partitioned by device time `ts` (ms epoch), one partition per UTC calendar month named
 * `telemetry_yYYYYmMM`. The upkeep keeps partitions from the retention horizon to
 * {@link PARTITIONS_AHEAD_MONTHS} months ahead and drops whole partitions older than the horizon,
 * one `telemetry_retention_log` row and one ledger `retention` entry per tenant per drop. PGlite keeps a plain table: nothing to do there.
 */

/** Queue of the daily upkeep run on the product's job queue. */
export const TELEMETRY_PARTITIONS_QUEUE = 'telemetry-partitions';
/** Months of partitions kept ready after the current one. */
export const PARTITIONS_AHEAD_MONTHS = 3;
/** Advisory lock serialising upkeep runs of all processes of a database. */
const UPKEEP_LOCK = 727_063;
/** Daily, 00:17 UTC (5-field cron). */
const UPKEEP_CRON = '17 0 * * *';

/** One partition: name and bounds `[from, to)`, ms epoch. */
export interface TelemetryPartition {
  name: string;
  from: number;
  to: number;
}

/** A partition dropped by retention (as logged in `telemetry_retention_log`). */
export interface DroppedPartition extends TelemetryPartition {
  rows: number;
}

/** What one upkeep run did. `floor`: see {@link TelemetryFloor}. */
export interface UpkeepResult {
  created: string[];
  dropped: DroppedPartition[];
  floor: number;
}

/**
 * The oldest device time the partitions can hold, ms epoch (`-Infinity` when `telemetry` is not
 * partitioned). The ingest refuses readings below it as `beforeRetention` with one comparison per
 * reading; the upkeep refreshes it.
 */
export interface TelemetryFloor {
  minTs: number;
}

/** First ms of the UTC month holding `ms`, shifted by `months` months. */
export function monthStart(ms: number, months = 0): number {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1);
}

/** Partition name of the UTC month starting at `ms` (`telemetry_y2026m11`). */
export function partitionName(ms: number): string {
  const d = new Date(ms);
  return `telemetry_y${d.getUTCFullYear()}m${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/**
 * Retention horizon, ms epoch: start of the UTC month `retentionMonths` months before the month of
 * `now`. Partitions ending at or before it hold only readings older than `retentionMonths` months
 * and are dropped; partitions are kept from it on.
 */
export function retentionHorizon(now: number, retentionMonths: number): number {
  return monthStart(now, -retentionMonths);
}

/** True when `telemetry` is a partitioned table (PostgreSQL after 0063). */
export async function isPartitioned(q: Queryable): Promise<boolean> {
  const [r] = await q.query<{ kind: string | null }>(
    `SELECT (SELECT relkind::text FROM pg_class WHERE oid = to_regclass('telemetry')) AS kind`,
  );
  return r?.kind === 'p';
}

/** The range partitions of `telemetry`, oldest first (others, e.g. a DEFAULT partition, left out). */
export async function listPartitions(q: Queryable): Promise<TelemetryPartition[]> {
  const rows = await q.query<{ name: string; bound: string }>(
    `SELECT c.relname AS name, pg_get_expr(c.relpartbound, c.oid) AS bound
       FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = to_regclass('telemetry')`,
  );
  const out: TelemetryPartition[] = [];
  for (const r of rows) {
    const m = /FROM \('?(-?\d+)'?\) TO \('?(-?\d+)'?\)/.exec(r.bound);
    if (m) out.push({ name: r.name, from: Number(m[1]), to: Number(m[2]) });
  }
  return out.sort((a, b) => a.from - b.from);
}

/**
 * Lower bound of the unbroken run of partitions that ends with the newest one, ms epoch
 * (`-Infinity` without partitions): a reading below it would find no partition (or one past a gap).
 */
export function floorOf(partitions: readonly TelemetryPartition[]): number {
  if (!partitions.length) return -Infinity;
  let floor = partitions[partitions.length - 1]!.from;
  for (let i = partitions.length - 2; i >= 0 && partitions[i]!.to === floor; i--) floor = partitions[i]!.from;
  return floor;
}

/** Options of {@link TelemetryPartitions}. */
export interface TelemetryPartitionsOptions {
  /** Months of readings kept at least (TELEMETRY_RETENTION_MONTHS). */
  retentionMonths: number;
  onError?: (err: Error) => void;
  now?: () => number;
}

/**
 * Partition upkeep of one process: run at start-up ({@link start}) and daily on the job queue.
 * Safe to run from several processes at once (advisory lock; existing partitions are left alone).
 * The daily job runs in one process of the deployment; the others keep the floor read at their
 * start, which is safe: with at least 4 months of retention a dropped partition only held readings
 * the ingest already refuses as `tooOld` (older than 90 days).
 */
export class TelemetryPartitions {
  /** Read by the ingest (IngestOptions.telemetryFloor). */
  readonly floor: TelemetryFloor = { minTs: -Infinity };
  private readonly now: () => number;

  constructor(
    private readonly db: Db,
    private readonly opts: TelemetryPartitionsOptions,
  ) {
    this.now = opts.now ?? Date.now;
  }

  /**
   * On PostgreSQL: runs the upkeep once (its failure is reported to `onError`, the floor is still
   * read), then daily on `jobs` (started). On PGlite: nothing.
   */
  async start(jobs: JobQueue): Promise<void> {
    if (this.db.kind !== 'postgres') return;
    try {
      await this.upkeep();
    } catch (e) {
      this.opts.onError?.(e as Error);
      await this.refreshFloor().catch((err: Error) => this.opts.onError?.(err));
    }
    await jobs.work(TELEMETRY_PARTITIONS_QUEUE, {}, async () => {
      const r = await this.upkeep();
      return { created: r.created, dropped: r.dropped.map((d) => d.name) };
    });
    await jobs.schedule(TELEMETRY_PARTITIONS_QUEUE, UPKEEP_CRON);
  }

  /** Re-reads the partitions' floor into {@link floor}. */
  async refreshFloor(): Promise<number> {
    this.floor.minTs = (await isPartitioned(this.db)) ? floorOf(await listPartitions(this.db)) : -Infinity;
    return this.floor.minTs;
  }

  /**
   * Creates the missing partitions from the retention horizon to {@link PARTITIONS_AHEAD_MONTHS}
   * months after the current one (none older than the horizon), then drops, each in its own
   * transaction, the partitions ending at or before the horizon, logging name, bounds, row count
   * and time in `telemetry_retention_log`. Refreshes {@link floor}. No-op unless partitioned.
   */
  async upkeep(): Promise<UpkeepResult> {
    if (!(await isPartitioned(this.db))) {
      this.floor.minTs = -Infinity;
      return { created: [], dropped: [], floor: -Infinity };
    }
    const now = this.now();
    const horizon = retentionHorizon(now, this.opts.retentionMonths);
    const created = await this.db.tx(async (q) => {
      await q.query('SELECT pg_advisory_xact_lock($1)', [UPKEEP_LOCK]);
      const rows = await q.query<{ month: string; created: boolean }>(
        `SELECT to_char(m, 'YYYY-MM-DD') AS month, telemetry_ensure_partition(m::date) AS created
           FROM generate_series($1::timestamp, $2::timestamp, interval '1 month') AS m ORDER BY m`,
        [isoDate(horizon), isoDate(monthStart(now, PARTITIONS_AHEAD_MONTHS))],
      );
      return rows.filter((r) => r.created).map((r) => partitionName(Date.parse(`${r.month}T00:00:00Z`)));
    });
    const dropped: DroppedPartition[] = [];
    for (const p of await listPartitions(this.db)) {
      if (p.to > horizon) continue;
      const d = await this.db.tx(async (q) => {
        await q.query('SELECT pg_advisory_xact_lock($1)', [UPKEEP_LOCK]);
        const still = (await listPartitions(q)).find((x) => x.name === p.name);
        if (!still) return null;
        const [c] = await q.query<{ n: string }>(`SELECT count(*) AS n FROM ${ident(p.name)}`);
        const rows = Number(c?.n ?? 0);
        await q.query(
          'INSERT INTO telemetry_retention_log (partition_name, range_from, range_to, row_count, dropped_at) VALUES ($1, $2, $3, $4, $5)',
          [p.name, p.from, p.to, rows, this.now()],
        );
        // the drop is a documented gap of every tenant's telemetry hash chain (migration 0069)
        await q.query('SELECT ledger_record_retention($1, $2, $3)', [p.name, p.from, p.to]);
        await q.query(`DROP TABLE ${ident(p.name)}`);
        return { ...p, rows };
      });
      if (d) dropped.push(d);
    }
    const floor = await this.refreshFloor();
    return { created, dropped, floor };
  }
}

/** A quoted SQL identifier. */
const ident = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/** `YYYY-MM-DD` of a UTC time. */
const isoDate = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
