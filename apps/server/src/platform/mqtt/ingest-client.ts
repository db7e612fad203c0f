import crypto from 'node:crypto';
import type { MqttClient } from 'mqtt';
import mqttPacket from 'mqtt-packet';
import type { Settling } from './settling';
import { connectBatchedClient } from './batched-client';

export interface IngestClientOptions {
  url: string;
  /** Subscription filters (plain, or `$share/<group>/…` shared subscriptions). */
  filters: readonly string[];
  /** Number of connections; more than one only makes sense with shared subscriptions. */
  connections?: number;
  /** Subscription QoS (default 1: at-least-once from the broker; 0 trades that for no PUBACK traffic). */
  qos?: 0 | 1;
  /**
   * Takes a message; a returned {@link Settling} defers the message's PUBACK until it settles 'ok'
   * (acknowledge after commit); nothing returned acknowledges at once.
   */
  onMessage: (topic: string, payload: Buffer) => Settling | void;
  /**
   * Persistent session: client id of connection `i` is `${clientId}-${i}`, clean
   * start off, the broker keeps the session (subscriptions, unacknowledged messages) for
   * `sessionExpirySec` after a disconnect. Undefined: a random id and a clean session.
   */
  session?: { clientId: string; sessionExpirySec: number };
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
 * beyond which it DROPS messages, which a burst above the ingest's pace overflowed (the ingest
 * bench lost 14–18 % of 100k). With 65535 in flight per connection the backlog stays in flight
 * instead. Devices themselves still use MQTT 3.1.1. Socket writes (the PUBACKs) are batched per
 * event-loop turn ({@link connectBatchedClient}).
 *
 * Who published a message is not known here: Mosquitto passes subscribers the topic and payload,
 * never the publisher's username or client id (MQTT 5 user properties are set by the publisher
 * and prove nothing). So the topic is the device's identity only as far as the broker lets each
 * device publish on its own topics alone: with `MQTT_DYNSEC=on` the server provisions exactly that
 * into Mosquitto's dynamic-security plugin (`DeviceBrokerAccounts`); otherwise the broker must be
 * locked down by other means (docs/external-broker.md). The ingest still refuses unknown devices and foreign
 * sub-devices itself.
 * With shared subscriptions several connections (or processes) split the stream; each connection
 * also has its own broker-side queue, which keeps a burst from overflowing one queue.
 */
