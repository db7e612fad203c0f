// @module-tag embedded: crash and restart of the real server on PGlite and the embedded broker
import crypto from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { topics } from '@ztj/contracts';
import { connectAsync, type MqttClient } from 'mqtt';
import { CuttableProxy } from '../../modules/telemetry/cuttable-proxy.fixture';
import {
  exitWithin,
  freePort,
  openServerDb,
  prepareServer,
  spawnServer,
  stopServers,
  type ServerProcess,
} from './server-process.fixture';

/**
 * Crash and restart of the real server process, in CI on both stacks:
 * - the embedded stack (PGlite + the embedded broker) when the test runs without MQTT_URL;
 * - PostgreSQL + the machine's Mosquitto with DATABASE_URL and MQTT_URL: the server's ingest holds
 *   a persistent session (MQTT_CLIENT_ID) and subscribes to the test device's topic alone
 *   (MQTT_INGEST_TOPICS), so other tests' floods on the shared broker stay out of its session queue.
 * The claim each test checks: every reading the publisher saw acknowledged is in the database once
 * the server is back, none twice.
 *
 * Broker and database restarts are cuts of a TCP proxy between the server and the engine (every
 * connection destroyed, new ones refused, then accepted again on the same port) rather than a
 * restart of the machine's shared PostgreSQL or Mosquitto, which other test files use at the same
 * time; from the server's side the two look the same.
 */
const MQTT_URL = process.env.MQTT_URL;
const DATABASE_URL = process.env.DATABASE_URL;

const devices: MqttClient[] = [];
const proxies: CuttableProxy[] = [];
afterAll(async () => {
  await Promise.all(devices.map((d) => d.endAsync(true).catch(() => undefined)));
  await stopServers();
  for (const p of proxies) await p.cut().catch(() => undefined);
}, 60_000);

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
const newDevice = (): { id: string; secret: string } => ({
  id: `CRASH-${crypto.randomBytes(4).toString('hex').toUpperCase()}`,
  secret: 'crash-secret-0123456789',
});

/** Broker address of a URL, for a proxy in front of it. */
function target(url: string, port: number): { host: string; port: number } {
  const u = new URL(url);
  return { host: u.hostname || '127.0.0.1', port: Number(u.port || port) };
}
/** `url` with its host and port replaced by the proxy's. */
function via(url: string, port: number): string {
  const u = new URL(url);
  u.hostname = '127.0.0.1';
  u.port = String(port);
  return u.toString();
}

/**
 * A QoS 1 flood of `lanes` concurrent publishers (`pauseMs` between a lane's publishes): device
 * times of the acknowledged readings are kept; a lane stops at its first failed publish unless
 * `keepGoing` (an external broker keeps acknowledging while the server is away).
 */
function flood(client: MqttClient, deviceId: string, lanes: number, pauseMs: number, keepGoing: boolean) {
  const acked: number[] = [];
  let seq = 0;
  let stopped = false;
  const t0 = Date.now() - 3_600_000;
  const lane = async (): Promise<void> => {
    while (!stopped) {
      const ts = t0 + ++seq * 100;
      const ok = await client
        .publishAsync(topics.telemetry(deviceId), JSON.stringify({ ts, values: { P003: 4.5, P004: 60 } }), { qos: 1 })
        .then(
          () => true,
          () => false,
        );
      if (ok) acked.push(ts);
      else if (!keepGoing) return;
      if (pauseMs) await sleep(pauseMs);
    }
  };
  const running = Promise.all(Array.from({ length: lanes }, () => lane()));
  return {
    acked,
    /** Resolves once at least `n` readings were acknowledged (throws after 60 s). */
    async reach(n: number): Promise<void> {
      for (const until = Date.now() + 60_000; acked.length < n; await sleep(20))
        if (Date.now() > until) throw new Error(`only ${acked.length} of ${n} acknowledged`);
    },
    async stop(): Promise<void> {
      stopped = true;
      await running;
    },
  };
}

