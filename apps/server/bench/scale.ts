/**
 * Scale-out benchmark ("bench:scale"): the same stream ingested by 1 and then by 2
 * ingest processes (scale-worker.ts) over one PostgreSQL schema and one external broker (MQTT 5
 * shared subscription), acknowledging after commit. Publishers run in their own process
 * (publisher.ts). Prints one figure per line: `scale_msgs_per_s_<n>` (readings stored / seconds
 * from the first publish to the last reading stored), `scale_lost_<n>`, `scale_doubled_<n>`
 * (readings a process received although already stored: redeliveries) and, for 2,
 * `scale_split_2` (the share each process stored, %). Needs DATABASE_URL and MQTT_URL.
 * Knobs: BENCH_DEVICES (200), BENCH_MESSAGES (100000), BENCH_WINDOW (32).
 * On a 2-core machine the second process does not double the rate (the broker, PostgreSQL and
 * the publishers share the same cores); the figures show the split and that nothing is lost or doubled.
 */
import { fork, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDb } from '../src/platform/db/db';
import { migrate } from '../src/platform/db/migrate';
import { hashDeviceSecret } from '../src/modules/devices/device-secrets';

const env = process.env;
if (!env.DATABASE_URL || !env.MQTT_URL) {
  process.stderr.write('bench:scale needs DATABASE_URL and MQTT_URL (PostgreSQL and an external broker)\n');
  process.exit(2);
}
const here = path.dirname(fileURLToPath(import.meta.url));
const M = Number(env.BENCH_DEVICES ?? 200);
const N = Number(env.BENCH_MESSAGES ?? 100_000);
const perDevice = Math.ceil(N / M);
const total = perDevice * M;
const schema = `scale_${crypto.randomBytes(4).toString('hex')}`;

type Msg = { type: string; [k: string]: unknown };
const next = (child: ChildProcess, type: string): Promise<Msg> =>
  new Promise((resolve, reject) => {
    const on = (m: Msg): void => {
      if (m.type === type) {
        child.off('message', on);
        resolve(m);
      } else if (m.type === 'error') reject(new Error(String(m.message)));
    };
    child.on('message', on);
    child.once('exit', (code) => code && reject(new Error(`${type}: child exited ${code}`)));
  });

async function run(n: number, db: Awaited<ReturnType<typeof openDb>>): Promise<void> {
  const tag = crypto.randomBytes(3).toString('hex');
  const devices = Array.from({ length: M }, (_, i) => ({
    id: `SCALE-${tag}-${i}`,
    secret: crypto.randomBytes(16).toString('hex'),
  }));
  await db.query(
    `INSERT INTO device (dev_no, tenant_id, name, model, kind, secret_hash) SELECT id, 9999, id, 'P23-2IN1', 'terminal', h FROM unnest($1::text[], $2::text[]) AS u(id, h)`,
    [devices.map((d) => d.id), devices.map((d) => hashDeviceSecret(d.secret))],
  );
  const group = `scale${tag}`;
  const workers = Array.from({ length: n }, (_, index) => {
    const w = fork(path.join(here, 'scale-worker.ts'), [], { execArgv: ['--import', 'tsx'] });
    w.send({ databaseUrl: env.DATABASE_URL, schema, mqttUrl: env.MQTT_URL, group, index });
    return w;
  });
  await Promise.all(workers.map((w) => next(w, 'ready')));
  const publisher = fork(path.join(here, 'publisher.ts'), [], { execArgv: ['--import', 'tsx'] });
  publisher.send({ url: env.MQTT_URL, devices, perDevice, window: Number(env.BENCH_WINDOW ?? 32) });
  await next(publisher, 'ready');
  const done = next(publisher, 'done');
  publisher.send('go');
  const pub = (await done) as Msg & { started: number };
  let stored = 0;
  let at = Date.now();
  for (const until = Date.now() + 120_000; Date.now() < until; await new Promise((r) => setTimeout(r, 50))) {
    const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM telemetry WHERE device_id LIKE $1', [
      `SCALE-${tag}-%`,
    ]);
    if (row!.n > stored) at = Date.now();
    stored = row!.n;
    if (stored >= total) break;
  }
  const stats = await Promise.all(
    workers.map(async (w) => {
      const s = next(w, 'stats');
      w.send('stats');
      return (await s) as Msg & { stored: number; duplicates: number };
    }),
  );
  publisher.kill();
  for (const w of workers) w.send('stop');
  await Promise.all(workers.map((w) => new Promise((r) => w.once('exit', r))));
  process.stdout.write(`scale_msgs_per_s_${n} ${Math.round(stored / (Math.max(1, at - pub.started) / 1000))}\n`);
  process.stdout.write(`scale_lost_${n} ${total - stored}\n`);
  process.stdout.write(`scale_doubled_${n} ${stats.reduce((a, s) => a + s.duplicates, 0)}\n`);
  if (n > 1)
    process.stdout.write(
      `scale_split_${n} ${stats.map((s) => Math.round((100 * s.stored) / Math.max(1, stored))).join('/')}\n`,
    );
}

async function main(): Promise<void> {
  const db = await openDb({ url: env.DATABASE_URL, schema, poolSize: 2 });
  try {
    await migrate(db);
    await db.query(`INSERT INTO sys_tenant (id, name) VALUES (9999, 'bench') ON CONFLICT DO NOTHING`);
    process.stderr.write(`bench:scale: ${M} devices x ${perDevice} msgs = ${total}, PostgreSQL + external broker\n`);
    await run(1, db);
    await run(2, db);
  } finally {
    await db.query(`DROP SCHEMA "${schema}" CASCADE`).catch(() => undefined);
    await db.close();
  }
}

main().catch((e: Error) => {
  process.stderr.write(`${e.stack ?? e.message}\n`);
  process.exit(1);
});
