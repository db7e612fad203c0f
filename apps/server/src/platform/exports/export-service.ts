import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  EXPORT_FILE_TYPES,
  formatMessage,
  type ExportFileType,
  type ExportStarted,
  type Language,
} from '@ztj/contracts';
import type { AuthContext } from '../auth/auth-context';
import type { Db } from '../db/db';
import { AppError } from '../http/app-error';
import type { JobContext, JobQueue } from '../jobs/job-queue';
import { exporterOf, type Exporter } from './export-registry';

/** Queue of export jobs (one job per `export_file` row). */
export const EXPORT_QUEUE = 'export';
/** Queue of the hourly retention run (deletes expired files). */
export const EXPORT_RETENTION_QUEUE = 'export-retention';
const DAY_MS = 86_400_000;
/** Retries of a failing export after the first attempt (then the file is marked failed). */
const RETRY_LIMIT = 2;

/**
 * The refusal of a file type that is listed but not available yet (EXPORT_FILE_TYPES `available:
 * false`): "“Meter report” cannot be generated yet: the platform has no devices of
 * this kind", as a field error on `field` when given.
 */
export function exportTypeUnavailable(type: ExportFileType, lang: Language, field?: string): AppError {
  const params = { type: EXPORT_FILE_TYPES[type].name[lang] };
  return new AppError(
    'badRequest',
    'exportTypeUnavailable',
    params,
    field ? [{ field, message: formatMessage('exportTypeUnavailable', lang, params) }] : undefined,
  );
}

/** Data of an export job: the row and the requester (no token). */
export interface ExportJobData {
  fileId: string;
  auth: Omit<AuthContext, 'tokenHash'>;
}

/** Options of {@link ExportService}. */
export interface ExportServiceOptions {
  db: Db;
  jobs: JobQueue;
  /** Files live under `<dataDir>/exports/<tenant>/`. */
  dataDir: string;
  /** Days before a file is deleted (EXPORT_RETENTION_DAYS). */
  retentionDays: number;
  onError?: (e: Error) => void;
  now?: () => number;
}

interface FileRow {
  id: string;
  tenant_id: number;
  user_id: string;
  exporter: string;
  file_name: string;
  lang: Language;
  query: Record<string, unknown>;
  status: string;
  path: string | null;
  expires_at: string | number;
}

/**
 * The download center's engine (SPEC §1 "export is asynchronous"): an export
 * request becomes an `export_file` row and a job; the job builds the file with its exporter, stores
 * it under DATA_DIR/exports with its SHA-256 and marks the row `success` (or `failure` with the
 * SPEC §8 message: no data → "file download failed"); files expire after `retentionDays`.
 */
export class ExportService {
  private readonly now: () => number;

  constructor(private readonly opts: ExportServiceOptions) {
    this.now = opts.now ?? Date.now;
  }

  private get db(): Db {
    return this.opts.db;
  }

