import net from 'node:net';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import { batchWritesPerTurn } from './batched-client';

/** How the embedded broker decides who may connect, publish and subscribe (injected by the ingest). */
export interface BrokerPolicy {
  /** Resolves to the authenticated identity (device id) or null to refuse the connection. */
  authenticate(username: string | undefined, password: Buffer | undefined): Promise<string | null>;
  /** May `identity` publish on `topic`? */
  canPublish(identity: string, topic: string): boolean;
  /** May `identity` subscribe to `filter`? */
  canSubscribe(identity: string, filter: string): boolean;
}

/** A message a connected client published (after the policy allowed it). */
export type BrokerMessageHandler = (topic: string, payload: Buffer, identity: string) => void;

export interface EmbeddedBroker {
  /** Port actually listened on (useful with port 0). */
  port: number;
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
 */
export async function startEmbeddedBroker(opts: {
  port: number;
  host?: string;
  policy: BrokerPolicy;
  onMessage: BrokerMessageHandler;
}): Promise<EmbeddedBroker> {
  const identities = new WeakMap<Client, string>();
  const broker = await Aedes.createBroker({
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
      done(null);
    },
    authorizeSubscribe: (client, sub, done) => {
      const id = identities.get(client);
      done(null, id && opts.policy.canSubscribe(id, sub.topic) ? sub : null);
    },
  });
  broker.on('publish', (packet, client) => {
    if (!client) return;
    const id = identities.get(client);
    if (id) opts.onMessage(packet.topic, packet.payload as Buffer, id);
  });
  // a device's PUBACKs of one turn leave in one write (see batchWritesPerTurn)
  const server = net.createServer((socket) => broker.handle(batchWritesPerTurn(socket)));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : opts.port;
  return {
    port,
    publish: (topic, payload) =>
      new Promise((resolve, reject) =>
        broker.publish({ cmd: 'publish', topic, payload: Buffer.from(payload), qos: 1, retain: false, dup: false }, (e) => (e ? reject(e) : resolve())),
      ),
    close: async () => {
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
