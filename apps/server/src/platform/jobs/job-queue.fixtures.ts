import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDb, type Db } from '../db/db';
import { createJobQueue, type JobQueue, type JobQueueOptions } from './job-queue';

/** The databases the job tests run on: PGlite always, PostgreSQL when DATABASE_URL is set. */
export const KINDS: Db['kind'][] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/**
 * One test's database: a fresh PGlite (in memory, or in a data folder when `persistent`), or a fresh
 * pg-boss schema on DATABASE_URL. `open` opens it (a persistent one again after a close: a restart;
 * an in-memory one only once), `queue` builds a queue over a `Db`,
 * `cleanup` stops the queues and closes the handles it made, then removes the folder or schema.
 */
export class JobTestDb {
  readonly schema = `jobs_test_${crypto.randomBytes(5).toString('hex')}`;
  private readonly dir: string | undefined;
  private readonly dbs: Db[] = [];
  private readonly queues: JobQueue[] = [];
  readonly errors: Error[] = [];

  constructor(
    readonly kind: Db['kind'],
    opts: { persistent?: boolean } = {},
  ) {
    this.dir = kind === 'pglite' && opts.persistent ? fs.mkdtempSync(path.join(os.tmpdir(), 'ztj-jobs-')) : undefined;
  }

  async open(): Promise<Db> {
    const db =
      this.kind === 'pglite'
        ? await openDb({ dataDir: this.dir ? path.join(this.dir, 'pgdata') : undefined })
        : await openDb({ url: process.env.DATABASE_URL, poolSize: 2 });
    this.dbs.push(db);
    return db;
  }

  queue(db: Db, opts: Partial<JobQueueOptions> = {}): JobQueue {
    const q = createJobQueue(db, {
      schema: this.schema,
      connectionString: process.env.DATABASE_URL,
      onError: (e) => this.errors.push(e),
      ...opts,
    });
    this.queues.push(q);
    return q;
  }

  async cleanup(): Promise<void> {
    for (const q of this.queues) await q.stop({ timeoutMs: 1000 }).catch(() => undefined);
    for (const db of this.dbs) await db.close().catch(() => undefined);
    if (this.dir) fs.rmSync(this.dir, { recursive: true, force: true });
    if (this.kind === 'postgres') {
      const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await c.connect();
      try {
        await c.query(`DROP SCHEMA IF EXISTS "${this.schema}" CASCADE`);
      } finally {
        await c.end();
      }
    }
  }
}

/** Polls `check` every 20 ms until it returns a truthy value, which it returns; throws after `ms`. */
export async function waitFor<T>(
  what: string,
  check: () => T | Promise<T>,
  ms = 20_000,
): Promise<NonNullable<Exclude<T, false | '' | 0>>> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v) return v as NonNullable<Exclude<T, false | '' | 0>>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A promise and its resolver. */
export function deferred<T = void>(): { promise: Promise<T>; resolve: (v: T) => void } {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}
