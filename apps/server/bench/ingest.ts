/**
 * Ingest benchmark: M simulated devices publish N QoS 1 messages with 5 parameters each
 * through the broker; the run ends when every reading is committed. Prints one figure per line:
 * `ingest_msgs_per_s`, `ingest_p99_publish_to_stored_ms`, `ingest_lost`.
 * Default: embedded stack (aedes + PGlite in memory). With `DATABASE_URL` (a fresh schema, dropped
 * afterwards) and/or `MQTT_URL` (e.g. the local Mosquitto; shared subscriptions over 4 ingest
 * connections): PostgreSQL + external broker. Publishers run in a child process (other core).
 * Knobs: BENCH_DEVICES (M, default 200), BENCH_MESSAGES (N, default 100000; 20000 on PGlite),
 * BENCH_WINDOW (unacked publishes per device, 32), BENCH_CONNECTIONS (ingest connections, 4),
 * BENCH_SUB_QOS (ingest subscription QoS, 1), INGEST_BATCH_ROWS (5000), INGEST_FLUSH_MS (50),
 * BENCH_ALARM_TEMPLATES (templates bound to every device, default 5 = 1,000 bindings over 200
 * devices; 0 runs without the alarm engine): with templates, also prints `alarm_evaluated`,
 * `alarm_busy_ms` (engine + SQL time of the alarm batches) and `alarm_queue_drain_ms` (time after
 * the last commit until every reading was evaluated), `alarm_raise_to_ws_p99_ms` (commit of the
 * raising reading → the alarm's message sent to a console socket of the tenant).
 * With rules (templates or BENCH_GEO=1) the bench runs BENCH_PAIRS (default 5) pairs of child
 * runs, each pair one without any rule and one with them (ingest-pairs.ts), and prints the
 * medians, `ingest_msgs_per_s_without_alarms` and `alarm_eval_overhead_pct` (or, geo alone,
 * `geo_throughput_overhead_pct`) = median over the pairs of 100 × (1 − rate with / rate without);
 * BENCH_PAIRS=1 (or BENCH_BASELINE=0) makes one run with the rules and no overhead figure.
 * Warm-up: first the same devices publish BENCH_WARMUP messages (default N; with PostgreSQL's
 * default N that is 500 per device, more than the publishers' 400-message value cycle, so every
 * condition has raised and cleared), stored and evaluated; only then comes the measured N. The
 * figures are of the measured N — a server in its steady state, as it runs in production — and
 * the warm-up's rate is printed as `ingest_msgs_per_s_cold` (a fresh process's first N, the JIT
 * compiler at work on the alarm code meanwhile), its overhead as `alarm_eval_overhead_cold_pct`.
 * `ingest_lost` counts both phases. BENCH_WARMUP=0: the measured N is the fresh process's first.
 * stderr also shows the ingest process's CPU per message split into its main thread and its
 * other threads (the JIT compiler, the garbage collector's helpers).
 */
import crypto from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../src/platform/config/config';
import { openDb } from '../src/platform/db/db';
import { migrate } from '../src/platform/db/migrate';
import { RealtimeHub } from '../src/platform/realtime/hub';
import { hashDeviceSecret } from '../src/modules/devices/device-secrets';
import { IngestRuntime } from '../src/modules/telemetry/ingest-runtime';
import { loadRulePlaces } from '../src/modules/logistics/places/rule-places.source';
import { AlarmRuntime } from '../src/modules/alarms/runtime/alarm-runtime';
import { bindGeoBench } from './geo-bench';
import { startAlarmWsProbe } from './alarm-ws-probe';
import { runPairs } from './ingest-pairs';
import { cpuSecondsOf, threadCpu } from './proc-cpu';
import { startPublishers } from './publisher-control';

const env = process.env;
const external = !!env.DATABASE_URL;
const M = Number(env.BENCH_DEVICES ?? 200);
const N = Number(env.BENCH_MESSAGES ?? (external ? 100_000 : 20_000));
const perDevice = Math.ceil(N / M);
const total = perDevice * M;
const schema = `bench_${crypto.randomBytes(4).toString('hex')}`;

