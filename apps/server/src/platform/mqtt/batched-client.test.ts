import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { batchWritesPerTurn } from './batched-client';

let server: net.Server | undefined;
afterEach(() => new Promise<void>((r) => (server ? server.close(() => r()) : r())));

/** A loopback server that collects what one client sends, until it ends. */
function sink(): Promise<{ port: number; received: Promise<{ bytes: Buffer; chunks: number }> }> {
  return new Promise((resolve) => {
    let done!: (v: { bytes: Buffer; chunks: number }) => void;
    const received = new Promise<{ bytes: Buffer; chunks: number }>((r) => (done = r));
    server = net.createServer((s) => {
      const parts: Buffer[] = [];
      s.on('data', (c) => parts.push(c));
      s.on('end', () => done({ bytes: Buffer.concat(parts), chunks: parts.length }));
    });
    server.listen(0, '127.0.0.1', () => resolve({ port: (server!.address() as net.AddressInfo).port, received }));
  });
}

describe('batchWritesPerTurn', () => {
  it('sends every write of a turn, in order, in one batch, whatever cork/uncork pairs the writer adds', async () => {
    const { port, received } = await sink();
    const socket = batchWritesPerTurn(net.createConnection({ port, host: '127.0.0.1' }));
    await new Promise<void>((r) => socket.once('connect', () => r()));
    const expected: string[] = [];
    for (let i = 0; i < 500; i++) {
      // mqtt-packet corks each packet and uncorks on the next tick
      socket.cork();
      socket.write(`p${i};`);
      expected.push(`p${i};`);
      process.nextTick(() => socket.uncork());
    }
    expect(socket.writableCorked).toBeGreaterThan(0);
    await new Promise((r) => setImmediate(r));
    expect(socket.writableCorked).toBe(0);
    socket.end('last');
    const { bytes, chunks } = await received;
    expect(bytes.toString()).toBe(`${expected.join('')}last`);
    expect(chunks).toBeLessThan(10);
  });

  it('flushes on end() while a batch is open', async () => {
    const { port, received } = await sink();
    const socket = batchWritesPerTurn(net.createConnection({ port, host: '127.0.0.1' }));
    await new Promise<void>((r) => socket.once('connect', () => r()));
    socket.cork();
    socket.write('a');
    socket.end('b');
    expect((await received).bytes.toString()).toBe('ab');
  });
});
