import net from 'node:net';
import { MAX_PAYLOAD_BYTES } from '@ztj/contracts';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import type { Settling } from './settling';
import { batchWritesPerTurn } from './batched-client';
import { PublishRateLimiter, limitPacketSize, type RateLimit } from './broker-limits';

/** How the embedded broker decides who may connect, publish and subscribe (injected by the ingest). */
export interface BrokerPolicy {
  /** Resolves to the authenticated identity (device id) or null to refuse the connection. */
  authenticate(username: string | undefined, password: Buffer | undefined): Promise<string | null>;
  /** May `identity` publish on `topic`? */
  canPublish(identity: string, topic: string): boolean;
  /** May `identity` subscribe to `filter`? */
  canSubscribe(identity: string, filter: string): boolean;
}

/**
 * A message a connected client published (after the policy allowed it). A returned
 * {@link Settling} holds the QoS 1 PUBACK until it settles: 'ok' acknowledges, 'failed' closes the
 * connection unacknowledged (the device sends it again); nothing returned acknowledges at once.
 */
export type BrokerMessageHandler = (topic: string, payload: Buffer, identity: string) => Settling | void;

/** Limits of the embedded broker (README "Environment variables"). */
export interface BrokerLimits {
  /** Largest packet read, bytes (`MQTT_MAX_PACKET`); CONNECT is held to 16 KiB at most (see broker-limits.ts). */
  maxPacket: number;
  /** Time a connection has to send CONNECT, ms (`MQTT_CONNECT_TIMEOUT_MS`). */
  connectTimeoutMs: number;
  /** PUBLISH rate and burst per device (`MQTT_RATE`, `MQTT_BURST`); over it the device is disconnected. */
  publish: RateLimit;
}

/** Connections the limits closed since start. */
export interface BrokerLimitStats {
  /** Packets over `maxPacket` (or CONNECTs over 16 KiB): connection closed before buffering them. */
  oversized: number;
  /** Connections closed for not sending CONNECT within `connectTimeoutMs`. */
  connectTimeouts: number;
  /** Devices disconnected for publishing over their rate (each time). */
  rateLimited: number;
}

/** Defaults used when `limits` is not given (tests): the README defaults. */
const DEFAULT_LIMITS: BrokerLimits = {
  maxPacket: MAX_PAYLOAD_BYTES + 1024,
  connectTimeoutMs: 5_000,
  publish: { rate: 100, burst: 1_000 },
};

/**
 * Traffic of the embedded broker since start (monitoring): clients connected now,
 * PUBLISHes received from clients (devices) and published by the server side (commands).
 */
export interface BrokerTraffic {
  readonly connectedClients: number;
  readonly messagesIn: number;
  readonly messagesOut: number;
}

