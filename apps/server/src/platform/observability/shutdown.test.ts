// @module-tag embedded: the SIGTERM drain of the real server on PGlite and the embedded broker
import crypto from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADER_DEVICE_SECRET, topics } from '@ztj/contracts';
import { connectAsync, type MqttClient } from 'mqtt';
import {
  exitWithin,
  freePort,
  openServerDb,
  startServer,
  stopServers,
  type ServerProcess as Server,
} from './server-process.fixture';

/**
 * SIGTERM drain of the real server: `node --import tsx apps/server/src/main.ts`
 * as a child process on a temporary DATA_DIR (or a fresh schema of DATABASE_URL), free ports,
 * HTTP ingest, and MQTT through the embedded broker.
 *
 * Each case starts its server (and connects its client) in a `beforeAll` of its own, bounded by
 * {@link START_UP_MS}: the in-process migration and seed, the child's start and the broker's first
 * CONNACK take seconds on an idle machine and over a minute under load, which inside the test's
 * 60 s left too little for the drain. The test's own time then bounds only what it checks.
 */
afterAll(stopServers);

/** Start-up of a fresh server on a loaded machine: a start-up wait, not a bound of the drain. */
const START_UP_MS = 360_000;

/**
 * The server exited 0 after a complete drain, and every reading it acknowledged (at least
 * `min`, ms-epoch device times) is in the database it left behind.
 */
async function expectDrained(
  s: Server,
  code: number | null,
  deviceId: string,
  acknowledged: number[],
  min: number,
): Promise<void> {
  expect(s.output()).toContain('shutdown complete');
  expect(code).toBe(0);
  const db = await openServerDb(s.env);
  try {
    const rows = await db.query<{ ts: string | number }>('SELECT ts FROM telemetry WHERE device_id = $1', [deviceId]);
    const stored = new Set(rows.map((r) => Number(r.ts)));
    expect(acknowledged.length).toBeGreaterThanOrEqual(min);
    expect(acknowledged.filter((ts) => !stored.has(ts))).toEqual([]);
  } finally {
    await db.close();
  }
}

describe('SIGTERM drain of the real server: HTTP', () => {
  const id = `DRAIN-${crypto.randomBytes(3).toString('hex').toUpperCase()}`;
  const secret = 'drain-secret-0123456789';
  let s: Server;
  beforeAll(async () => {
    s = await startServer({ SHUTDOWN_TIMEOUT_MS: '20000' }, id, secret);
  }, START_UP_MS);

  it('stops accepting, commits what is in flight, exits 0, and every acknowledged reading is stored', async () => {
    const acknowledged: number[] = [];
    let seq = 0;
    let stop = false;
    let signalled: (() => void) | undefined;
    const sigterm = new Promise<void>((r) => (signalled = r));
    const t0 = Date.now() - 3_600_000;
    // 8 devices' worth of concurrent posters: readings keep arriving while SIGTERM lands
    const poster = async (): Promise<void> => {
      while (!stop) {
        const ts = t0 + ++seq * 1000;
        const ok = await fetch(`${s.base}/ingest/devices/${id}/telemetry`, {
          method: 'POST',
          headers: { [HEADER_DEVICE_SECRET]: secret, 'content-type': 'application/json' },
          body: JSON.stringify({ ts, values: { P003: 4.5 } }),
        }).then(
          async (r) => r.status === 200 && ((await r.json()) as { success: boolean }).success,
          () => false,
        );
        if (ok) acknowledged.push(ts);
        else stop = true;
        if (acknowledged.length >= 50 || stop) signalled?.();
      }
    };
    const posters = Array.from({ length: 8 }, () => poster());
    await sigterm;
    s.child.kill('SIGTERM');
    const code = await exitWithin(s, 30_000);
    stop = true;
    await Promise.all(posters);
    await expectDrained(s, code, id, acknowledged, 50);
  });
});

