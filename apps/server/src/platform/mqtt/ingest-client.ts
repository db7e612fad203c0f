import crypto from 'node:crypto';
import { connectAsync, type MqttClient } from 'mqtt';

export interface IngestClientOptions {
  url: string;
  /** Subscription filters (plain, or `$share/<group>/…` shared subscriptions). */
  filters: readonly string[];
  /** Number of connections; more than one only makes sense with shared subscriptions. */
  connections?: number;
  /** Subscription QoS (default 1: at-least-once from the broker; 0 trades that for no PUBACK traffic). */
  qos?: 0 | 1;
  onMessage: (topic: string, payload: Buffer) => void;
  onError?: (err: Error) => void;
}

export interface IngestClient {
  publish(topic: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * The ingest's client of an external broker (Mosquitto, EMQX; ARCHITECTURE §6). Subscribes at
 * QoS 1 with MQTT 3.1.1. Device authentication and per-topic ACLs are then the broker's job
 * (README); the ingest still refuses unknown devices and foreign sub-devices itself.
 * With shared subscriptions several connections (or processes) split the stream; each connection
 * also has its own broker-side queue, which keeps a burst from overflowing one queue.
 */
export async function connectIngestClient(opts: IngestClientOptions): Promise<IngestClient> {
  const n = Math.max(1, opts.connections ?? 1);
  const clients: MqttClient[] = [];
  for (let i = 0; i < n; i++) {
    const client = await connectAsync(opts.url, {
      protocolVersion: 4,
      clientId: `ztj-ingest-${crypto.randomBytes(6).toString('hex')}`,
      clean: true,
      reconnectPeriod: 2_000,
      connectTimeout: 10_000,
    });
    client.on('message', (topic, payload) => opts.onMessage(topic, payload));
    client.on('error', (e) => opts.onError?.(e));
    await client.subscribeAsync(opts.filters.map((f) => f), { qos: opts.qos ?? 1 });
    clients.push(client);
  }
  return {
    publish: async (topic, payload) => {
      await clients[0]!.publishAsync(topic, payload, { qos: 1 });
    },
    close: async () => {
      await Promise.all(clients.map((c) => c.endAsync()));
    },
  };
}