async function main(): Promise<void> {
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DEMO: 'off',
    MQTT_PORT: '0',
    ...(env.DATABASE_URL ? { DATABASE_URL: env.DATABASE_URL, DATABASE_SCHEMA: schema } : {}),
    // a persistent session as in production, its own per run; kept only 2 s after the run, or the
    // broker would go on queueing (and dropping) a copy of every message of the next runs for it
    ...(env.MQTT_URL
      ? { MQTT_URL: env.MQTT_URL, MQTT_SHARED: 'on', MQTT_CLIENT_ID: `bench-${schema}`, MQTT_SESSION_EXPIRY_S: '2' }
      : {}),
  });
  const db = await openDb({ url: config.databaseUrl, schema: config.databaseSchema, poolSize: 4 });
  await migrate(db);
  await db.query(`INSERT INTO sys_tenant (id, name) VALUES (9999, 'bench') ON CONFLICT DO NOTHING`);
  const run = crypto.randomBytes(3).toString('hex');
  const devices = Array.from({ length: M }, (_, i) => ({
    id: `BENCH-${run}-${i}`,
    secret: crypto.randomBytes(16).toString('hex'),
  }));
  await db.query(
    `INSERT INTO device (dev_no, tenant_id, name, model, kind, secret_hash)
     SELECT id, 9999, id, 'P23-2IN1', 'terminal', h FROM unnest($1::text[], $2::text[]) AS u(id, h)`,
    [devices.map((d) => d.id), devices.map((d) => hashDeviceSecret(d.secret))],
  );

  // alarm templates over the temperature, humidity and battery the publishers send (some raise)
  const templates = Number(env.BENCH_ALARM_TEMPLATES ?? 5);
  const conditions = [
    { type: 'threshold', param: 'P003', comparison: 0, value: 15, hysteresis: { margin: 1, clearDelayMinutes: 0 } },
    { type: 'range', param: 'P004', effect: 2, min: 52, max: 78, hysteresis: { margin: 0, clearDelayMinutes: 0 } },
    { type: 'lowBattery', percent: 45, hysteresis: { margin: 2, clearDelayMinutes: 0 } },
    {
      type: 'duration',
      minutes: 5,
      condition: {
        type: 'threshold',
        param: 'P003',
        comparison: 1,
        value: -10,
        hysteresis: { margin: 0, clearDelayMinutes: 0 },
      },
    },
    { type: 'offline', minutes: 30 },
  ];
  for (let t = 0; t < templates; t++) {
    const content = {
      name: `bench ${t}`,
      category: 'environment',
      severity: 'M',
      delayMinutes: 0,
      conditions: [conditions[t % conditions.length]],
      reminder: null,
      notify: { groupIds: [], escalateGroupIds: [], robots: false },
    };
    const [tpl] = await db.query<{ id: string }>(
      `INSERT INTO alarm_rule_template (tenant_id, name, category, severity, content) VALUES (9999, $1, 'environment', 'M', $2) RETURNING id`,
      [`bench-${run}-${t}`, JSON.stringify(content)],
    );
    await db.query(
      `INSERT INTO alarm_rule_binding (template_id, tenant_id, target_type, target_id) SELECT $1, 9999, 'device', unnest($2::text[])`,
      [tpl!.id, devices.map((d) => d.id)],
    );
  }
  // BENCH_GEO=1: every device also carries a route deviation + 2 geofences (geo-bench.ts)
  const geo =
    env.BENCH_GEO === '1'
      ? await bindGeoBench(
          db,
          9999,
          run,
          devices.map((d) => d.id),
        )
      : undefined;
  const alarmHub = new RealtimeHub();
  const alarms =
    templates > 0 || geo
      ? new AlarmRuntime(db, alarmHub, {
          onError: (e) => process.stderr.write(`alarm error: ${e.message}\n`),
          places: (ids, onError) => loadRulePlaces(db, ids, onError),
        })
      : undefined;
  const wsProbe = alarms ? await startAlarmWsProbe(db, alarmHub, 9999, run) : undefined;
  await alarms?.start();

  const latencies: number[] = [];
  let committed = 0;
  let lastCommit = 0;
  const runtime = new IngestRuntime(config, db, new RealtimeHub(), {
    maxRows: Number(env.INGEST_BATCH_ROWS ?? 5000),
    flushMs: Number(env.INGEST_FLUSH_MS ?? 50),
    connections: Number(env.BENCH_CONNECTIONS ?? 4),
    shareGroup: `bench${run}`,
    subscribeQos: env.BENCH_SUB_QOS === '0' ? 0 : 1,
    onCommitted: (rows, at) => {
      for (const r of rows) latencies.push(at - r.ts);
      committed += rows.length;
      lastCommit = at;
      wsProbe?.committed(rows, at);
      alarms?.onCommitted(rows);
    },
    onError: (e) => process.stderr.write(`ingest error: ${e.message}\n`),
  });
  await runtime.start();
  const url = runtime.mqttUrl!;
  process.stderr.write(
    `bench: ${M} devices x ${perDevice} msgs = ${total} via ${env.MQTT_URL ? 'external broker' : 'aedes'} + ${db.kind}\n`,
  );

  /** Waits (60 s at most) until `count` more readings than `since` were stored or found duplicate. */
  const waitStored = async (count: number, since = { stored: 0, duplicates: 0 }): Promise<void> => {
    const deadline = Date.now() + 60_000;
    const { stats } = runtime.ingest;
    while (stats.stored - since.stored + stats.duplicates - since.duplicates < count && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
    }
    await runtime.ingest.flush();
  };
  const window = Number(env.BENCH_WINDOW ?? 32);
  // warm-up: the same devices publish WARMUP messages first, not measured (see the module comment)
  const warmPerDevice = Math.ceil(Number(env.BENCH_WARMUP ?? N) / M);
  /** The warm-up's rate (msg/s; a fresh process's first messages) and its readings not stored. */
  let cold: { rate: number; lost: number } | undefined;
  if (warmPerDevice > 0) {
    const warm = await startPublishers(url, devices, warmPerDevice, window);
    const report = await warm.go();
    await waitStored(warmPerDevice * M);
    const warmStored = runtime.ingest.stats.stored;
    cold = {
      rate: Math.round(warmStored / (Math.max(1, lastCommit - report.started) / 1000)),
      lost: warmPerDevice * M - warmStored,
    };
    await alarms?.whenIdle();
    warm.kill();
    latencies.length = 0;
    committed = 0;
    wsProbe?.reset();
    process.stderr.write(`bench: warm-up of ${warmPerDevice * M} messages: ${cold.rate} msg/s, ${warmStored} stored\n`);
  }
  const before = {
    stored: runtime.ingest.stats.stored,
    duplicates: runtime.ingest.stats.duplicates,
    batches: runtime.ingest.stats.batches,
    alarms: alarms ? { ...alarms.stats } : undefined,
  };
  const publishers = await startPublishers(url, devices, perDevice, window, env.BENCH_CPU_PROF);
  const threads0 = threadCpu();
  const cpu0 = { ingest: process.cpuUsage(), broker: cpuSecondsOf(/^mosquitto$/), db: cpuSecondsOf(/^postgres$/) };
  const pub = await publishers.go();
  await waitStored(total, before);
  const ingestCpu = process.cpuUsage(cpu0.ingest);
  const threads = threadCpu(threads0);
  const cpu = {
    ingest: (ingestCpu.user + ingestCpu.system) / 1e6,
    broker: env.MQTT_URL ? cpuSecondsOf(/^mosquitto$/) - cpu0.broker : NaN,
    db: env.DATABASE_URL ? cpuSecondsOf(/^postgres$/) - cpu0.db : NaN,
    publishers: pub.cpuSeconds ?? NaN,
  };
  const [row] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM telemetry WHERE device_id LIKE $1`, [
    `BENCH-${run}-%`,
  ]);
  const stored = (row?.n ?? 0) - before.stored;
  latencies.sort((a, b) => a - b);
  const p99 = latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))]! : NaN;
  const seconds = Math.max(1, lastCommit - pub.started) / 1000;
  process.stderr.write(
    `publish ${((pub.finished - pub.started) / 1000).toFixed(2)} s, last commit +${seconds.toFixed(2)} s, batches ${runtime.ingest.stats.batches - before.batches}, ` +
      `dead ${JSON.stringify(runtime.ingest.stats.dead)}, publish failures ${pub.failed}, committed ${committed}\n`,
  );
  const perMsg = (sec: number): string => (Number.isFinite(sec) ? `${((sec * 1e6) / total).toFixed(1)} µs` : 'n/a');
  process.stderr.write(
    `CPU per message: ingest process ${perMsg(cpu.ingest)} (main thread ${perMsg(threads.main)}, other threads ${perMsg(threads.other)}), broker ${perMsg(cpu.broker)}, PostgreSQL ${perMsg(cpu.db)}, publishers ${perMsg(cpu.publishers)}\n`,
  );
  process.stdout.write(`ingest_msgs_per_s ${Math.round(stored / seconds)}\n`);
  process.stdout.write(`ingest_p99_publish_to_stored_ms ${p99}\n`);
  process.stdout.write(`ingest_lost ${total - stored + (cold?.lost ?? 0)}\n`);
  if (cold) process.stdout.write(`ingest_msgs_per_s_cold ${cold.rate}\n`);
  if (alarms) {
    const drained = Date.now();
    await alarms.whenIdle();
    process.stdout.write(`alarm_bindings ${templates * M}\n`);
    const a0 = before.alarms!;
    process.stdout.write(`alarm_evaluated ${alarms.stats.evaluated - a0.evaluated}\n`);
    process.stdout.write(`alarm_busy_ms ${Math.round(alarms.stats.busyMs - a0.busyMs)}\n`);
    process.stdout.write(`alarm_queue_drain_ms ${Date.now() - drained}\n`);
    process.stdout.write(`alarm_changes ${alarms.stats.changes - a0.changes}\n`);
    const ws = wsProbe!.result();
    process.stdout.write(`alarm_raised_to_ws ${ws.count}\n`);
    process.stdout.write(`alarm_raise_to_ws_p99_ms ${ws.p99}\n`);
  }
  if (geo)
    process.stdout.write(
      `geo_bindings ${geo.bindings}\ngeo_eval_overhead_pct ${geo.overheadPct(cpu.ingest / total)}\n`,
    );
  publishers.kill();
  await runtime.stop();
  await alarms?.stop();
  if (env.DATABASE_URL) await db.query(`DROP SCHEMA "${schema}" CASCADE`);
  await db.close();
}

const pairs = Number(env.BENCH_PAIRS ?? 5);
const withRules = Number(env.BENCH_ALARM_TEMPLATES ?? 5) > 0 || env.BENCH_GEO === '1';
const run =
  pairs > 1 && withRules && env.BENCH_BASELINE !== '0'
    ? Promise.resolve().then(() => runPairs(fileURLToPath(import.meta.url), pairs, env))
    : main();
run.catch((e: Error) => {
  process.stderr.write(`${e.stack ?? e.message}\n`);
  process.exit(1);
});