  /**
   * Records an export request and queues its job; answers at once.
   * @throws AppError badRequest exportTypeUnavailable for a file type not available yet (EXPORT_FILE_TYPES)
   */
  async request(
    auth: AuthContext,
    exporter: Exporter,
    query: Record<string, unknown>,
    lang: Language,
  ): Promise<ExportStarted> {
    if (!EXPORT_FILE_TYPES[exporter.fileType].available) throw exportTypeUnavailable(exporter.fileType, lang);
    const now = this.now();
    const fileName = exporter.fileName(lang);
    const [row] = await this.db.query<{ id: string }>(
      `INSERT INTO export_file (tenant_id, user_id, number, exporter, file_type, file_name, description, lang, query, create_time, expires_at)
       VALUES ($1, $2, (SELECT coalesce(max(number), 0) + 1 FROM export_file WHERE tenant_id = $1), $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
      [
        auth.tenantId,
        auth.userId,
        exporter.key,
        exporter.fileType,
        fileName,
        exporter.description(lang, query).slice(0, 500),
        lang,
        JSON.stringify(query),
        now,
        now + this.opts.retentionDays * DAY_MS,
      ],
    );
    const { tokenHash: _t, ...who } = auth;
    const data: ExportJobData = { fileId: row!.id, auth: who };
    await this.opts.jobs.send(EXPORT_QUEUE, data, { retryLimit: RETRY_LIMIT, retryDelaySec: 2, retryBackoff: true });
    return { id: row!.id, fileName, status: 'generating' };
  }

  /** Starts the export workers and the hourly retention run on the (started) job queue. */
  async start(): Promise<void> {
    await this.opts.jobs.work<ExportJobData>(EXPORT_QUEUE, { concurrency: 2, pollingIntervalSeconds: 1 }, (job) =>
      this.run(job),
    );
    await this.opts.jobs.work(EXPORT_RETENTION_QUEUE, {}, async () => ({ deleted: await this.deleteExpired() }));
    await this.opts.jobs.schedule(EXPORT_RETENTION_QUEUE, '23 * * * *');
  }

  /** Runs one export job (exported for tests). */
  async run(job: Pick<JobContext<ExportJobData>, 'data' | 'retryCount' | 'progress'>): Promise<{ status: string }> {
    const [row] = await this.db.query<FileRow>('SELECT * FROM export_file WHERE id = $1', [job.data.fileId]);
    if (!row || row.status !== 'generating') return { status: row?.status ?? 'gone' };
    const exporter = exporterOf(row.exporter);
    if (!exporter) return this.fail(row, `unknown exporter ${row.exporter}`);
    const progress = async (percent: number): Promise<void> => {
      const p = Math.max(0, Math.min(99, Math.round(percent)));
      await this.db.query('UPDATE export_file SET progress = greatest(progress, $2) WHERE id = $1', [row.id, p]);
      await job.progress(p).catch(() => undefined);
    };
    let body: Buffer | null;
    try {
      await progress(5);
      body = await exporter.build({
        db: this.db,
        auth: { ...job.data.auth, tokenHash: '' },
        query: row.query,
        lang: row.lang,
        progress,
      });
    } catch (e) {
      if (e instanceof AppError && e.messageKey === 'exportNoData') body = null;
      else if (job.retryCount < RETRY_LIMIT) throw e;
      else return this.fail(row, formatMessage('serverError', row.lang));
    }
    if (!body || body.length === 0) return this.fail(row, formatMessage('exportNoData', row.lang));
    const rel = path.join(String(row.tenant_id), `${row.id}${path.extname(row.file_name) || '.bin'}`);
    const abs = path.join(this.opts.dataDir, 'exports', rel);
    await fs.mkdir(path.dirname(abs), { recursive: true });
    await fs.writeFile(abs, body);
    const sha = crypto.createHash('sha256').update(body).digest('hex');
    await this.db.query(
      `UPDATE export_file SET status = 'success', progress = 100, size = $2, sha256 = $3, path = $4, finish_time = $5, result = NULL WHERE id = $1`,
      [row.id, body.length, sha, rel, this.now()],
    );
    return { status: 'success' };
  }

  private async fail(row: FileRow, message: string): Promise<{ status: string }> {
    await this.db.query(`UPDATE export_file SET status = 'failure', result = $2, finish_time = $3 WHERE id = $1`, [
      row.id,
      message.slice(0, 500),
      this.now(),
    ]);
    return { status: 'failure' };
  }

  /**
   * The stored file of `id` for its requester (same tenant and user), until it expires.
   * @throws AppError notFound for another user's file, an unknown id, a file not (yet) generated or expired
   */
  async fileOf(auth: AuthContext, id: string): Promise<{ fileName: string; body: Buffer }> {
    const row = (await this.rowOf(auth, id)) as unknown as FileRow;
    if (!row || row.status !== 'success' || !row.path || Number(row.expires_at) <= this.now())
      throw new AppError('notFound', 'notFound');
    const body = await fs.readFile(path.join(this.opts.dataDir, 'exports', row.path)).catch(() => {
      throw new AppError('notFound', 'notFound');
    });
    return { fileName: row.file_name, body };
  }

  /**
   * The `export_file` row of `id` when it is the caller's (same tenant and user).
   * @throws AppError notFound otherwise
   */
  async rowOf(auth: AuthContext, id: string): Promise<Record<string, unknown>> {
    const [row] = await this.db.query<Record<string, unknown>>(
      'SELECT * FROM export_file WHERE id = $1 AND tenant_id = $2 AND user_id = $3',
      [id, auth.tenantId, auth.userId],
    );
    if (!row) throw new AppError('notFound', 'notFound');
    return row;
  }

  /** Deletes files of the caller (rows and stored files). @throws AppError notFound when an id is not the caller's */
  async delete(auth: AuthContext, ids: string[]): Promise<void> {
    const unique = [...new Set(ids)];
    const rows = await this.db.tx(async (q) => {
      const gone = await q.query<{ path: string | null }>(
        'DELETE FROM export_file WHERE id = ANY($1::text[]) AND tenant_id = $2 AND user_id = $3 RETURNING path',
        [unique, auth.tenantId, auth.userId],
      );
      if (gone.length !== unique.length) throw new AppError('notFound', 'notFound');
      return gone;
    });
    await this.unlink(rows);
  }

  /** Deletes every expired file (rows and stored files); returns how many. */
  async deleteExpired(): Promise<number> {
    const rows = await this.db.query<{ path: string | null }>(
      'DELETE FROM export_file WHERE expires_at <= $1 RETURNING path',
      [this.now()],
    );
    await this.unlink(rows);
    return rows.length;
  }

  private async unlink(rows: { path: string | null }[]): Promise<void> {
    for (const r of rows) {
      if (r.path)
        await fs
          .rm(path.join(this.opts.dataDir, 'exports', r.path), { force: true })
          .catch((e: Error) => this.opts.onError?.(e));
    }
  }
}
