import { connectAsync, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommandAckPayloadSchema, PARAM, TelemetryPayloadSchema, parseTopic, topics } from '@ztj/contracts';
import { loadFleetData } from './data-files';
import { buildFleet, type Fleet } from './fleet';
import { startSimulator } from './mqtt-publisher';

/** Round trip of the equipment commands through the machine's Mosquitto (see mqtt-publisher.test.ts). */
const URL = process.env.MQTT_TEST_URL ?? 'mqtt://127.0.0.1:1883';
const PREFIX = `E${process.pid}x${Date.now() % 1_000_000}`;
const full = buildFleet(loadFleetData(), { idPrefix: PREFIX, warehouseSensors: 0 });
const PLUG = `${PREFIX}-PLUG-002`;
const ODEN = `${PREFIX}-ODEN-002`;
const fleet: Fleet = { devices: full.devices.filter((d) => d.deviceId === PLUG || d.deviceId === ODEN), gateways: [] };

interface Received {
  topic: string;
  payload: Record<string, unknown>;
}

describe('equipment commands over MQTT', () => {
  let sub: MqttClient;
  const received: Received[] = [];

  beforeAll(async () => {
    sub = await connectAsync(URL, {
      protocolVersion: 4,
      clientId: `${PREFIX}-observer`,
      reconnectPeriod: 0,
      connectTimeout: 5_000,
    });
    await sub.subscribeAsync([`ztj/devices/+/telemetry`, `ztj/devices/+/acks`], { qos: 1 });
    sub.on('message', (topic, raw) => {
      if (parseTopic(topic)?.id.startsWith(`${PREFIX}-`))
        received.push({ topic, payload: JSON.parse(raw.toString('utf8')) as Record<string, unknown> });
    });
  });

  afterAll(async () => {
    await sub?.endAsync();
  });

  it('switches the plug off and on, sets the cooker set-point and refuses what the family does not accept', async () => {
    const sim = startSimulator({
      url: URL,
      speed: 600,
      tickMs: 100,
      fleet,
      credentialsFor: (id) => ({ username: id, password: 'x' }),
    });
    const telemetryOf = (id: string): Array<Record<string, unknown>> =>
      received.filter((m) => m.topic === topics.telemetry(id)).map((m) => m.payload.values as Record<string, unknown>);
    const ackOf = (cmdId: string): Record<string, unknown> | undefined =>
      received.find((m) => parseTopic(m.topic)?.channel === 'acks' && m.payload.cmdId === cmdId)?.payload;
    const command = (id: string, body: Record<string, unknown>): Promise<unknown> =>
      sub.publishAsync(topics.commands(id), JSON.stringify({ ts: Date.now(), ...body }), { qos: 1 });
    try {
      await waitFor(() => telemetryOf(PLUG).length > 0 && telemetryOf(ODEN).length > 0, 8_000);
      expect(telemetryOf(PLUG)[0]![PARAM.socketOn]).toBe(true);
      await command(PLUG, { cmdId: 'off', type: 'setSwitch', on: false });
      await waitFor(() => ackOf('off') !== undefined, 5_000);
      const afterOff = telemetryOf(PLUG).length;
      await waitFor(() => telemetryOf(PLUG).length > afterOff + 1, 5_000);
      expect(telemetryOf(PLUG).slice(afterOff)).toEqual(
        expect.arrayContaining([expect.objectContaining({ [PARAM.socketOn]: false, [PARAM.activePower]: 0 })]),
      );
      expect(
        telemetryOf(PLUG)
          .slice(afterOff)
          .every((v) => v[PARAM.socketOn] === false),
      ).toBe(true);
      await command(PLUG, { cmdId: 'on', type: 'setSwitch', on: true });
      await command(ODEN, { cmdId: 'sp', type: 'setSetPoint', setPointC: 85 });
      await command(ODEN, { cmdId: 'bad', type: 'setSwitch', on: true });
      await command(PLUG, { cmdId: 'range', type: 'setSetPoint', setPointC: 500 });
      await waitFor(() => ['on', 'sp', 'bad', 'range'].every((c) => ackOf(c)), 5_000);
      await waitFor(() => telemetryOf(ODEN).some((v) => v[PARAM.setPoint] === 85), 5_000);
    } finally {
      await sim.stop();
    }
    expect(ackOf('off')).toMatchObject({ ok: true });
    expect(ackOf('on')).toMatchObject({ ok: true });
    expect(ackOf('sp')).toMatchObject({ ok: true });
    expect(ackOf('bad')).toMatchObject({ ok: false, error: 'validation.commandUnsupported' });
    expect(ackOf('range')).toMatchObject({ ok: false, error: 'invalidCommand' }); // outside the contract's −50…400 °C
    expect(telemetryOf(PLUG).at(-1)![PARAM.socketOn]).toBe(true);
    for (const m of received) {
      const schema = parseTopic(m.topic)?.channel === 'acks' ? CommandAckPayloadSchema : TelemetryPayloadSchema;
      expect(schema.safeParse(m.payload).success, JSON.stringify(m.payload)).toBe(true);
    }
  });
});

async function waitFor(check: () => boolean, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
