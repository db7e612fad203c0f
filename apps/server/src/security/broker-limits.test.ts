// @module-tag embedded: the embedded broker's packet, connect and rate limits
/**
 * Embedded broker memory before authentication, and the dead letters of refused messages. Before: no packet size limit (three 250 MB CONNECTs raised memory by 554 MB), a 30 s
 * connect timeout, no per-client publish rate, and every refused message became a dead-letter row.
 * The broker tests apply to the embedded broker only (skipped with MQTT_URL); the dead-letter
 * budget is checked through HTTP ingest, which every mode shares.
 */
import net from 'node:net';
import { HEADER_DEVICE_SECRET, topics } from '@ztj/contracts';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/test-app';
import { createTestApp } from '../../test/test-app';
import {
  EXTERNAL_MQTT,
  addDevice,
  connectDevice,
  countTelemetry,
  uid,
  waitFor,
} from '../modules/telemetry/ingest.fixtures';
import { expectIngestRefused } from '../../test/refusal';

const CONNECT_TIMEOUT_MS = 500;
const RATE = 10;
const BURST = 20;
const BUDGET = 5;

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({
    ...(EXTERNAL_MQTT ? { MQTT_URL: EXTERNAL_MQTT } : { MQTT_PORT: '0' }),
    MQTT_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS),
    MQTT_RATE: String(RATE),
    MQTT_BURST: String(BURST),
    INGEST_DEAD_LETTER_BUDGET: String(BUDGET),
  });
});
afterAll(async () => {
  await app?.close();
});

const now = (): number => Date.now() - 1000;

/** A raw TCP connection to the embedded broker. */
function rawSocket(): Promise<net.Socket> {
  const port = app.devices.mqttPort;
  if (!port) throw new Error('no embedded broker');
  return new Promise((resolve, reject) => {
    const s = net.connect(port, '127.0.0.1', () => resolve(s));
    s.once('error', reject);
  });
}

/** Resolves with the ms until `socket` closed, or rejects after `ms`. */
function closedWithin(socket: net.Socket, ms: number): Promise<number> {
  const t0 = Date.now();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`socket still open after ${ms} ms`)), ms);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve(Date.now() - t0);
    });
  });
}

/** Resolves when the MQTT client's connection closes, or rejects after `ms`. */
function clientClosed(c: MqttClient, ms: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`client still connected after ${ms} ms`)), ms);
    c.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** MQTT "remaining length" varint. */
function varint(n: number): Buffer {
  const out: number[] = [];
  do {
    let b = n % 128;
    n = Math.floor(n / 128);
    if (n > 0) b |= 0x80;
    out.push(b);
  } while (n > 0);
  return Buffer.from(out);
}

if (EXTERNAL_MQTT)
  console.warn(
    'broker-limits: embedded broker tests skipped, MQTT_URL points at an external broker (its own limits apply)',
  );

