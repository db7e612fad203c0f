import { connectAsync, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CommandAckPayloadSchema,
  DeviceCommandSchema,
  DeviceEventPayloadSchema,
  GatewayTelemetryPayloadSchema,
  TelemetryPayloadSchema,
  parseTopic,
  topics,
} from '@ztj/contracts';
import { loadFleetData } from './data-files';
import { buildFleet } from './fleet';
import { startSimulator } from './mqtt-publisher';

/**
 * Round trip through the machine's Mosquitto (ARCHITECTURE §1: CI has one on 127.0.0.1:1883;
 * `MQTT_TEST_URL` points elsewhere). Ids carry a unique prefix so parallel runs do not mix.
 */
const URL = process.env.MQTT_TEST_URL ?? 'mqtt://127.0.0.1:1883';
const PREFIX = `T${process.pid}x${Date.now() % 1_000_000}`;
const fleet = buildFleet(loadFleetData(), { idPrefix: PREFIX, warehouseSensors: 1, equipment: false });

interface Received {
  topic: string;
  payload: unknown;
}

const schemas = {
  telemetry: TelemetryPayloadSchema,
  events: DeviceEventPayloadSchema,
  acks: CommandAckPayloadSchema,
  commands: DeviceCommandSchema, // the test's own commands come back through the wildcard
  gatewayTelemetry: GatewayTelemetryPayloadSchema,
} as const;

describe('startSimulator over MQTT 3.1.1', () => {
  let sub: MqttClient;
  const received: Received[] = [];

  beforeAll(async () => {
    sub = await connectAsync(URL, {
      protocolVersion: 4,
      clientId: `${PREFIX}-observer`,
      reconnectPeriod: 0,
      connectTimeout: 5_000,
    });
    await sub.subscribeAsync([`ztj/devices/+/+`, `ztj/gateways/+/telemetry`], { qos: 1 });
    sub.on('message', (topic, raw) => {
      if (parseTopic(topic)?.id.startsWith(`${PREFIX}-`))
        received.push({ topic, payload: JSON.parse(raw.toString('utf8')) });
    });
  });

  afterAll(async () => {
    await sub?.endAsync();
  });

  it('publishes contract-valid telemetry for every device and answers commands', async () => {
    const errors: string[] = [];
    const sim = startSimulator({
      url: URL,
      speed: 1_000,
      tickMs: 100,
      fleet,
      credentialsFor: (id) => ({ username: id, password: 'test-device-secret' }),
      onError: (id, e) => errors.push(`${id}: ${e.message}`),
    });
    const sensor = `${PREFIX}-WH-001`;
    const vehicle = `${PREFIX}-VH-001`;
    try {
      await waitFor(() => received.some((m) => m.topic === topics.gatewayTelemetry(`${PREFIX}-GW-001`)), 8_000);
      await sub.publishAsync(
        topics.commands(sensor),
        JSON.stringify({ cmdId: 'c-ok', ts: Date.now(), type: 'setPeriods', periods: { workReportCycle: 30 } }),
        { qos: 1 },
      );
      await sub.publishAsync(
        topics.commands(vehicle),
        JSON.stringify({ cmdId: 'c-bad', ts: Date.now(), type: 'setPeriods', periods: { workReportCycle: 30 } }),
        { qos: 1 },
      );
      await waitFor(() => received.filter((m) => parseTopic(m.topic)?.channel === 'acks').length >= 2, 5_000);
    } finally {
      await sim.stop();
    }

    expect(errors).toEqual([]);
    const seqs = new Map<string, number[]>();
    for (const m of received) {
      const t = parseTopic(m.topic)!;
      const channel = t.channel as keyof typeof schemas;
      const result = schemas[channel].safeParse(m.payload);
      expect(result.success, `${m.topic} ${JSON.stringify(m.payload).slice(0, 200)}`).toBe(true);
      if (channel === 'telemetry') seqs.set(t.id, [...(seqs.get(t.id) ?? []), (m.payload as { seq: number }).seq]);
    }
    expect([...seqs.keys()].sort()).toEqual([`${PREFIX}-VH-001`, `${PREFIX}-VH-002`, `${PREFIX}-VH-003`, sensor]);
    for (const list of seqs.values()) expect(list).toEqual(list.map((_, i) => list[0]! + i)); // QoS 1, in order, no gaps
    const readings = received
      .filter((m) => parseTopic(m.topic)?.channel === 'gatewayTelemetry')
      .flatMap((m) => (m.payload as { readings: Array<{ deviceId: string }> }).readings);
    expect(new Set(readings.map((r) => r.deviceId)).size).toBe(4);
    const acks = received.filter((m) => parseTopic(m.topic)?.channel === 'acks').map((m) => m.payload);
    expect(acks).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ cmdId: 'c-ok', ok: true }),
        // the vehicle's model is a gateway: no periods apply
        expect.objectContaining({ cmdId: 'c-bad', ok: false, error: 'validation.periodNotApplicable' }),
      ]),
    );
    expect(received.some((m) => m.topic === topics.events(vehicle))).toBe(true);
  });
});

async function waitFor(check: () => boolean, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