/** Waits (up to 60 s) until every acknowledged reading is stored; then checks none is stored twice. */
async function expectAllStored(env: Record<string, string>, deviceId: string, acked: readonly number[]): Promise<void> {
  const db = await openServerDb(env);
  try {
    let missing: number[] = [...acked];
    for (const until = Date.now() + 60_000; missing.length && Date.now() < until; await sleep(200)) {
      const rows = await db.query<{ ts: string | number }>('SELECT ts FROM telemetry WHERE device_id = $1', [deviceId]);
      const stored = new Set(rows.map((r) => Number(r.ts)));
      missing = acked.filter((ts) => !stored.has(ts));
    }
    expect(missing).toEqual([]);
    const [n] = await db.query<{ all: number; distinct: number }>(
      'SELECT count(*)::int AS all, count(DISTINCT ts)::int AS distinct FROM telemetry WHERE device_id = $1',
      [deviceId],
    );
    expect(n!.all).toBe(n!.distinct);
  } finally {
    await db.close();
  }
}

/** Polls `/health/ready` until its status is `status` (throws after `ms`); returns the body text. */
async function readyBecomes(s: ServerProcess, status: number, ms = 30_000): Promise<string> {
  for (const until = Date.now() + ms; ; await sleep(100)) {
    const r = await fetch(`${s.base}/health/ready`).then(
      async (res) => ({ status: res.status, text: await res.text() }),
      () => ({ status: 0, text: '' }),
    );
    if (r.status === status) return r.text;
    if (Date.now() > until)
      throw new Error(`ready stayed ${r.status} (${r.text}), wanted ${status}:\n${s.output().slice(-2000)}`);
  }
}

describe('kill -9 of the real server in the middle of a QoS 1 flood', () => {
  it(`restarted on the same data, it holds every reading the ${MQTT_URL ? 'external' : 'embedded'} broker acknowledged, once`, async () => {
    const dev = newDevice();
    if (MQTT_URL) {
      // the broker keeps the ingest's session while the server is away and redelivers what the
      // killed process had not acknowledged; the publisher goes on meanwhile (50 readings/s, within
      // Mosquitto's default queue of 1,000 messages for an absent session over a restart of up to 20 s)
      const env = await prepareServer(
        {
          MQTT_URL,
          MQTT_CLIENT_ID: `crash-${crypto.randomBytes(4).toString('hex')}`,
          MQTT_SESSION_EXPIRY_S: '120',
          MQTT_INGEST_TOPICS: topics.telemetry(dev.id),
        },
        [dev],
      );
      const first = await spawnServer(env);
      const client = await connectAsync(MQTT_URL, {
        protocolVersion: 4,
        clientId: dev.id,
        username: dev.id,
        password: dev.secret,
        reconnectPeriod: 0,
      });
      devices.push(client);
      const f = flood(client, dev.id, 5, 100, true);
      await f.reach(150);
      first.child.kill('SIGKILL');
      await first.exited;
      const killedAt = f.acked.length;
      const second = await spawnServer(env);
      await f.reach(killedAt + 100);
      await f.stop();
      expect(f.acked.length).toBeGreaterThan(killedAt);
      await expectAllStored(env, dev.id, f.acked);
      second.child.kill('SIGTERM');
    } else {
      const mqttPort = await freePort();
      const env = await prepareServer({ MQTT_PORT: String(mqttPort), MQTT_RATE: '0' }, [dev]);
      const first = await spawnServer(env);
      const client = await connectAsync(`mqtt://127.0.0.1:${mqttPort}`, {
        protocolVersion: 4,
        clientId: dev.id,
        username: dev.id,
        password: dev.secret,
        reconnectPeriod: 0,
        connectTimeout: 5000,
      });
      client.on('error', () => undefined);
      devices.push(client);
      // as fast as the server takes them, 10 in flight: batches are being written at the kill
      const f = flood(client, dev.id, 10, 0, false);
      await f.reach(500);
      first.child.kill('SIGKILL');
      await first.exited;
      // publishes in flight at the kill end unacknowledged with the connection
      client.end(true);
      await f.stop();
      const second = await spawnServer(env);
      await readyBecomes(second, 200);
      // the embedded database takes one process at a time: read it once the restarted server stopped
      second.child.kill('SIGTERM');
      expect(await exitWithin(second, 30_000)).toBe(0);
      await expectAllStored(env, dev.id, f.acked);
    }
  }, 180_000);
});

