/**
 * API benchmark (product bars: a list page of 10 under load answers p99 < 30 ms; 7 days of one
 * device's history, chart-ready, in < 40 ms). Starts the real server in-process (buildApp, real
 * HTTP on a free port, MQTT_PORT=off, DEMO=off, captcha off), seeds a realistic tenant, signs in
 * through `POST /sys/login` and drives the API with autocannon from a child process (the other
 * core), so the load generator does not share the server's event loop. Prints one figure per line:
 *   api_list10_p99_ms, api_list10_rps          user list page of 10 (generic list, with count), under load
 *   api_devices10_p99_ms, api_devices10_rps    device list page of 10 (listDevCommon), under load
 *   api_history7d_ms, api_history7d_p99_ms     the device detail chart's call (viewHisCommon, chart mode,
 *                                              points=1500, one parameter) over 7 days, sequential calls
 * Default: embedded PGlite in a temporary DATA_DIR (as `npm start` uses it); with `DATABASE_URL` a
 * fresh schema on that PostgreSQL, dropped afterwards.
 * Seed: BENCH_USERS users and BENCH_DEVICES devices in the demo tenant (as many again in the platform
 * tenant), the charted device with 7 days of readings every 30 s (5 parameters + position, ~20k rows)
 * and BENCH_OTHER_DEVICES other devices every 5 minutes, interleaved in time as the ingest writes them.
 * Knobs: BENCH_USERS (1000), BENCH_DEVICES (1000), BENCH_OTHER_DEVICES (100), BENCH_CONNECTIONS (10),
 * BENCH_SECONDS (10), BENCH_HISTORY_CALLS (20).
 */
import { fork } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/platform/config/config';
import { openConfiguredDb } from '../src/platform/db/configured-db';
import { migrate } from '../src/platform/db/migrate';
import { DEMO_TENANT_ID, PLATFORM_TENANT_ID, seed } from '../src/modules/system/seed/seed';

const env = process.env;
const DAY = 86_400_000;

/** A load to run in the child: `amount` sequential requests (connections 1) or `duration` seconds. */
interface LoadJob {
  name: string;
  url: string;
  headers: Record<string, string>;
  connections: number;
  duration?: number;
  amount?: number;
}
/** What the child reports per job: every 2xx response time in ms (exact), requests per second, failures. */
interface LoadReport {
  name: string;
  times: number[];
  rps: number;
  non2xx: number;
  errors: number;
}

/** Child side: runs each job with autocannon and sends back the response times it observed. */
async function loadChild(): Promise<void> {
  process.on('message', async (jobs: LoadJob[]) => {
    const reports: LoadReport[] = [];
    for (const job of jobs) {
      const times: number[] = [];
      let instance: autocannon.Instance | undefined;
      const done = new Promise<autocannon.Result>((resolve, reject) => {
        instance = autocannon(
          { url: job.url, headers: job.headers, connections: job.connections, ...(job.amount ? { amount: job.amount } : { duration: job.duration ?? 10 }) },
          (err, res) => (err ? reject(err) : resolve(res)),
        );
      });
      instance!.on('response', (_client, statusCode, _bytes, responseTime) => {
        if (statusCode >= 200 && statusCode < 300) times.push(responseTime);
      });
      const result = await done;
      const seconds = Math.max(0.001, (new Date(result.finish).getTime() - new Date(result.start).getTime()) / 1000);
      reports.push({ name: job.name, times, rps: times.length / seconds, non2xx: result.non2xx, errors: result.errors + result.timeouts });
    }
    process.send!(reports);
  });
}

const percentile = (sorted: number[], p: number): number =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((sorted.length * p) / 100) - 1)]! : NaN;
const ms = (v: number): string => v.toFixed(1);

