import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** Something SQL can be sent to: the database or an open transaction. */
export interface Queryable {
  /** Runs one statement with `$1…` parameters; returns the rows. */
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
}

/**
 * The one database handle of the server (ARCHITECTURE §1): embedded PGlite or PostgreSQL, same
 * SQL dialect. Every value reaches SQL as a bound parameter.
 */
export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** First row or undefined. */
  one<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T | undefined>;
  /** Runs several `;`-separated statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /** Runs `fn` in a transaction; rolls back when it throws. */
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * Subscribes to the statements that may change data (everything but a plain `SELECT`), for
   * in-process caches of database state (e.g. `platform/auth/access-cache.ts`). The listener is
   * called synchronously when such a statement is sent and again once its effect is visible to
   * other connections or abandoned: after it completes outside a transaction, or when its
   * transaction commits or rolls back.
   * @returns a function that unsubscribes.
   */
  onWrite(listener: WriteListener): () => void;
  /** PGlite only: the data folder as an uncompressed tar, for {@link DbOptions.pgliteTemplate}. */
  dumpDataDir?(): Promise<Blob>;
}

/** Receives the SQL text of a statement that may change data (see {@link Db.onWrite}). */
export type WriteListener = (sql: string) => void;

/** True unless `sql` is a plain `SELECT` (leading whitespace and comments ignored). */
export function mayWrite(sql: string): boolean {
  const body = sql.replace(/^(?:\s+|--[^\n]*(?:\n|$)|\/\*[\s\S]*?\*\/)*/, '');
  return !/^select\s/i.test(body);
}

/** The listeners of one database handle and the wrappers that notify them. */
class WriteWatch {
  private readonly listeners = new Set<WriteListener>();

  subscribe(listener: WriteListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  notify(sql: string): void {
    for (const l of this.listeners) l(sql);
  }

  /** Wraps a query function: writes notify before they are sent and again after they end (when `settle`). */
  wrap<T>(
    run: (sql: string, params?: readonly unknown[]) => Promise<T>,
    pending?: string[],
  ): (sql: string, params?: readonly unknown[]) => Promise<T> {
    return async (sql, params) => {
      if (this.listeners.size === 0 || !mayWrite(sql)) return run(sql, params);
      this.notify(sql);
      if (pending) {
        pending.push(sql);
        return run(sql, params);
      }
      try {
        return await run(sql, params);
      } finally {
        this.notify(sql);
      }
    };
  }

  /** Runs a transaction body, notifying its writes again once it commits or rolls back. */
  async inTx<T>(body: (pending: string[]) => Promise<T>): Promise<T> {
    const pending: string[] = [];
    try {
      return await body(pending);
    } finally {
      for (const sql of pending) this.notify(sql);
    }
  }
}

export interface DbOptions {
  /** PostgreSQL URL; undefined → PGlite. */
  url?: string;
  /** Schema for all tables (created when missing). */
  schema?: string;
  /** PGlite data folder; undefined → in memory. */
  dataDir?: string;
  /** Pool size on PostgreSQL. */
  poolSize?: number;
  /**
   * PGlite only: start from this dump of a data folder (`PGlite#dumpDataDir`, uncompressed tar)
   * instead of an empty cluster. Used by the tests to skip `initdb` and the migrations
   * (test/pglite-template.ts); the product never sets it.
   */
  pgliteTemplate?: Blob;
}

/** Opens the database described by `opts` and sets the search path to `opts.schema`. */
export async function openDb(opts: DbOptions): Promise<Db> {
  const schema = opts.schema ?? 'public';
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`bad schema name ${schema}`);
  return opts.url
    ? openPostgres(opts.url, schema, opts.poolSize ?? 10)
    : openPglite(opts.dataDir, schema, opts.pgliteTemplate);
}

async function openPglite(dataDir: string | undefined, schema: string, template?: Blob): Promise<Db> {
  if (dataDir) fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  const lite = template ? new PGlite({ dataDir, loadDataDir: template }) : new PGlite(dataDir);
  await lite.waitReady;
  await lite.exec(`CREATE SCHEMA IF NOT EXISTS "${schema}"; SET search_path TO "${schema}"`);
  const watch = new WriteWatch();
  const query = <T>(sql: string, params?: readonly unknown[]): Promise<T[]> =>
    watch.wrap(async (s, p) => (await lite.query<T>(s, p as unknown[] | undefined)).rows)(sql, params);
  return {
    kind: 'pglite',
    query,
    one: async <T>(sql: string, params?: readonly unknown[]) => (await query<T>(sql, params))[0],
    exec: (sql) =>
      watch.wrap(async (s) => {
        await lite.exec(s);
      })(sql),
    tx: (fn) =>
      watch.inTx((pending) =>
        lite.transaction(async (t) =>
          fn({
            query: <T>(sql: string, params?: readonly unknown[]) =>
              watch.wrap(async (s, p) => (await t.query<T>(s, p as unknown[] | undefined)).rows, pending)(sql, params),
          }),
        ),
      ),
    close: () => lite.close(),
    onWrite: (listener) => watch.subscribe(listener),
    dumpDataDir: () => lite.dumpDataDir('none'),
  };
}

async function openPostgres(url: string, schema: string, poolSize: number): Promise<Db> {
  const bootstrap = new pg.Client({ connectionString: url });
  await bootstrap.connect();
  try {
    await bootstrap.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
  } finally {
    await bootstrap.end();
  }
  const pool = new pg.Pool({ connectionString: url, max: poolSize, options: `-c search_path="${schema}"` });
  pool.on('error', () => undefined);
  const watch = new WriteWatch();
  const query = <T>(sql: string, params?: readonly unknown[]): Promise<T[]> =>
    watch.wrap(async (s, p) => (await pool.query(s, p as unknown[] | undefined)).rows as T[])(sql, params);
  return {
    kind: 'postgres',
    query,
    one: async <T>(sql: string, params?: readonly unknown[]) => (await query<T>(sql, params))[0],
    exec: (sql) =>
      watch.wrap(async (s) => {
        await pool.query(s);
      })(sql),
    tx: (fn) =>
      watch.inTx(async (pending) => {
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          const result = await fn({
            query: <T>(sql: string, params?: readonly unknown[]) =>
              watch.wrap(async (s, p) => (await client.query(s, p as unknown[] | undefined)).rows as T[], pending)(
                sql,
                params,
              ),
          });
          await client.query('COMMIT');
          return result;
        } catch (err) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw err;
        } finally {
          client.release();
        }
      }),
    close: () => pool.end(),
    onWrite: (listener) => watch.subscribe(listener),
  };
}
