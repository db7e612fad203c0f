import { createRequire } from 'node:module';
import pg from 'pg';
import type { Db } from '../db/db';

/** What pg-boss 10 calls on a database it does not own (`new PgBoss({ db })`, `types.d.ts` `Db`). */
export interface PgBossDb {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/**
 * The SQL path of one job queue: the `executeSql` pg-boss is given, plus the
 * queue's own statements (progress table, readiness probe). Two backends: the server's PGlite
 * {@link Db} (one connection, shared with the rest of the server) or a pool of the queue's own on
 * PostgreSQL.
 *
 * pg-boss sends three kinds of text:
 * - one statement with `$n` parameters (fetch, insert, complete…);
 * - one statement without parameters (version, schedules, counts);
 * - scripts without parameters: `BEGIN; SET LOCAL …; SELECT pg_advisory_xact_lock(…); …; COMMIT;`
 *   (schema creation and migration, maintenance: `plans.locked`).
 *
 * Scripts are sent without their explicit `BEGIN`/`COMMIT`, as one simple-protocol query: PostgreSQL
 * then runs them as one implicit transaction (the advisory lock is held to its end), and a failing
 * statement rolls the whole script back. With the explicit `BEGIN`, a failure (e.g. the "already
 * exists" of two instances creating the schema at once, which pg-boss expects and ignores) would
 * leave the connection in an aborted transaction: on PGlite the one connection of the whole server,
 * on PostgreSQL a pooled connection handed to the next query.
 */
export interface SqlRunner extends PgBossDb {
  /** Which database: PGlite (through the server's `Db`) or PostgreSQL (the queue's own pool). */
  readonly kind: Db['kind'];
  /** Sends the queue's own statement. @throws Error once {@link close}d, or the database error. */
  query<T = Record<string, unknown>>(text: string, values?: readonly unknown[]): Promise<T[]>;
  /** Resolves once no statement is in flight, or after `timeoutMs`; returns whether it drained. */
  drain(timeoutMs: number): Promise<boolean>;
  /** Refuses further statements; ends the pool on PostgreSQL (the server's `Db` is left open). */
  close(): Promise<void>;
}

const require = createRequire(import.meta.url);
/** pg-boss's SQL builders (`src/plans.js`, CommonJS, not in its public types). */
const plans = require('pg-boss/src/plans.js') as {
  completeJobs(schema: string): string;
  failJobsById(schema: string): string;
};

const SCRIPT = /^\s*BEGIN\s*;([\s\S]*?);?\s*COMMIT\s*;?\s*$/i;

/** The body of a `BEGIN; …; COMMIT;` script, or undefined when `text` is not one. */
export function scriptBody(text: string): string | undefined {
  return SCRIPT.exec(text)?.[1];
}

interface Backend {
  one(text: string, values: unknown[] | undefined): Promise<Record<string, unknown>[]>;
  script(body: string): Promise<void>;
  end(): Promise<void>;
}

function dbBackend(db: Db): Backend {
  return {
    one: async (text, values) => {
      try {
        return await db.query(text, values);
      } catch (err) {
        // a several-statement text without parameters that is not a BEGIN…COMMIT script
        if (!values?.length && /multiple commands/.test((err as Error).message)) {
          await db.exec(text);
          return [];
        }
        throw err;
      }
    },
    script: (body) => db.exec(body),
    end: async () => undefined,
  };
}

function poolBackend(connectionString: string, max: number, onError: (e: Error) => void): Backend {
  const pool = new pg.Pool({ connectionString, max, application_name: 'ztj-jobs' });
  pool.on('error', onError);
  return {
    one: async (text, values) => (await pool.query(text, values)).rows,
    script: async (body) => {
      await pool.query(body);
    },
    end: () => pool.end(),
  };
}

/**
 * Builds the runner of a queue whose pg-boss tables live in `schema`.
 * On `db.kind === 'postgres'` a pool of `poolSize` connections to `connectionString` is opened
 * (so jobs do not compete with HTTP requests for the server's pool).
 * @throws Error when `db` is PostgreSQL and `connectionString` is missing.
 */
export function createSqlRunner(
  db: Db,
  opts: { schema: string; connectionString?: string; poolSize?: number; onError: (e: Error) => void },
): SqlRunner {
  if (db.kind === 'postgres' && !opts.connectionString)
    throw new Error('job queue on PostgreSQL needs connectionString (DATABASE_URL)');
  const backend =
    db.kind === 'postgres'
      ? poolBackend(opts.connectionString as string, opts.poolSize ?? 10, opts.onError)
      : dbBackend(db);
  // pg-boss completes or fails a job without awaiting (manager.js `onFetch`): a failure there would
  // be an unhandled rejection. Those two report to onError instead; the job stays active until it
  // expires and is retried (at-least-once).
  const settleTexts = new Set([plans.completeJobs(opts.schema), plans.failJobsById(opts.schema)]);
  const settleNone = { rows: [{ count: 0 }] };
  let closed = false;
  let inFlight = 0;

  const run = async (text: string, values: readonly unknown[] | undefined): Promise<Record<string, unknown>[]> => {
    if (closed) throw new Error('job queue is stopped');
    inFlight++;
    try {
      const body = values?.length ? undefined : scriptBody(text);
      if (body !== undefined) {
        await backend.script(body);
        return [];
      }
      // node-postgres sends undefined as NULL; PGlite is given the same
      return await backend.one(
        text,
        values?.map((v) => (v === undefined ? null : v)),
      );
    } finally {
      inFlight--;
    }
  };

  return {
    kind: db.kind,
    async executeSql(text, values) {
      if (!settleTexts.has(text)) return { rows: await run(text, values) };
      if (closed) return settleNone;
      try {
        return { rows: await run(text, values) };
      } catch (err) {
        opts.onError(err as Error);
        return settleNone;
      }
    },
    query: async <T>(text: string, values?: readonly unknown[]) => (await run(text, values)) as T[],
    async drain(timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while (inFlight > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
      return inFlight === 0;
    },
    async close() {
      if (closed) return;
      closed = true;
      await backend.end();
    },
  };
}
