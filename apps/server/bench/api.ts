/**
 * API benchmark (product bars: a list page of 10 under load answers p99 < 30 ms, the waybill list
 * included; 7 days of one device's history, chart-ready, in < 40 ms). Starts the real server in-process (buildApp, real
 * HTTP on a free port, MQTT_PORT=off, DEMO=off, captcha off), seeds a realistic tenant, signs in
 * through `POST /sys/login` and drives the API with autocannon from a child process (the other
 * core), so the load generator does not share the server's event loop. Prints one figure per line:
 *   api_list10_p99_ms, api_list10_rps          user list page of 10 (generic list, with count), under load
 *   api_devices10_p99_ms, api_devices10_rps    device list page of 10 (listDevCommon), under load
 *   api_waybills10_p99_ms, api_waybills10_rps  waybill list page of 10 (task/list: devices, monitors, timing), under load
 *   api_history7d_ms, api_history7d_p99_ms     the device detail chart's call (viewHisCommon, chart mode,
 *                                              points=1500, one parameter) over 7 days, sequential calls
 *   sql_<job>_p99_ms, api_over_sql_<job>       side by side: the statements the endpoint sent on its
 *                                              last (warm) preflight call, recorded through the server's own Db,
 *                                              sent again in order straight through that Db (same pool or PGlite
 *                                              handle, no HTTP, auth, validation, serialisation) at the job's
 *                                              concurrency and duration; history: sql_history7d_ms (median),
 *                                              sql_history7d_p99_ms, api_over_sql_history7d (median ratio)
 *   db                                         postgres or pglite
 * Each job's window (µs on the monotonic clock `--cpu-prof` stamps samples with) is on stderr, to
 * cut a profile taken with `node --cpu-prof --import tsx apps/server/bench/api.ts` into phases.
 * Default: embedded PGlite in a temporary DATA_DIR (as `npm start` uses it); with `DATABASE_URL` a
 * fresh schema on that PostgreSQL, dropped afterwards.
 * Seed: BENCH_USERS users and BENCH_DEVICES devices in the demo tenant (as many again in the platform
 * tenant), the charted device with 7 days of readings every 30 s (5 parameters + position, ~20k rows)
 * and BENCH_OTHER_DEVICES other devices every 5 minutes, interleaved in time as the ingest writes them;
 * BENCH_WAYBILLS waybills per tenant on one route, a third each un-started, ongoing and completed, each
 * with one of the bench devices.
 * Knobs: BENCH_USERS (1000), BENCH_DEVICES (1000), BENCH_OTHER_DEVICES (100), BENCH_WAYBILLS (1000), BENCH_CONNECTIONS (10),
 * BENCH_SECONDS (10), BENCH_HISTORY_CALLS (20); BENCH_DUMP_SQL=<dir> writes each job's captured statements and
 * parameters to <dir>/<job>.json; BENCH_KEEP_SCHEMA=1 keeps the PostgreSQL schema (to EXPLAIN them afterwards).
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { buildApp } from '../src/app';
import { DEMO_TENANT_ID } from '../src/platform/tenancy/tenant-ids';
import { seedData } from './api-seed';
import {
  capturingDb,
  inRequest,
  ms,
  nowUs,
  percentile,
  replay,
  type LoadJob,
  type LoadReport,
  type Statement,
} from './api-sql';
import { openScratchDb } from './scratch-db';

const env = process.env;
const DAY = 86_400_000;

/** Child side: runs each job with autocannon and sends back the response times it observed. */
async function loadChild(): Promise<void> {
  process.on('message', async (jobs: LoadJob[]) => {
    const reports: LoadReport[] = [];
    for (const job of jobs) {
      const times: number[] = [];
      const from = nowUs();
      let instance: autocannon.Instance | undefined;
      const done = new Promise<autocannon.Result>((resolve, reject) => {
        instance = autocannon(
          {
            url: job.url,
            headers: job.headers,
            connections: job.connections,
            ...(job.amount ? { amount: job.amount } : { duration: job.duration ?? 10 }),
          },
          (err, res) => (err ? reject(err) : resolve(res)),
        );
      });
      instance!.on('response', (_client, statusCode, _bytes, responseTime) => {
        if (statusCode >= 200 && statusCode < 300) times.push(responseTime);
      });
      const result = await done;
      const seconds = Math.max(0.001, (new Date(result.finish).getTime() - new Date(result.start).getTime()) / 1000);
      reports.push({
        name: job.name,
        times,
        rps: times.length / seconds,
        non2xx: result.non2xx,
        errors: result.errors + result.timeouts,
        window: [from, nowUs()],
      });
    }
    process.send!(reports);
  });
}

