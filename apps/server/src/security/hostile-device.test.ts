// @module-tag embedded: hostile payloads over the embedded broker (QoS 1 acknowledged after commit) and HTTP ingest
// @fresh-process: it times /health and the next reading while the ingest takes hostile payloads; a shared worker's leftover heap would time its garbage collection instead
import {
  HEADER_DEVICE_SECRET,
  INGEST_REFUSAL_MESSAGES,
  ingestRefusalText,
  topics,
  type ApiResponse,
  type TopicChannel,
} from '@ztj/contracts';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_HOSTILE, LivenessProbe, objectWith, type HostileKind } from '../../test/hostile-inputs';
import type { TestApp } from '../../test/test-app';
import {
  addDevice,
  connectDevice,
  countTelemetry,
  createDeviceTestApp,
  uid,
} from '../modules/telemetry/ingest.fixtures';

/**
 * the device side: every topic and HTTP ingest route that takes a payload
 * (telemetry, events, acks, gateway batches) gets each hostile kind, among them the issue's
 * message (`{"ts":…,"values":[[[[…]]]]}`, 200,000 nested arrays, which held the server for
 * minutes), and the largest payloads within the bounds. Each is dead-lettered with the bound's
 * reason within 1 s (MQTT) or answered within 1 s (HTTP 400 with the reason's translated text); a parallel `/health` probe never waits
 * more than 100 ms; and the next valid reading of another device is stored within 1 s. On the
 * embedded broker by default, on Mosquitto when MQTT_URL is set (CI).
 */

const T = Date.now() - 60_000;
const CHANNELS: TopicChannel[] = ['telemetry', 'events', 'acks', 'gatewayTelemetry'];

/** The dead-letter reason of a kind on the device stream (prototype keys are refused by the payload schemas). */
const reasonOf = (kind: HostileKind): string =>
  kind.refusal === 'prototypeKey' ? 'forbiddenKey' : (kind.refusal ?? 'invalid');

const values = (n: number, value: (i: number) => string): string =>
  `{${Array.from({ length: n }, (_, i) => `"X${i}":${value(i)}`).join(',')}}`;
/**
 * Values within the device bounds that reach the readings' schema error path at its widest
 * (events and acks ignore a `values` key: there they are accepted, see below).
 */
const WITHIN: HostileKind[] = [
  { name: 'most keys within bounds (256 unknown codes)', value: Buffer.from(values(256, (i) => String(i))) },
  {
    name: 'longest strings within bounds (100 × 4,096 bytes)',
    value: Buffer.from(values(100, () => `"${'s'.repeat(4096)}"`)),
  },
];
const READINGS: TopicChannel[] = ['telemetry', 'gatewayTelemetry'];

/** A payload with the hostile value where the channel's schema reads its main field. */
function payloadOf(channel: TopicChannel, value: Buffer, sub: string): Buffer {
  if (channel === 'gatewayTelemetry') {
    return Buffer.concat([
      Buffer.from(`{"ts":${T},"readings":[{"deviceId":"${sub}","ts":${T},"values":`),
      value,
      Buffer.from('}]}'),
    ]);
  }
  return objectWith('values', value, JSON.stringify({ ts: T, type: 'power_on', cmdId: 'c1', ok: true }));
}

/** A gateway batch of 500 readings, every one refused by the schema (the error path's widest). */
const widestBatch = (sub: string): Buffer =>
  Buffer.from(
    `{"ts":${T},"readings":[${Array.from({ length: 500 }, (_, i) => `{"deviceId":"${sub}","ts":${T + i},"values":${values(100, (j) => String(j))}}`).join(',')}]}`,
  );

