import crypto from 'node:crypto';
import type { MqttClient } from 'mqtt';
import { connectBatchedClient } from './batched-client';

export interface IngestClientOptions {
  url: string;
  /** Subscription filters (plain, or `$share/<group>/…` shared subscriptions). */
  filters: readonly string[];
  /** Number of connections; more than one only makes sense with shared subscriptions. */
  connections?: number;
  /** Subscription QoS (default 1: at-least-once from the broker; 0 trades that for no PUBACK traffic). */
  qos?: 0 | 1;
  onMessage: (topic: string, payload: Buffer) => void;
  /**
   * Backpressure: consulted before each message; while it returns a promise the connection takes
   * no further packet (the broker keeps them in flight) until it resolves.
   */
  whenReady?: () => Promise<void> | undefined;
  onError?: (err: Error) => void;
}

export interface IngestClient {
  publish(topic: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * Messages taken before the ingest lets the event loop run other callbacks. libuv reads up to 32
 * chunks of 64 KB per socket per loop turn, i.e. tens of thousands of messages; without a yield
 * the database connection's answers (and HTTP requests) waited whole seconds behind them (ingest
 * bench: 2 batches of 100k rows, 10 s latency). The connection keeps reading meanwhile.
 */
const YIELD_EVERY = 500;

/**
 * The ingest's client of an external broker (Mosquitto, EMQX; ARCHITECTURE §6). Subscribes at
 * QoS 1 over MQTT 5 with Receive Maximum 65535: a broker sends a v3.1.1 subscriber at most its
 * configured in-flight count (Mosquitto: 20) and queues the rest up to a limit (Mosquitto: 1000)
 * beyond which it DROPS messages, which a burst above the ingest's pace overflowed (issue #3
 * bench: 14–18 % of 100k lost). With 65535 in flight per connection the backlog stays in flight
 * instead. Devices themselves still use MQTT 3.1.1. Socket writes (the PUBACKs) are batched per
 * event-loop turn ({@link connectBatchedClient}).
 *
 * Who published a message is not known here: Mosquitto passes subscribers the topic and payload,
 * never the publisher's username or client id (MQTT 5 user properties are set by the publisher
 * and prove nothing). So the topic is the device's identity only as far as the broker lets each
 * device publish on its own topics alone: with `MQTT_DYNSEC=on` the server provisions exactly that
 * into Mosquitto's dynamic-security plugin (`DeviceBrokerAccounts`); otherwise the broker must be
 * locked down by other means (README). The ingest still refuses unknown devices and foreign
 * sub-devices itself.
 * With shared subscriptions several connections (or processes) split the stream; each connection
 * also has its own broker-side queue, which keeps a burst from overflowing one queue.
 */
export async function connectIngestClient(opts: IngestClientOptions): Promise<IngestClient> {
  const n = Math.max(1, opts.connections ?? 1);
  const clients: MqttClient[] = [];
  let sinceYield = 0;
  for (let i = 0; i < n; i++) {
    const client = await connectBatchedClient(opts.url, {
      protocolVersion: 5,
      properties: { receiveMaximum: 65535 },
      // mqtt.js traces every packet through `debug`; off on the hot path (≈3 % of ingest CPU)
      log: () => undefined,
      clientId: `ztj-ingest-${crypto.randomBytes(6).toString('hex')}`,
      clean: true,
      reconnectPeriod: 2_000,
      connectTimeout: 10_000,
    });
    // mqtt.js takes a connection's packets one at a time through handleMessage (its documented
    // backpressure hook); the message is emitted and acknowledged after `done`.
    client.handleMessage = (_packet, done) => {
      const wait = opts.whenReady?.();
      if (wait) void wait.then(() => done());
      else if (++sinceYield >= YIELD_EVERY) {
        sinceYield = 0;
        setImmediate(done);
      } else done();
    };
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