export interface EmbeddedBroker {
  /** Port actually listened on (useful with port 0). */
  port: number;
  /** What the limits refused so far. */
  readonly stats: BrokerLimitStats;
  /** Connected clients and message counts (see {@link BrokerTraffic}). */
  readonly traffic: BrokerTraffic;
  /** Publishes from the server side (commands down to devices), QoS 1. */
  publish(topic: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

/** CONNACK return codes of MQTT 3.1.1. */
const BAD_USERNAME_OR_PASSWORD = 4;

/**
 * Starts the default in-process broker (ARCHITECTURE §1: aedes, MQTT 3.1.1 only — clients must use
 * protocol version 4). Every client must authenticate through `policy`; publishes and
 * subscriptions outside what the policy allows are refused (aedes disconnects a client whose
 * publish is refused; a refused subscription gets the 0x80 failure code).
 * Limits: packet size enforced while reading, before a packet is buffered
 * ({@link limitPacketSize}); CONNECT within `connectTimeoutMs`; a token bucket of publishes per
 * device — a device over it is disconnected, so its unacknowledged QoS 1 messages stay with it
 * to be resent (nothing is acknowledged and then dropped). A device's PUBLISH is handed to
 * `onMessage` in the publish authorisation, whose answer (and so the PUBACK) waits for the commit
 * of the reading; aedes reads a connection's next chunk once every packet of the last one is
 * answered, so a device is held back while its readings are not yet stored.
 */
export async function startEmbeddedBroker(opts: {
  port: number;
  host?: string;
  policy: BrokerPolicy;
  onMessage: BrokerMessageHandler;
  limits?: BrokerLimits;
}): Promise<EmbeddedBroker> {
  const limits = opts.limits ?? DEFAULT_LIMITS;
  const identities = new WeakMap<Client, string>();
  const rate = new PublishRateLimiter(limits.publish);
  const stats: BrokerLimitStats = { oversized: 0, connectTimeouts: 0, rateLimited: 0 };
  const broker = await Aedes.createBroker({
    connectTimeout: limits.connectTimeoutMs,
    authenticate: (client, username, password, done) => {
      opts.policy.authenticate(username, password).then(
        (id) => {
          if (id) {
            identities.set(client, id);
            done(null, true);
          } else {
            const err = new Error('bad username or password') as AuthenticateError;
            err.returnCode = BAD_USERNAME_OR_PASSWORD;
            done(err, false);
          }
        },
        () => {
          const err = new Error('authentication unavailable') as AuthenticateError;
          err.returnCode = 3;
          done(err, false);
        },
      );
    },
    authorizePublish: (client, packet, done) => {
      const id = client ? identities.get(client) : undefined;
      if (client && (!id || !opts.policy.canPublish(id, packet.topic))) return done(new Error('publish not allowed'));
      if (id && !rate.take(id)) {
        stats.rateLimited++;
        return done(new Error('publish rate exceeded'));
      }
      if (!id) return done(null);
      // aedes writes a QoS 1 PUBACK as soon as this callback answers: the ingest takes the message
      // here and the answer waits for its batch's commit (acknowledge after commit)
      const settling = opts.onMessage(packet.topic, packet.payload as Buffer, id);
      if (!settling || settling.state === 'ok' || packet.qos === 0) return done(null);
      settling.done.then(
        () => done(null),
        () => done(new Error('not stored')),
      );
    },
    authorizeSubscribe: (client, sub, done) => {
      const id = identities.get(client);
      done(null, id && opts.policy.canSubscribe(id, sub.topic) ? sub : null);
    },
  });
  broker.on('clientDisconnect', (client) => {
    const id = identities.get(client);
    if (id) rate.release(id);
  });
  // traffic: a publish with a client came from a device; without one, from the server ($SYS aside)
  let messagesIn = 0;
  let messagesOut = 0;
  broker.on('publish', (packet, client) => {
    if (client) messagesIn++;
    else if (!packet.topic.startsWith('$SYS')) messagesOut++;
  });
  const traffic: BrokerTraffic = {
    get connectedClients() {
      return broker.connectedClients;
    },
    get messagesIn() {
      return messagesIn;
    },
    get messagesOut() {
      return messagesOut;
    },
  };
  broker.on('connectionError', (_client, err) => {
    if (/connect did not arrive in time/.test(err.message)) stats.connectTimeouts++;
  });
  // a device's PUBACKs of one turn leave in one write (see batchWritesPerTurn); sizes checked as read
  const server = net.createServer((socket) =>
    broker.handle(
      limitPacketSize(batchWritesPerTurn(socket), { maxPacket: limits.maxPacket }, () => stats.oversized++),
    ),
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : opts.port;
  return {
    port,
    stats,
    traffic,
    publish: (topic, payload) =>
      new Promise((resolve, reject) =>
        broker.publish(
          { cmd: 'publish', topic, payload: Buffer.from(payload), qos: 1, retain: false, dup: false },
          (e) => (e ? reject(e) : resolve()),
        ),
      ),
    close: async () => {
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