async function main(): Promise<void> {
  if (process.argv.includes('--load-child')) return loadChild();
  const scratch = await openScratchDb('api', { env: { LOGIN_CAPTCHA: 'off' } });
  const { db, config, adminPassword } = scratch;
  const capture = capturingDb(db);
  const { fastify } = await (async () => {
    const now = Date.now();
    const t0 = performance.now();
    await seedData(db, now, 'BENCH-CHART-1');
    process.stderr.write(`bench api: seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s on ${db.kind}\n`);
    const app = await buildApp({ config, db: capture.db });
    app.fastify.addHook('onRequest', (_req, _reply, done) => inRequest.run(true, done));
    return app;
  })();
  try {
    await fastify.listen({ port: 0, host: '127.0.0.1' });
    const address = fastify.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}${config.basePath}`;

    const login = await fetch(`${base}/sys/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: adminPassword }),
    });
    const session = (await login.json()) as { success: boolean; message: string; result: { token: string } };
    if (!session.success) throw new Error(`login failed: ${session.message}`);
    const headers = { 'x-access-token': session.result.token, 'tenant-id': String(DEMO_TENANT_ID) };

    const now = Date.now();
    const history = `${base}/wlx/device/viewHisCommon?id=BENCH-CHART-1&range=7d&beginTime=${now - 7 * DAY}&endTime=${now}&mode=chart&points=1500&codes=P003`;
    const urls = {
      list10: `${base}/sys/user/list?pageNo=1&pageSize=10`,
      devices10: `${base}/wlx/device/listDevCommon?pageNo=1&pageSize=10`,
      waybills10: `${base}/wlx/task/list?pageNo=1&pageSize=10`,
      history7d: history,
    };
    // Preflight: each call answers success with the data the figures are about (and warms the plans
    // and the access cache); the last call's statements are recorded for the side-by-side SQL run.
    const statements: Record<string, Statement[]> = {};
    for (const [name, url] of Object.entries(urls)) {
      for (let i = 0; i < 3; i++) {
        if (i === 2) capture.start();
        const res = (await (await fetch(url, { headers })).json()) as {
          success: boolean;
          message: string;
          result: {
            total: number;
            records: unknown[];
            series: { code: string; downsampled: boolean; points: unknown[] }[];
          };
        };
        if (i === 2) statements[name] = capture.stop();
        if (!res.success) throw new Error(`${name}: ${res.message}`);
        if (i > 0) continue;
        const r = res.result;
        process.stderr.write(
          name === 'history7d'
            ? `bench api: ${name} → ${r.series.map((s) => `${s.code} ${s.points.length} points${s.downsampled ? ' (downsampled)' : ''}`).join(', ')}\n`
            : `bench api: ${name} → ${r.records.length} of ${r.total}\n`,
        );
      }
    }

    const connections = Number(env.BENCH_CONNECTIONS ?? 10);
    const duration = Number(env.BENCH_SECONDS ?? 10);
    const jobs: LoadJob[] = [
      { name: 'list10', url: urls.list10, headers, connections, duration },
      { name: 'devices10', url: urls.devices10, headers, connections, duration },
      { name: 'waybills10', url: urls.waybills10, headers, connections, duration },
      {
        name: 'history7d',
        url: urls.history7d,
        headers,
        connections: 1,
        amount: Number(env.BENCH_HISTORY_CALLS ?? 20),
      },
    ];
    const child = fork(fileURLToPath(import.meta.url), ['--load-child'], { execArgv: ['--import', 'tsx'] });
    const reports = await new Promise<LoadReport[]>((resolve, reject) => {
      child.once('message', (m) => resolve(m as LoadReport[]));
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`load generator exited (${code})`)));
      child.send(jobs);
    });
    child.kill();

    // The same statements straight against the database (the server's own pool or PGlite handle,
    // no HTTP, auth, validation or serialisation), same concurrency and duration or count.
    const sqlReports: LoadReport[] = [];
    for (const job of jobs) {
      const list = statements[job.name] ?? [];
      process.stderr.write(
        `bench api: ${job.name} runs ${list.length} statement(s): ${list.map((st) => st.sql.replace(/\s+/g, ' ').trim().slice(0, 60)).join(' | ')}\n`,
      );
      // BENCH_DUMP_SQL=<dir>: the captured statements with their parameters, one JSON file per job (for EXPLAIN)
      if (env.BENCH_DUMP_SQL)
        fs.writeFileSync(
          path.join(env.BENCH_DUMP_SQL, `${job.name}.json`),
          JSON.stringify({ schema: config.databaseSchema, statements: list }, null, 1),
        );
      sqlReports.push(await replay(db, job, list));
    }

    process.stderr.write(
      `bench api: load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} on ${os.cpus().length} cores (figures depend on it)\n`,
    );
    const out: string[] = [];
    for (const r of reports) {
      const t = [...r.times].sort((a, b) => a - b);
      process.stderr.write(
        `bench api: ${r.name}: ${t.length} ok, ${r.non2xx} non-2xx, ${r.errors} errors; p50 ${ms(percentile(t, 50))} p90 ${ms(percentile(t, 90))} ` +
          `p99 ${ms(percentile(t, 99))} max ${ms(t[t.length - 1] ?? NaN)} ms; ${Math.round(r.rps)} req/s; window ${r.window.join('-')} µs\n`,
      );
      if (r.non2xx || r.errors) throw new Error(`${r.name}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
      if (r.name === 'history7d')
        out.push(`api_history7d_ms ${ms(percentile(t, 50))}`, `api_history7d_p99_ms ${ms(percentile(t, 99))}`);
      else out.push(`api_${r.name}_p99_ms ${ms(percentile(t, 99))}`, `api_${r.name}_rps ${Math.round(r.rps)}`);
    }
    const figure = (r: LoadReport): { p50: number; p99: number } => {
      const t = [...r.times].sort((a, b) => a - b);
      return { p50: percentile(t, 50), p99: percentile(t, 99) };
    };
    for (const r of sqlReports) {
      const api = figure(reports.find((a) => a.name === r.name)!);
      const sql = figure(r);
      process.stderr.write(
        `bench api: sql ${r.name}: ${r.times.length} runs; p50 ${ms(sql.p50)} p99 ${ms(sql.p99)} ms; ${Math.round(r.rps)} runs/s; window ${r.window.join('-')} µs\n`,
      );
      if (r.name === 'history7d') {
        out.push(
          `sql_history7d_ms ${ms(sql.p50)}`,
          `sql_history7d_p99_ms ${ms(sql.p99)}`,
          `api_over_sql_history7d ${(api.p50 / sql.p50).toFixed(2)}`,
        );
      } else {
        const n = r.name === 'list10' ? 'list10' : r.name;
        out.push(`sql_${n}_p99_ms ${ms(sql.p99)}`, `api_over_sql_${n} ${(api.p99 / sql.p99).toFixed(2)}`);
      }
    }
    out.push(`db ${db.kind}`);
    process.stdout.write(`${out.join('\n')}\n`);
  } finally {
    await fastify.close();
    await scratch.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((e: Error) => {
    process.stderr.write(`${e.stack ?? e.message}\n`);
    process.exit(1);
  });
}
