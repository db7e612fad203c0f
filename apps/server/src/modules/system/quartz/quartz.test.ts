import type { PageResult, QuartzJobRecord } from '@ztj/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../../app';
import { openDb, type Db } from '../../../platform/db/db';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { defineJobClass } from '../../../platform/jobs/job-classes';
import { expectRefused } from '../../../../test/refusal';

/** Runs of the test job class: parameter (the test's tag), fire time and trigger. */
const calls: { tag: string | null; fireTime: number; trigger: string }[] = [];
defineJobClass({
  name: 'testRecorder',
  label: { 'zh-CN': '测试记录', 'en-US': 'Test recorder' },
  parameterHint: null,
  async handler({ parameter, fireTime, trigger }) {
    calls.push({ tag: parameter, fireTime, trigger });
    return 'recorded';
  },
});

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
async function until(what: () => boolean | Promise<boolean>, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await what())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await sleep(100);
  }
}
const runsOf = (tag: string) => calls.filter((c) => c.tag === tag);

describe('scheduled jobs (quartz)', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = await t.login();
  });
  afterAll(() => t.close());

  const add = (body: Record<string, unknown>, lang = 'zh-CN') =>
    t.call<{ id: string }>('POST', '/sys/quartzJob/add', { token, body, headers: { 'accept-language': lang } });

  it('refuses a cron outside the §5 bounds and an unknown job class with field errors, storing nothing', async () => {
    const second = await add({ jobClassName: 'testRecorder', cronExpression: '60 * * * * ? *' }, 'en-US');
    expectRefused(second, 400);
    expect(second.body.errors).toEqual([{ field: 'cronExpression', message: 'Second: values 0-59, increment 1-59' }]);
    const year = await add({ jobClassName: 'testRecorder', cronExpression: '0 0 0 * * ? 2200' });
    expect(year.body.errors).toEqual([{ field: 'cronExpression', message: '年：取值 2019-2119，间隔 1-99' }]);
    const nth = await add({ jobClassName: 'testRecorder', cronExpression: '0 0 0 ? * 2#6 *' }, 'en-US');
    expect(nth.body.errors?.[0]?.message).toMatch(/^Week:/);
    const both = await add({ jobClassName: 'testRecorder', cronExpression: '0 0 0 1 * 2 *' }, 'en-US');
    expect(both.body.errors).toEqual([{ field: 'cronExpression', message: 'Exactly one of day and week must be ?' }]);
    const past = await add({ jobClassName: 'testRecorder', cronExpression: '0 0 0 1 1 ? 2020' }, 'en-US');
    expect(past.body.errors).toEqual([{ field: 'cronExpression', message: 'This expression never fires again' }]);
    const cls = await add({ jobClassName: 'noSuchClass', cronExpression: '0 0 1 * * ?' }, 'en-US');
    expect(cls.body.errors).toEqual([{ field: 'jobClassName', message: 'Unknown job class' }]);
    const list = await t.call<PageResult<QuartzJobRecord>>('GET', '/sys/quartzJob/list', { token });
    expect(list.body.result.total).toBe(0);
  });

  it('lists the product job classes', async () => {
    const r = await t.call<{ name: string }[]>('GET', '/sys/quartzJob/jobClasses', { token });
    expect(r.body.result.map((c) => c.name)).toEqual(
      expect.arrayContaining(['alarmDigestEmail', 'exportFileRetention', 'testRecorder']),
    );
  });

  it('fires at its cron times, stops when paused, fires again when resumed', async () => {
    const id = (
      await add({
        jobClassName: 'testRecorder',
        cronExpression: '* * * * * ? *',
        parameter: 'every-second',
        description: 'every second',
      })
    ).body.result.id;
    await until(() => runsOf('every-second').length >= 2);
    const fires = runsOf('every-second').map((c) => c.fireTime);
    // whole seconds, each once
    expect(fires.every((f) => f % 1000 === 0)).toBe(true);
    expect(new Set(fires).size).toBe(fires.length);
    await until(
      async () =>
        (await t.call<QuartzJobRecord>('GET', `/sys/quartzJob/queryById?id=${id}`, { token })).body.result
          .lastRunStatus === 'success',
    );
    const rec = (await t.call<QuartzJobRecord>('GET', `/sys/quartzJob/queryById?id=${id}`, { token })).body.result;
    expect(rec).toMatchObject({ status: 0, lastRunMessage: 'recorded' });
    expect(rec.nextFireTime).not.toBeNull();

    expect((await t.call('GET', `/sys/quartzJob/pause?id=${id}`, { token })).body.success).toBe(true);
    const pausedAt = Date.now();
    await sleep(3000);
    expect(runsOf('every-second').filter((c) => c.fireTime > pausedAt)).toEqual([]);
    expect(
      (await t.call<QuartzJobRecord>('GET', `/sys/quartzJob/queryById?id=${id}`, { token })).body.result,
    ).toMatchObject({ status: -1, nextFireTime: null });

    expect((await t.call('GET', `/sys/quartzJob/resume?id=${id}`, { token })).body.success).toBe(true);
    const resumedAt = Date.now();
    await until(() => runsOf('every-second').some((c) => c.fireTime > resumedAt));
    await t.call('GET', `/sys/quartzJob/pause?id=${id}`, { token });
  });

  it('executes a stopped job once, at once', async () => {
    const id = (
      await add({ jobClassName: 'testRecorder', cronExpression: '0 0 0 1 1 ? 2119', parameter: 'once', status: -1 })
    ).body.result.id;
    const r = await t.call<{ runId: string }>('GET', `/sys/quartzJob/execute?id=${id}`, { token });
    expect(r.body.success).toBe(true);
    await until(() => runsOf('once').length === 1, 10_000);
    expect(runsOf('once')[0]!.trigger).toBe('manual');
    const [run] = await t.db.query<{ status: string; trigger: string }>(
      'SELECT status, trigger FROM quartz_job_run WHERE id = $1',
      [r.body.result.runId],
    );
    await until(
      async () =>
        (
          await t.db.query<{ status: string }>('SELECT status FROM quartz_job_run WHERE id = $1', [r.body.result.runId])
        )[0]?.status === 'success',
      5000,
    );
    expect(run!.trigger).toBe('manual');
  });

  it('edits, deletes and batch-deletes jobs of the tenant', async () => {
    const a = (await add({ jobClassName: 'testRecorder', cronExpression: '0 0 2 * * ?', parameter: 'a', status: -1 }))
      .body.result.id;
    const b = (await add({ jobClassName: 'testRecorder', cronExpression: '0 0 3 L * ?', parameter: 'b', status: -1 }))
      .body.result.id;
    const edit = await t.call('PUT', '/sys/quartzJob/edit', {
      token,
      body: { id: a, jobClassName: 'testRecorder', cronExpression: '0 0 0 L-3 * ? *', parameter: 'a2' },
    });
    expect(edit.body.success).toBe(true);
    const rec = (await t.call<QuartzJobRecord>('GET', `/sys/quartzJob/queryById?id=${a}`, { token })).body.result;
    expect(rec).toMatchObject({ cronExpression: '0 0 0 L-3 * ? *', parameter: 'a2', status: -1 });
    expect((await t.call('DELETE', `/sys/quartzJob/deleteBatch?ids=${a},${b}`, { token })).body.success).toBe(true);
    expect((await t.call('GET', `/sys/quartzJob/queryById?id=${a}`, { token })).body.success).toBe(false);
  });

  it('fires each cron time once with two app instances on the same database', async () => {
    // a second server on the same database (PostgreSQL: its own connection pool on the same schema)
    let db2: Db = t.db;
    if (process.env.DATABASE_URL)
      db2 = await openDb({ url: t.config.databaseUrl, schema: t.config.databaseSchema, poolSize: 2 });
    const second: App = await buildApp({ config: t.config, db: db2, pushEnv: {} });
    await second.fastify.ready();
    try {
      const id = (await add({ jobClassName: 'testRecorder', cronExpression: '* * * * * ? *', parameter: 'two-apps' }))
        .body.result.id;
      await until(() => runsOf('two-apps').length >= 4);
      await t.call('GET', `/sys/quartzJob/pause?id=${id}`, { token });
      await sleep(1500);
      const fires = runsOf('two-apps').map((c) => c.fireTime);
      expect(new Set(fires).size).toBe(fires.length);
      const runs = await t.db.query<{ n: string; d: string }>(
        "SELECT count(*) AS n, count(DISTINCT fire_time) AS d FROM quartz_job_run WHERE job_id = $1 AND trigger = 'cron'",
        [id],
      );
      expect(Number(runs[0]!.n)).toBe(Number(runs[0]!.d));
      expect(Number(runs[0]!.n)).toBeGreaterThanOrEqual(fires.length);
    } finally {
      await second.fastify.close();
      if (db2 !== t.db) await db2.close();
    }
  });
});
