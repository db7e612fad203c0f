import { connect, type MqttClient } from 'mqtt';
import {
  CommandAckPayloadSchema,
  DeviceCommandSchema,
  topics,
  validateDevicePeriods,
  type CommandAckPayload,
} from '@ztj/contracts';
import { createEquipmentControl } from './equipment-control';
import { allReportingDevices, loadDefaultFleet, maxSpeed, type Fleet } from './fleet';
import { createReplay, type SimMessage } from './replay';

/** MQTT credentials of one device (the server provisions a secret per device). */
export interface DeviceCredentials {
  username: string;
  password?: string;
}

export interface SimulatorOptions {
  /** Broker URL, e.g. `mqtt://127.0.0.1:1883`. */
  url: string;
  /** Time compression: 60 replays one hour of data per wall minute. At most `maxSpeed(fleet)`. */
  speed: number;
  /** Credentials of each connecting device (vehicles, sensors, gateways; sub-devices go through their gateway). */
  credentialsFor: (deviceId: string) => DeviceCredentials;
  /** Defaults to the bundled real-data fleet. */
  fleet?: Fleet;
  /** Wall time the replay starts from, ms; defaults to now. */
  startWallMs?: number;
  /** Tick interval, ms (default 1000). */
  tickMs?: number;
  /** Called for connection errors (bad credentials…) and publish failures. */
  onError?: (deviceId: string, error: Error) => void;
}

export interface SimulatorStats {
  ticks: number;
  /** Messages acknowledged by the broker (QoS 1 PUBACK). */
  published: number;
  /** Messages not sent because their device was not connected at that tick. */
  dropped: number;
  failed: number;
  commands: number;
}

export interface SimulatorHandle {
  stop(): Promise<void>;
  stats(): SimulatorStats;
}

interface Publisher {
  client: MqttClient;
  model: string;
  /** Set after a remote shutdown command: the device stops reporting until restarted. */
  shutDown: boolean;
}

/**
 * Connects every reporting device of the fleet to the broker with its own credentials
 * (MQTT 3.1.1, client id = device id), and every `tickMs` publishes, at QoS 1, the messages the
 * replay says are due. Devices answer commands on `ztj/devices/{id}/commands` with an ack on
 * `ztj/devices/{id}/acks`: `setPeriods` is checked against the model's limits, `shutdown` sends
 * `power_off` and silences the device; equipment answers `setSwitch` (plug relay; an
 * overload above the rated 16 A opens it), `setSetPoint` (pot/cooker wells follow) and `readMeter`
 * with an ack and an immediate reading (`equipment-control.ts`); a command the device's family does
 * not accept gets `ok: false, error: 'validation.commandUnsupported'`.
 */
export function startSimulator(options: SimulatorOptions): SimulatorHandle {
  const fleet = options.fleet ?? loadDefaultFleet();
  const limit = maxSpeed(fleet);
  if (!(options.speed > 0) || options.speed > limit) {
    throw new Error(`speed must be > 0 and ≤ ${limit} for this fleet (got ${options.speed})`);
  }
  const stats: SimulatorStats = { ticks: 0, published: 0, dropped: 0, failed: 0, commands: 0 };
  const reportError = (id: string, e: Error): void => {
    stats.failed++;
    options.onError?.(id, e);
  };
  const ids: Array<[string, string]> = [
    ...fleet.devices.map((d): [string, string] => [d.deviceId, d.model]),
    ...fleet.gateways.map((g): [string, string] => [g.gatewayId, g.model]),
  ];
  const control = createEquipmentControl(allReportingDevices(fleet));
  const publishers = new Map<string, Publisher>();
  for (const [deviceId, model] of ids) {
    const { username, password } = options.credentialsFor(deviceId);
    const client = connect(options.url, {
      protocolVersion: 4,
      clientId: deviceId,
      username,
      password,
      clean: true,
      reconnectPeriod: 5_000,
      connectTimeout: 10_000,
    });
    const publisher: Publisher = { client, model, shutDown: false };
    publishers.set(deviceId, publisher);
    let lastError = '';
    client.on('error', (e) => {
      if (e.message !== lastError) reportError(deviceId, e); // once per distinct error, not per retry
      lastError = e.message;
    });
    client.on('connect', () => {
      lastError = '';
      client.subscribe(topics.commands(deviceId), { qos: 1 }, (e) => e && reportError(deviceId, e));
    });
    client.on('message', (_topic, raw) => handleCommand(deviceId, publisher, raw));
  }

  function send(deviceId: string, topic: string, payload: unknown): void {
    const p = publishers.get(deviceId);
    if (!p?.client.connected || p.shutDown) {
      stats.dropped++;
      return;
    }
    p.client.publish(topic, JSON.stringify(payload), { qos: 1 }, (e) => {
      if (e) reportError(deviceId, e);
      else stats.published++;
    });
  }

  function handleCommand(deviceId: string, p: Publisher, raw: Buffer): void {
    stats.commands++;
    let body: unknown;
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      body = undefined;
    }
    const cmd = DeviceCommandSchema.safeParse(body);
    const ts = Date.now();
    if (!cmd.success) {
      const cmdId =
        typeof (body as { cmdId?: unknown })?.cmdId === 'string' ? (body as { cmdId: string }).cmdId : 'unknown';
      return ack(deviceId, { cmdId: cmdId.slice(0, 64) || 'unknown', ts, ok: false, error: 'invalidCommand' });
    }
    if (cmd.data.type === 'setPeriods') {
      const errors = validateDevicePeriods(p.model, cmd.data.periods);
      return ack(deviceId, {
        cmdId: cmd.data.cmdId,
        ts,
        ok: errors.length === 0,
        ...(errors[0] ? { error: errors[0].message } : {}),
      });
    }
    const outcome = control.command(deviceId, cmd.data);
    if (outcome) {
      ack(deviceId, { cmdId: cmd.data.cmdId, ts, ok: outcome.ok, ...(outcome.error ? { error: outcome.error } : {}) });
      const values = outcome.reportNow ? control.readingNow(deviceId) : undefined;
      if (values) send(deviceId, topics.telemetry(deviceId), { ts, values });
      return;
    }
    ack(deviceId, { cmdId: cmd.data.cmdId, ts, ok: true });
    send(deviceId, topics.events(deviceId), { ts, type: 'power_off' });
    p.shutDown = true;
  }

  function ack(deviceId: string, payload: CommandAckPayload): void {
    send(deviceId, topics.acks(deviceId), CommandAckPayloadSchema.parse(payload));
  }

  const replay = createReplay(fleet, { startWallMs: options.startWallMs ?? Date.now(), speed: options.speed });
  const publish = (m: SimMessage): void => {
    const payload =
      m.channel === 'telemetry' ? { ...m.payload, values: control.apply(m.publisherId, m.payload.values) } : m.payload;
    send(m.publisherId, m.topic, payload);
  };
  const timer = setInterval(() => {
    stats.ticks++;
    for (const m of replay.tick(Date.now())) publish(m);
  }, options.tickMs ?? 1_000);

  return {
    stats: () => ({ ...stats }),
    async stop(): Promise<void> {
      clearInterval(timer);
      await Promise.all([...publishers.values()].map((p) => p.client.endAsync()));
    },
  };
}