/** Seeds users, devices and telemetry with set-based SQL (what matters here is the shape and volume of the rows). */
export async function seedData(db: Awaited<ReturnType<typeof openConfiguredDb>>, now: number, chartDevice: string): Promise<void> {
  const users = Number(env.BENCH_USERS ?? 1000);
  const devices = Number(env.BENCH_DEVICES ?? 1000);
  const others = Number(env.BENCH_OTHER_DEVICES ?? 100);
  for (const [tenant, org] of [[DEMO_TENANT_ID, 'B01'], [PLATFORM_TENANT_ID, 'A01']] as const) {
    // Users: a tenant member each, in a department, with a role; a password hash of the real format is not needed (nobody signs in as them).
    await db.query(
      `INSERT INTO sys_user (username, realname, password_hash, org_code, login_tenant_id, status, sex, phone, email, work_no, post, create_by, create_time)
       SELECT 'bench' || $1::int || '_' || i, 'Bench user ' || i, 'x', $2::text, $1::int, 1 + (i % 7 = 0)::int, 1 + i % 2,
              '138' || lpad(i::text, 8, '0'), 'u' || i || '@bench.example', 'W' || i, 'operator', 'admin',
              now() - i * interval '1 minute'
         FROM generate_series(1, $3::int) i`,
      [tenant, org, users],
    );
    await db.query(`INSERT INTO sys_user_tenant (user_id, tenant_id) SELECT id, $1::int FROM sys_user WHERE username LIKE 'bench' || $1::int || '\\_%'`, [tenant]);
    await db.query(
      `INSERT INTO sys_user_depart (user_id, dep_id) SELECT u.id, d.id FROM sys_user u, sys_depart d
        WHERE u.username LIKE 'bench' || $1::int || '\\_%' AND d.tenant_id = $1::int AND d.org_code = $2::text`,
      [tenant, org],
    );
    await db.query(
      `INSERT INTO sys_user_role (user_id, role_id) SELECT u.id, r.id FROM sys_user u, sys_role r
        WHERE u.username LIKE 'bench' || $1::int || '\\_%' AND r.tenant_id = $1::int AND r.role_code = 'admin'`,
      [tenant],
    );
    // Devices: half online (recent last_ts), each with latest values; one group per 100.
    await db.query(
      `INSERT INTO device_group (tenant_id, name) SELECT $1::int, 'Bench group ' || g FROM generate_series(0, ($2::int - 1) / 100) g`,
      [tenant, devices],
    );
    await db.query(
      `INSERT INTO device (dev_no, tenant_id, name, model, kind, group_id, secret_hash, power, signal, last_ts, last_received_at, last_lat, last_lng,
                           periods, create_time)
       SELECT 'BENCH-' || $1::int || '-' || i, $1::int, 'Cold truck ' || i, 'P23-2IN1', 'terminal',
              (SELECT id FROM device_group WHERE tenant_id = $1::int AND name = 'Bench group ' || (i / 100)), 'x', 80, -70,
              $3::bigint - (i % 2) * 86400000, $3::bigint - (i % 2) * 86400000, 41.8 + i * 0.001, 123.4 + i * 0.001,
              '{"workReportCycle": 1}', now() - i * interval '1 minute'
         FROM generate_series(0, $2::int - 1) i`,
      [tenant, devices, now],
    );
    await db.query(
      `INSERT INTO device_latest (device_id, ts, received_at, lat, lng, "values")
       SELECT dev_no, last_ts, last_received_at, last_lat, last_lng, '{"P003": -18.2, "P004": 65, "P005": 80, "P012": -70, "P013": 42}'
         FROM device WHERE tenant_id = $1::int AND dev_no LIKE 'BENCH-%'`,
      [tenant],
    );
  }
  await db.query(`INSERT INTO device (dev_no, tenant_id, name, model, kind, secret_hash) VALUES ($1, $2, 'Charted truck', 'P23-2IN1', 'terminal', 'x')`, [
    chartDevice,
    DEMO_TENANT_ID,
  ]);
  // Telemetry, time-ordered across devices like the ingest's batches: the charted device every 30 s
  // for 7 days (+1 h, so the whole window is covered), other devices every 5 minutes.
  const begin = now - 7 * DAY - 3_600_000;
  const values = (dev: string, k: string): string =>
    `jsonb_build_object('P003', round((-18 + 3 * sin(${k} / 3600000.0) + random())::numeric, 1), 'P004', round((60 + 10 * cos(${k} / 7200000.0))::numeric, 1),
       'P005', 100 - (${k} - $1::bigint) / 60480000, 'P012', -60 - (abs(hashtext(${dev} || ${k})) % 40), 'P013', round((40 + 30 * sin(${k} / 600000.0))::numeric, 1))`;
  await db.query(
    `INSERT INTO telemetry (device_id, ts, received_at, lat, lng, "values")
     SELECT device_id, ts, ts + 150, 41.8 + (ts - $1::bigint) / 1e10, 123.4 + (ts - $1::bigint) / 1e10, v FROM (
       SELECT $3::text AS device_id, t AS ts, ${values('$3::text', 't')} AS v FROM generate_series($1::bigint, $2::bigint, 30000) t
       UNION ALL
       SELECT 'BENCH-' || ${DEMO_TENANT_ID} || '-' || d, t + d * 1000, ${values(`'BENCH-' || d`, 't')}
         FROM generate_series($1::bigint, $2::bigint, 300000) t, generate_series(0, $4::int - 1) d
     ) s ORDER BY ts`,
    [begin, now, chartDevice, others],
  );
  await db.query('ANALYZE');
}

