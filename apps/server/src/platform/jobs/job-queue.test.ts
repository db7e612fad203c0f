import { afterEach, describe, expect, it } from 'vitest';
import { deferred, JobTestDb, KINDS, waitFor } from './job-queue.fixtures';
import { scriptBody } from './sql-runner';

describe.each(KINDS)('job queue on %s', (kind) => {
  let t: JobTestDb;
  afterEach(async () => {
    await t.cleanup();
  });

  it('handles a job once, with its data, and stores its output', async () => {
    t = new JobTestDb(kind);
    const q = t.queue(await t.open());
    await q.start();
    expect(await q.ready()).toBe(true);
    const seen: { id: string; name: string; data: unknown; retryCount: number }[] = [];
    await q.work<{ deviceId: string; n: number }>('export', { pollingIntervalSeconds: 0.5 }, async (job) => {
      seen.push({ id: job.id, name: job.name, data: job.data, retryCount: job.retryCount });
      return { rows: job.data.n };
    });
    const id = await q.send('export', { deviceId: 'D-1', n: 42 });
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const done = await waitFor('completed', async () => {
      const job = await q.getJob('export', id as string);
      return job?.state === 'completed' && job;
    });
    expect(done).toEqual({ id, state: 'completed', retryCount: 0, output: { rows: 42 }, progress: null });
    expect(seen).toEqual([{ id, name: 'export', data: { deviceId: 'D-1', n: 42 }, retryCount: 0 }]);
    expect(await q.getJob('export', '00000000-0000-0000-0000-000000000000')).toBeNull();
    expect(await q.getJob('export', 'not-a-uuid')).toBeNull();
    expect(t.errors).toEqual([]);
  });

  it('retries a failing handler with backoff up to retryLimit, then the job is failed', async () => {
    t = new JobTestDb(kind);
    const q = t.queue(await t.open());
    await q.start();
    const attempts: { at: number; retryCount: number }[] = [];
    await q.work('flaky', { pollingIntervalSeconds: 0.5 }, async (job) => {
      attempts.push({ at: Date.now(), retryCount: job.retryCount });
      throw new Error(`SMTP down (attempt ${attempts.length})`);
    });
    const id = (await q.send('flaky', {}, { retryLimit: 2, retryDelaySec: 1, retryBackoff: true })) as string;
    const failed = await waitFor('failed', async () => {
      const job = await q.getJob('flaky', id);
      return job?.state === 'failed' && job;
    });
    expect(attempts.map((a) => a.retryCount)).toEqual([0, 1, 2]);
    expect(failed.retryCount).toBe(2);
    expect(failed.output).toMatchObject({ message: 'SMTP down (attempt 3)' });
    // backoff: retry n waits at least retryDelaySec·2^(n-1) (lower bounds, not speed)
    expect(attempts[1].at - attempts[0].at).toBeGreaterThanOrEqual(950);
    expect(attempts[2].at - attempts[1].at).toBeGreaterThanOrEqual(1950);
    // no fourth attempt comes after the job failed
    await new Promise((r) => setTimeout(r, 700));
    expect(attempts).toHaveLength(3);
  });

  it('stores progress reported by the job, then its output', async () => {
    t = new JobTestDb(kind);
    const q = t.queue(await t.open());
    await q.start();
    const gate = deferred();
    let rangeError: unknown;
    await q.work('report', { pollingIntervalSeconds: 0.5 }, async (job) => {
      await job.progress(50, 'half');
      rangeError = await job.progress(150).catch((e: unknown) => e);
      await gate.promise;
      return { file: 'report.pdf' };
    });
    const id = (await q.send('report', { month: '2026-01' })) as string;
    const midway = await waitFor('progress', async () => {
      const job = await q.getJob('report', id);
      return job?.progress && job;
    });
    expect(midway).toMatchObject({ state: 'active', progress: { percent: 50, message: 'half' }, output: null });
    await waitFor('range error', () => rangeError !== undefined);
    expect(rangeError).toBeInstanceOf(RangeError);
    gate.resolve();
    const done = await waitFor('completed', async () => {
      const job = await q.getJob('report', id);
      return job?.state === 'completed' && job;
    });
    expect(done).toMatchObject({ output: { file: 'report.pdf' }, progress: { percent: 50, message: 'half' } });
  });

  it('is idempotent to create, refuses work before start and after stop, and stores cron schedules', async () => {
    t = new JobTestDb(kind);
    const db = await t.open();
    const q = t.queue(db);
    await expect(q.send('early', {})).rejects.toThrow(/not started/);
    expect(await q.ready()).toBe(false);
    await q.start();
    await q.createQueue('dedupe', { policy: 'short' });
    await q.createQueue('dedupe');
    const first = await q.send('dedupe', { n: 1 }, { singletonKey: 'device-7' });
    expect(first).not.toBeNull();
    expect(await q.send('dedupe', { n: 2 }, { singletonKey: 'device-7' })).toBeNull();
    await q.schedule('nightly', '0 3 * * *', { kind: 'daily-report' }, { tz: 'Asia/Shanghai' });
    const [row] = await db.query<{ cron: string; timezone: string }>(
      `SELECT cron, timezone FROM "${t.schema}".schedule WHERE name = 'nightly'`,
    );
    expect(row).toEqual({ cron: '0 3 * * *', timezone: 'Asia/Shanghai' });
    await q.unschedule('nightly');
    expect(await db.query(`SELECT 1 FROM "${t.schema}".schedule`)).toEqual([]);
    await q.stop();
    expect(await q.ready()).toBe(false);
    await expect(q.send('late', {})).rejects.toThrow(/stopped/);
    await expect(q.start()).rejects.toThrow(/starts once/);
    expect(t.errors).toEqual([]);
  });
});

describe('pg-boss scripts', () => {
  it('are sent without their BEGIN/COMMIT (one implicit transaction, nothing left aborted)', () => {
    expect(scriptBody('\n  BEGIN;\n  SET LOCAL lock_timeout = 1;\n  SELECT 1;\n  COMMIT;\n')).toBe(
      '\n  SET LOCAL lock_timeout = 1;\n  SELECT 1',
    );
    expect(scriptBody('SELECT 1')).toBeUndefined();
  });
});