describe('hostile device messages', () => {
  let app: TestApp;
  let probe: LivenessProbe;
  const ids = { device: uid('HOSTILE'), gateway: uid('HGW'), sub: uid('HSUB'), other: uid('CALM') };
  const secrets: Record<string, string> = {};
  const clients: Record<string, MqttClient> = {};
  beforeAll(async () => {
    app = await createDeviceTestApp();
    secrets.device = await addDevice(app, { id: ids.device });
    secrets.gateway = await addDevice(app, { id: ids.gateway, model: 'G24-L4Y1' });
    await addDevice(app, { id: ids.sub, model: 'P3A-1IY1', gatewayId: ids.gateway });
    secrets.other = await addDevice(app, { id: ids.other });
    for (const k of ['device', 'gateway', 'other'] as const) clients[k] = await connectDevice(app, ids[k], secrets[k]!);
    probe = await LivenessProbe.start(`${await app.fastify.listen({ port: 0, host: '127.0.0.1' })}/ztj-iot/health`);
  });
  afterAll(async () => {
    await probe?.stop();
    for (const c of Object.values(clients)) await c.endAsync();
    await app?.close();
  });

  /** Resolves once `check` holds, polling every 2 ms; the time it took (ms), or Infinity after 5 s. */
  async function until(check: () => boolean | Promise<boolean>): Promise<number> {
    const t0 = performance.now();
    while (!(await check())) {
      if (performance.now() - t0 > 5_000) return Infinity;
      await new Promise((r) => setTimeout(r, 2));
    }
    return performance.now() - t0;
  }

  const cases = CHANNELS.flatMap((channel) => [
    ...DEVICE_HOSTILE.map((kind) => ({ channel, kind, payload: () => payloadOf(channel, kind.value, ids.sub) })),
    ...(READINGS.includes(channel) ? WITHIN : []).map((kind) => ({
      channel,
      kind,
      payload: () => payloadOf(channel, kind.value, ids.sub),
    })),
  ]);
  cases.push({
    channel: 'gatewayTelemetry',
    kind: { name: 'widest batch within bounds (500 refused readings)', value: Buffer.alloc(0) },
    payload: () => widestBatch(ids.sub),
  });

  it('dead-letters every hostile payload within 1 s over MQTT while /health answers and another device is stored', async () => {
    const problems: string[] = [];
    const table: string[] = [];
    let calm = await countTelemetry(app, ids.other);
    for (const { channel, kind, payload } of cases) {
      const reason = reasonOf(kind);
      const body = payload();
      const dead = app.devices.ingest.stats.dead;
      const before = dead[reason] ?? 0;
      probe.take();
      const client = channel === 'gatewayTelemetry' ? clients.gateway! : clients.device!;
      const id = channel === 'gatewayTelemetry' ? ids.gateway : ids.device;
      const topic = channel === 'gatewayTelemetry' ? topics.gatewayTelemetry(id) : topics[channel as 'telemetry'](id);
      void client.publishAsync(topic, body, { qos: 1 });
      const refusedMs = await until(() => (dead[reason] ?? 0) > before);
      void clients.other!.publishAsync(
        topics.telemetry(ids.other),
        JSON.stringify({ ts: Date.now(), values: { P003: 4.5 } }),
        { qos: 1 },
      );
      const storedMs = await until(async () => (await countTelemetry(app, ids.other)) > calm);
      calm++;
      const seen = probe.take();
      const what = `MQTT ${channel} ${kind.name}`;
      table.push(
        `${what}: ${reason} in ${Math.round(refusedMs)} ms, next reading stored ${Math.round(storedMs)} ms later, /health ≤ ${seen.maxWaitMs} ms, event loop held ≤ ${seen.maxLoopDelayMs} ms`,
      );
      if (!(refusedMs < 1000))
        problems.push(`${what}: not dead-lettered as ${reason} within 1 s (${JSON.stringify(dead)})`);
      if (!(storedMs < 1000)) problems.push(`${what}: the next valid reading not stored within 1 s`);
      if (seen.maxWaitMs > 100) problems.push(`${what}: /health waited ${seen.maxWaitMs} ms`);
    }
    console.info(
      `hostile device messages over ${process.env.MQTT_URL ? 'Mosquitto' : 'the embedded broker'}:\n${table.join('\n')}`,
    );
    expect(problems).toEqual([]);
  });

  it('answers every hostile payload on HTTP ingest within 1 s with the reason', async () => {
    const problems: string[] = [];
    const path: Record<TopicChannel, string> = {
      telemetry: 'devices/%/telemetry',
      events: 'devices/%/events',
      acks: 'devices/%/acks',
      gatewayTelemetry: 'gateways/%/telemetry',
      commands: '',
    };
    for (const { channel, kind, payload } of cases) {
      const reason = reasonOf(kind);
      const gateway = channel === 'gatewayTelemetry';
      const body = payload();
      probe.take();
      const t0 = performance.now();
      const res = await app.fastify.inject({
        method: 'POST',
        url: `/ztj-iot/ingest/${path[channel].replace('%', gateway ? ids.gateway : ids.device)}`,
        headers: {
          [HEADER_DEVICE_SECRET]: gateway ? secrets.gateway! : secrets.device!,
          'content-type': 'application/json',
          'accept-language': 'en-US',
        },
        payload: body,
      });
      const ms = performance.now() - t0;
      const seen = probe.take();
      const envelope = res.json() as ApiResponse<unknown>;
      const what = `HTTP ${channel} ${kind.name}`;
      if (ms >= 1000) problems.push(`${what}: answered in ${Math.round(ms)} ms`);
      // the reason's text; a schema refusal (`invalid`) names its first issue's finer text
      const texts =
        reason === 'invalid'
          ? Object.values(INGEST_REFUSAL_MESSAGES).map((m) => m['en-US'])
          : [ingestRefusalText(reason, 'en-US')];
      if (
        res.statusCode !== 400 ||
        envelope.code !== 400 ||
        !texts.some((text) => envelope.message.startsWith(`Data rejected: ${text}`))
      )
        problems.push(`${what}: HTTP ${res.statusCode} ${envelope.code} ${envelope.message.slice(0, 120)}`);
      if (seen.maxWaitMs > 100) problems.push(`${what}: /health waited ${seen.maxWaitMs} ms`);
    }
    expect(problems).toEqual([]);
  });
});