describe.skipIf(!MQTT_URL)('the broker goes away in the middle of a flood (needs MQTT_URL)', () => {
  it('the ingest reconnects and resumes: every reading the broker acknowledged is stored once', async () => {
    const proxy = new CuttableProxy(target(MQTT_URL!, 1883));
    proxies.push(proxy);
    await proxy.open();
    const dev = newDevice();
    const env = await prepareServer(
      {
        MQTT_URL: via(MQTT_URL!, proxy.port),
        MQTT_CLIENT_ID: `cut-${crypto.randomBytes(4).toString('hex')}`,
        MQTT_SESSION_EXPIRY_S: '120',
        MQTT_INGEST_TOPICS: topics.telemetry(dev.id),
      },
      [dev],
    );
    const s = await spawnServer(env);
    const client = await connectAsync(MQTT_URL!, {
      protocolVersion: 4,
      clientId: dev.id,
      username: dev.id,
      password: dev.secret,
      reconnectPeriod: 0,
    });
    devices.push(client);
    const f = flood(client, dev.id, 5, 100, true);
    await f.reach(100);
    await proxy.cut();
    expect(await readyBecomes(s, 503)).toContain('broker');
    const cutAt = f.acked.length;
    await sleep(2_000);
    await proxy.open();
    await readyBecomes(s, 200);
    await f.reach(cutAt + 100);
    await f.stop();
    await expectAllStored(env, dev.id, f.acked);
    s.child.kill('SIGTERM');
  }, 180_000);
});

describe.skipIf(!DATABASE_URL)(
  'PostgreSQL goes away in the middle of a flood (needs DATABASE_URL: PGlite cannot go down)',
  () => {
    it('the server keeps running, is not ready, holds and retries, and stores every acknowledged reading once it is back', async () => {
      const proxy = new CuttableProxy(target(DATABASE_URL!, 5432));
      proxies.push(proxy);
      await proxy.open();
      const dev = newDevice();
      const mqttPort = await freePort();
      const env = await prepareServer(
        { DATABASE_URL: via(DATABASE_URL!, proxy.port), MQTT_PORT: String(mqttPort), MQTT_RATE: '0' },
        [dev],
      );
      const s = await spawnServer(env);
      const client = await connectAsync(`mqtt://127.0.0.1:${mqttPort}`, {
        protocolVersion: 4,
        clientId: dev.id,
        username: dev.id,
        password: dev.secret,
        reconnectPeriod: 0,
        connectTimeout: 5000,
      });
      devices.push(client);
      // acknowledged only after commit: while the database is away the publishes wait, none fails
      const f = flood(client, dev.id, 10, 20, false);
      await f.reach(200);
      await proxy.cut();
      expect(await readyBecomes(s, 503)).toMatch(/database|ingestStore/);
      const cutAt = f.acked.length;
      await sleep(3_000);
      // held, not acknowledged: at most the publishes of batches committed just before the cut
      expect(f.acked.length - cutAt).toBeLessThan(50);
      await proxy.open();
      await readyBecomes(s, 200);
      await f.reach(cutAt + 200);
      await f.stop();
      expect(s.child.exitCode).toBeNull();
      await expectAllStored(env, dev.id, f.acked);
      s.child.kill('SIGTERM');
    }, 180_000);
  },
);
