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
}

/** Opens the database described by `opts` and sets the search path to `opts.schema`. */
export async function openDb(opts: DbOptions): Promise<Db> {
  const schema = opts.schema ?? 'public';
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`bad schema name ${schema}`);
  return opts.url ? openPostgres(opts.url, schema, opts.poolSize ?? 10) : openPglite(opts.dataDir, schema);
}

async function openPglite(dataDir: string | undefined, schema: string): Promise<Db> {
  if (dataDir) fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  const lite = new PGlite(dataDir);
  await lite.waitReady;
  await lite.exec(`CREATE SCHEMA IF NOT EXISTS "${schema}"; SET search_path TO "${schema}"`);
  const query = async <T>(sql: string, params?: readonly unknown[]): Promise<T[]> =>
    (await lite.query<T>(sql, params as unknown[] | undefined)).rows;
  return {
    kind: 'pglite',
    query,
    one: async <T>(sql: string, params?: readonly unknown[]) => (await query<T>(sql, params))[0],
    exec: async (sql) => {
      await lite.exec(sql);
    },
    tx: (fn) =>
      lite.transaction(async (t) =>
        fn({ query: async <T>(sql: string, params?: readonly unknown[]) => (await t.query<T>(sql, params as unknown[] | undefined)).rows }),
      ),
    close: () => lite.close(),
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
  const query = async <T>(sql: string, params?: readonly unknown[]): Promise<T[]> =>
    (await pool.query(sql, params as unknown[] | undefined)).rows as T[];
  return {
    kind: 'postgres',
    query,
    one: async <T>(sql: string, params?: readonly unknown[]) => (await query<T>(sql, params))[0],
    exec: async (sql) => {
      await pool.query(sql);
    },
    tx: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn({
          query: async <T>(sql: string, params?: readonly unknown[]) =>
            (await client.query(sql, params as unknown[] | undefined)).rows as T[],
        });
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
