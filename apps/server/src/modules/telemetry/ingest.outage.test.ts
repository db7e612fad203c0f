import { topics } from '@ztj/contracts';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { CuttableProxy } from './cuttable-proxy.fixture';
import { EXTERNAL_MQTT, addDevice, connectDevice, uid, waitFor } from './ingest.fixtures';

/**
 * PostgreSQL unreachable for ~3 s in the middle of a flood. The app reaches the
 * database through a TCP proxy in this process; cutting it destroys every connection and refuses
 * new ones, as a database restart does. PGlite cannot go down, so this needs DATABASE_URL.
 */
const DATABASE_URL = process.env.DATABASE_URL;

let app: TestApp | undefined;
let proxy: CuttableProxy | undefined;
const devices: MqttClient[] = [];

beforeAll(async () => {
  if (!DATABASE_URL) return;
  const url = new URL(DATABASE_URL);
  proxy = new CuttableProxy({ host: url.hostname || '127.0.0.1', port: Number(url.port || 5432) });
  await proxy.open();
  url.hostname = '127.0.0.1';
  url.port = String(proxy.port);
  app = await createTestApp({ DATABASE_URL: url.toString(), ...(EXTERNAL_MQTT ? { MQTT_URL: EXTERNAL_MQTT } : {}) });
}, 60_000);

afterAll(async () => {
  await Promise.all(devices.map((d) => d.endAsync(true).catch(() => undefined)));
  if (proxy && app) await proxy.open().catch(() => undefined); // restored, in case a test failed while cut
  await app?.close();
  await proxy?.cut();
}, 60_000);

describe.skipIf(!DATABASE_URL)(
  'ingest while PostgreSQL is unreachable (needs DATABASE_URL: PGlite cannot go down)',
  () => {
    it('holds and retries every batch until the database is back: each acknowledged reading stored exactly once', async () => {
      const a = app!;
      const httpId = uid('OUT');
      const httpSecret = await addDevice(a, { id: httpId });
      const mqttId = uid('OUT');
      const mqttSecret = await addDevice(a, { id: mqttId });
      await a.devices.registry.get(httpId);
      await a.devices.registry.get(mqttId);
      const t0 = Date.now() - 3_600_000;

      // storeFailing as seen over time (sampled, not timed: only its sequence is asserted)
      const seen: boolean[] = [];
      const sampler = setInterval(() => {
        if (seen[seen.length - 1] !== a.devices.storeFailing) seen.push(a.devices.storeFailing);
      }, 10);

      // HTTP intake: an answer is the acknowledgement; 8 concurrent senders
      const httpAcked: number[] = [];
      const httpRefused: string[] = [];
      let flooding = true;
      let next = 0;
      const sender = async (): Promise<void> => {
        while (flooding) {
          const ts = t0 + next++;
          const res = await a.fastify.inject({
            method: 'POST',
            url: `/ztj-iot/ingest/devices/${httpId}/telemetry`,
            headers: { 'x-device-secret': httpSecret, 'content-type': 'application/json' },
            payload: JSON.stringify({ ts, values: { P003: 4.5 } }),
          });
          if (res.statusCode === 200 && res.json<{ success: boolean }>().success) httpAcked.push(ts);
          else httpRefused.push(`${res.statusCode} ${res.body.slice(0, 200)}`);
        }
      };
      const senders = Array.from({ length: 8 }, () => sender());

      // MQTT QoS 1 (external broker): a PUBACK is the acknowledgement
      const mqttAcked: number[] = [];
      let mqttFlood: Promise<void> = Promise.resolve();
      if (EXTERNAL_MQTT) {
        const c = await connectDevice(a, mqttId, mqttSecret);
        devices.push(c);
        mqttFlood = (async () => {
          for (let i = 0; flooding; i++) {
            const batch = Array.from({ length: 50 }, (_, k) => t0 + i * 50 + k);
            await Promise.all(
              batch.map((t) =>
                c
                  .publishAsync(topics.telemetry(mqttId), JSON.stringify({ ts: t, values: { P003: 3 } }), { qos: 1 })
                  .then(() => mqttAcked.push(t)),
              ),
            );
          }
        })();
      }

      await waitFor(async () => httpAcked.length >= 200 && (!EXTERNAL_MQTT || mqttAcked.length >= 1000), 20_000);
      await proxy!.cut();
      await waitFor(async () => a.devices.storeFailing, 10_000);
      await new Promise((r) => setTimeout(r, 3000));
      await proxy!.open();
      await waitFor(async () => !a.devices.storeFailing, 30_000);
      await new Promise((r) => setTimeout(r, 300));
      flooding = false;
      await Promise.all([...senders, mqttFlood]);
      await a.devices.ingest.flush();
      clearInterval(sampler);

      expect(a.devices.ingest.stats.lost).toBe(0);
      expect(httpRefused).toEqual([]);
      expect(seen).toEqual([false, true, false]);
      const stored = async (id: string): Promise<Set<number>> => {
        const rows = await a.db.query<{ ts: string }>('SELECT ts FROM telemetry WHERE device_id = $1', [id]);
        return new Set(rows.map((r) => Number(r.ts)));
      };
      const httpStored = await stored(httpId);
      expect(httpAcked.filter((t) => !httpStored.has(t))).toEqual([]);
      expect(httpStored.size).toBe(httpAcked.length);
      if (EXTERNAL_MQTT) {
        // everything the broker acknowledged reaches the ingest (no one publishes again)
        const mqttStored = await waitFor(async () => {
          await a.devices.ingest.flush();
          const s = await stored(mqttId);
          return s.size >= mqttAcked.length ? s : null;
        }, 30_000).catch(async () => stored(mqttId));
        expect(mqttAcked.filter((t) => !mqttStored.has(t))).toEqual([]);
        expect(mqttStored.size).toBe(mqttAcked.length);
      }
    }, 90_000);
  },
);
