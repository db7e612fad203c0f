import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from '../src/platform/db/db';

/**
 * The load jobs of `npm run bench:api` and the side-by-side SQL figures: the statements
 * an endpoint sends, recorded on a warm call (`capturingDb`, only those sent on behalf of an HTTP
 * request), replayed at the same concurrency (`replay`).
 */

/** A load to run in the child: `amount` sequential requests (connections 1) or `duration` seconds. */
export interface LoadJob {
  name: string;
  url: string;
  headers: Record<string, string>;
  connections: number;
  duration?: number;
  amount?: number;
}
/** What the child reports per job: every 2xx response time in ms (exact), requests per second, failures. */
export interface LoadReport {
  name: string;
  times: number[];
  rps: number;
  non2xx: number;
  errors: number;
  /** When the job ran, µs on the monotonic clock that `--cpu-prof` timestamps use (to cut a profile into phases). */
  window: [number, number];
}

export const nowUs = (): number => Number(process.hrtime.bigint() / 1000n);

/** Set for the asynchronous life of each HTTP request (an onRequest hook), to tell its statements from background work. */
export const inRequest = new AsyncLocalStorage<true>();

/** One statement as the server sent it: SQL text and parameters. */
export interface Statement {
  sql: string;
  params?: readonly unknown[];
}

/**
 * The server's database handle with a recorder on every statement it sends (`query`, `one`,
 * statements inside `tx`): `start()` begins recording, `stop()` returns what was sent since.
 * Only statements sent on behalf of an HTTP request are kept ({@link inRequest}), not those of
 * background work (job queue, scheduler) that happens to run meanwhile. The recorder costs one
 * test per statement while off.
 */
export function capturingDb(db: Db): { db: Db; start(): void; stop(): Statement[] } {
  let recorded: Statement[] | undefined;
  const note = (sql: string, params?: readonly unknown[]): void => {
    if (recorded && inRequest.getStore()) recorded.push({ sql, params: params ? [...params] : undefined });
  };
  const wrapped: Db = {
    ...db,
    kind: db.kind,
    query: (sql, params) => {
      note(sql, params);
      return db.query(sql, params);
    },
    one: (sql, params) => {
      note(sql, params);
      return db.one(sql, params);
    },
    exec: (sql) => {
      note(sql);
      return db.exec(sql);
    },
    tx: (fn) =>
      db.tx((t) =>
        fn({
          query: (sql, params) => {
            note(sql, params);
            return t.query(sql, params);
          },
        }),
      ),
    close: () => db.close(),
    onWrite: (l) => db.onWrite(l),
  };
  return {
    db: wrapped,
    start: () => void (recorded = []),
    stop: () => {
      const r = recorded ?? [];
      recorded = undefined;
      return r;
    },
  };
}

/**
 * Sends `statements` in order (as one request did), from `job.connections` concurrent workers,
 * for the job's duration or amount, straight through the server's database handle; one time per
 * pass in ms.
 */
export async function replay(db: Db, job: LoadJob, statements: Statement[]): Promise<LoadReport> {
  const times: number[] = [];
  const from = nowUs();
  const started = performance.now();
  const until = job.duration ? started + job.duration * 1000 : Infinity;
  let left = job.amount ?? Infinity;
  const worker = async (): Promise<void> => {
    while (left > 0 && performance.now() < until) {
      left--;
      const t0 = performance.now();
      for (const st of statements) await db.query(st.sql, st.params);
      times.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: job.connections }, worker));
  const seconds = Math.max(0.001, (performance.now() - started) / 1000);
  return { name: job.name, times, rps: times.length / seconds, non2xx: 0, errors: 0, window: [from, nowUs()] };
}

export const percentile = (sorted: number[], p: number): number =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((sorted.length * p) / 100) - 1)]! : NaN;
export const ms = (v: number): string => v.toFixed(1);