describe.skipIf(!!EXTERNAL_MQTT)('embedded broker limits (embedded broker only)', () => {
  it('closes a connection whose CONNECT declares 250 MB as soon as the header arrives, without buffering it', async () => {
    const before = app.devices.brokerStats!.oversized;
    const s = await rawSocket();
    s.on('error', () => undefined);
    const closed = closedWithin(s, 2_000);
    // a well-formed CONNECT header (MQTT 3.1.1) declaring 250,000,000 bytes, then 1 MB of its body
    const head = Buffer.concat([
      Buffer.from([0x10]),
      varint(250_000_000),
      Buffer.from([0, 4, 0x4d, 0x51, 0x54, 0x54, 4, 0xc2, 0, 60]),
    ]);
    s.write(head);
    for (let i = 0; i < 16 && !s.destroyed; i++) s.write(Buffer.alloc(64 * 1024, 0x41));
    const ms = await closed;
    expect(ms).toBeLessThan(CONNECT_TIMEOUT_MS); // closed for its size, not by the connect timeout
    expect(app.devices.brokerStats!.oversized).toBe(before + 1);
  });

  it('closes an authenticated device that publishes a packet over MQTT_MAX_PACKET', async () => {
    const id = uid('BIG');
    const c = await connectDevice(app, id, await addDevice(app, { id }));
    const before = app.devices.brokerStats!.oversized;
    const closed = clientClosed(c, 3_000);
    const payload = JSON.stringify({ ts: now(), values: { P003: 1 }, pad: 'x'.repeat(app.config.mqttMaxPacket) });
    c.publish(topics.telemetry(id), payload, { qos: 0 });
    await closed;
    expect(app.devices.brokerStats!.oversized).toBe(before + 1);
    c.end(true);
  });

  it('passes a legitimate 500-reading gateway batch under the default packet size', async () => {
    const gw = uid('GW');
    const secret = await addDevice(app, { id: gw, model: 'G24-L4Y1' });
    const tags = [uid('TAG'), uid('TAG')];
    for (const tag of tags) await addDevice(app, { id: tag, model: 'P3A-1IY1', gatewayId: gw });
    const t = now() - 1_000_000;
    const values = {
      P003: -18.25,
      P004: 65.5,
      P005: 87,
      P012: -71,
      P013: 0,
      P015: 45.5,
      P022: 412,
      P026: false,
      P038: 3.61,
      P041: 9,
    };
    const readings = Array.from({ length: 500 }, (_, i) => ({
      deviceId: tags[i % 2]!,
      ts: t + i * 1000,
      values,
      lat: 41.805712,
      lng: 123.431512,
      seq: 1_000_000 + i,
    }));
    const payload = JSON.stringify({ ts: now(), readings });
    expect(payload.length).toBeLessThan(app.config.mqttMaxPacket);
    const c = await connectDevice(app, gw, secret);
    await c.publishAsync(topics.gatewayTelemetry(gw), payload, { qos: 1 });
    await waitFor(async () => (await countTelemetry(app, tags[0]!)) + (await countTelemetry(app, tags[1]!)) === 500);
    await c.endAsync();
  });

  it(`closes a connection that sends no CONNECT within MQTT_CONNECT_TIMEOUT_MS (${CONNECT_TIMEOUT_MS} ms here)`, async () => {
    const before = app.devices.brokerStats!.connectTimeouts;
    const s = await rawSocket();
    s.on('error', () => undefined);
    const ms = await closedWithin(s, CONNECT_TIMEOUT_MS + 2_500);
    expect(ms).toBeGreaterThanOrEqual(CONNECT_TIMEOUT_MS - 50);
    expect(app.devices.brokerStats!.connectTimeouts).toBe(before + 1);
  });

  it(`disconnects a device publishing over its rate (${RATE}/s, burst ${BURST}) and stores no more than that`, async () => {
    const id = uid('FLOOD');
    const c = await connectDevice(app, id, await addDevice(app, { id }));
    c.on('error', () => undefined);
    const before = app.devices.brokerStats!.rateLimited;
    const closed = clientClosed(c, 5_000);
    const t0 = now() - 10_000;
    for (let i = 0; i < 500; i++)
      c.publish(topics.telemetry(id), JSON.stringify({ ts: t0 + i, values: { P003: 1 } }), { qos: 0 });
    await closed;
    await app.devices.ingest.flush();
    const stored = await countTelemetry(app, id);
    expect(stored).toBeGreaterThanOrEqual(BURST);
    expect(stored).toBeLessThan(BURST + 2 * RATE); // the burst plus what refilled while they arrived
    expect(app.devices.brokerStats!.rateLimited).toBeGreaterThan(before);
    c.end(true);
  });
});

describe('dead letters per client', () => {
  it(`stores ${BUDGET} dead letters of a client per minute, counts the rest and writes one summary row`, async () => {
    const id = uid('JUNK');
    const secret = await addDevice(app, { id });
    const counter = async (name: string): Promise<number> => {
      const [r] = await app.db.query<{ value: string | number }>('SELECT value FROM ingest_counter WHERE name = $1', [
        name,
      ]);
      return Number(r?.value ?? 0);
    };
    const malformedBefore = await counter('dead:malformed');
    const sent = 3 * BUDGET;
    for (let i = 0; i < sent; i++) {
      const res = await app.fastify.inject({
        method: 'POST',
        url: `/ztj-iot/ingest/devices/${id}/telemetry`,
        headers: { [HEADER_DEVICE_SECRET]: secret, 'content-type': 'application/json' },
        payload: `{garbage ${i}`,
      });
      expectIngestRefused({ status: res.statusCode, body: res.json() });
    }
    await app.devices.ingest.flush();
    const rows = async (): Promise<{ reason: string; detail: string | null }[]> =>
      app.db.query('SELECT reason, detail FROM ingest_dead_letter WHERE device_id = $1 ORDER BY id', [id]);
    expect((await rows()).map((r) => r.reason)).toEqual(Array(BUDGET).fill('malformed'));
    expect(await counter('dead:malformed')).toBe(malformedBefore + sent);
    // the window's end (a timer, here forced) writes one summary row with the count
    app.devices.ingest.deadLetters.close(Date.now());
    await app.devices.ingest.flush();
    const after = await rows();
    expect(after).toHaveLength(BUDGET + 1);
    expect(after[BUDGET]!.reason).toBe('suppressed');
    expect(after[BUDGET]!.detail).toMatch(
      new RegExp(`^${sent - BUDGET} dead letters counted but not stored .*malformed ${sent - BUDGET}$`),
    );
  });
});