describe('SIGTERM drain of the real server: MQTT', () => {
  const id = `DRAIN-${crypto.randomBytes(3).toString('hex').toUpperCase()}`;
  const secret = 'drain-secret-0123456789';
  let s: Server;
  let client: MqttClient;
  beforeAll(async () => {
    const mqttPort = await freePort();
    // The broker drops a connection whose CONNECT it has not read within MQTT_CONNECT_TIMEOUT_MS
    // (5 s by default): on a starved event loop its timer can fire before the waiting CONNECT is
    // read. That close carries no CONNACK and no error, so mqtt.js without reconnects never settled
    // `connectAsync` and the test waited until it timed out. A start-up wait: 60 s here; and a
    // close before the CONNACK now rejects at once (`allowRetries` false) instead of hanging.
    s = await startServer(
      {
        SHUTDOWN_TIMEOUT_MS: '20000',
        MQTT_PORT: String(mqttPort),
        MQTT_RATE: '0',
        MQTT_CONNECT_TIMEOUT_MS: '60000',
      },
      id,
      secret,
    );
    client = await connectAsync(
      `mqtt://127.0.0.1:${mqttPort}`,
      {
        protocolVersion: 4,
        clientId: id,
        username: id,
        password: secret,
        reconnectPeriod: 0,
        // the CONNACK waits on the device's credentials in the database: a start-up wait too
        connectTimeout: 60_000,
      },
      false,
    );
    client.on('error', () => undefined);
  }, START_UP_MS);

  it('drains MQTT too: every reading the embedded broker acknowledged is stored, exit 0', async () => {
    const acknowledged: number[] = [];
    let seq = 0;
    let stop = false;
    let signalled: (() => void) | undefined;
    const sigterm = new Promise<void>((r) => (signalled = r));
    const t0 = Date.now() - 3_600_000;
    // 10 QoS 1 publishes in flight at any time; a lane stops at its first unacknowledged publish
    const lane = async (): Promise<void> => {
      while (!stop) {
        const ts = t0 + ++seq * 1000;
        const ok = await client
          .publishAsync(topics.telemetry(id), JSON.stringify({ ts, values: { P003: 4.5 } }), { qos: 1 })
          .then(
            () => true,
            () => false,
          );
        if (ok) acknowledged.push(ts);
        else stop = true;
        if (acknowledged.length >= 100 || stop) signalled?.();
      }
    };
    // a connection closed before SIGTERM (the broker refusing a reading) leaves its unacknowledged
    // publishes pending for ever without reconnects: the lanes stop there, and the check below
    // reports the readings missing instead of the test waiting for them
    client.once('close', () => {
      stop = true;
      signalled?.();
    });
    for (let i = 0; i < 10; i++) void lane();
    await sigterm;
    s.child.kill('SIGTERM');
    const code = await exitWithin(s, 30_000);
    stop = true;
    client.end(true);
    await expectDrained(s, code, id, acknowledged, 100);
  });
});

describe('SIGTERM drain of the real server: past SHUTDOWN_TIMEOUT_MS', () => {
  const id = `DRAIN-${crypto.randomBytes(3).toString('hex').toUpperCase()}`;
  let s: Server;
  beforeAll(async () => {
    s = await startServer({ SHUTDOWN_TIMEOUT_MS: '1000' }, id, 'drain-secret-0123456789');
  }, START_UP_MS);

  it('exits non-zero with a log line when the drain does not finish within SHUTDOWN_TIMEOUT_MS', async () => {
    // a request whose body never ends keeps the HTTP server from closing
    const url = new URL(s.base);
    const socket = net.connect({ host: url.hostname, port: Number(url.port) });
    await new Promise<void>((r) => socket.once('connect', () => r()));
    socket.write(
      `POST /ztj-iot/ingest/devices/${id}/telemetry HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"ts":`,
    );
    await new Promise((r) => setTimeout(r, 200));
    s.child.kill('SIGTERM');
    try {
      const code = await exitWithin(s, 30_000);
      expect(code).toBe(1);
      expect(s.output()).toMatch(/shutdown timed out after 1000 ms/);
    } finally {
      socket.destroy();
    }
  });
});
