import type { SqlRunner } from './sql-runner';

/** Progress a job reported: `percent` 0..100, an optional message. */
export interface JobProgress {
  percent: number;
  message: string | null;
}

/** `s` as an SQL string literal. */
function quoteLiteral(s: string): string {
  return `'${s.replaceAll("'", "''")}'`;
}

/** How long progress rows are kept after their last update, days (pg-boss keeps archived jobs 7 days). */
const PROGRESS_KEEP_DAYS = 14;

/**
 * The progress table of one queue schema: `<schema>.job_progress`, created idempotently on start
 * (pg-boss has no progress of its own; no migration file: it belongs to the queue's schema).
 */
export class ProgressStore {
  private readonly table: string;

  constructor(
    private readonly sql: SqlRunner,
    schema: string,
  ) {
    this.table = `"${schema}".job_progress`;
  }

  /**
   * Creates the table when missing and drops rows untouched for {@link PROGRESS_KEEP_DAYS} days.
   * Two processes starting at once: `CREATE TABLE IF NOT EXISTS` alone can fail on PostgreSQL
   * ("already exists" / duplicate pg_type key), so the creation holds a transaction advisory lock.
   */
  async init(): Promise<void> {
    await this.sql.query(
      `BEGIN;
      SELECT pg_advisory_xact_lock(hashtext(current_database() || '.ztj-jobs.' || ${quoteLiteral(this.table)}));
      CREATE TABLE IF NOT EXISTS ${this.table} (
        job_id uuid PRIMARY KEY,
        name text NOT NULL,
        percent int NOT NULL CHECK (percent BETWEEN 0 AND 100),
        message text,
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      COMMIT;`,
    );
    await this.sql.query(`DELETE FROM ${this.table} WHERE updated_at < now() - make_interval(days => $1)`, [
      PROGRESS_KEEP_DAYS,
    ]);
  }

  /**
   * Stores the progress of job `id` of queue `name`.
   * @param percent 0..100, rounded to an integer.
   * @throws RangeError when `percent` is not a number in 0..100.
   */
  async set(name: string, id: string, percent: number, message?: string): Promise<void> {
    if (!Number.isFinite(percent) || percent < 0 || percent > 100)
      throw new RangeError(`progress percent must be 0..100, got ${percent}`);
    await this.sql.query(
      `INSERT INTO ${this.table} (job_id, name, percent, message, updated_at) VALUES ($1, $2, $3, $4, now())
       ON CONFLICT (job_id) DO UPDATE SET percent = EXCLUDED.percent, message = EXCLUDED.message, updated_at = now()`,
      [id, name, Math.round(percent), message ?? null],
    );
  }

  /** The last progress of job `id`, or null when it reported none. */
  async get(id: string): Promise<JobProgress | null> {
    const [row] = await this.sql.query<{ percent: number; message: string | null }>(
      `SELECT percent, message FROM ${this.table} WHERE job_id = $1`,
      [id],
    );
    return row ? { percent: Number(row.percent), message: row.message } : null;
  }
}