export async function connectIngestClient(opts: IngestClientOptions): Promise<IngestClient> {
  const n = Math.max(1, opts.connections ?? 1);
  const clients: MqttClient[] = [];
  let sinceYield = 0;
  for (let i = 0; i < n; i++) {
    const client = await connectBatchedClient(
      opts.url,
      {
        protocolVersion: 5,
        properties: {
          receiveMaximum: 65535,
          ...(opts.session ? { sessionExpiryInterval: opts.session.sessionExpirySec } : {}),
        },
        // mqtt.js traces every packet through `debug`; off on the hot path (≈3 % of ingest CPU)
        log: () => undefined,
        clientId: opts.session
          ? `${opts.session.clientId}-${i}`
          : `ztj-ingest-${crypto.randomBytes(6).toString('hex')}`,
        clean: !opts.session,
        reconnectPeriod: 2_000,
        connectTimeout: 10_000,
      },
      (client) => {
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
        const acks = deferPubacks(client);
        client.on('message', (topic, payload, packet) => {
          const settling = opts.onMessage(topic, payload);
          if (settling && packet.qos === 1 && packet.messageId !== undefined) acks.hold(packet.messageId, settling);
        });
      },
    );
    client.on('error', (e) => opts.onError?.(e));
    await client.subscribeAsync(
      opts.filters.map((f) => f),
      { qos: opts.qos ?? 1 },
    );
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

type SendPacket = (packet: { cmd: string; messageId?: number }, cb?: (err?: Error) => void, ...rest: unknown[]) => void;

/**
 * Acknowledge after commit on an mqtt.js connection. mqtt.js (5.x,
 * handlers/publish.js) handles a QoS 1 PUBLISH by emitting 'message', then calling
 * `handleMessage(packet, cb)`, whose `cb` sends the PUBACK through `client._sendPacket(puback, done)`,
 * and `done` lets it read the next packet. Here `_sendPacket` withholds the PUBACK of a message
 * that was {@link hold}-ed and calls `done` at once, so the connection keeps reading (flow control
 * stays with handleMessage and the broker's receive window); the PUBACKs are written in the order
 * the messages came once their batches commit (MQTT-4.6.0-2), all those one commit releases in one
 * socket write ({@link writePubacks}). A message whose batch failed is never
 * acknowledged; the broker redelivers it on the next connection of a persistent session. Withheld
 * PUBACKs die with their connection (a later connection must not acknowledge a reused packet id).
 */
export function deferPubacks(client: MqttClient): { hold(messageId: number, settling: Settling): void } {
  const c = client as unknown as { _sendPacket: SendPacket };
  const send = c._sendPacket.bind(client) as SendPacket;
  /** 1 at a packet id whose PUBACK is withheld (ids 1–65535; the broker reuses an id only once acknowledged). */
  const held = new Uint8Array(65536);
  // the withheld messages in arrival order, as two parallel arrays from `head` on
  let ids: number[] = [];
  let settlings: Settling[] = [];
  let head = 0;
  let generation = 0;
  let watched: Settling | undefined;
  const flush = (): void => {
    const acked: number[] = [];
    while (head < ids.length) {
      const state = settlings[head]!.state;
      if (state === 'pending') break;
      const id = ids[head++]!;
      held[id] = 0;
      if (state === 'ok') acked.push(id);
    }
    if (acked.length) writePubacks(client, acked);
    if (head === ids.length) {
      ids = [];
      settlings = [];
      head = 0;
    } else if (head > 4096) {
      ids = ids.slice(head);
      settlings = settlings.slice(head);
      head = 0;
    }
  };
  c._sendPacket = (packet, cb, ...rest) => {
    if (packet.cmd === 'puback' && packet.messageId !== undefined && held[packet.messageId] === 1) {
      cb?.();
      return;
    }
    send(packet, cb, ...rest);
  };
  client.on('close', () => {
    generation++;
    held.fill(0);
    ids = [];
    settlings = [];
    head = 0;
    watched = undefined;
  });
  return {
    hold(messageId, settling) {
      if (settling.state === 'ok' && head === ids.length) return;
      held[messageId] = 1;
      ids.push(messageId);
      settlings.push(settling);
      if (settling !== watched) {
        watched = settling;
        const gen = generation;
        const again = (): void => {
          if (gen === generation) flush();
        };
        settling.done.then(again, again);
      }
    },
  };
}

/**
 * Writes the PUBACKs (reason Success, no properties: the 4-byte form of MQTT 5 §3.4.2.1, the same
 * bytes as MQTT 3.1.1) of `ids` in one buffer, one socket write. mqtt.js would write each in five
 * small chunks (header, length, packet id, reason code, property length) and schedule a tick for
 * each: at 20,000 PUBACKs per commit that was 1–1.5 µs of ingest CPU per message.
 * The bytes are mqtt-packet's own encoding of a PUBACK with the packet id put in place. Nothing is
 * written on a closed connection: its withheld messages are redelivered to the session.
 */
export function writePubacks(client: MqttClient, ids: readonly number[]): void {
  if (!client.connected || !client.stream?.writable) return;
  const one = PUBACK.length;
  const buf = Buffer.allocUnsafe(one * ids.length);
  for (let i = 0; i < ids.length; i++) {
    PUBACK.copy(buf, i * one);
    buf.writeUInt16BE(ids[i]!, i * one + PUBACK_ID_OFFSET);
  }
  client.stream.write(buf);
}

/** mqtt-packet's PUBACK of packet id 0 with reason Success: [0x40, 0x02, id MSB, id LSB]. */
const PUBACK = mqttPacket.generate({ cmd: 'puback', messageId: 0, reasonCode: 0 }, { protocolVersion: 5 });
const PUBACK_ID_OFFSET = 2;
if (PUBACK.length !== 4) throw new Error(`unexpected PUBACK encoding (${PUBACK.length} bytes)`);
