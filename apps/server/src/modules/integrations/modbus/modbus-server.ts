import net from 'node:net';
import { ServerTCP } from 'modbus-serial';

/**
 * Local Modbus TCP servers on 127.0.0.1 (modbus-serial's own server side) for the tests, the bench
 * and the demo: a register bank per unit id, a server that accepts and never answers, and a port
 * nobody listens on.
 */

/** Registers of one unit: input and holding words by address. */
export interface Bank {
  input: Map<number, number>;
  holding: Map<number, number>;
}

export interface FakeModbus {
  port: number;
  /** The bank of `unitId` (created on first use). */
  bank(unitId: number): Bank;
  /** Register writes received: unit, address, value. */
  writes: { unitId: number; address: number; value: number }[];
  /** Read requests received (one per register block). */
  reads: number;
  close(): Promise<void>;
}

/** A free TCP port of 127.0.0.1 (listened on, then closed). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** Puts a float32 (big-endian words) at `address`. */
export function putFloat32(m: Map<number, number>, address: number, value: number): void {
  const b = Buffer.alloc(4);
  b.writeFloatBE(value, 0);
  m.set(address, b.readUInt16BE(0));
  m.set(address + 1, b.readUInt16BE(2));
}

/** Starts a Modbus TCP server answering every unit id from its bank (unknown registers read 0). */
export async function startModbusServer(): Promise<FakeModbus> {
  const port = await freePort();
  const banks = new Map<number, Bank>();
  const bank = (unitId: number): Bank => {
    let b = banks.get(unitId);
    if (!b) banks.set(unitId, (b = { input: new Map(), holding: new Map() }));
    return b;
  };
  const fake: FakeModbus = { port, bank, writes: [], reads: 0, close: async () => undefined };
  const many = (m: Map<number, number>, addr: number, length: number): number[] => {
    fake.reads++;
    return Array.from({ length }, (_, i) => m.get(addr + i) ?? 0);
  };
  const vector = {
    getInputRegister: (addr: number, unitID: number) => bank(unitID).input.get(addr) ?? 0,
    getHoldingRegister: (addr: number, unitID: number) => bank(unitID).holding.get(addr) ?? 0,
    getMultipleInputRegisters: (addr: number, length: number, unitID: number) => many(bank(unitID).input, addr, length),
    getMultipleHoldingRegisters: (addr: number, length: number, unitID: number) =>
      many(bank(unitID).holding, addr, length),
    getCoil: () => false,
    setCoil: () => undefined,
    setRegister: (address: number, value: number, unitID: number) => {
      fake.writes.push({ unitId: unitID, address, value });
      bank(unitID).holding.set(address, value);
    },
  };
  const server = new ServerTCP(vector, { host: '127.0.0.1', port, unitID: 255 });
  await new Promise<void>((resolve, reject) => {
    server.once('initialized', () => resolve());
    server.once('serverError', reject);
  });
  server.on('error', () => undefined);
  fake.close = () =>
    new Promise<void>((resolve) => {
      const socks = (server as unknown as { socks: Map<net.Socket, number> }).socks;
      for (const s of socks.keys()) s.destroy();
      server.close(() => resolve());
    });
  return fake;
}

/** A TCP server that accepts connections and never answers (a hung device). */
export async function silentServer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const s = net.createServer((sock) => {
    sockets.add(sock);
    sock.on('error', () => undefined);
    sock.on('close', () => sockets.delete(sock));
  });
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  return {
    port: (s.address() as net.AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const sock of sockets) sock.destroy();
        s.close(() => resolve());
      }),
  };
}

/** Waits until `check` answers a truthy value, every 50 ms, at most `ms`; throws with `what` past it. */
export async function eventually<T>(
  what: string,
  check: () => Promise<T | undefined | null | false>,
  ms = 10_000,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
