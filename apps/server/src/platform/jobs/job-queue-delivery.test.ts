import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/db';
import { deferred, JobTestDb, KINDS, waitFor } from './job-queue.fixtures';

/** Jobs of queue `name` per state, read straight from the pg-boss table. */
async function states(db: Db, schema: string, name: string): Promise<Record<string, number>> {
  const rows = await db.query<{ state: string; n: number }>(
    `SELECT state::text AS state, count(*)::int AS n FROM "${schema}".job WHERE name = $1 GROUP BY state`,
    [name],
  );
  return Object.fromEntries(rows.map((r) => [r.state, r.n]));
}

describe.each(KINDS)('job queue delivery on %s', (kind) => {
  let t: JobTestDb;
  afterEach(async () => {
    await t.cleanup();
  });

  it('keeps jobs across a restart: sent with no worker, handled by the next process', async () => {
    t = new JobTestDb(kind, { persistent: true });
    const db1 = await t.open();
    const q1 = t.queue(db1);
    await q1.start();
    const ids = [await q1.send('export', { n: 1 }), await q1.send('export', { n: 2 })];
    await q1.stop();
    await db1.close();

    const db2 = await t.open();
    const q2 = t.queue(db2);
    await q2.start();
    const handled: number[] = [];
    await q2.work<{ n: number }>('export', { pollingIntervalSeconds: 0.5 }, async (job) => {
      handled.push(job.data.n);
    });
    await waitFor('both handled', async () => (await states(db2, t.schema, 'export')).completed === 2);
    expect(handled.sort()).toEqual([1, 2]);
    for (const id of ids) expect((await q2.getJob('export', id as string))?.state).toBe('completed');
    expect(t.errors).toEqual([]);
  });

  it('runs each of 200 jobs exactly once across two queue instances with 4 workers each', async () => {
    t = new JobTestDb(kind);
    // PostgreSQL: two handles and two pools, as two processes would have. PGlite: one database
    // file has one handle, so both instances share it.
    const dbA = await t.open();
    const dbB = kind === 'postgres' ? await t.open() : dbA;
    const [qa, qb] = [t.queue(dbA), t.queue(dbB)];
    await Promise.all([qa.start(), qb.start()]); // both install the schema at once: one wins, the other waits and finds it
    const runs = new Map<number, number>();
    const by = { a: 0, b: 0 };
    const handler = (who: 'a' | 'b') => async (job: { data: { i: number } }) => {
      runs.set(job.data.i, (runs.get(job.data.i) ?? 0) + 1);
      by[who]++;
      await new Promise((r) => setTimeout(r, Math.random() * 5));
    };
    await qa.work('bulk', { concurrency: 4, pollingIntervalSeconds: 0.5 }, handler('a'));
    await qb.work('bulk', { concurrency: 4, pollingIntervalSeconds: 0.5 }, handler('b'));
    const ids = await Promise.all(Array.from({ length: 200 }, (_, i) => (i % 2 ? qa : qb).send('bulk', { i })));
    expect(new Set(ids).size).toBe(200);
    await waitFor('200 jobs completed', async () => (await states(dbA, t.schema, 'bulk')).completed === 200, 60_000);
    await Promise.all([qa.stop(), qb.stop()]);
    expect([...runs.keys()].sort((x, y) => x - y)).toEqual(Array.from({ length: 200 }, (_, i) => i));
    expect([...runs.values()].filter((n) => n !== 1)).toEqual([]);
    expect(by.a + by.b).toBe(200);
    expect(by.a).toBeGreaterThan(0);
    expect(by.b).toBeGreaterThan(0);
    expect(t.errors).toEqual([]);
  }, 90_000);

  it('stop() waits for a running handler, and its job completes', async () => {
    t = new JobTestDb(kind);
    const db = await t.open();
    const q = t.queue(db);
    await q.start();
    const started = deferred();
    let finished = false;
    await q.work('slow', { pollingIntervalSeconds: 0.5 }, async () => {
      started.resolve();
      await new Promise((r) => setTimeout(r, 300));
      finished = true;
      return { ok: true };
    });
    const id = (await q.send('slow', {})) as string;
    await started.promise;
    await q.stop({ timeoutMs: 10_000 });
    expect(finished).toBe(true);
    const reader = t.queue(db);
    await reader.start();
    expect(await reader.getJob('slow', id)).toMatchObject({ state: 'completed', output: { ok: true } });
    expect(t.errors).toEqual([]);
  });

  it('a handler still running when stop() times out: its job is failed to be retried by the next process', async () => {
    t = new JobTestDb(kind);
    const db = await t.open();
    const q1 = t.queue(db);
    await q1.start();
    const started = deferred();
    const never = deferred();
    await q1.work('stuck', { pollingIntervalSeconds: 0.5 }, async () => {
      started.resolve();
      await never.promise;
    });
    const id = (await q1.send('stuck', { n: 1 }, { retryDelaySec: 0, retryBackoff: false })) as string;
    await started.promise;
    await q1.stop({ timeoutMs: 1000 });
    // the abandoned handler ends after the stop: pg-boss's late "complete" finds the queue closed,
    // quietly (no unhandled rejection, nothing reported)
    never.resolve();
    await new Promise((r) => setTimeout(r, 50));

    const q2 = t.queue(db);
    await q2.start();
    expect(await q2.getJob('stuck', id)).toMatchObject({
      state: 'retry',
      output: { value: 'pg-boss shut down while active' },
    });
    const retries: number[] = [];
    await q2.work('stuck', { pollingIntervalSeconds: 0.5 }, async (job) => {
      retries.push(job.retryCount);
    });
    await waitFor('retried', async () => (await q2.getJob('stuck', id))?.state === 'completed');
    expect(retries).toEqual([1]);
    expect(t.errors).toEqual([]);
  });

  it('a start that fails (database unreachable) rejects and leaves the queue stopped', async () => {
    t = new JobTestDb(kind);
    const db = await t.open();
    const broken =
      kind === 'postgres'
        ? t.queue(db, { connectionString: 'postgres://postgres@127.0.0.1:1/none' })
        : t.queue({ ...db, query: () => Promise.reject(new Error('database gone')) });
    await expect(broken.start()).rejects.toThrow();
    expect(await broken.ready()).toBe(false);
    await expect(broken.send('x', {})).rejects.toThrow(/stopped/);
  });
});
