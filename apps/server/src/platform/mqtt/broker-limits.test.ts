import type net from 'node:net';
import mqttPacket from 'mqtt-packet';
import { describe, expect, it } from 'vitest';
import { MAX_CONNECT_PACKET, PublishRateLimiter, limitPacketSize, type OversizedPacket } from './broker-limits';

/** A stand-in socket whose `read()` hands out `chunks` one by one. */
function fakeSocket(chunks: Buffer[]): { socket: net.Socket; destroyed: () => boolean } {
  let destroyed = false;
  const socket = {
    read: () => chunks.shift() ?? null,
    destroy: () => void (destroyed = true),
  } as unknown as net.Socket;
  return { socket, destroyed: () => destroyed };
}

const v4 = { protocolVersion: 4 } as const;
const connect = mqttPacket.generate(
  {
    cmd: 'connect',
    clientId: 'DEV-1',
    username: 'DEV-1',
    password: Buffer.from('secret'),
    keepalive: 60,
    protocolId: 'MQTT',
    protocolVersion: 4,
    clean: true,
  },
  v4,
);
const publish = (bytes: number): Buffer =>
  mqttPacket.generate(
    {
      cmd: 'publish',
      topic: 'ztj/devices/DEV-1/telemetry',
      payload: Buffer.alloc(bytes, 0x20),
      qos: 0,
      retain: false,
      dup: false,
    },
    v4,
  );

/** Splits `buf` into pieces of `size` bytes. */
const pieces = (buf: Buffer, size: number): Buffer[] =>
  Array.from({ length: Math.ceil(buf.length / size) }, (_, i) => buf.subarray(i * size, (i + 1) * size));

describe('limitPacketSize', () => {
  it('passes packets up to the limit whatever the chunk boundaries', () => {
    const stream = Buffer.concat([
      connect,
      publish(10),
      publish(1000),
      publish(3000),
      mqttPacket.generate({ cmd: 'pingreq' }, v4),
    ]);
    for (const size of [1, 2, 3, 7, 64, stream.length]) {
      const refused: OversizedPacket[] = [];
      const { socket, destroyed } = fakeSocket(pieces(stream, size));
      limitPacketSize(socket, { maxPacket: publish(3000).length }, (p) => refused.push(p));
      const out: Buffer[] = [];
      for (let b = socket.read(); b; b = socket.read()) out.push(b as Buffer);
      expect(Buffer.concat(out)).toEqual(stream);
      expect(refused).toEqual([]);
      expect(destroyed()).toBe(false);
    }
  });

  it('closes on the header of a packet over the limit, handing none of that read over', () => {
    const big = publish(5000);
    const refused: OversizedPacket[] = [];
    const { socket, destroyed } = fakeSocket([Buffer.concat([connect, big.subarray(0, 2)]), big.subarray(2)]);
    limitPacketSize(socket, { maxPacket: 4096 }, (p) => refused.push(p));
    // the CONNECT and a first length byte (not yet over the limit) pass; the rest of the header does not
    expect(socket.read()).toEqual(Buffer.concat([connect, big.subarray(0, 2)]));
    expect(destroyed()).toBe(false);
    expect(socket.read()).toBeNull();
    expect(destroyed()).toBe(true);
    expect(refused[0]).toMatchObject({ limit: 4096, first: false });
    expect(refused[0]!.size).toBeGreaterThan(4096);
  });

  it('holds the first packet (CONNECT, before authentication) to 16 KiB', () => {
    const refused: OversizedPacket[] = [];
    // fixed header of a CONNECT declaring 250,000,000 bytes: 0x10 + varint
    const { socket, destroyed } = fakeSocket([Buffer.from([0x10, 0x80, 0xe5, 0x9a, 0x77])]);
    limitPacketSize(socket, { maxPacket: 1_000_000 }, (p) => refused.push(p));
    expect(socket.read()).toBeNull();
    expect(destroyed()).toBe(true);
    expect(refused[0]).toMatchObject({ limit: MAX_CONNECT_PACKET, first: true });
  });

  it('closes on a remaining length longer than four bytes', () => {
    const { socket, destroyed } = fakeSocket([
      Buffer.concat([connect, Buffer.from([0x30, 0x80, 0x80, 0x80, 0x80, 0x01])]),
    ]);
    limitPacketSize(socket, { maxPacket: 268_435_455 + 10 }, () => undefined);
    expect(socket.read()).toBeNull();
    expect(destroyed()).toBe(true);
  });
});

describe('PublishRateLimiter', () => {
  it('allows the burst, then the rate, per identity', () => {
    let t = 0;
    const limiter = new PublishRateLimiter({ rate: 10, burst: 5 }, () => t);
    const takes = (id: string, n: number): number =>
      Array.from({ length: n }, () => limiter.take(id)).filter(Boolean).length;
    expect(takes('A', 8)).toBe(5);
    expect(takes('B', 1)).toBe(1);
    t += 300; // 3 tokens refilled
    expect(takes('A', 5)).toBe(3);
    t += 10_000; // refills to the burst, not beyond
    expect(takes('A', 10)).toBe(5);
  });

  it('keeps a bucket across reconnects until it has refilled, then forgets it', () => {
    let t = 0;
    const limiter = new PublishRateLimiter({ rate: 10, burst: 5 }, () => t);
    for (let i = 0; i < 5; i++) limiter.take('A');
    limiter.release('A');
    expect(limiter.size).toBe(1);
    expect(limiter.take('A')).toBe(false);
    t += 1_000;
    limiter.release('A');
    expect(limiter.size).toBe(0);
  });

  it('is off with rate 0', () => {
    const limiter = new PublishRateLimiter({ rate: 0, burst: 1 });
    expect(Array.from({ length: 100 }, () => limiter.take('A')).every(Boolean)).toBe(true);
    expect(limiter.size).toBe(0);
  });
});