async function main(): Promise<void> {
  if (process.argv.includes('--load-child')) return loadChild();
  const external = !!env.DATABASE_URL;
  const schema = `bench_${crypto.randomBytes(4).toString('hex')}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ztj-bench-api-'));
  const adminPassword = `Bench#${crypto.randomBytes(6).toString('hex')}`;
  const config = loadConfig({
    LOGIN_CAPTCHA: 'off', LOG_LEVEL: 'silent', DEMO: 'off', MQTT_PORT: 'off', DATA_DIR: dataDir, ADMIN_PASSWORD: adminPassword,
    ...(external ? { DATABASE_URL: env.DATABASE_URL!, DATABASE_SCHEMA: schema } : {}),
  });
  const db = await openConfiguredDb(config);
  const { fastify } = await (async () => {
    await migrate(db);
    await seed(db, { adminPassword, dataDir });
    const now = Date.now();
    const t0 = performance.now();
    await seedData(db, now, 'BENCH-CHART-1');
    process.stderr.write(`bench api: seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s on ${db.kind}\n`);
    return buildApp({ config, db });
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
      history7d: history,
    };
    // Preflight: each call answers success with the data the figures are about (and warms the plans).
    for (const [name, url] of Object.entries(urls)) {
      for (let i = 0; i < 3; i++) {
        const res = (await (await fetch(url, { headers })).json()) as {
          success: boolean;
          message: string;
          result: { total: number; records: unknown[]; series: { code: string; downsampled: boolean; points: unknown[] }[] };
        };
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
      { name: 'history7d', url: urls.history7d, headers, connections: 1, amount: Number(env.BENCH_HISTORY_CALLS ?? 20) },
    ];
    const child = fork(fileURLToPath(import.meta.url), ['--load-child'], { execArgv: ['--import', 'tsx'] });
    const reports = await new Promise<LoadReport[]>((resolve, reject) => {
      child.once('message', (m) => resolve(m as LoadReport[]));
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`load generator exited (${code})`)));
      child.send(jobs);
    });
    child.kill();

    process.stderr.write(`bench api: load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} on ${os.cpus().length} cores (figures depend on it)\n`);
    const out: string[] = [];
    for (const r of reports) {
      const t = [...r.times].sort((a, b) => a - b);
      process.stderr.write(
        `bench api: ${r.name}: ${t.length} ok, ${r.non2xx} non-2xx, ${r.errors} errors; p50 ${ms(percentile(t, 50))} p90 ${ms(percentile(t, 90))} ` +
          `p99 ${ms(percentile(t, 99))} max ${ms(t[t.length - 1] ?? NaN)} ms; ${Math.round(r.rps)} req/s\n`,
      );
      if (r.non2xx || r.errors) throw new Error(`${r.name}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
      if (r.name === 'history7d') out.push(`api_history7d_ms ${ms(percentile(t, 50))}`, `api_history7d_p99_ms ${ms(percentile(t, 99))}`);
      else out.push(`api_${r.name}_p99_ms ${ms(percentile(t, 99))}`, `api_${r.name}_rps ${Math.round(r.rps)}`);
    }
    process.stdout.write(`${out.join('\n')}\n`);
  } finally {
    await fastify.close();
    if (external) await db.query(`DROP SCHEMA "${schema}" CASCADE`);
    await db.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((e: Error) => {
    process.stderr.write(`${e.stack ?? e.message}\n`);
    process.exit(1);
  });
}
