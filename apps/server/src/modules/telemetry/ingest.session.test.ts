import crypto from 'node:crypto';
import { topics } from '@ztj/contracts';
import { connectAsync, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { RealtimeHub } from '../../platform/realtime/hub';
import { CuttableProxy } from './cuttable-proxy.fixture';
import { IngestRuntime } from './ingest-runtime';
import { addDevice, uid, waitFor } from './ingest.fixtures';

/**
 * Acknowledgement after commit on an external broker: the ingest acknowledges a message to the broker only
 * after its batch committed, over a persistent session (MQTT_CLIENT_ID), so a crashed ingest loses
 * nothing: its replacement with the same client id gets what was in flight and what was published
 * meanwhile. The crash: the first ingest reaches the broker and PostgreSQL through TCP proxies that
 * are cut at once (no DISCONNECT, its batches never commit). Needs DATABASE_URL and MQTT_URL.
 */
const DATABASE_URL = process.env.DATABASE_URL;
const MQTT_URL = process.env.MQTT_URL;

let app: TestApp | undefined;
let dbProxy: CuttableProxy | undefined;
let mqttProxy: CuttableProxy | undefined;
const runtimes: IngestRuntime[] = [];
let device: MqttClient | undefined;

const target = (url: string, port: number): { host: string; port: number } => {
  const u = new URL(url);
  return { host: u.hostname || '127.0.0.1', port: Number(u.port || port) };
};
const via = (url: string, port: number): string => {
  const u = new URL(url);
  u.hostname = '127.0.0.1';
  u.port = String(port);
  return u.toString();
};

beforeAll(async () => {
  if (!DATABASE_URL || !MQTT_URL) return;
  app = await createTestApp();
  dbProxy = new CuttableProxy(target(DATABASE_URL, 5432));
  mqttProxy = new CuttableProxy(target(MQTT_URL, 1883));
  await dbProxy.open();
  await mqttProxy.open();
}, 60_000);

afterAll(async () => {
  await device?.endAsync(true).catch(() => undefined);
  for (const r of runtimes) await r.stop().catch(() => undefined);
  await dbProxy?.cut();
  await mqttProxy?.cut();
  await app?.close();
}, 60_000);

describe.skipIf(!DATABASE_URL || !MQTT_URL)(
  'ingest persistent session on an external broker (needs DATABASE_URL and MQTT_URL)',
  () => {
    it('a crashed ingest loses nothing the broker acknowledged: its successor with the same client id stores every reading once', async () => {
      const a = app!;
      const id = uid('SES');
      const secret = await addDevice(a, { id });
      const clientId = `ztj-test-${crypto.randomBytes(4).toString('hex')}`;
      const session = { mqttClientId: clientId, mqttSessionExpirySec: 10 };
      const first = new IngestRuntime(
        {
          ...a.config,
          ...session,
          databaseUrl: via(DATABASE_URL!, dbProxy!.port),
          mqttUrl: via(MQTT_URL!, mqttProxy!.port),
        },
        a.db,
        new RealtimeHub(),
        { stopRetryMs: 100, topicFilters: [topics.telemetry(id)] },
      );
      runtimes.push(first);
      await first.start();

      device = await connectAsync(MQTT_URL!, {
        protocolVersion: 4,
        clientId: id,
        username: id,
        password: secret,
        reconnectPeriod: 0,
      });
      const acked: number[] = [];
      const t0 = Date.now() - 3_600_000;
      let flooding = true;
      // 3 QoS 1 readings every 10 ms at most: the time without ingest (up to seconds on a loaded machine)
      // stays within Mosquitto's default queue for an offline session (max_queued_messages 1000); the
      // session subscribes to this device alone, so other tests' floods on the shared broker stay out of it
      const flood = (async () => {
        for (let i = 0; flooding; i++) {
          const batch = Array.from({ length: 3 }, (_, k) => t0 + i * 3 + k);
          await Promise.all(
            batch.map((t) =>
              device!
                .publishAsync(topics.telemetry(id), JSON.stringify({ ts: t, values: { P003: 2 } }), { qos: 1 })
                .then(() => acked.push(t)),
            ),
          );
          await new Promise((r) => setTimeout(r, 10));
        }
      })();

      await waitFor(async () => first.ingest.stats.stored >= 150, 20_000);
      // the crash: both connections of the first ingest die at once; what it holds never commits
      await Promise.all([dbProxy!.cut(), mqttProxy!.cut()]);
      await first.stop();
      const second = new IngestRuntime({ ...a.config, ...session, mqttUrl: MQTT_URL! }, a.db, new RealtimeHub(), {
        topicFilters: [topics.telemetry(id)],
      });
      runtimes.push(second);
      await second.start();
      await waitFor(async () => second.ingest.stats.stored >= 150, 20_000);
      flooding = false;
      await flood;

      const stored = await waitFor(async () => {
        await second.ingest.flush();
        const rows = await a.db.query<{ ts: string }>('SELECT ts FROM telemetry WHERE device_id = $1', [id]);
        return rows.length >= acked.length ? rows : null;
      }, 30_000).catch(async () => a.db.query<{ ts: string }>('SELECT ts FROM telemetry WHERE device_id = $1', [id]));
      const have = new Set(stored.map((r) => Number(r.ts)));
      expect(acked.filter((t) => !have.has(t))).toEqual([]);
      expect(stored.length).toBe(have.size);
      expect(have.size).toBe(acked.length);
    }, 90_000);
  },
);
