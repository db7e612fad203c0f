import type net from 'node:net';

/**
 * Largest CONNECT packet, bytes (16 KiB). The first packet of a connection must be CONNECT and it
 * arrives before authentication, so it gets a far smaller allowance than `MQTT_MAX_PACKET`: client
 * id, user name, a device secret and a small will fit many times over.
 */
export const MAX_CONNECT_PACKET = 16 * 1024;

/** Why {@link limitPacketSize} closed a connection: the packet's declared size and its limit, bytes. */
export interface OversizedPacket {
  /** Size the packet declares (fixed header + remaining length), bytes; a lower bound when malformed. */
  size: number;
  limit: number;
  /** True for the connection's first packet (CONNECT, before authentication). */
  first: boolean;
}

/**
 * Enforces MQTT packet sizes on a socket before the broker parses it (a well-formed 250 MB
 * CONNECT was buffered whole before any authentication). It follows the MQTT framing of everything
 * the broker reads — a fixed-header byte, the "remaining length" varint, then that many bytes it
 * skips without copying — and as soon as a packet's header declares more than the limit
 * (`connectLimit` for the first packet, `maxPacket` for the rest; sizes count the whole packet,
 * header included) it destroys the socket and hands the broker nothing of that read. The broker
 * (aedes) pulls data with `socket.read()`, so wrapping `read` sees every byte it would parse, one
 * chunk at a time: memory stays at one socket chunk whatever the packet declares.
 * A remaining length longer than the 4 bytes MQTT allows closes the connection too.
 */
export function limitPacketSize(
  socket: net.Socket,
  limits: { maxPacket: number; connectLimit?: number },
  onOversized: (p: OversizedPacket) => void,
): net.Socket {
  const read = socket.read.bind(socket) as (size?: number) => Buffer | null;
  const connectLimit = Math.min(limits.connectLimit ?? MAX_CONNECT_PACKET, limits.maxPacket);
  let first = true;
  /** Bytes of the current packet's body still to pass. */
  let skip = 0;
  /** 0: expecting a fixed-header byte; 1: reading the remaining-length varint. */
  let state = 0;
  let length = 0;
  let multiplier = 1;
  let lengthBytes = 0;

  const refuse = (size: number): null => {
    onOversized({ size, limit: first ? connectLimit : limits.maxPacket, first });
    socket.destroy();
    return null;
  };

  socket.read = ((size?: number) => {
    const buf = read(size);
    if (buf === null || !Buffer.isBuffer(buf)) return buf;
    const end = buf.length;
    let i = 0;
    while (i < end) {
      if (skip > 0) {
        const take = Math.min(skip, end - i);
        skip -= take;
        i += take;
        continue;
      }
      const byte = buf[i++]!;
      if (state === 0) {
        state = 1;
        length = 0;
        multiplier = 1;
        lengthBytes = 0;
        continue;
      }
      length += (byte & 0x7f) * multiplier;
      multiplier *= 128;
      lengthBytes++;
      const limit = first ? connectLimit : limits.maxPacket;
      if (1 + lengthBytes + length > limit) return refuse(1 + lengthBytes + length);
      if (byte & 0x80) {
        if (lengthBytes === 4) return refuse(1 + lengthBytes + length);
        continue;
      }
      state = 0;
      first = false;
      skip = length;
    }
    return buf;
  }) as net.Socket['read'];
  return socket;
}

/** Sustained rate and burst of a {@link PublishRateLimiter}. */
export interface RateLimit {
  /** Messages per second refilled; 0 or less disables the limit. */
  rate: number;
  /** Bucket size: messages a client may send at once above the rate. */
  burst: number;
}

interface Bucket {
  tokens: number;
  /** Last refill, ms (monotonic clock). */
  at: number;
}

/**
 * Token bucket of PUBLISH packets per client identity (one client could flood the ingest
 * with 20,000 messages). A bucket holds `burst` tokens and refills `rate` per second; a publish
 * takes one token, and {@link take} answers false when none is left. Buckets are kept per identity
 * (a device id), not per connection, so reconnecting does not refill them; a bucket is dropped when
 * its client disconnects full again, so memory is bounded by the devices connected or recently
 * limited — never by the messages.
 */
export class PublishRateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly limit: RateLimit,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** True when `identity` may publish one more message now; false when it is over its rate. */
  take(identity: string): boolean {
    if (!(this.limit.rate > 0)) return true;
    const t = this.now();
    const b = this.buckets.get(identity);
    if (!b) {
      this.buckets.set(identity, { tokens: this.limit.burst - 1, at: t });
      return true;
    }
    b.tokens = Math.min(this.limit.burst, b.tokens + ((t - b.at) * this.limit.rate) / 1000);
    b.at = t;
    if (b.tokens < 1) return false;
    b.tokens -= 1;
    return true;
  }

  /** Forgets `identity`'s bucket if it has refilled (call when its client disconnects). */
  release(identity: string): void {
    const b = this.buckets.get(identity);
    if (b && b.tokens + ((this.now() - b.at) * this.limit.rate) / 1000 >= this.limit.burst)
      this.buckets.delete(identity);
  }

  /** Identities with a bucket (for tests and metrics). */
  get size(): number {
    return this.buckets.size;
  }
}
