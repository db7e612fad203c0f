/**
 * Start-time bench: the real server as a child process
 * (`node --import tsx apps/server/src/main.ts`, DEMO=off, free ports, a temporary DATA_DIR), first
 * start unmeasured (creates the data), a device registered with `npm run device:add`'s CLI, then
 * BENCH_RESTARTS (default 3) measured restarts. Each restart: from spawn to `/health` answering
 * (`start_to_http_ms`) and to the first reading of the device committed (`start_to_ingest_ms`).
 * Embedded stack (PGlite, aedes): the device publishes QoS 1 every 25 ms until a PUBACK (the
 * embedded broker acknowledges after the commit). With DATABASE_URL and MQTT_URL (a throw-away
 * schema; Mosquitto acknowledges on receipt): readings published every 25 ms, the first committed
 * one found by polling the schema every 25 ms. Prints medians and spreads, one figure per line.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import mqtt from 'mqtt';
import pg from 'pg';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const MAIN = path.join(ROOT, 'apps/server/src/main.ts');
const CLI = path.join(ROOT, 'apps/server/src/cli/provision-device.ts');
const RESTARTS = Number(process.env.BENCH_RESTARTS ?? 3);
const external = !!(process.env.DATABASE_URL && process.env.MQTT_URL);

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(p));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ztj-bench-start-'));
  const webDir = fs.existsSync(path.join(ROOT, 'apps/web/dist/index.html'))
    ? path.join(ROOT, 'apps/web/dist')
    : fs.mkdtempSync(path.join(os.tmpdir(), 'ztj-bench-web-'));
  const schema = `startbench_${crypto.randomBytes(4).toString('hex')}`;
  const port = await freePort();
  const mqttPort = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DEMO: 'off',
    LOGIN_CAPTCHA: 'off',
    ADMIN_PASSWORD: `Bench#${crypto.randomBytes(6).toString('hex')}`,
    WEB_DIR: webDir,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    LOG_FORMAT: 'json',
    ...(external
      ? { DATABASE_SCHEMA: schema, MQTT_CLIENT_ID: `bench-${schema}`, MQTT_SESSION_EXPIRY_S: '60' }
      : { MQTT_PORT: String(mqttPort) }),
  };
  if (!external) for (const k of ['DATABASE_URL', 'MQTT_URL']) delete env[k];
  const health = `http://127.0.0.1:${port}/ztj-iot/health`;
  const start = (): ChildProcess =>
    spawn(process.execPath, ['--import', 'tsx', MAIN], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  const stop = (c: ChildProcess) =>
    new Promise<void>((r) => {
      c.once('exit', () => r());
      c.kill('SIGTERM');
    });
  const httpUp = async (): Promise<void> => {
    for (;;) {
      try {
        if ((await fetch(health)).ok) return;
      } catch {
        /* not listening yet */
      }
      await sleep(25);
    }
  };
  // first start: creates the data, unmeasured
  let child = start();
  await httpUp();
  await stop(child);
  const id = `START-${crypto.randomBytes(3).toString('hex')}`;
  const cli = spawnSync(process.execPath, ['--import', 'tsx', CLI, '--id', id, '--model', 'P23-2IN1'], {
    env,
    encoding: 'utf8',
  });
  const secret = /MQTT password: (\S+)/.exec(cli.stdout)?.[1];
  if (!secret) throw new Error(`device:add failed: ${cli.stdout}${cli.stderr}`);
  const brokerUrl = external ? process.env.MQTT_URL! : `mqtt://127.0.0.1:${mqttPort}`;
  const pool = external
    ? new pg.Pool({ connectionString: process.env.DATABASE_URL, options: `-c search_path=${schema}` })
    : undefined;
  const http: number[] = [];
  const ingest: number[] = [];
  try {
    for (let i = 0; i < RESTARTS; i++) {
      const t0 = performance.now();
      child = start();
      const httpAt = httpUp().then(() => performance.now() - t0);
      const since = Date.now();
      let done = false;
      const client = mqtt.connect(brokerUrl, {
        username: id,
        password: secret,
        clientId: `${id}-${i}`,
        reconnectPeriod: 25,
        connectTimeout: 2000,
        ...(external ? { username: undefined, password: undefined } : {}),
      });
      client.on('error', () => undefined);
      const ingestAt = new Promise<number>((resolve) => {
        const tick = async (): Promise<void> => {
          while (!done) {
            if (client.connected) {
              const body = JSON.stringify({ ts: Date.now(), values: { P003: 4.2 } });
              if (external) {
                client.publish(`ztj/devices/${id}/telemetry`, body, { qos: 1 });
                const [r] = (
                  await pool!.query<{ n: string }>(
                    'SELECT count(*) AS n FROM telemetry WHERE device_id = $1 AND ts >= $2',
                    [id, since],
                  )
                ).rows;
                if (Number(r?.n) > 0) return resolve(performance.now() - t0);
              } else {
                const acked = await Promise.race([
                  client.publishAsync(`ztj/devices/${id}/telemetry`, body, { qos: 1 }).then(
                    () => true,
                    () => false,
                  ),
                  sleep(2000).then(() => false),
                ]);
                if (acked) return resolve(performance.now() - t0);
              }
            }
            await sleep(25);
          }
        };
        void tick();
      });
      const [h, g] = await Promise.all([httpAt, ingestAt]);
      done = true;
      client.end(true);
      http.push(h);
      ingest.push(g);
      await stop(child);
    }
  } finally {
    if (pool) {
      await pool.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => undefined);
      await pool.query(`DROP SCHEMA IF EXISTS ${schema}_jobs CASCADE`).catch(() => undefined);
      await pool.end();
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const median = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)]!;
  const stack = external ? 'postgres_mosquitto' : 'embedded';
  process.stdout.write(`stack ${stack}\nrestarts ${RESTARTS}\n`);
  process.stdout.write(
    `start_to_ingest_ms ${Math.round(median(ingest))}\nstart_to_ingest_ms_min ${Math.round(Math.min(...ingest))}\nstart_to_ingest_ms_max ${Math.round(Math.max(...ingest))}\n`,
  );
  process.stdout.write(
    `start_to_http_ms ${Math.round(median(http))}\nstart_to_http_ms_min ${Math.round(Math.min(...http))}\nstart_to_http_ms_max ${Math.round(Math.max(...http))}\n`,
  );
  process.stdout.write(`load_average ${os.loadavg()[0]!.toFixed(2)}\n`);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    process.stderr.write(`${(err as Error).stack ?? String(err)}\n`);
    process.exit(1);
  },
);
